import { readdirSync, readFileSync } from 'node:fs';
import type { Pool, QueryConfig } from 'pg';

/**
 * Versioned schema migrations, applied at start-up. Each is a file
 * `migrations/NNN-name.sql`, applied once, in order, inside one transaction together with its row
 * in `ledger_schema_migrations`; an advisory lock keeps gateways starting together from applying
 * one twice. A database migrated by a newer build is refused rather than written to.
 */

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const DIRECTORY = new URL('./migrations/', import.meta.url);
/** Any constant: the advisory lock all gateways take while migrating. */
const MIGRATION_LOCK = 0x4650_4c47; // "FPLG"
/** A migration (or the wait for another gateway's) gets this long before the attempt is abandoned and retried later. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

export const MIGRATIONS: readonly Migration[] = readdirSync(DIRECTORY)
  .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
  .sort()
  .map((file) => ({
    version: Number(file.slice(0, 3)),
    name: file.slice(4, -4),
    sql: readFileSync(new URL(file, DIRECTORY), 'utf8'),
  }));

/** A query under MIGRATION_TIMEOUT_MS instead of the pool's (pg reads `query_timeout` per query; its types omit it). */
const unhurried = (text: string, values: unknown[] = []): QueryConfig =>
  Object.assign({ text, values }, { query_timeout: MIGRATION_TIMEOUT_MS });

/** Applies the migrations the database lacks; resolves with the versions applied now. */
export async function migrate(pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<readonly number[]> {
  const client = await pool.connect();
  // A checked-out client has no listener of the pool's: a connection the server ends now (restart,
  // failover) would otherwise be an uncaught 'error' that kills the process. The query fails instead.
  let broken: Error | undefined;
  const onError = (error: Error) => void (broken = error);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    // The pool's timeouts are for reads and inserts; a migration may take as long as it takes.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query(unhurried('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]));
    await client.query(
      'CREATE TABLE IF NOT EXISTS ledger_schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM ledger_schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...done);
    if (newest > known) {
      throw new Error(`the ledger database is at schema version ${newest}, newer than this build knows (${known}): upgrade the service`);
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query(unhurried(migration.sql));
      await client.query('INSERT INTO ledger_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off('error', onError);
    // A broken connection is destroyed rather than handed out again.
    client.release(broken);
  }
}

/**
 * The schema of one pool, migrated on first use and again on the next call if the database was
 * down then: an adapter starts whether or not its database is up.
 */
export class SchemaGate {
  private readonly pool: Pool;
  private migrated: Promise<void> | null = null;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  /** Applies pending migrations now; resolves with the versions applied. */
  async apply(): Promise<readonly number[]> {
    const applied = await migrate(this.pool);
    this.migrated = Promise.resolve();
    return applied;
  }

  /** Resolves once the schema is current (migrating the first time). */
  ready(): Promise<void> {
    this.migrated ??= migrate(this.pool).then(
      () => undefined,
      (error: unknown) => {
        this.migrated = null; // try again on the next call
        throw error;
      },
    );
    return this.migrated;
  }
}
