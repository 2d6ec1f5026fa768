/**
 * The customers' account dashboard (docs/dashboard.md): sign-up with e-mail verification,
 * log-in with throttling, server-side sessions, password reset, the account's overview, its API
 * keys and its usage. The pages (`http/account/`) are one presentation of these use-cases; every
 * refusal is a code the pages put into words.
 *
 * Secrets: passwords reach the store as argon2id hashes; session ids and mailed tokens as SHA-256
 * digests. Answers never tell whether an address has an account: sign-up and reset say "check your
 * mail" either way, a failed log-in says the same for a wrong password and an unknown address
 * (which costs the same argon2id verification), and the lock-out counts unknown addresses too.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createAccountAdmin, KEY_NAME_PATTERN, type IssuedKey } from './account-admin.ts';
import { generateAccountId } from './api-keys.ts';
import { KEY_SCOPES } from './key-scopes.ts';
import { dashboardMail } from './dashboard-mail.ts';
import type { Clock, CreditStore, KeyRecord } from './ports/credit-store.ts';
import type { AutochargeCeiling, DashboardLang, DashboardStore, SecretDigest, Session, User } from './ports/dashboard-store.ts';
import type { Mailer } from './ports/mailer.ts';
import type { PasswordHasher } from './ports/password-hasher.ts';
import { MAX_CREDITS, type AccountSnapshot, type LedgerEntry, type Plan } from '../domain/credits/account.ts';
import { tokyoMonthOf } from '../domain/credits/month.ts';
import { MONTH_PATTERN, statementOf, tokyoMonthRange, type MonthlyStatement } from '../domain/credits/statement.ts';

export interface DashboardSettings {
  readonly signup: 'open' | 'invite';
  readonly plan: Plan;
  readonly monthlyCredits: number;
  /**
   * The plan's autocharge ceiling (`AUTOCHARGE_MAX_THRESHOLD`, `AUTOCHARGE_MAX_AMOUNT`): the largest a
   * customer may set unless the operator set one for the account. 0 by default: autocharge buys
   * credits, and an open sign-up has not shown it can pay.
   */
  readonly autochargeMax: AutochargeCeiling;
  /** Origin the mailed links point at. */
  readonly publicUrl: string;
  readonly sessionIdleMs: number;
  readonly sessionMaxMs: number;
}

export interface DashboardDeps {
  readonly store: CreditStore;
  readonly users: DashboardStore;
  readonly hasher: PasswordHasher;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly settings: DashboardSettings;
  /**
   * Work done after an answer that failed: a mail not sent, a sign-up not completed, sessions not
   * pruned (the page said "check your mail" already: it must not tell).
   */
  readonly onBackgroundError?: (error: unknown) => void;
}

