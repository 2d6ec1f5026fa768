/**
 * The Logger port on pino: one JSON line per event (`{"level":"info","time":…,"pid":…,"message":…,…}`,
 * and `worker` in a node:cluster worker), filtered by LOG_LEVEL, on stdout by default.
 */
import cluster from 'node:cluster';
import { pino, stdTimeFunctions } from 'pino';
import type { LogLevel, Logger } from '../application/ports/logger.ts';
import { LineBatchDestination } from './log-destination.ts';

/**
 * `write`: where lines go instead of stdout (tests). `destination` (`LOG_DESTINATION`): stdout through
 * the batching destination (`fast`, log-destination.ts, the default) or pino's own (`pino`).
 */
export function createLogger(level: LogLevel, write?: (line: string) => void, destination: 'fast' | 'pino' = 'fast'): Logger {
  const options = {
    level,
    // Which process wrote the line: with WEB_CONCURRENCY > 1, the worker too.
    base: { pid: process.pid, ...(cluster.isWorker && cluster.worker !== undefined ? { worker: cluster.worker.id } : {}) },
    messageKey: 'message',
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const log =
    write === undefined && destination === 'pino' ? pino(options) : pino(options, write === undefined ? stdoutDestination() : { write });
  return {
    debug: (message, fields = {}) => log.debug(fields, message),
    info: (message, fields = {}) => log.info(fields, message),
    warn: (message, fields = {}) => log.warn(fields, message),
    error: (message, fields = {}) => log.error(fields, message),
  };
}

/** Every logger of the process writes through one stdout destination, flushed when the process exits. */
let stdout: LineBatchDestination | undefined;
function stdoutDestination(): LineBatchDestination {
  if (stdout === undefined) {
    // Node opens stdout as it is first used, and a pipe it opens is non-blocking: the destination's
    // writes then never wait on the reader (a file or a terminal takes them at once).
    void process.stdout.fd;
    const destination = new LineBatchDestination(1);
    process.once('exit', () => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}

/** Calls `fn` at most once per `intervalMs`; later calls inside the interval are dropped (repeating errors). */
export function atMostEvery<A extends unknown[]>(
  intervalMs: number,
  fn: (...args: A) => void,
  now: () => number = Date.now,
): (...args: A) => void {
  let lastMs = -Infinity;
  return (...args) => {
    if (now() - lastMs < intervalMs) return;
    lastMs = now();
    fn(...args);
  };
}
