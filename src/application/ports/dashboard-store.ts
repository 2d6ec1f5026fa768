/**
 * The account dashboard's store: the customers' log-ins (users), their server-side
 * sessions, one-time tokens (e-mail verification, password reset, invitations), log-in throttling
 * counters, the operators' admin tokens and the audit log of admin actions. Balances, keys and the
 * ledger stay in the CreditStore: nothing here is on the paid path.
 *
 * Two implementations, held to `test/contract/dashboard-store.contract.ts`: `adapters/memory`
 * (embedded, in process) and `adapters/postgres` (PostgreSQL, `DASHBOARD_DATABASE_URL`).
 * Secrets never reach a store in clear: tokens and session ids arrive as SHA-256 digests, passwords
 * as argon2id PHC strings. An unreachable database throws `DomainError('STORE_UNAVAILABLE')`.
 */

/** Lowercase hex SHA-256 of a session id or one-time token. */
export type SecretDigest = string & { readonly __brand: 'SecretDigest' };

export type DashboardLang = 'ja' | 'en';

export interface User {
  /** `user_` + 20 hex characters. */
  readonly userId: string;
  /** Trimmed and lower-cased; unique. */
  readonly email: string;
  /** argon2id PHC string. */
  readonly passwordHash: string;
  /** The credit-store account this user owns. */
  readonly accountId: string;
  /** When the e-mail address was verified; null until then (a user cannot log in before). */
  readonly verifiedMs: number | null;
  readonly createdMs: number;
  readonly lang: DashboardLang;
}

export interface Session {
  readonly digest: SecretDigest;
  readonly userId: string;
  /** The session's CSRF token (random, compared in constant time with every form's). */
  readonly csrfToken: string;
  readonly createdMs: number;
  readonly lastSeenMs: number;
}

export type TokenPurpose = 'verify' | 'reset' | 'invite';

export interface OneTimeToken {
  readonly digest: SecretDigest;
  readonly purpose: TokenPurpose;
  /** The user it verifies or resets; null for an invitation. */
  readonly userId: string | null;
  /** The address it was sent to (an invitation's address is the only one that may use it). */
  readonly email: string;
  readonly expiresMs: number;
}

export interface AdminToken {
  /** `adm_` + 8 characters of the token: public, shown in lists and the audit log. */
  readonly tokenId: string;
  readonly name: string;
  readonly digest: SecretDigest;
  /** `read` (list, show, audit) and/or `write` (everything that changes an account). */
  readonly scopes: readonly AdminScope[];
  readonly createdMs: number;
  /** Revoked tokens are kept (the audit log names them) but refused. */
  readonly revokedMs: number | null;
  /** From then on it is refused; null: it lasts until revoked. */
  readonly expiresMs: number | null;
}

export type AdminScope = 'read' | 'write';
export const ADMIN_SCOPES: readonly AdminScope[] = ['read', 'write'];

export interface AuditEntry {
  /** Increasing; the cursor of the audit log's pages. */
  readonly id: number;
  readonly atMs: number;
  /** Who: `admin-token:<tokenId>`, `cli`, `user:<userId>` (a customer's own key actions), `system`. */
  readonly actor: string;
  /** What: `account.create`, `account.suspend`, `key.issue`, … (docs/admin.md lists them). */
  readonly action: string;
  /** The account it touched, when one. */
  readonly accountId: string | null;
  /** What was asked (never a secret: keys and tokens appear by their public ids). */
  readonly details: Readonly<Record<string, unknown>>;
  /** The client address of an HTTP request, when one. */
  readonly address: string | null;
  /**
   * `applied`; `pending` while its write runs (an operator's write is audited first) and for ever
   * if the gateway stopped in between (the write's fate is unknown); `failed` when it was not applied.
   */
  readonly outcome: AuditOutcome;
}

export type AuditOutcome = 'applied' | 'pending' | 'failed';

/** Appended as `applied` unless an outcome is given. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'outcome'> & { readonly outcome?: AuditOutcome };

/** How long an operator's write sent with an Idempotency-Key is remembered (a retry after it runs anew). */
export const ADMIN_REQUEST_KEEP_MS = 24 * 3_600_000;

/** An operator's write sent with an Idempotency-Key: running, or done with its answer. */
export type AdminRequest =
  | { readonly state: 'running'; readonly requestDigest: string }
  | { readonly state: 'done'; readonly requestDigest: string; readonly status: number; readonly body: unknown };

/** The largest autocharge a customer may set themselves (docs/dashboard.md "Autocharge"). */
export interface AutochargeCeiling {
  readonly threshold: number;
  readonly amount: number;
}

