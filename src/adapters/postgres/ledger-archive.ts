import type { Pool } from 'pg';
import type { LedgerPage } from '../../application/ports/credit-store.ts';
import { parseLedgerId, type LedgerArchive } from '../../application/ports/ledger-archive.ts';
import type { LedgerEntry } from '../../domain/credits/account.ts';
import { SchemaGate } from './migrate.ts';
import { createPool, describeUrl, type PostgresOptions } from './pool.ts';

/** `LEDGER_DATABASE_URL` and the pool's limits; the archiver and ledger reads share the connections. */
export type PostgresLedgerArchiveOptions = PostgresOptions;

interface EntryRow {
  id_ms: string;
  id_seq: string;
  log_id: string;
  cost: number;
  from_monthly: number;
  from_auto: number;
  autocharged: number;
  at_ms: string;
  voided_at_ms: string | null;
  operation: string;
}

const toEntry = (row: EntryRow): LedgerEntry => ({
  transactionId: `${row.id_ms}-${row.id_seq}`,
  logId: row.log_id,
  operation: row.operation,
  cost: row.cost,
  fromMonthly: row.from_monthly,
  fromAuto: row.from_auto,
  autochargedAmount: row.autocharged,
  atMs: Number(row.at_ms),
  voided: row.voided_at_ms !== null,
});

const COLUMNS = 'id_ms, id_seq, log_id, cost, from_monthly, from_auto, autocharged, at_ms, voided_at_ms, operation';

/**
 * The durable ledger on PostgreSQL (client `pg`). The schema is migrated on first use, and again on
 * the next call if the database was down then: a gateway starts whether or not the database is up.
 */
export class PostgresLedgerArchive implements LedgerArchive {
  readonly description: string;
  private readonly pool: Pool;
  private readonly schema: SchemaGate;

  constructor(options: PostgresLedgerArchiveOptions) {
    this.pool = createPool(options, 'four-pillars-ledger');
    this.schema = new SchemaGate(this.pool);
    this.description = describeUrl(options.url);
  }

  /** Applies pending migrations (also done before the first query); resolves with the versions applied. */
  migrate(): Promise<readonly number[]> {
    return this.schema.apply();
  }

  private ready(): Promise<void> {
    return this.schema.ready();
  }

  async append(accountId: string, entries: readonly LedgerEntry[], voidedAtMs: ReadonlyMap<string, number>): Promise<number> {
    if (entries.length === 0) return 0;
    await this.ready();
    const ids = entries.map((entry) => parseLedgerId(entry.transactionId));
    // One statement: committed as a whole or not at all. Rows already archived are left as they are.
    const result = await this.pool.query(
      `INSERT INTO ledger_entries (account_id, ${COLUMNS})
       SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::bigint[], $10::bigint[], $11::text[])
       ON CONFLICT (account_id, id_ms, id_seq) DO NOTHING`,
      [
        accountId,
        ids.map((id) => id.ms),
        ids.map((id) => id.seq),
        entries.map((entry) => entry.logId),
        entries.map((entry) => entry.cost),
        entries.map((entry) => entry.fromMonthly),
        entries.map((entry) => entry.fromAuto),
        entries.map((entry) => entry.autochargedAmount),
        entries.map((entry) => entry.atMs),
        entries.map((entry) => voidedAtMs.get(entry.transactionId) ?? (entry.voided ? entry.atMs : null)),
        entries.map((entry) => entry.operation),
      ],
    );
    return result.rowCount ?? 0;
  }

  async markVoided(accountId: string, voidedAtMs: ReadonlyMap<string, number>): Promise<ReadonlySet<string>> {
    if (voidedAtMs.size === 0) return new Set();
    await this.ready();
    const ids = [...voidedAtMs.keys()];
    const parsed = ids.map(parseLedgerId);
    const { rows } = await this.pool.query<{ id_ms: string; id_seq: string }>(
      `UPDATE ledger_entries AS e SET voided_at_ms = COALESCE(e.voided_at_ms, v.at_ms)
       FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS v(id_ms, id_seq, at_ms)
       WHERE e.account_id = $1 AND e.id_ms = v.id_ms AND e.id_seq = v.id_seq
       RETURNING e.id_ms, e.id_seq`,
      [accountId, parsed.map((id) => id.ms), parsed.map((id) => id.seq), ids.map((id) => voidedAtMs.get(id)!)],
    );
    return new Set(rows.map((row) => `${row.id_ms}-${row.id_seq}`));
  }

  async check(): Promise<void> {
    await this.ready();
    // The schema gate is passed once per process: this query is what asks the database now.
    await this.pool.query('SELECT 1');
  }

  async page(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    await this.ready();
    const before = page.before === undefined ? null : parseLedgerId(page.before);
    const { rows } =
      before === null
        ? await this.pool.query<EntryRow>(
            `SELECT ${COLUMNS} FROM ledger_entries WHERE account_id = $1 ORDER BY id_ms DESC, id_seq DESC LIMIT $2`,
            [accountId, page.limit],
          )
        : await this.pool.query<EntryRow>(
            `SELECT ${COLUMNS} FROM ledger_entries WHERE account_id = $1 AND (id_ms, id_seq) < ($2, $3)
             ORDER BY id_ms DESC, id_seq DESC LIMIT $4`,
            [accountId, before.ms, before.seq, page.limit],
          );
    return rows.map(toEntry);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
