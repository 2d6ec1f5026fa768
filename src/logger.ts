/**
 * One JSON line per event on stderr, filtered by LOG_LEVEL. Callers pass fields, never API keys.
 */
import type { LogLevel } from './config.js';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Readonly<Record<LogLevel, number>> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const at = (lineLevel: Exclude<LogLevel, 'silent'>) =>
    RANK[lineLevel] < RANK[level]
      ? () => {}
      : (message: string, fields: Record<string, unknown> = {}) =>
          write(`${JSON.stringify({ time: new Date().toISOString(), level: lineLevel, message, ...fields })}\n`);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('silent');
