import type {
  AdminToken,
  AuditEntry,
  AdminRequest,
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

/** Throttle keys kept at most; past it the key whose last failure is oldest is dropped. */
export const MAX_THROTTLE_KEYS = 100_000;
/** Failures kept per key at most (the newest); a count saturates there, far above any lock-out threshold. */
export const MAX_FAILURES_PER_KEY = 1_000;
/** One-time tokens kept at most (a reset form can mint them); past it the oldest put is dropped. */
export const MAX_TOKENS = 100_000;
/** Sessions kept at most (each log-in makes one); past it the oldest created is dropped (that user logs in again). */
export const MAX_SESSIONS = 100_000;
/** Expired tokens and idle throttle keys are swept at most this often (each sweep walks them all). */
export const SWEEP_EVERY_MS = 60_000;
/** A throttle key with no failure for this long (or for its window, when longer) is forgotten. */
export const THROTTLE_KEY_IDLE_MS = 24 * 60 * 60_000;

interface Throttle {
  /** Failure times, ascending; only the newest MAX_FAILURES_PER_KEY. */
  readonly at: number[];
  windowMs: number;
}

const copyUser = (user: User): User => ({ ...user });

/**
 * The dashboard's store in process memory: the embedded mode and the reference the contract test
 * holds PostgreSQL to. Lost at exit. What a stranger can make grow without an account — failure
 * counters, one-time tokens (the reset form), sessions — is capped, the oldest dropped first;
 * users and the audit log are the records themselves and are kept.
 */
export class MemoryDashboardStore implements DashboardStore {
  private readonly users = new Map<string, User>();
  /** lower(email) → userId. */
  private readonly byEmail = new Map<string, string>();
  private readonly tokens = new Map<SecretDigest, OneTimeToken>();
  /** In creation order: the first one is the oldest. */
  private readonly sessions = new Map<SecretDigest, Session>();
  private readonly sessionsOfUser = new Map<string, Set<SecretDigest>>();
  /** In order of last failure: the first one is the idlest. */
  private readonly throttles = new Map<string, Throttle>();
  private readonly adminTokens = new Map<string, AdminToken>();
  /** Ascending id. */
  private readonly auditLog: AuditEntry[] = [];
  private nextAuditId = 1;
  private readonly ceilings = new Map<string, AutochargeCeiling>();
  /** `actor` NUL `key` → the request and when it was claimed. */
  private readonly adminRequests = new Map<string, AdminRequest & { readonly createdMs: number }>();
  private lastSweepMs = Number.NEGATIVE_INFINITY;

  createUser(user: User): Promise<'created' | 'email-taken'> {
    const emailKey = user.email.toLowerCase();
    if (this.byEmail.has(emailKey)) return Promise.resolve('email-taken');
    if (this.users.has(user.userId)) return Promise.reject(new Error(`user ${user.userId} already exists`));
    this.users.set(user.userId, copyUser(user));
    this.byEmail.set(emailKey, user.userId);
    return Promise.resolve('created');
  }

  userByEmail(email: string): Promise<User | null> {
    const userId = this.byEmail.get(email.toLowerCase());
    return this.userById(userId ?? '');
  }

  userById(userId: string): Promise<User | null> {
    const user = this.users.get(userId);
    return Promise.resolve(user === undefined ? null : copyUser(user));
  }

  userByAccount(accountId: string): Promise<User | null> {
    let found: User | undefined;
    for (const user of this.users.values()) {
      if (user.accountId === accountId && (found === undefined || olderUser(user, found))) found = user;
    }
    return Promise.resolve(found === undefined ? null : copyUser(found));
  }

  searchUsers(fragment: string, limit: number): Promise<readonly User[]> {
    const wanted = fragment.toLowerCase();
    const found = [...this.users.values()].filter((user) => user.email.toLowerCase().includes(wanted));
    found.sort((a, b) => (olderUser(a, b) ? 1 : -1));
    return Promise.resolve(found.slice(0, Math.max(0, Math.floor(limit))).map(copyUser));
  }

  markVerified(userId: string, atMs: number): Promise<void> {
    // The first verification stands: it is when the address was proven.
    this.update(userId, (user) => (user.verifiedMs === null ? { ...user, verifiedMs: atMs } : user));
    return Promise.resolve();
  }

  setPassword(userId: string, passwordHash: string): Promise<void> {
    this.update(userId, (user) => ({ ...user, passwordHash }));
    return Promise.resolve();
  }

  setEmail(userId: string, email: string): Promise<void> {
    const user = this.users.get(userId);
    if (user === undefined) return Promise.resolve();
    const taken = this.byEmail.get(email.toLowerCase());
    if (taken !== undefined && taken !== userId) return Promise.reject(new Error(`address already in use: ${email}`));
    if (this.byEmail.get(user.email.toLowerCase()) === userId) this.byEmail.delete(user.email.toLowerCase());
    this.byEmail.set(email.toLowerCase(), userId);
    this.users.set(userId, { ...user, email });
    return Promise.resolve();
  }

  setLang(userId: string, lang: DashboardLang): Promise<void> {
    this.update(userId, (user) => ({ ...user, lang }));
    return Promise.resolve();
  }

  private update(userId: string, change: (user: User) => User): void {
    const user = this.users.get(userId);
    if (user !== undefined) this.users.set(userId, change(user));
  }

  putToken(token: OneTimeToken): Promise<void> {
    if (token.userId !== null && !this.users.has(token.userId)) {
      return Promise.reject(new Error(`token for unknown user ${token.userId}`));
    }
    this.tokens.delete(token.digest); // a token put again counts as new
    this.tokens.set(token.digest, { ...token });
    dropOldest(this.tokens, MAX_TOKENS);
    return Promise.resolve();
  }

  deleteUserTokens(userId: string, purpose: TokenPurpose): Promise<number> {
    let deleted = 0;
    for (const [digest, token] of this.tokens)
      if (token.userId === userId && token.purpose === purpose) {
        this.tokens.delete(digest);
        deleted += 1;
      }
    return Promise.resolve(deleted);
  }

  takeToken(digest: SecretDigest, purpose: TokenPurpose, nowMs: number): Promise<OneTimeToken | null> {
    this.sweep(nowMs);
    const token = this.tokens.get(digest);
    if (token === undefined || token.purpose !== purpose || token.expiresMs <= nowMs) return Promise.resolve(null);
    this.tokens.delete(digest);
    return Promise.resolve(token);
  }

  createSession(session: Session): Promise<void> {
    if (!this.users.has(session.userId)) return Promise.reject(new Error(`session for unknown user ${session.userId}`));
    if (this.sessions.has(session.digest)) return Promise.reject(new Error('session already exists'));
    this.sessions.set(session.digest, { ...session });
    let ofUser = this.sessionsOfUser.get(session.userId);
    if (ofUser === undefined) this.sessionsOfUser.set(session.userId, (ofUser = new Set()));
    ofUser.add(session.digest);
    while (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.forgetSession(oldest);
    }
    return Promise.resolve();
  }

  session(digest: SecretDigest): Promise<Session | null> {
    const session = this.sessions.get(digest);
    return Promise.resolve(session === undefined ? null : { ...session });
  }

  touchSession(digest: SecretDigest, lastSeenMs: number): Promise<void> {
    const session = this.sessions.get(digest);
    if (session !== undefined) this.sessions.set(digest, { ...session, lastSeenMs });
    return Promise.resolve();
  }

  deleteSession(digest: SecretDigest): Promise<void> {
    this.forgetSession(digest);
    return Promise.resolve();
  }

  deleteUserSessions(userId: string): Promise<number> {
    const digests = [...(this.sessionsOfUser.get(userId) ?? [])];
    for (const digest of digests) this.forgetSession(digest);
    return Promise.resolve(digests.length);
  }

  pruneSessions(lastSeenBeforeMs: number, createdBeforeMs: number): Promise<number> {
    const stale = [...this.sessions.values()].filter((s) => s.lastSeenMs < lastSeenBeforeMs || s.createdMs < createdBeforeMs);
    for (const session of stale) this.forgetSession(session.digest);
    return Promise.resolve(stale.length);
  }

  private forgetSession(digest: SecretDigest): void {
    const session = this.sessions.get(digest);
    if (session === undefined) return;
    this.sessions.delete(digest);
    const ofUser = this.sessionsOfUser.get(session.userId);
    ofUser?.delete(digest);
    if (ofUser?.size === 0) this.sessionsOfUser.delete(session.userId);
  }

  recordFailure(key: string, nowMs: number, windowMs: number): Promise<number> {
    this.sweep(nowMs);
    const throttle = this.throttles.get(key) ?? { at: [], windowMs };
    throttle.windowMs = windowMs;
    // Kept: this failure and the newest others still within the window.
    const since = nowMs - windowMs;
    const stale = throttle.at.findIndex((at) => at > since);
    throttle.at.splice(0, stale === -1 ? throttle.at.length : Math.max(stale, throttle.at.length - (MAX_FAILURES_PER_KEY - 1)));
    // Usually the newest; a failure stamped earlier (another gateway's clock) is put in its place.
    let index = throttle.at.length;
    while (index > 0 && throttle.at[index - 1]! > nowMs) index -= 1;
    throttle.at.splice(index, 0, nowMs);
    // Moved to the end: the map stays in order of last failure, the idlest first.
    this.throttles.delete(key);
    this.throttles.set(key, throttle);
    dropOldest(this.throttles, MAX_THROTTLE_KEYS);
    return Promise.resolve(throttle.at.length);
  }

  failures(key: string, nowMs: number, windowMs: number): Promise<{ readonly count: number; readonly oldestMs: number | null }> {
    const recent = (this.throttles.get(key)?.at ?? []).filter((at) => at > nowMs - windowMs);
    return Promise.resolve({ count: recent.length, oldestMs: recent[0] ?? null });
  }

  clearFailures(key: string): Promise<void> {
    this.throttles.delete(key);
    return Promise.resolve();
  }

  forgetFailure(key: string, atMs: number): Promise<void> {
    const throttle = this.throttles.get(key);
    const index = throttle?.at.lastIndexOf(atMs) ?? -1;
    if (index !== -1) throttle!.at.splice(index, 1);
    return Promise.resolve();
  }

  /** Expired tokens and idle throttle keys go, at most once per SWEEP_EVERY_MS. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = nowMs;
    for (const [digest, token] of this.tokens) if (token.expiresMs <= nowMs) this.tokens.delete(digest);
    for (const [key, throttle] of this.throttles) {
      const last = throttle.at.at(-1) ?? Number.NEGATIVE_INFINITY;
      if (last <= nowMs - Math.max(throttle.windowMs, THROTTLE_KEY_IDLE_MS)) this.throttles.delete(key);
    }
  }

  autochargeCeiling(accountId: string): Promise<AutochargeCeiling | null> {
    const ceiling = this.ceilings.get(accountId);
    return Promise.resolve(ceiling === undefined ? null : { ...ceiling });
  }

  setAutochargeCeiling(accountId: string, ceiling: AutochargeCeiling | null): Promise<void> {
    if (ceiling === null) this.ceilings.delete(accountId);
    else this.ceilings.set(accountId, { threshold: ceiling.threshold, amount: ceiling.amount });
    return Promise.resolve();
  }

  appendAudit(entry: NewAuditEntry): Promise<AuditEntry> {
    // Stored as PostgreSQL's jsonb would: what JSON cannot say (undefined, functions) is dropped.
    const details = JSON.parse(JSON.stringify(entry.details)) as Record<string, unknown>;
    const stored: AuditEntry = { ...entry, outcome: entry.outcome ?? 'applied', id: this.nextAuditId++, details };
    this.auditLog.push(stored);
    return Promise.resolve(copyAudit(stored));
  }

  settleAudit(id: number, outcome: 'applied' | 'failed', details: Readonly<Record<string, unknown>> = {}): Promise<void> {
    const index = lowerBound(this.auditLog, id + 1) - 1;
    const entry = this.auditLog[index];
    if (entry?.id === id) {
      const merged = JSON.parse(JSON.stringify({ ...entry.details, ...details })) as Record<string, unknown>;
      this.auditLog[index] = { ...entry, outcome, details: merged };
    }
    return Promise.resolve();
  }

  claimAdminRequest(actor: string, key: string, requestDigest: string, nowMs: number, sinceMs: number): Promise<AdminRequest | null> {
    const id = `${actor}\0${key}`;
    const held = this.adminRequests.get(id);
    if (held !== undefined && held.createdMs >= sinceMs) {
      const { createdMs: _claimedMs, ...request } = held;
      return Promise.resolve(structuredClone(request));
    }
    this.adminRequests.set(id, { state: 'running', requestDigest, createdMs: nowMs });
    for (const [other, request] of this.adminRequests) if (request.createdMs < sinceMs) this.adminRequests.delete(other);
    return Promise.resolve(null);
  }

  finishAdminRequest(actor: string, key: string, status: number, body: unknown): Promise<void> {
    const id = `${actor}\0${key}`;
    const held = this.adminRequests.get(id);
    if (held !== undefined)
      this.adminRequests.set(id, {
        state: 'done',
        requestDigest: held.requestDigest,
        status,
        body: structuredClone(body),
        createdMs: held.createdMs,
      });
    return Promise.resolve();
  }

  releaseAdminRequest(actor: string, key: string): Promise<void> {
    this.adminRequests.delete(`${actor}\0${key}`);
    return Promise.resolve();
  }

  audit(page: AuditPage): Promise<readonly AuditEntry[]> {
    const limit = clampLimit(page.limit);
    const found: AuditEntry[] = [];
    // Ids are the array's order: start below `before` by bisection, then walk back.
    let index = page.before === undefined ? this.auditLog.length : lowerBound(this.auditLog, page.before);
    while (--index >= 0 && found.length < limit) {
      const entry = this.auditLog[index]!;
      if (page.accountId === undefined || entry.accountId === page.accountId) found.push(copyAudit(entry));
    }
    return Promise.resolve(found);
  }

  createAdminToken(token: AdminToken): Promise<void> {
    for (const held of this.adminTokens.values()) {
      if (held.tokenId === token.tokenId || held.digest === token.digest) {
        return Promise.reject(new Error(`admin token ${token.tokenId} already exists`));
      }
    }
    this.adminTokens.set(token.tokenId, { ...token, scopes: [...token.scopes] });
    return Promise.resolve();
  }

  adminToken(digest: SecretDigest): Promise<AdminToken | null> {
    for (const token of this.adminTokens.values()) if (token.digest === digest) return Promise.resolve(copyAdminToken(token));
    return Promise.resolve(null);
  }

  listAdminTokens(): Promise<readonly AdminToken[]> {
    const tokens = [...this.adminTokens.values()].sort((a, b) => a.createdMs - b.createdMs || compareText(a.tokenId, b.tokenId));
    return Promise.resolve(tokens.map(copyAdminToken));
  }

  revokeAdminToken(tokenId: string, atMs: number): Promise<boolean> {
    const token = this.adminTokens.get(tokenId);
    if (token === undefined || token.revokedMs !== null) return Promise.resolve(false);
    this.adminTokens.set(tokenId, { ...token, revokedMs: atMs });
    return Promise.resolve(true);
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Users are ordered by creation time, then id: true when `a` comes before `b`. */
const olderUser = (a: User, b: User): boolean => a.createdMs < b.createdMs || (a.createdMs === b.createdMs && a.userId < b.userId);

/** Code-point order, as PostgreSQL's `COLLATE "C"` (and unlike localeCompare). */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const clampLimit = (limit: number): number => Math.min(100, Math.max(1, Math.floor(limit)));

/** The first index whose entry's id is at least `id`. */
function lowerBound(entries: readonly AuditEntry[], id: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function dropOldest<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done === true) return;
    map.delete(oldest.value);
  }
}

const copyAudit = (entry: AuditEntry): AuditEntry => ({ ...entry, details: structuredClone(entry.details) });
const copyAdminToken = (token: AdminToken): AdminToken => ({ ...token, scopes: [...token.scopes] });
