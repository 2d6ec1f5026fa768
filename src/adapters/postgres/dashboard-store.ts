import { DatabaseError, type Pool, type QueryResultRow } from 'pg';
import type {
  AdminScope,
  AdminToken,
  AuditEntry,
  AdminRequest,
  AuditOutcome,
  AuditPage,
  AutochargeCeiling,
  DashboardLang,
  DashboardStore,
  NewAuditEntry,
  OneTimeToken,
  SecretDigest,
  Session,
  TokenPurpose,
  User,
} from '../../application/ports/dashboard-store.ts';
import { ADMIN_REQUEST_KEEP_MS } from '../../application/ports/dashboard-store.ts';
import { refusals } from '../../application/refusals.ts';
import { SchemaGate } from './migrate.ts';
import { createPool, describeUrl, type PostgresOptions } from './pool.ts';

/** `DASHBOARD_DATABASE_URL` and the pool's limits; a timeout is a STORE_UNAVAILABLE. */
export type PostgresDashboardStoreOptions = PostgresOptions;

/** Failures kept per throttle key at most (the newest); a count saturates there, far above any lock-out threshold. */
export const MAX_FAILURES_PER_KEY = 1_000;
/** Expired tokens and idle throttle keys are deleted at most this often (by whichever call comes then). */
export const SWEEP_EVERY_MS = 60_000;
/** A throttle key with no failure for this long (or for its last window, when longer) is deleted. */
export const THROTTLE_KEY_IDLE_MS = 24 * 60 * 60_000;

interface UserRow {
  user_id: string;
  email: string;
  password_hash: string;
  account_id: string;
  verified_ms: string | null;
  created_ms: string;
  lang: DashboardLang;
}

interface SessionRow {
  digest: string;
  user_id: string;
  csrf_token: string;
  created_ms: string;
  last_seen_ms: string;
}

interface TokenRow {
  digest: string;
  purpose: TokenPurpose;
  user_id: string | null;
  email: string;
  expires_ms: string;
}

interface AdminTokenRow {
  token_id: string;
  name: string;
  digest: string;
  scopes: AdminScope[];
  created_ms: string;
  revoked_ms: string | null;
  expires_ms: string | null;
}

interface AuditRow {
  id: string;
  at_ms: string;
  actor: string;
  action: string;
  account_id: string | null;
  details: Record<string, unknown>;
  address: string | null;
  outcome: AuditOutcome;
}

const USER_COLUMNS = 'user_id, email, password_hash, account_id, verified_ms, created_ms, lang';
const SESSION_COLUMNS = 'digest, user_id, csrf_token, created_ms, last_seen_ms';
const TOKEN_COLUMNS = 'digest, purpose, user_id, email, expires_ms';
const ADMIN_TOKEN_COLUMNS = 'token_id, name, digest, scopes, created_ms, revoked_ms, expires_ms';
const AUDIT_COLUMNS = 'id, at_ms, actor, action, account_id, details, address, outcome';

const nullableNumber = (value: string | null): number | null => (value === null ? null : Number(value));

const toUser = (row: UserRow): User => ({
  userId: row.user_id,
  email: row.email,
  passwordHash: row.password_hash,
  accountId: row.account_id,
  verifiedMs: nullableNumber(row.verified_ms),
  createdMs: Number(row.created_ms),
  lang: row.lang,
});

const toSession = (row: SessionRow): Session => ({
  digest: row.digest as SecretDigest,
  userId: row.user_id,
  csrfToken: row.csrf_token,
  createdMs: Number(row.created_ms),
  lastSeenMs: Number(row.last_seen_ms),
});

const toToken = (row: TokenRow): OneTimeToken => ({
  digest: row.digest as SecretDigest,
  purpose: row.purpose,
  userId: row.user_id,
  email: row.email,
  expiresMs: Number(row.expires_ms),
});

const toAdminToken = (row: AdminTokenRow): AdminToken => ({
  tokenId: row.token_id,
  name: row.name,
  digest: row.digest as SecretDigest,
  scopes: row.scopes,
  createdMs: Number(row.created_ms),
  revokedMs: nullableNumber(row.revoked_ms),
  expiresMs: nullableNumber(row.expires_ms),
});

const toAudit = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  atMs: Number(row.at_ms),
  actor: row.actor,
  action: row.action,
  accountId: row.account_id,
  details: row.details,
  address: row.address,
  outcome: row.outcome,
});

