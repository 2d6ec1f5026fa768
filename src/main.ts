/** The server process: compose the service, listen, and shut down on SIGINT/SIGTERM. */
import { createServer } from 'node:http';
import { compose } from './composition.js';
import { ConfigError } from './config.js';

async function main(): Promise<void> {
  const { config, logger, app, close } = await compose({ print: (line) => console.log(line) });
  const server = createServer({ keepAliveTimeout: 65_000 }, app.listener);
  server.listen(config.port, config.host, () => {
    const base = `http://${config.host}:${config.port}`;
    console.log(
      `listening on ${base}: GraphQL ${base}/graphql${config.graphiql ? ' (GraphiQL in a browser)' : ''}, REST ${base}/v1/calculate and ${base}/api/v1/calculate`,
    );
  });

  const shutdown = (signal: string): void => {
    logger.info('shutting down', { signal });
    server.close(() => void close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
