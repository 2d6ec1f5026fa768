/**
 * Sign-up with e-mail verification, and password reset (docs/dashboard.md). Neither answer tells
 * whether an address has an account: both say "check your mail" either way, and what an existing
 * address changes (the account, the user, the mail) is done after the answer.
 */
import { randomBytes } from 'node:crypto';
import { generateAccountId } from '../accounts/api-keys.ts';
import { isEmailAddress, normalizeEmail } from '../accounts/rules.ts';
import { refuse, succeed } from '../outcome.ts';
import type { DashboardLang, User } from '../ports/dashboard-store.ts';
import type { DashboardDeps } from './deps.ts';
import { dashboardMail } from './mail.ts';
import type { Mailing } from './mailing.ts';
import { passwordProblem } from './passwords.ts';
import { dashboardError, fail, type DashboardOutcome } from './refusal.ts';
import { digestOf, secret, TOKEN } from './secrets.ts';
import { addressKey, HOUR_MS, MAX_FORMS_PER_ADDRESS_HOUR } from './throttle.ts';

const RESET_TOKEN_MS = 3_600_000;

export interface Registration {
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
  }): Promise<DashboardOutcome<null>>;
  /** Spends a verification token (the page asks for a click first: a link scanner's GET must not). */
  verify(token: string): Promise<DashboardOutcome<{ email: string }>>;
  requestReset(email: string, address: string): Promise<DashboardOutcome<null>>;
  resetPassword(token: string, password: string): Promise<DashboardOutcome<null>>;
}

export function createRegistration(deps: DashboardDeps, mailing: Mailing): Registration {
  const { store, users, hasher, clock, settings } = deps;

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

  return {
    async signUp(form) {
      const email = normalizeEmail(form.email);
      if (!isEmailAddress(email)) return fail('email_invalid', 'email');
      const weak = passwordProblem(form.password, email);
      if (weak !== null) return refuse(dashboardError(weak));
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
          await mailing.send(
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
        await mailing.sendVerification(user);
      });
      return succeed(null);
    },

    async verify(token) {
      if (!TOKEN.test(token)) return fail('token_invalid');
      const taken = await users.takeToken(digestOf(token), 'verify', clock.now());
      if (taken === null || taken.userId === null) return fail('token_invalid');
      await users.markVerified(taken.userId, clock.now());
      return succeed({ email: taken.email });
    },

    async requestReset(rawEmail, address) {
      const email = normalizeEmail(rawEmail);
      if (!isEmailAddress(email)) return fail('email_invalid', 'email');
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
        await mailing.send('reset', email, dashboardMail(user.lang).reset(mailing.link('/account/reset/confirm', token)));
      });
      return succeed(null);
    },

    async resetPassword(token, password) {
      if (!TOKEN.test(token)) return fail('token_invalid');
      // The rule is checked before the token is spent: a refused password leaves the link usable.
      const weak = passwordProblem(password, '');
      if (weak !== null) return refuse(dashboardError(weak));
      const taken = await users.takeToken(digestOf(token), 'reset', clock.now());
      if (taken === null || taken.userId === null) return fail('token_invalid');
      const emailRule = passwordProblem(password, taken.email);
      if (emailRule !== null) {
        await users.putToken(taken);
        return refuse(dashboardError(emailRule));
      }
      await users.setPassword(taken.userId, await hasher.hash(password));
      // The mail reached its owner: the address is verified; every old session ends.
      const user = await users.userById(taken.userId);
      if (user !== null && user.verifiedMs === null) await users.markVerified(user.userId, clock.now());
      // A new password voids every other way in: each session, and every other reset link still out.
      await users.deleteUserSessions(taken.userId);
      await users.deleteUserTokens(taken.userId, 'reset');
      await users.clearFailures(`email:${taken.email}`);
      return succeed(null);
    },
  };
}
