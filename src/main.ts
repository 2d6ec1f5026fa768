/**
 * The server process: compose the service, listen, and on SIGTERM/SIGINT shut down gracefully:
 * stop accepting, let in-flight requests finish (`SHUTDOWN_GRACE_MS`), then close the store.
 * With `WEB_CONCURRENCY` > 1 this process is a node:cluster primary: it starts that many workers
 * sharing the port, replaces a worker that dies, and on SIGTERM/SIGINT passes the signal on and
 * exits once every worker has finished.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { createLogger } from './adapters/logger.ts';
import { compose } from './composition.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createHttpServer, shutDownGracefully } from './http/server.ts';
import { serveClusterMetrics } from './adapters/cluster-metrics.ts';

/** How long shutdown waits for pending charge voids before closing the store. */
const VOID_DRAIN_MS = 3000;
/** A worker that cannot start (bad config, port in use) exits with this; the primary then gives up instead of restarting it. */
const EXIT_CANNOT_START = 78;
/** More worker deaths than this within a minute: something is wrong with every worker, not one. */
const MAX_RESTARTS_PER_MINUTE = 10;

function runPrimary(config: Config): void {
  const logger = createLogger(config.logLevel, undefined, config.fastPaths.logDestination);
  logger.info(`starting ${config.workers} workers on port ${config.port}`, { workers: config.workers });
  serveClusterMetrics();
  const live = new Set<Worker>();
  let stopping = false;
  const deaths: number[] = [];
  const start = (): void => {
    live.add(cluster.fork());
  };
  const stopAll = (signal: NodeJS.Signals): void => {
    for (const worker of live) worker.process.kill(signal);
  };
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (live.size === 0) {
        logger.info('stopped: every worker has exited');
        process.exit();
      }
      return;
    }
    if (code === EXIT_CANNOT_START) {
      logger.error('a worker could not start; stopping', { pid: worker.process.pid });
      stopping = true;
      process.exitCode = 1;
      if (live.size === 0) process.exit();
      stopAll('SIGTERM');
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > MAX_RESTARTS_PER_MINUTE) {
      logger.error('workers keep dying; stopping', { deathsInLastMinute: deaths.length });
      stopAll('SIGKILL');
      process.exit(1);
    }
    logger.warn('a worker died; starting another', { pid: worker.process.pid, code, signal });
    start();
  });
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down the workers', { signal });
    stopAll(signal);
    // Workers finish within their grace period, the cut requests' wind-down and the void drain; past that they are cut.
    setTimeout(
      () => {
        stopAll('SIGKILL');
        process.exit(1);
      },
      config.http.shutdownGraceMs + VOID_DRAIN_MS + 5_000,
    ).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  for (let i = 0; i < config.workers; i++) start();
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  await runServer();
}

async function runServer(): Promise<void> {
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
    process.exit(cluster.isWorker ? EXIT_CANNOT_START : 1);
  }
  const base = `http://${config.host}:${(server.address() as AddressInfo).port}`;
  logger.info(
    `listening on ${base}: GraphQL ${base}/graphql${config.graphiql ? ' (GraphiQL in a browser)' : ''}, ` +
      `REST ${base}/v1/calculate and ${base}/api/v1/calculate` +
      (services.dashboard ? `, account dashboard ${base}/account/signup (sign up there for your own key)` : ''),
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
        // Every request has finished, so every settlement and void is queued: let the store take them.
        return services.settlement.drain(VOID_DRAIN_MS);
      })
      .then((drained) => {
        if (!drained) logger.error('exiting with charge voids still pending', { pending: services.settlement.pending });
        return close();
      })
      .finally(() => {
        logger.info('stopped', { signal });
        process.exit(0);
      });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(cluster.isWorker ? EXIT_CANNOT_START : 1);
});
