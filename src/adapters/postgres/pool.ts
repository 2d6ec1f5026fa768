import { Pool } from 'pg';

/** What a PostgreSQL-backed adapter is given (`LEDGER_DATABASE_URL`, `DASHBOARD_DATABASE_URL`). */
export interface PostgresOptions {
  /** `postgres://user:password@host:port/database`. */
  readonly url: string;
  /** Connections to keep at most (default 4). */
  readonly maxConnections?: number;
  /** A connection attempt or a query that takes longer fails (default 5 s). */
  readonly timeoutMs?: number;
  /** Pool errors (a connection lost while idle); they repeat while the database is down. */
  readonly onError?: (error: Error) => void;
}

/** A `pg` pool with the service's timeouts, named for `pg_stat_activity`, whose idle-connection errors are reported, not thrown. */
export function createPool(options: PostgresOptions, applicationName: string): Pool {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const pool = new Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 4,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: applicationName,
  });
  // An idle connection that breaks emits here; without a listener it would crash the process.
  pool.on('error', (error) => options.onError?.(error));
  return pool;
}

/** `postgres://user@host:port/db` without the password, for logs and start-up lines. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username === '' ? '' : `${decodeURIComponent(parsed.username)}@`;
    return `PostgreSQL ${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
