/**
 * Log-in with throttling, server-side sessions and log-out (docs/dashboard.md). A failed log-in says
 * the same for a wrong password and an unknown address (which costs the same argon2id
 * verification), and the lock-out counts unknown addresses too.
 */
import { isEmailAddress, MAX_EMAIL_CHARS, normalizeEmail } from '../accounts/rules.ts';
import { succeed } from '../outcome.ts';
import type { Session, User } from '../ports/dashboard-store.ts';
import type { DashboardDeps } from './deps.ts';
import type { Mailing } from './mailing.ts';
import { PASSWORD_MAX } from './passwords.ts';
import { fail, type DashboardOutcome } from './refusal.ts';
import { digestOf, secret, TOKEN } from './secrets.ts';
import { addressKey, LOGIN_WINDOW_MS, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from './throttle.ts';

/** A session's idle clock is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
const PRUNE_EVERY_MS = 60_000;

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

export interface Sessions {
  logIn(form: { email: string; password: string; address: string; replacing?: string | undefined }): Promise<DashboardOutcome<NewSession>>;
  signedIn(sessionId: string | undefined): Promise<SignedIn | null>;
  logOut(sessionId: string): Promise<void>;
}

export function createSessions(deps: DashboardDeps, mailing: Mailing): Sessions {
  const { store, users, hasher, clock, settings } = deps;
  /** Verified against when the address is unknown, so both cost one argon2id verification. */
  let dummyHash: Promise<string> | undefined;
  const dummy = (): Promise<string> => (dummyHash ??= hasher.hash(secret()));

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

  return {
    async logIn(form) {
      const email = normalizeEmail(form.email);
      const now = clock.now();
      const byEmail = `email:${email.slice(0, MAX_EMAIL_CHARS)}`;
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
      const user = isEmailAddress(email) ? await users.userByEmail(email) : null;
      const password = form.password.slice(0, PASSWORD_MAX * 4);
      const matches =
        user === null ? (await hasher.verify(await dummy(), password), false) : await hasher.verify(user.passwordHash, password);
      const account = matches && user !== null ? await store.balance(user.accountId) : null;
      if (!matches || user === null || account === null || account.status === 'deleted') return fail('login_failed');
      await Promise.all([users.clearFailures(byEmail), users.forgetFailure(byAddress, now)]);
      if (user.verifiedMs === null) {
        await mailing.sendVerification(user);
        return fail('not_verified');
      }
      // A new id at every log-in: a session id planted before it (fixation) is worth nothing after.
      if (form.replacing !== undefined && TOKEN.test(form.replacing)) await users.deleteSession(digestOf(form.replacing));
      const sessionId = secret();
      const csrfToken = secret();
      await users.createSession({ digest: digestOf(sessionId), userId: user.userId, csrfToken, createdMs: now, lastSeenMs: now });
      return succeed({ sessionId, csrfToken });
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
  };
}