/** What went wrong, as a code the pages translate; `field` names the form field. */
export interface Problem {
  readonly code: ProblemCode;
  readonly field?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type ProblemCode =
  | 'email_invalid'
  | 'password_short'
  | 'password_long'
  | 'password_common'
  | 'password_contains_email'
  | 'invite_required'
  | 'invite_invalid'
  | 'token_invalid'
  | 'login_failed'
  | 'not_verified'
  | 'throttled'
  | 'autocharge_threshold_range'
  | 'autocharge_amount_range'
  | 'autocharge_unavailable'
  | 'key_name_invalid'
  | 'key_scopes_empty'
  | 'key_scope_unknown'
  | 'key_expiry_invalid'
  | 'key_not_found'
  | 'account_closed'
  | 'account_suspended'
  | 'key_limit'
  | 'month_invalid';

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T = never>(code: ProblemCode, field?: string, params?: Problem['params']): Result<T> => ({
  ok: false,
  problem: { code, ...(field === undefined ? {} : { field }), ...(params === undefined ? {} : { params }) },
});

/** A logged-in visitor. */
export interface SignedIn {
  readonly user: User;
  readonly session: Session;
}

export interface NewSession {
  /** Goes into the cookie; only its digest is stored. */
  readonly sessionId: string;
  readonly csrfToken: string;
}

export interface Overview {
  readonly account: AccountSnapshot;
  readonly month: string;
  /** This month's standing charges by operation, most credits first. */
  readonly byOperation: readonly { readonly operation: string; readonly calls: number; readonly credits: number }[];
  /** The account's autocharge ceiling (the operator's for it, else the plan's). */
  readonly autochargeMax: AutochargeCeiling;
}

export interface UsagePage {
  readonly entries: readonly LedgerEntry[];
  /** The cursor of the next (older) page, or null. */
  readonly next: string | null;
}

export interface Dashboard {
  readonly signupMode: 'open' | 'invite';
  /**
   * Checks the form and answers at once; the account, the user and the mail are made after the
   * answer, so it takes as long for an address that has an account as for one that has not.
   */
  signUp(form: {
    email: string;
    password: string;
    lang: DashboardLang;
    invite?: string | undefined;
    address: string;
  }): Promise<Result<null>>;
  /** Spends a verification token (the page asks for a click first: a link scanner's GET must not). */
  verify(token: string): Promise<Result<{ email: string }>>;
  logIn(form: { email: string; password: string; address: string; replacing?: string | undefined }): Promise<Result<NewSession>>;
  signedIn(sessionId: string | undefined): Promise<SignedIn | null>;
  logOut(sessionId: string): Promise<void>;
  requestReset(email: string, address: string): Promise<Result<null>>;
  resetPassword(token: string, password: string): Promise<Result<null>>;
  setLang(who: SignedIn, lang: DashboardLang): Promise<void>;
  overview(who: SignedIn): Promise<Overview>;
  /**
   * Lowering or turning it off: always. Turning it on or raising it: within the ceiling the operator
   * set for the account, else the plan's (`AUTOCHARGE_MAX_*`, 0 by default). Audited.
   */
  setAutocharge(who: SignedIn, form: { threshold: string; amount: string }, address: string): Promise<Result<AccountSnapshot>>;
  keys(who: SignedIn): Promise<readonly KeyRecord[]>;
  createKey(who: SignedIn, form: { name: string; scopes: readonly string[]; expires: string }, address: string): Promise<Result<IssuedKey>>;
  revokeKey(who: SignedIn, keyId: string, address: string): Promise<Result<null>>;
  usage(who: SignedIn, before: string | undefined): Promise<UsagePage>;
  /** The statements of the last `months` Tokyo months, this one first. */
  statements(who: SignedIn, months: number): Promise<readonly MonthlyStatement[]>;
  /** The ledger of one Tokyo month as CSV (newest first). */
  csv(who: SignedIn, month: string): Promise<Result<string>>;
}

/** Throttling: failures per address and per e-mail in a sliding window (docs/dashboard.md). */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;
const VERIFY_TOKEN_MS = 24 * 3_600_000;
const RESET_TOKEN_MS = 3_600_000;
/** A session's idle clock is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
export const USAGE_PAGE = 50;
/** Sign-ups and reset requests from one client address per hour. */
export const MAX_FORMS_PER_ADDRESS_HOUR = 20;
/** One mail of a kind to an address per this long (a form sent again mails nothing new). */
const MAIL_COOLDOWN_MS = 5 * 60_000;
/** Keys an account may hold at once (revoked ones do not count). */
export const MAX_KEYS = 20;
const HOUR_MS = 3_600_000;
const PRUNE_EVERY_MS = 60_000;
/** A month's CSV and overview read at most this many ledger entries. */
const MONTH_ENTRIES_MAX = 20_000;
/** The longest a key may be issued for. */
const KEY_MAX_DAYS = 3 * 366;
const EMAIL =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Passwords that pass the length rule but are the first ones tried (NIST SP 800-63B §5.1.1.2: refuse known-bad values). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123123123123',
  '111111111111',
  '000000000000',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwerty123456',
  '1q2w3e4r5t6y',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'administrator',
  'abcdefghijkl',
  'abc123abc123',
  'changeme1234',
  'trustno1trustno1',
  'aaaaaaaaaaaa',
  'asdfghjkl123',
  'zxcvbnm12345',
]);

