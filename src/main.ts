/**
 * Composition root: configuration, logger, credit store, services and the HTTP server, wired once.
 */
import { createServer } from 'node:http';
import { openCreditStore } from './adapters/create-credit-store.js';
import { ConfigError, loadConfig } from './config.js';
import { createApp } from './http/app.js';
import { createServices } from './http/services.js';
import { createLogger } from './logger.js';
import { DEFAULT_CONVENTIONS } from './domain/chart/conventions.js';
import { zoneRules } from './domain/time/zone.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  let lastStoreErrorLogMs = 0;
  const store = await openCreditStore(config, {
    print: (line) => console.log(line),
    onStoreError: (error) => {
      if (Date.now() - lastStoreErrorLogMs < 10_000) return;
      lastStoreErrorLogMs = Date.now();
      logger.warn('credit store unreachable', { error: error.message });
    },
  });
  zoneRules(DEFAULT_CONVENTIONS.timezone); // build the default zone's transition table now, not on the first request
  const app = createApp(createServices(config, store, logger));
  const server = createServer({ keepAliveTimeout: 65_000 }, app.listener);
  server.listen(config.port, config.host, () => {
    const base = `http://${config.host}:${config.port}`;
    console.log(`listening on ${base}: GraphQL ${base}/graphql${config.graphiql ? ' (GraphiQL in a browser)' : ''}, REST ${base}/v1/calculate and ${base}/api/v1/calculate`);
  });

  const shutdown = (signal: string): void => {
    logger.info('shutting down', { signal });
    server.close(() => void store.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
