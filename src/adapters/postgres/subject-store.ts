/**
 * Saved subjects on PostgreSQL (`SUBJECTS_DATABASE_URL`, by default the dashboard's database): the
 * table `subjects` (migration 007) holds the sealed text only. Migrated on first use; outages become
 * `DomainError('STORE_UNAVAILABLE')`.
 */
import type { Pool, QueryResultRow } from 'pg';
import type { FeedQuery, SealedSubject, SubjectFeed, SubjectStore } from '../../application/ports/subject-store.ts';
import { guard } from './dashboard-store.ts';
import { SchemaGate } from './migrate.ts';
import { createPool, describeUrl, type PostgresOptions } from './pool.ts';

interface Row {
  account_id: string;
  subject_id: string;
  key_id: string;
  sealed: string;
  created_ms: string;
  updated_ms: string;
}

const COLUMNS = 'account_id, subject_id, key_id, sealed, created_ms, updated_ms';
const FEED_COLUMNS = 'token_digest, feed_id, account_id, subject_id, events, lang, queries, created_ms, paid_month';

interface FeedRow {
  token_digest: string;
  feed_id: string;
  account_id: string;
  subject_id: string;
  events: string[];
  lang: string;
  queries: FeedQuery[];
  created_ms: string;
  paid_month: string | null;
}
const toFeed = (row: FeedRow): SubjectFeed => ({
  tokenDigest: row.token_digest,
  feedId: row.feed_id,
  accountId: row.account_id,
  subjectId: row.subject_id,
  events: row.events,
  lang: row.lang,
  queries: row.queries,
  createdMs: Number(row.created_ms),
  paidMonth: row.paid_month,
});
const toSubject = (row: Row): SealedSubject => ({
  accountId: row.account_id,
  subjectId: row.subject_id,
  keyId: row.key_id,
  sealed: row.sealed,
  createdMs: Number(row.created_ms),
  updatedMs: Number(row.updated_ms),
});

export class PostgresSubjectStore implements SubjectStore {
  readonly description: string;
  private readonly pool: Pool;
  private readonly schema: SchemaGate;

  constructor(options: PostgresOptions) {
    this.pool = createPool(options, 'four-pillars-subjects');
    this.schema = new SchemaGate(this.pool);
    this.description = describeUrl(options.url);
  }

  private query<R extends QueryResultRow>(text: string, values: readonly unknown[]): Promise<R[]> {
    return guard(async () => {
      await this.schema.ready();
      return (await this.pool.query<R>(text, [...values])).rows;
    });
  }

  async put(s: SealedSubject): Promise<void> {
    await this.query(
      `INSERT INTO subjects (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, subject_id) DO UPDATE SET key_id = EXCLUDED.key_id, sealed = EXCLUDED.sealed, updated_ms = EXCLUDED.updated_ms`,
      [s.accountId, s.subjectId, s.keyId, s.sealed, s.createdMs, s.updatedMs],
    );
  }

  async get(accountId: string, subjectId: string): Promise<SealedSubject | null> {
    const rows = await this.query<Row>(`SELECT ${COLUMNS} FROM subjects WHERE account_id = $1 AND subject_id = $2`, [accountId, subjectId]);
    return rows[0] === undefined ? null : toSubject(rows[0]);
  }

  async list(
    accountId: string,
    { limit, after }: { readonly limit: number; readonly after?: string | undefined },
  ): Promise<readonly SealedSubject[]> {
    const rows = await this.query<Row>(
      `SELECT ${COLUMNS} FROM subjects WHERE account_id = $1 AND subject_id > $2 ORDER BY subject_id LIMIT $3`,
      [accountId, after ?? '', limit],
    );
    return rows.map(toSubject);
  }

  async count(accountId: string): Promise<number> {
    const rows = await this.query<{ n: string }>('SELECT count(*) AS n FROM subjects WHERE account_id = $1', [accountId]);
    return Number(rows[0]!.n);
  }

  async delete(accountId: string, subjectId: string): Promise<boolean> {
    await this.query('DELETE FROM subject_feeds WHERE account_id = $1 AND subject_id = $2', [accountId, subjectId]);
    const rows = await this.query('DELETE FROM subjects WHERE account_id = $1 AND subject_id = $2 RETURNING subject_id', [
      accountId,
      subjectId,
    ]);
    return rows.length > 0;
  }

  async deleteAccount(accountId: string): Promise<number> {
    await this.query('DELETE FROM subject_feeds WHERE account_id = $1', [accountId]);
    return (await this.query('DELETE FROM subjects WHERE account_id = $1 RETURNING subject_id', [accountId])).length;
  }

  async putFeed(feed: SubjectFeed): Promise<void> {
    // One statement: the subject's old token stops working as the new one starts; the feed keeps its id
    // and the month it has paid.
    await this.query(
      `INSERT INTO subject_feeds (${FEED_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (account_id, subject_id) DO UPDATE SET token_digest = EXCLUDED.token_digest, events = EXCLUDED.events, lang = EXCLUDED.lang,
         queries = EXCLUDED.queries,
         paid_month = GREATEST(subject_feeds.paid_month, EXCLUDED.paid_month)`,
      [
        feed.tokenDigest,
        feed.feedId,
        feed.accountId,
        feed.subjectId,
        [...feed.events],
        feed.lang,
        JSON.stringify(feed.queries),
        feed.createdMs,
        feed.paidMonth,
      ],
    );
  }

  async feedOf(accountId: string, subjectId: string): Promise<SubjectFeed | null> {
    const rows = await this.query<FeedRow>(`SELECT ${FEED_COLUMNS} FROM subject_feeds WHERE account_id = $1 AND subject_id = $2`, [
      accountId,
      subjectId,
    ]);
    return rows[0] === undefined ? null : toFeed(rows[0]);
  }

  async feedByToken(tokenDigest: string): Promise<SubjectFeed | null> {
    const rows = await this.query<FeedRow>(`SELECT ${FEED_COLUMNS} FROM subject_feeds WHERE token_digest = $1`, [tokenDigest]);
    return rows[0] === undefined ? null : toFeed(rows[0]);
  }

  async feedPaid(feedId: string, month: string): Promise<void> {
    await this.query('UPDATE subject_feeds SET paid_month = $2 WHERE feed_id = $1 AND (paid_month IS NULL OR paid_month < $2)', [
      feedId,
      month,
    ]);
  }

  async deleteFeed(accountId: string, subjectId: string): Promise<boolean> {
    return (
      (await this.query('DELETE FROM subject_feeds WHERE account_id = $1 AND subject_id = $2 RETURNING feed_id', [accountId, subjectId]))
        .length > 0
    );
  }

  async sealedWithOtherKeys(keyId: string, limit: number): Promise<readonly SealedSubject[]> {
    const rows = await this.query<Row>(`SELECT ${COLUMNS} FROM subjects WHERE key_id <> $1 ORDER BY account_id, subject_id LIMIT $2`, [
      keyId,
      limit,
    ]);
    return rows.map(toSubject);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