const secret = (): string => randomBytes(32).toString('base64url');
const digestOf = (value: string): SecretDigest => hash('sha256', value, 'hex') as SecretDigest;
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Why a password is refused, or null. */
export function passwordProblem(password: string, email: string): Problem | null {
  let length = 0;
  for (const _ of password) length += 1; // code points: a character outside the BMP counts once
  if (length < PASSWORD_MIN) return { code: 'password_short', field: 'password', params: { min: PASSWORD_MIN } };
  if (length > PASSWORD_MAX) return { code: 'password_long', field: 'password', params: { max: PASSWORD_MAX } };
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size <= 2) return { code: 'password_common', field: 'password' };
  const local = normalizeEmail(email).split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local)) return { code: 'password_contains_email', field: 'password' };
  return null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createDashboard(deps: DashboardDeps): Dashboard {
  const { store, users, hasher, mailer, clock, settings } = deps;
  const admin = createAccountAdmin(store, clock);
  /** Verified against when the address is unknown, so both cost one argon2id verification. */
  let dummyHash: Promise<string> | undefined;
  const dummy = (): Promise<string> => (dummyHash ??= hasher.hash(secret()));
  const link = (path: string, token: string) => `${settings.publicUrl}${path}?token=${token}`;

  /** Sends unless a mail of this kind went to the address within MAIL_COOLDOWN_MS (a form sent ten times mails once). */
  const sendMail = async (kind: string, to: string, mail: { subject: string; text: string }): Promise<void> => {
    if ((await users.recordFailure(`mail:${kind}:${to}`, clock.now(), MAIL_COOLDOWN_MS)) > 1) return;
    // Not awaited: an SMTP round trip must not make an existing address answer slower than an unknown one.
    mailer.send({ to, ...mail }).catch((error: unknown) => deps.onBackgroundError?.(error));
  };
  /** Work done after the answer (sign-up): its failures are logged, never shown. */
  const later = (work: () => Promise<void>): void => {
    work().catch((error: unknown) => deps.onBackgroundError?.(error));
  };
  /** Counts one use of a form from an address; the minutes until it may be used again, or null. */
  async function overLimit(form: string, address: string): Promise<number | null> {
    const key = `${form}:${addressKey(address)}`;
    const now = clock.now();
    if ((await users.recordFailure(key, now, HOUR_MS)) <= MAX_FORMS_PER_ADDRESS_HOUR) return null;
    const { oldestMs } = await users.failures(key, now, HOUR_MS);
    return Math.max(1, Math.ceil(((oldestMs ?? now) + HOUR_MS - now) / 60_000));
  }

  async function sendVerification(user: User): Promise<void> {
    const token = secret();
    await users.putToken({
      digest: digestOf(token),
      purpose: 'verify',
      userId: user.userId,
      email: user.email,
      expiresMs: clock.now() + VERIFY_TOKEN_MS,
    });
    await sendMail('verify', user.email, dashboardMail(user.lang).verify(link('/account/verify', token)));
  }

  /** Sessions past either timeout are deleted now and then (a session is also ended when its cookie comes back late). */
  let prunedMs = Number.NEGATIVE_INFINITY;
  function pruneSessions(): void {
    const now = clock.now();
    if (now - prunedMs < PRUNE_EVERY_MS) return;
    prunedMs = now;
    users
      .pruneSessions(now - settings.sessionIdleMs, now - settings.sessionMaxMs)
      .catch((error: unknown) => deps.onBackgroundError?.(error));
  }

  async function monthEntries(accountId: string, month: string): Promise<LedgerEntry[]> {
    const { fromMs, toMs } = tokyoMonthRange(month);
    const entries: LedgerEntry[] = [];
    let before: string | undefined;
    while (entries.length < MONTH_ENTRIES_MAX) {
      const page = await store.usage(accountId, { limit: 100, before });
      for (const entry of page) if (entry.atMs >= fromMs && entry.atMs < toMs) entries.push(entry);
      const last = page.at(-1);
      if (last === undefined || page.length < 100 || last.atMs < fromMs - 60_000) break;
      before = last.transactionId;
    }
    return entries;
  }

  /** Serializes work per key (an account's key creations): the limit is then checked one creation at a time in this process. */
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = queues.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.then(
      () => {},
      () => {},
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  }

  async function issueKeyFor(
    who: SignedIn,
    form: { name: string; scopes: readonly string[]; expires: string },
    address: string,
  ): Promise<Result<IssuedKey>> {
    const name = form.name.trim();
    if (!KEY_NAME_PATTERN.test(name)) return fail('key_name_invalid', 'name');
    if (form.scopes.length === 0) return fail('key_scopes_empty', 'scopes');
    const unknown = form.scopes.find((scope) => !KEY_SCOPES.includes(scope));
    if (unknown !== undefined) return fail('key_scope_unknown', 'scopes', { scope: unknown.slice(0, 40) });
    let expiresMs: number | null = null;
    if (form.expires.trim() !== '') {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(form.expires.trim());
      // The key works through the whole chosen day, in Tokyo.
      const at = match === null ? Number.NaN : Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) - 9 * 3_600_000;
      const valid = match !== null && new Date(at + 9 * 3_600_000 - 1).getUTCDate() === Number(match[3]);
      if (!valid || at <= clock.now() || at > clock.now() + KEY_MAX_DAYS * 86_400_000)
        return fail('key_expiry_invalid', 'expires', { days: KEY_MAX_DAYS });
      expiresMs = at;
    }
    const standing = await notActive(who);
    if (standing !== null) return standing;
    const held = (await store.listKeys(who.user.accountId)) ?? [];
    if (held.length >= MAX_KEYS) return fail('key_limit', undefined, { max: MAX_KEYS });
    const all = KEY_SCOPES.every((scope) => form.scopes.includes(scope));
    const issued = await admin.issueKey(who.user.accountId, { name, expiresMs, scopes: all ? null : [...new Set(form.scopes)] });
    if (issued === null) return fail('account_closed');
    // Checked again once the key is there, so parallel creations cannot pass the limit together:
    // one that finds the account over it takes its own key back (never shown, never audited).
    if (((await store.listKeys(who.user.accountId)) ?? []).length > MAX_KEYS) {
      await admin.revokeKey(issued.apiKey);
      return fail('key_limit', undefined, { max: MAX_KEYS });
    }
    await users.appendAudit({
      atMs: clock.now(),
      actor: `user:${who.user.userId}`,
      action: 'key.issue',
      accountId: who.user.accountId,
      details: {
        key_id: issued.keyId,
        name,
        scopes: all ? null : [...new Set(form.scopes)],
        expires_at: expiresMs === null ? null : new Date(expiresMs).toISOString(),
      },
      address,
    });
    return ok(issued);
  }

  /** The largest autocharge this account's customer may set: the operator's for the account, else the plan's. */
  async function ceilingOf(accountId: string): Promise<AutochargeCeiling> {
    return (await users.autochargeCeiling(accountId)) ?? settings.autochargeMax;
  }

  /** A suspended or deleted account changes nothing from the dashboard. */
  async function notActive(who: SignedIn): Promise<Result<never> | null> {
    const status = (await store.balance(who.user.accountId))?.status ?? 'deleted';
    return status === 'active' ? null : fail(status === 'suspended' ? 'account_suspended' : 'account_closed');
  }

  async function accountOf(who: SignedIn): Promise<AccountSnapshot> {
    const snapshot = await store.balance(who.user.accountId);
    if (snapshot === null) throw new Error(`the account ${who.user.accountId} of ${who.user.userId} is missing`);
    return snapshot;
  }

  return {
    signupMode: settings.signup,

    async signUp(form) {
      const email = normalizeEmail(form.email);
      if (!EMAIL.test(email) || email.length > 254) return fail('email_invalid', 'email');
      const weak = passwordProblem(form.password, email);
      if (weak !== null) return { ok: false, problem: weak };
      const wait = await overLimit('signup', form.address);
      if (wait !== null) return fail('throttled', undefined, { minutes: wait });
      if (settings.signup === 'invite') {
        if (form.invite === undefined || form.invite === '') return fail('invite_required', 'invite');
        if (!TOKEN.test(form.invite)) return fail('invite_invalid', 'invite');
        const invitation = await users.takeToken(digestOf(form.invite), 'invite', clock.now());
        if (invitation === null) return fail('invite_invalid', 'invite');
        if (invitation.email !== email) {
          await users.putToken(invitation); // not this address's: it stays usable by the invited one
          return fail('invite_invalid', 'invite');
        }
      }
      later(async () => {
        const existing = await users.userByEmail(email);
        // A deleted account's address is free again: its user keeps its history under another
        // address (`…#deleted-<user id>`, which no log-in matches), and a new account is made.
        if (existing !== null && (await store.balance(existing.accountId))?.status === 'deleted')
          await users.setEmail(existing.userId, `${existing.email}#deleted-${existing.userId}`);
        else if (existing !== null) {
          await sendMail(
            'registered',
            email,
            dashboardMail(existing.lang).alreadyRegistered(`${settings.publicUrl}/account/login`, `${settings.publicUrl}/account/reset`),
          );
          return;
        }
        const passwordHash = await hasher.hash(form.password);
        const accountId = generateAccountId();
        await store.createAccount({
          accountId,
          plan: settings.plan,
          monthlyAllowance: settings.monthlyCredits,
          autoCredits: 0,
          autocharge: { threshold: 0, amount: 0 },
        });
        const user: User = {
          userId: `user_${randomBytes(10).toString('hex')}`,
          email,
          passwordHash,
          accountId,
          verifiedMs: null,
          createdMs: clock.now(),
          lang: form.lang,
        };
        // A sign-up racing this one for the address won: this account stays empty and keyless.
        if ((await users.createUser(user)) === 'email-taken') return;
        await users.appendAudit({
          atMs: clock.now(),
          actor: `user:${user.userId}`,
          action: 'account.signup',
          accountId,
          details: { plan: settings.plan, monthly_allowance: settings.monthlyCredits },
          address: form.address,
        });
        await sendVerification(user);
      });
      return ok(null);
    },

    async verify(token) {
      if (!TOKEN.test(token)) return fail('token_invalid');
      const taken = await users.takeToken(digestOf(token), 'verify', clock.now());
      if (taken === null || taken.userId === null) return fail('token_invalid');
      await users.markVerified(taken.userId, clock.now());
      return ok({ email: taken.email });
    },

    async logIn(form) {
      const email = normalizeEmail(form.email);
      const now = clock.now();
      const byEmail = `email:${email.slice(0, 254)}`;
      const byAddress = `ip:${addressKey(form.address)}`;
      // The attempt counts, under the address and the e-mail, before the password is checked (each
      // count is one atomic step of the store): a burst of parallel guesses is cut at the limit. An
      // attempt with the right password is taken back from the address's count afterwards.
      const [emailAttempts, addressAttempts] = await Promise.all([
        users.recordFailure(byEmail, now, LOGIN_WINDOW_MS),
        users.recordFailure(byAddress, now, LOGIN_WINDOW_MS),
      ]);
      if (emailAttempts > MAX_FAILURES_PER_EMAIL || addressAttempts > MAX_FAILURES_PER_ADDRESS) {
        const [emailOldest, addressOldest] = await Promise.all([
          emailAttempts > MAX_FAILURES_PER_EMAIL ? users.failures(byEmail, now, LOGIN_WINDOW_MS).then((f) => f.oldestMs) : null,
          addressAttempts > MAX_FAILURES_PER_ADDRESS ? users.failures(byAddress, now, LOGIN_WINDOW_MS).then((f) => f.oldestMs) : null,
        ]);
        const until = Math.max(emailOldest ?? 0, addressOldest ?? 0) + LOGIN_WINDOW_MS;
        return fail('throttled', undefined, { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) });
      }
      const user = EMAIL.test(email) ? await users.userByEmail(email) : null;
      const password = form.password.slice(0, PASSWORD_MAX * 4);
      const matches =
        user === null ? (await hasher.verify(await dummy(), password), false) : await hasher.verify(user.passwordHash, password);
      const account = matches && user !== null ? await store.balance(user.accountId) : null;
      if (!matches || user === null || account === null || account.status === 'deleted') return fail('login_failed');
      await Promise.all([users.clearFailures(byEmail), users.forgetFailure(byAddress, now)]);
      if (user.verifiedMs === null) {
        await sendVerification(user);
        return fail('not_verified');
      }
      // A new id at every log-in: a session id planted before it (fixation) is worth nothing after.
      if (form.replacing !== undefined && TOKEN.test(form.replacing)) await users.deleteSession(digestOf(form.replacing));
      const sessionId = secret();
      const csrfToken = secret();
      await users.createSession({ digest: digestOf(sessionId), userId: user.userId, csrfToken, createdMs: now, lastSeenMs: now });
      return ok({ sessionId, csrfToken });
    },

    async signedIn(sessionId) {
      if (sessionId === undefined || !TOKEN.test(sessionId)) return null;
      pruneSessions();
      const digest = digestOf(sessionId);
      const session = await users.session(digest);
      if (session === null) return null;
      const now = clock.now();
      if (now - session.createdMs >= settings.sessionMaxMs || now - session.lastSeenMs >= settings.sessionIdleMs) {
        await users.deleteSession(digest);
        return null;
      }
      const user = await users.userById(session.userId);
      if (user === null) return null;
      if (now - session.lastSeenMs >= TOUCH_EVERY_MS) await users.touchSession(digest, now);
      return { user, session };
    },

    logOut: (sessionId) => (TOKEN.test(sessionId) ? users.deleteSession(digestOf(sessionId)) : Promise.resolve()),

    async requestReset(rawEmail, address) {
      const email = normalizeEmail(rawEmail);
      if (!EMAIL.test(email)) return fail('email_invalid', 'email');
      const wait = await overLimit('reset', address);
      if (wait !== null) return fail('throttled', undefined, { minutes: wait });
      later(async () => {
        const user = await users.userByEmail(email);
        if (user === null) return;
        const token = secret();
        await users.putToken({
          digest: digestOf(token),
          purpose: 'reset',
          userId: user.userId,
          email,
          expiresMs: clock.now() + RESET_TOKEN_MS,
        });
        await sendMail('reset', email, dashboardMail(user.lang).reset(link('/account/reset/confirm', token)));
      });
      return ok(null);
    },

    async resetPassword(token, password) {
      if (!TOKEN.test(token)) return fail('token_invalid');
      // The rule is checked before the token is spent: a refused password leaves the link usable.
      const weak = passwordProblem(password, '');
      if (weak !== null) return { ok: false, problem: weak };
      const taken = await users.takeToken(digestOf(token), 'reset', clock.now());
      if (taken === null || taken.userId === null) return fail('token_invalid');
      const emailRule = passwordProblem(password, taken.email);
      if (emailRule !== null) {
        await users.putToken(taken);
        return { ok: false, problem: emailRule };
      }
      await users.setPassword(taken.userId, await hasher.hash(password));
      // The mail reached its owner: the address is verified; every old session ends.
      const user = await users.userById(taken.userId);
      if (user !== null && user.verifiedMs === null) await users.markVerified(user.userId, clock.now());
      // A new password voids every other way in: each session, and every other reset link still out.
      await users.deleteUserSessions(taken.userId);
      await users.deleteUserTokens(taken.userId, 'reset');
      await users.clearFailures(`email:${taken.email}`);
      return ok(null);
    },

    setLang: (who, lang) => users.setLang(who.user.userId, lang),

    async overview(who) {
      const account = await accountOf(who);
      const month = tokyoMonthOf(clock.now());
      const totals = new Map<string, { calls: number; credits: number }>();
      for (const entry of await monthEntries(who.user.accountId, month)) {
        if (entry.voided) continue;
        const total = totals.get(entry.operation) ?? { calls: 0, credits: 0 };
        total.calls += 1;
        total.credits += entry.cost;
        totals.set(entry.operation, total);
      }
      const byOperation = [...totals]
        .map(([operation, t]) => ({ operation, ...t }))
        .sort((a, b) => b.credits - a.credits || b.calls - a.calls || a.operation.localeCompare(b.operation));
      return { account, month, byOperation, autochargeMax: await ceilingOf(account.accountId) };
    },

    async setAutocharge(who, form, address) {
      const threshold = /^\d{1,10}$/.test(form.threshold.trim()) ? Number(form.threshold.trim()) : Number.NaN;
      const amount = /^\d{1,10}$/.test(form.amount.trim()) ? Number(form.amount.trim()) : Number.NaN;
      if (!(threshold >= 0 && threshold <= MAX_CREDITS)) return fail('autocharge_threshold_range', 'threshold', { max: MAX_CREDITS });
      if (!(amount >= 0 && amount <= MAX_CREDITS)) return fail('autocharge_amount_range', 'amount', { max: MAX_CREDITS });
      const accountId = who.user.accountId;
      const [current, ceiling] = await Promise.all([store.balance(accountId), ceilingOf(accountId)]);
      if (current === null || current.status === 'deleted') return fail('account_closed');
      if (current.status === 'suspended') return fail('account_suspended');
      // Autocharge buys credits (docs/dashboard.md): lowering it or turning it off is always allowed; turning
      // it on or raising either figure only within the operator's ceiling.
      const previous = current.autocharge;
      const lowering = amount === 0 || (threshold <= previous.threshold && amount <= previous.amount);
      if (!lowering) {
        if (ceiling.amount === 0) return fail('autocharge_unavailable', 'amount');
        if (threshold > ceiling.threshold) return fail('autocharge_threshold_range', 'threshold', { max: ceiling.threshold });
        if (amount > ceiling.amount) return fail('autocharge_amount_range', 'amount', { max: ceiling.amount });
      }
      // Audited before it is applied, as an operator's change is (operator.ts): a change never goes unaudited.
      const entry = await users.appendAudit({
        atMs: clock.now(),
        actor: `user:${who.user.userId}`,
        action: 'account.autocharge',
        accountId,
        details: { threshold, amount, previous: { threshold: previous.threshold, amount: previous.amount }, ceiling },
        address,
        outcome: 'pending',
      });
      const snapshot = await store.setAutocharge(accountId, { threshold, amount });
      await users.settleAudit(entry.id, snapshot === null ? 'failed' : 'applied').catch(() => {});
      if (snapshot === null) return fail('account_closed');
      return ok(snapshot);
    },

    keys: async (who) => (await store.listKeys(who.user.accountId)) ?? [],

    createKey: (who, form, address) => oneAtATime(who.user.accountId, () => issueKeyFor(who, form, address)),

    async revokeKey(who, keyId, address) {
      if (!/^[\x21-\x7e]{1,64}$/.test(keyId) || !(await store.revokeKeyById(who.user.accountId, keyId))) return fail('key_not_found');
      await users.appendAudit({
        atMs: clock.now(),
        actor: `user:${who.user.userId}`,
        action: 'key.revoke',
        accountId: who.user.accountId,
        details: { key_id: keyId },
        address,
      });
      return ok(null);
    },

    async usage(who, before) {
      const cursor = before !== undefined && /^\d{1,20}-\d{1,20}$/.test(before) ? before : undefined;
      const entries = await store.usage(who.user.accountId, { limit: USAGE_PAGE + 1, before: cursor });
      const page = entries.slice(0, USAGE_PAGE);
      return { entries: page, next: entries.length > USAGE_PAGE ? (page.at(-1)?.transactionId ?? null) : null };
    },

    async statements(who, months) {
      const list: MonthlyStatement[] = [];
      let at = clock.now();
      for (let i = 0; i < months; i++) {
        const month = tokyoMonthOf(at);
        list.push(statementOf(month, await monthEntries(who.user.accountId, month)));
        at = tokyoMonthRange(month).fromMs - 1;
      }
      return list;
    },

    async csv(who, month) {
      if (!MONTH_PATTERN.test(month)) return fail('month_invalid', 'month');
      const rows = (await monthEntries(who.user.accountId, month)).map((e) =>
        [
          e.transactionId,
          new Date(e.atMs).toISOString(),
          e.operation,
          e.cost,
          e.fromMonthly,
          e.fromAuto,
          e.autochargedAmount,
          e.voided,
          e.logId,
        ]
          .map(csvField)
          .join(','),
      );
      const header = 'transaction_id,at,operation,cost,from_monthly,from_auto,autocharged,voided,log_id';
      return ok(`${[header, ...rows].join('\r\n')}\r\n`);
    },
  };
}

/**
 * What a client address counts under: IPv4 as it is, IPv6 by its /64 (one customer's network
 * holds a whole /64, so counting each address apart would give an attacker 2^64 budgets).
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  const groups = bare.includes('::') ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A CSV field: quoted when it holds a separator or quote; a leading = + - @ made inert for spreadsheets. */
function csvField(value: string | number | boolean): string {
  const text = String(value);
  const inert = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** The CSRF token of a form, compared in constant time. */
export const csrfMatches = (expected: string, given: string | undefined): boolean => given !== undefined && sameText(expected, given);