/**
 * PostgreSQL text cannot hold U+0000. A throttle key is the client's input (`email:<what was
 * typed>`), so NUL is escaped there, one-to-one; an address or fragment with NUL matches no user.
 */
const escapeKey = (key: string): string => (/[\\\0]/.test(key) ? key.replaceAll('\\', '\\\\').replaceAll('\0', '\\0') : key);

/**
 * The dashboard's store on PostgreSQL (client `pg`), in the database `DASHBOARD_DATABASE_URL`
 * names (it may be the ledger's: the tables are prefixed `dashboard_`, migration 003). The schema
 * is migrated on first use, and again on the next call if the database was down then. Every
 * statement is parameterized and single: a token is taken by one `DELETE … RETURNING`, a failure
 * counted by one upsert that holds the key's row lock, so concurrent gateways agree. Connection
 * failures, timeouts and a server that cannot serve become `DomainError('STORE_UNAVAILABLE')`.
 */
export class PostgresDashboardStore implements DashboardStore {
  readonly description: string;
  private readonly pool: Pool;
  private readonly schema: SchemaGate;
  private lastSweepMs = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(options: PostgresDashboardStoreOptions) {
    this.pool = createPool(options, 'four-pillars-dashboard');
    this.schema = new SchemaGate(this.pool);
    this.description = describeUrl(options.url);
  }

  /** Applies pending migrations (also done before the first query); resolves with the versions applied. */
  migrate(): Promise<readonly number[]> {
    return guard(() => this.schema.apply());
  }

  private ready(): Promise<void> {
    return this.schema.ready();
  }

  /** One statement, after the migrations; outages become STORE_UNAVAILABLE. */
  private query<R extends QueryResultRow>(text: string, values: readonly unknown[]): Promise<R[]> {
    return guard(async () => {
      await this.ready();
      const result = await this.pool.query<R>(text, [...values]);
      return result.rows;
    });
  }

  async createUser(user: User): Promise<'created' | 'email-taken'> {
    // The unique index on lower(email) decides, also between two sign-ups racing for one address.
    const rows = await this.query(
      `INSERT INTO dashboard_users (${USER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING user_id`,
      [user.userId, user.email, user.passwordHash, user.accountId, user.verifiedMs, user.createdMs, user.lang],
    );
    return rows.length === 1 ? 'created' : 'email-taken';
  }

  async userByEmail(email: string): Promise<User | null> {
    if (email.includes('\0')) return null;
    const rows = await this.query<UserRow>(`SELECT ${USER_COLUMNS} FROM dashboard_users WHERE lower(email) = lower($1)`, [email]);
    return rows[0] === undefined ? null : toUser(rows[0]);
  }

  async userById(userId: string): Promise<User | null> {
    if (userId.includes('\0')) return null;
    const rows = await this.query<UserRow>(`SELECT ${USER_COLUMNS} FROM dashboard_users WHERE user_id = $1`, [userId]);
    return rows[0] === undefined ? null : toUser(rows[0]);
  }

