/** The Logger port as one JSON line per event on stderr, filtered by LOG_LEVEL. */
import type { LogLevel, Logger } from '../application/ports/logger.js';

const RANK: Readonly<Record<LogLevel, number>> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createJsonLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const at = (lineLevel: Exclude<LogLevel, 'silent'>) =>
    RANK[lineLevel] < RANK[level]
      ? () => {}
      : (message: string, fields: Record<string, unknown> = {}) =>
          write(`${JSON.stringify({ time: new Date().toISOString(), level: lineLevel, message, ...fields })}\n`);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
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
