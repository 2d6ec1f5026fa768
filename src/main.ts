/**
 * The server process: compose the service, listen, and on SIGTERM/SIGINT shut down gracefully:
 * stop accepting, let in-flight requests finish (`SHUTDOWN_GRACE_MS`), then close the store.
 */
import type { AddressInfo } from 'node:net';
import { compose } from './composition.ts';
import { ConfigError } from './config.ts';
import { createHttpServer, shutDownGracefully } from './http/server.ts';

/** How long shutdown waits for pending charge voids before closing the store. */
const VOID_DRAIN_MS = 3000;

async function main(): Promise<void> {
  const { config, logger, app, services, close } = await compose({ print: (line) => console.log(line) });
  const server = createHttpServer(app, config.http);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'the address is in use (set PORT or HOST)' : String(error);
    console.error(`cannot listen on ${config.host}:${config.port}: ${reason}`);
    await close();
    process.exit(1);
  }
  const base = `http://${config.host}:${(server.address() as AddressInfo).port}`;
  logger.info(
    `listening on ${base}: GraphQL ${base}/graphql${config.graphiql ? ' (GraphiQL in a browser)' : ''}, ` +
      `REST ${base}/v1/calculate and ${base}/api/v1/calculate`,
    { url: base },
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down: finishing in-flight requests', { signal, graceMs: config.http.shutdownGraceMs });
    void shutDownGracefully(server, app, config.http.shutdownGraceMs)
      .then((finished) => {
        if (!finished) logger.warn('shutdown grace period over: open connections were cut', { graceMs: config.http.shutdownGraceMs });
        // Charges of cut requests are being voided: give the store a moment to take them.
        return services.settlement.drain(VOID_DRAIN_MS);
      })
      .then((drained) => {
        if (!drained) logger.error('exiting with charge voids still pending', { pending: services.settlement.pending });
        return close();
      })
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
