/** One structured line per event. Callers pass fields, never API keys. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a log line says of a failure: the stack of a bug (`Error`), the text of anything else. */
export const stackOf = (value: unknown): string =>
  value instanceof Error ? (value.stack ?? `${value.name}: ${value.message}`) : String(value);

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