  async userByAccount(accountId: string): Promise<User | null> {
    if (accountId.includes('\0')) return null;
    const rows = await this.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM dashboard_users WHERE account_id = $1 ORDER BY created_ms, user_id LIMIT 1`,
      [accountId],
    );
    return rows[0] === undefined ? null : toUser(rows[0]);
  }

  async searchUsers(fragment: string, limit: number): Promise<readonly User[]> {
    const count = Math.max(0, Math.floor(limit));
    if (fragment.includes('\0') || count === 0) return [];
    // strpos, not LIKE: `%` and `_` in the fragment are the characters themselves.
    const rows = await this.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM dashboard_users WHERE strpos(lower(email), lower($1)) > 0
       ORDER BY created_ms DESC, user_id DESC LIMIT $2`,
      [fragment, count],
    );
    return rows.map(toUser);
  }

  async markVerified(userId: string, atMs: number): Promise<void> {
    // The first verification stands: it is when the address was proven.
    await this.query('UPDATE dashboard_users SET verified_ms = COALESCE(verified_ms, $2) WHERE user_id = $1', [userId, atMs]);
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.query('UPDATE dashboard_users SET password_hash = $2 WHERE user_id = $1', [userId, passwordHash]);
  }

  async setEmail(userId: string, email: string): Promise<void> {
    await this.query('UPDATE dashboard_users SET email = $2 WHERE user_id = $1', [userId, email]);
  }

  async setLang(userId: string, lang: DashboardLang): Promise<void> {
    await this.query('UPDATE dashboard_users SET lang = $2 WHERE user_id = $1', [userId, lang]);
  }

  async putToken(token: OneTimeToken): Promise<void> {
    await this.query(
      `INSERT INTO dashboard_tokens (${TOKEN_COLUMNS}) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (digest) DO UPDATE SET purpose = EXCLUDED.purpose, user_id = EXCLUDED.user_id,
         email = EXCLUDED.email, expires_ms = EXCLUDED.expires_ms`,
      [token.digest, token.purpose, token.userId, token.email, token.expiresMs],
    );
  }

  async deleteUserTokens(userId: string, purpose: TokenPurpose): Promise<number> {
    const rows = await this.query<{ digest: string }>('DELETE FROM dashboard_tokens WHERE user_id = $1 AND purpose = $2 RETURNING digest', [
      userId,
      purpose,
    ]);
    return rows.length;
  }

  async takeToken(digest: SecretDigest, purpose: TokenPurpose, nowMs: number): Promise<OneTimeToken | null> {
    await this.sweep(nowMs);
    if (digest.includes('\0')) return null;
    // Of two takers, the second waits for the first's row lock and then finds the row gone.
    const rows = await this.query<TokenRow>(
      `DELETE FROM dashboard_tokens WHERE digest = $1 AND purpose = $2 AND expires_ms > $3 RETURNING ${TOKEN_COLUMNS}`,
      [digest, purpose, nowMs],
    );
    return rows[0] === undefined ? null : toToken(rows[0]);
  }

  async createSession(session: Session): Promise<void> {
    await this.query(`INSERT INTO dashboard_sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5)`, [
      session.digest,
      session.userId,
      session.csrfToken,
      session.createdMs,
      session.lastSeenMs,
    ]);
  }

  async session(digest: SecretDigest): Promise<Session | null> {
    if (digest.includes('\0')) return null;
    const rows = await this.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM dashboard_sessions WHERE digest = $1`, [digest]);
    return rows[0] === undefined ? null : toSession(rows[0]);
  }

  async touchSession(digest: SecretDigest, lastSeenMs: number): Promise<void> {
    if (digest.includes('\0')) return;
    await this.query('UPDATE dashboard_sessions SET last_seen_ms = $2 WHERE digest = $1', [digest, lastSeenMs]);
  }

  async deleteSession(digest: SecretDigest): Promise<void> {
    if (digest.includes('\0')) return;
    await this.query('DELETE FROM dashboard_sessions WHERE digest = $1', [digest]);
  }

  async deleteUserSessions(userId: string): Promise<number> {
    if (userId.includes('\0')) return 0;
    const rows = await this.query('DELETE FROM dashboard_sessions WHERE user_id = $1 RETURNING digest', [userId]);
    return rows.length;
  }

  async pruneSessions(lastSeenBeforeMs: number, createdBeforeMs: number): Promise<number> {
    const rows = await this.query('DELETE FROM dashboard_sessions WHERE last_seen_ms < $1 OR created_ms < $2 RETURNING digest', [
      lastSeenBeforeMs,
      createdBeforeMs,
    ]);
    return rows.length;
  }

  async recordFailure(key: string, nowMs: number, windowMs: number): Promise<number> {
    await this.sweep(nowMs);
    // The upsert locks the key's row: concurrent failures are counted one after the other. Kept:
    // this failure and the newest others still within the window.
    const rows = await this.query<{ count: number }>(
      `INSERT INTO dashboard_login_failures AS f (key, at_ms, last_ms, window_ms) VALUES ($1, ARRAY[$2::bigint], $2, $3)
       ON CONFLICT (key) DO UPDATE SET
         at_ms = (SELECT array_agg(t ORDER BY t) FROM (
                    (SELECT t FROM unnest(f.at_ms) AS t WHERE t > $2::bigint - $3::bigint ORDER BY t DESC LIMIT $4)
                    UNION ALL SELECT $2::bigint
                  ) AS kept (t)),
         last_ms = GREATEST(f.last_ms, $2::bigint),
         window_ms = $3
       RETURNING cardinality(at_ms) AS count`,
      [escapeKey(key), nowMs, windowMs, MAX_FAILURES_PER_KEY - 1],
    );
    return rows[0]?.count ?? 0;
  }

  async failures(key: string, nowMs: number, windowMs: number): Promise<{ readonly count: number; readonly oldestMs: number | null }> {
    const rows = await this.query<{ count: string; oldest_ms: string | null }>(
      `SELECT count(t) AS count, min(t) AS oldest_ms FROM dashboard_login_failures AS f, unnest(f.at_ms) AS t
       WHERE f.key = $1 AND t > $2::bigint - $3::bigint`,
      [escapeKey(key), nowMs, windowMs],
    );
    const row = rows[0];
    return { count: Number(row?.count ?? 0), oldestMs: nullableNumber(row?.oldest_ms ?? null) };
  }

  async clearFailures(key: string): Promise<void> {
    await this.query('DELETE FROM dashboard_login_failures WHERE key = $1', [escapeKey(key)]);
  }

  async forgetFailure(key: string, atMs: number): Promise<void> {
    // One element equal to atMs goes (array_remove would take every equal one): the row is locked
    // by the update, so concurrent attempts are taken back one after the other.
    await this.query(
      `UPDATE dashboard_login_failures AS f SET at_ms = COALESCE((
         SELECT array_agg(t ORDER BY t) FROM (
           SELECT t, row_number() OVER (PARTITION BY t = $2::bigint ORDER BY ordinality) AS n
           FROM unnest(f.at_ms) WITH ORDINALITY AS u (t, ordinality)
         ) AS kept WHERE NOT (t = $2::bigint AND n = 1)), ARRAY[]::bigint[])
       WHERE key = $1 AND $2::bigint = ANY (at_ms)`,
      [escapeKey(key), atMs],
    );
  }

  /** Expired tokens and idle throttle keys go, at most once per SWEEP_EVERY_MS of this store. */
  private async sweep(nowMs: number): Promise<void> {
    if (nowMs - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = nowMs;
    await this.query('DELETE FROM dashboard_tokens WHERE expires_ms <= $1', [nowMs]);
    await this.query('DELETE FROM dashboard_admin_requests WHERE created_ms <= $1', [nowMs - ADMIN_REQUEST_KEEP_MS]);
    await this.query('DELETE FROM dashboard_login_failures WHERE last_ms <= $1 AND last_ms <= $2 - window_ms', [
      nowMs - THROTTLE_KEY_IDLE_MS,
      nowMs,
    ]);
  }

  async autochargeCeiling(accountId: string): Promise<AutochargeCeiling | null> {
    const rows = await this.query<{ threshold: string; amount: string }>(
      'SELECT threshold, amount FROM dashboard_autocharge_ceilings WHERE account_id = $1',
      [accountId],
    );
    const row = rows[0];
    return row === undefined ? null : { threshold: Number(row.threshold), amount: Number(row.amount) };
  }

  async setAutochargeCeiling(accountId: string, ceiling: AutochargeCeiling | null, atMs: number): Promise<void> {
    if (ceiling === null) await this.query('DELETE FROM dashboard_autocharge_ceilings WHERE account_id = $1', [accountId]);
    else
      await this.query(
        `INSERT INTO dashboard_autocharge_ceilings (account_id, threshold, amount, set_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET threshold = EXCLUDED.threshold, amount = EXCLUDED.amount, set_ms = EXCLUDED.set_ms`,
        [accountId, ceiling.threshold, ceiling.amount, atMs],
      );
  }

  async appendAudit(entry: NewAuditEntry): Promise<AuditEntry> {
    const rows = await this.query<AuditRow>(
      `INSERT INTO dashboard_audit_log (at_ms, actor, action, account_id, details, address, outcome)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING ${AUDIT_COLUMNS}`,
      [entry.atMs, entry.actor, entry.action, entry.accountId, JSON.stringify(entry.details), entry.address, entry.outcome ?? 'applied'],
    );
    return toAudit(rows[0]!);
  }

  async settleAudit(id: number, outcome: 'applied' | 'failed', details: Readonly<Record<string, unknown>> = {}): Promise<void> {
    await this.query('UPDATE dashboard_audit_log SET outcome = $2, details = details || $3::jsonb WHERE id = $1', [
      id,
      outcome,
      JSON.stringify(details),
    ]);
  }

  async claimAdminRequest(actor: string, key: string, requestDigest: string, nowMs: number, sinceMs: number): Promise<AdminRequest | null> {
    if (`${actor}${key}`.includes('\0')) throw refusals.invalidField('Idempotency-Key', 'Idempotency-Key must not hold NUL');
    // Inserted, or taken over when the one held is older than the window; else the one held answers.
    const claimed = await this.query<{ actor: string }>(
      `INSERT INTO dashboard_admin_requests AS r (actor, idempotency_key, request_digest, state, created_ms)
       VALUES ($1, $2, $3, 'running', $4)
       ON CONFLICT (actor, idempotency_key) DO UPDATE SET request_digest = EXCLUDED.request_digest, state = 'running',
         status = NULL, body = NULL, created_ms = EXCLUDED.created_ms
       WHERE r.created_ms < $5
       RETURNING actor`,
      [actor, key, requestDigest, nowMs, sinceMs],
    );
    if (claimed.length > 0) {
      await this.sweep(nowMs);
      return null;
    }
    const rows = await this.query<{ request_digest: string; state: 'running' | 'done'; status: number | null; body: unknown }>(
      'SELECT request_digest, state, status, body FROM dashboard_admin_requests WHERE actor = $1 AND idempotency_key = $2',
      [actor, key],
    );
    const row = rows[0];
    if (row === undefined) return this.claimAdminRequest(actor, key, requestDigest, nowMs, sinceMs);
    return row.state === 'running'
      ? { state: 'running', requestDigest: row.request_digest }
      : { state: 'done', requestDigest: row.request_digest, status: row.status ?? 200, body: row.body };
  }

  async finishAdminRequest(actor: string, key: string, status: number, body: unknown): Promise<void> {
    await this.query(
      `UPDATE dashboard_admin_requests SET state = 'done', status = $3, body = $4::jsonb WHERE actor = $1 AND idempotency_key = $2`,
      [actor, key, status, JSON.stringify(body)],
    );
  }

  async releaseAdminRequest(actor: string, key: string): Promise<void> {
    await this.query('DELETE FROM dashboard_admin_requests WHERE actor = $1 AND idempotency_key = $2', [actor, key]);
  }

  async audit(page: AuditPage): Promise<readonly AuditEntry[]> {
    const values: unknown[] = [Math.min(100, Math.max(1, Math.floor(page.limit)))];
    const where: string[] = [];
    if (page.before !== undefined) where.push(`id < $${values.push(page.before)}`);
    if (page.accountId !== undefined) where.push(`account_id = $${values.push(page.accountId)}`);
    // Newest first along the primary key, or along (account_id, id) for one account.
    const rows = await this.query<AuditRow>(
      `SELECT ${AUDIT_COLUMNS} FROM dashboard_audit_log ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}
       ORDER BY id DESC LIMIT $1`,
      values,
    );
    return rows.map(toAudit);
  }

  async createAdminToken(token: AdminToken): Promise<void> {
    await this.query(`INSERT INTO dashboard_admin_tokens (${ADMIN_TOKEN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      token.tokenId,
      token.name,
      token.digest,
      token.scopes,
      token.createdMs,
      token.revokedMs,
      token.expiresMs,
    ]);
  }

  async adminToken(digest: SecretDigest): Promise<AdminToken | null> {
    if (digest.includes('\0')) return null;
    const rows = await this.query<AdminTokenRow>(`SELECT ${ADMIN_TOKEN_COLUMNS} FROM dashboard_admin_tokens WHERE digest = $1`, [digest]);
    return rows[0] === undefined ? null : toAdminToken(rows[0]);
  }

  async listAdminTokens(): Promise<readonly AdminToken[]> {
    const rows = await this.query<AdminTokenRow>(
      `SELECT ${ADMIN_TOKEN_COLUMNS} FROM dashboard_admin_tokens ORDER BY created_ms, token_id`,
      [],
    );
    return rows.map(toAdminToken);
  }

  async revokeAdminToken(tokenId: string, atMs: number): Promise<boolean> {
    if (tokenId.includes('\0')) return false;
    const rows = await this.query(
      'UPDATE dashboard_admin_tokens SET revoked_ms = $2 WHERE token_id = $1 AND revoked_ms IS NULL RETURNING token_id',
      [tokenId, atMs],
    );
    return rows.length === 1;
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1', []);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

/**
 * SQLSTATE classes that mean "cannot serve now": connection exception (08), invalid authorization
 * (28), no such database (3D), insufficient resources (53), operator intervention (57: shutdown,
 * statement timeout) and system error (58); and a read-only transaction (25006: a standby).
 */
const OUTAGE_STATE = /^(08|28|3D|53|57|58)|^25006$/;

/** Connection failures and timeouts are outages; an error the server answers a statement with is not, unless it says "not now". */
function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseError) return OUTAGE_STATE.test(error.code ?? '');
  return !(error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError);
}

/** Runs a statement: outages become STORE_UNAVAILABLE (shared by the PostgreSQL stores). */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isOutage(error)) throw refusals.storeUnavailable(error);
    throw error instanceof Error ? error : new Error(String(error));
  }
}