export interface AuditPage {
  /** 1–100. */
  readonly limit: number;
  /** Only entries with a smaller id. */
  readonly before?: number | undefined;
  readonly accountId?: string | undefined;
}

export interface DashboardStore {
  /** `email-taken` when a user already has the address. */
  createUser(user: User): Promise<'created' | 'email-taken'>;
  userByEmail(email: string): Promise<User | null>;
  userById(userId: string): Promise<User | null>;
  userByAccount(accountId: string): Promise<User | null>;
  /** Users whose e-mail contains `fragment` (case-insensitive), newest first, at most `limit`. */
  searchUsers(fragment: string, limit: number): Promise<readonly User[]>;
  markVerified(userId: string, atMs: number): Promise<void>;
  setPassword(userId: string, passwordHash: string): Promise<void>;
  /** Gives the user another address (a deleted account's user: its address freed for a new sign-up). */
  setEmail(userId: string, email: string): Promise<void>;
  setLang(userId: string, lang: DashboardLang): Promise<void>;

  putToken(token: OneTimeToken): Promise<void>;
  /** Deletes the user's outstanding tokens of this purpose (every reset link, once the password changed); returns how many. */
  deleteUserTokens(userId: string, purpose: TokenPurpose): Promise<number>;
  /** Takes (deletes) the token when it exists, has this purpose and has not expired; else null. Atomic: a token works once. */
  takeToken(digest: SecretDigest, purpose: TokenPurpose, nowMs: number): Promise<OneTimeToken | null>;

  createSession(session: Session): Promise<void>;
  session(digest: SecretDigest): Promise<Session | null>;
  /** Moves the idle clock; a no-op for an unknown session. */
  touchSession(digest: SecretDigest, lastSeenMs: number): Promise<void>;
  deleteSession(digest: SecretDigest): Promise<void>;
  /** Every session of the user (after a password reset); returns how many. */
  deleteUserSessions(userId: string): Promise<number>;
  /** Deletes sessions last seen before `lastSeenBeforeMs` or created before `createdBeforeMs` (past a timeout); returns how many. */
  pruneSessions(lastSeenBeforeMs: number, createdBeforeMs: number): Promise<number>;

  /**
   * Records a failed log-in under `key` (`email:<address>` or `ip:<address>`) and answers how many
   * failures the key has within the last `windowMs` (this one included).
   */
  recordFailure(key: string, nowMs: number, windowMs: number): Promise<number>;
  /** Failures under `key` within the last `windowMs`, and when the oldest of them leaves the window. */
  failures(key: string, nowMs: number, windowMs: number): Promise<{ readonly count: number; readonly oldestMs: number | null }>;
  clearFailures(key: string): Promise<void>;
  /**
   * Takes back one failure recorded under `key` at `atMs` (an attempt counted before its check, which
   * then succeeded); nothing when there is none.
   */
  forgetFailure(key: string, atMs: number): Promise<void>;

  /** The operator's autocharge ceiling for this account; null: none set (the plan's applies). */
  autochargeCeiling(accountId: string): Promise<AutochargeCeiling | null>;
  /** Sets the account's ceiling, or drops it (null) so that the plan's applies again. */
  setAutochargeCeiling(accountId: string, ceiling: AutochargeCeiling | null, atMs: number): Promise<void>;

  appendAudit(entry: NewAuditEntry): Promise<AuditEntry>;
  /** A pending entry's outcome, and details learnt from its write merged into its own. */
  settleAudit(id: number, outcome: 'applied' | 'failed', details?: Readonly<Record<string, unknown>>): Promise<void>;

  /**
   * Claims an Idempotency-Key for `actor`: null when it was free (or older than `sinceMs`) and is now
   * `running` with this digest; else what holds it.
   */
  claimAdminRequest(actor: string, key: string, requestDigest: string, nowMs: number, sinceMs: number): Promise<AdminRequest | null>;
  /** The claimed request is done: its answer is kept for replays. */
  finishAdminRequest(actor: string, key: string, status: number, body: unknown): Promise<void>;
  /** The claimed request failed on the server's side: the key is free for a retry. */
  releaseAdminRequest(actor: string, key: string): Promise<void>;
  /** Newest first. */
  audit(page: AuditPage): Promise<readonly AuditEntry[]>;

  createAdminToken(token: AdminToken): Promise<void>;
  adminToken(digest: SecretDigest): Promise<AdminToken | null>;
  listAdminTokens(): Promise<readonly AdminToken[]>;
  /** False when there is no such token or it was already revoked. */
  revokeAdminToken(tokenId: string, atMs: number): Promise<boolean>;

  /** Throws STORE_UNAVAILABLE when it cannot serve. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
