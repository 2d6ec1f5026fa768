import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminToken,
  DashboardStore,
  NewAuditEntry,
  OneTimeToken,
  SecretDigest,
  Session,
  User,
} from '../../src/application/ports/dashboard-store.ts';

/**
 * The DashboardStore contract (STYLE rule 9): the embedded store and PostgreSQL run this same
 * suite. Every test makes its own users, tokens and keys (random ids), so the tests share one
 * store; times are plain numbers passed in, as the port wants.
 */

export interface DashboardStoreUnderTest {
  readonly store: DashboardStore;
  readonly close: () => Promise<void>;
}

const T0 = Date.parse('2025-01-15T03:00:00Z');

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const digest = (): SecretDigest => createHash('sha256').update(randomBytes(32)).digest('hex') as SecretDigest;

export function dashboardStoreContract(name: string, open: () => Promise<DashboardStoreUnderTest>): void {
  describe(`DashboardStore contract: ${name}`, () => {
    let subject: DashboardStoreUnderTest;
    let store: DashboardStore;

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => subject?.close());

    function newUser(extra: Partial<User> = {}): User {
      const userId = `user_${hex(10)}`;
      return {
        userId,
        email: `${userId}@example.com`,
        passwordHash: `$argon2id$v=19$m=8,t=1,p=1$${hex(8)}$${hex(16)}`,
        accountId: `acct_${hex(8)}`,
        verifiedMs: null,
        createdMs: T0,
        lang: 'ja',
        ...extra,
      };
    }

    async function user(extra: Partial<User> = {}): Promise<User> {
      const made = newUser(extra);
      expect(await store.createUser(made)).toBe('created');
      return made;
    }

    it('ping answers', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    describe('users', () => {
      it('a created user is found by e-mail, id and account, exactly as stored', async () => {
        const made = await user({ verifiedMs: T0 + 5, lang: 'en' });
        expect(await store.userByEmail(made.email)).toEqual(made);
        expect(await store.userById(made.userId)).toEqual(made);
        expect(await store.userByAccount(made.accountId)).toEqual(made);
      });

      it('a new address frees the old one for a new user; the moved user is found by its new address', async () => {
        const moved = await user();
        const tombstone = `${moved.email}#deleted-${moved.userId}`;
        await store.setEmail(moved.userId, tombstone);
        expect(await store.userByEmail(moved.email)).toBeNull();
        expect(await store.userByEmail(tombstone)).toEqual({ ...moved, email: tombstone });
        expect(await store.createUser(newUser({ email: moved.email }))).toBe('created');
        expect((await store.userByEmail(moved.email))?.userId).not.toBe(moved.userId);
      });

      it('unknown e-mail, id and account are null', async () => {
        expect(await store.userByEmail(`nobody.${hex(6)}@example.com`)).toBeNull();
        expect(await store.userById(`user_${hex(10)}`)).toBeNull();
        expect(await store.userByAccount(`acct_${hex(8)}`)).toBeNull();
      });

      it('an e-mail address is taken whatever its case, and found whatever its case', async () => {
        const tag = hex(6);
        const first = await user({ email: `case.${tag}@example.com` });
        const rival = newUser({ email: `CASE.${tag.toUpperCase()}@Example.COM` });
        expect(await store.createUser(rival)).toBe('email-taken');
        expect(await store.userById(rival.userId)).toBeNull();
        expect(await store.userByEmail(`Case.${tag.toUpperCase()}@EXAMPLE.com`)).toEqual(first);
      });

      it('two sign-ups racing for one address: exactly one is created', async () => {
        const email = `race.${hex(6)}@example.com`;
        const outcomes = await Promise.all(Array.from({ length: 5 }, () => store.createUser(newUser({ email }))));
        expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome === 'email-taken')).toHaveLength(4);
      });

      it('markVerified records when the address was verified; a later call does not move it', async () => {
        const made = await user();
        await store.markVerified(made.userId, T0 + 100);
        expect((await store.userById(made.userId))?.verifiedMs).toBe(T0 + 100);
        await store.markVerified(made.userId, T0 + 999);
        expect((await store.userById(made.userId))?.verifiedMs).toBe(T0 + 100);
      });

      it('setPassword and setLang change that user only', async () => {
        const made = await user({ lang: 'ja' });
        const other = await user({ lang: 'ja' });
        await store.setPassword(made.userId, '$argon2id$new');
        await store.setLang(made.userId, 'en');
        expect(await store.userById(made.userId)).toEqual({ ...made, passwordHash: '$argon2id$new', lang: 'en' });
        expect(await store.userById(other.userId)).toEqual(other);
      });

      it('changes to an unknown user are no-ops', async () => {
        const unknown = `user_${hex(10)}`;
        await store.markVerified(unknown, T0);
        await store.setPassword(unknown, 'x');
        await store.setLang(unknown, 'en');
        expect(await store.userById(unknown)).toBeNull();
      });

      it('userByAccount of an account with two users answers the first created', async () => {
        const accountId = `acct_${hex(8)}`;
        const later = await user({ accountId, createdMs: T0 + 10 });
        const first = await user({ accountId, createdMs: T0 + 1 });
        expect(await store.userByAccount(accountId)).toEqual(first);
        expect(later.createdMs).toBeGreaterThan(first.createdMs);
      });

      it('searchUsers: by fragment, case-insensitive, newest first, at most limit', async () => {
        const tag = `q${hex(6)}`;
        const made = [];
        for (let i = 0; i < 4; i++) made.push(await user({ email: `u${i}.${tag}@example.com`, createdMs: T0 + i }));
        const newestFirst = [...made].reverse();
        expect(await store.searchUsers(tag.toUpperCase(), 10)).toEqual(newestFirst);
        expect(await store.searchUsers(`${tag}@EXAMPLE`, 2)).toEqual(newestFirst.slice(0, 2));
        expect(await store.searchUsers(`u2.${tag}`, 10)).toEqual([made[2]]);
        expect(await store.searchUsers(tag, 0)).toEqual([]);
        expect(await store.searchUsers(`zz${hex(6)}`, 10)).toEqual([]);
      });

      it('searchUsers: % and _ in the fragment are those characters, not wildcards', async () => {
        const tag = `w${hex(6)}`;
        const underscore = await user({ email: `a_b.${tag}@example.com`, createdMs: T0 + 1 });
        await user({ email: `axb.${tag}@example.com`, createdMs: T0 + 2 });
        const percent = await user({ email: `p%q.${tag}@example.com`, createdMs: T0 + 3 });
        await user({ email: `pzzq.${tag}@example.com`, createdMs: T0 + 4 });
        expect(await store.searchUsers(`a_b.${tag}`, 10)).toEqual([underscore]);
        expect(await store.searchUsers(`p%q.${tag}`, 10)).toEqual([percent]);
        expect(await store.searchUsers(`%q.${tag}`, 10)).toEqual([percent]);
        expect(await store.searchUsers(`_b.${tag}`, 10)).toEqual([underscore]);
        expect(await store.searchUsers(`P%Q.${tag.toUpperCase()}`, 10)).toEqual([percent]);
      });

      it('a NUL character in a lookup matches nothing (and does not fail)', async () => {
        expect(await store.userByEmail('a\0b@example.com')).toBeNull();
        expect(await store.userById('user_\0')).toBeNull();
        expect(await store.searchUsers('\0', 10)).toEqual([]);
      });
    });

    describe('one-time tokens', () => {
      async function token(extra: Partial<OneTimeToken> = {}): Promise<OneTimeToken> {
        const owner = extra.userId === undefined ? await user() : null;
        const made: OneTimeToken = {
          digest: digest(),
          purpose: 'verify',
          userId: owner?.userId ?? null,
          email: owner?.email ?? `invitee.${hex(6)}@example.com`,
          expiresMs: T0 + 60_000,
          ...extra,
        };
        await store.putToken(made);
        return made;
      }

      it('a token is taken once: the first take answers it, every later one null', async () => {
        const made = await token({ purpose: 'reset' });
        expect(await store.takeToken(made.digest, 'reset', T0)).toEqual(made);
        expect(await store.takeToken(made.digest, 'reset', T0)).toBeNull();
        expect(await store.takeToken(made.digest, 'verify', T0)).toBeNull();
      });

      it("a user's outstanding tokens of one purpose are deleted together; other purposes and users keep theirs", async () => {
        const owner = await user();
        const other = await user();
        const resets = [await token({ purpose: 'reset', userId: owner.userId }), await token({ purpose: 'reset', userId: owner.userId })];
        const verify = await token({ purpose: 'verify', userId: owner.userId });
        const othersReset = await token({ purpose: 'reset', userId: other.userId });
        expect(await store.deleteUserTokens(owner.userId, 'reset')).toBe(2);
        for (const reset of resets) expect(await store.takeToken(reset.digest, 'reset', T0)).toBeNull();
        expect(await store.takeToken(verify.digest, 'verify', T0)).toEqual(verify);
        expect(await store.takeToken(othersReset.digest, 'reset', T0)).toEqual(othersReset);
        expect(await store.deleteUserTokens(owner.userId, 'reset')).toBe(0);
      });

      it('an invitation has no user', async () => {
        const made = await token({ purpose: 'invite', userId: null, email: `invited.${hex(6)}@example.com` });
        expect(await store.takeToken(made.digest, 'invite', T0)).toEqual(made);
      });

      it('the wrong purpose takes nothing, and leaves the token to the right one', async () => {
        const made = await token({ purpose: 'verify' });
        expect(await store.takeToken(made.digest, 'reset', T0)).toBeNull();
        expect(await store.takeToken(made.digest, 'invite', T0)).toBeNull();
        expect(await store.takeToken(made.digest, 'verify', T0)).toEqual(made);
      });

      it('a token is good until just before expiresMs', async () => {
        const good = await token({ expiresMs: T0 + 1_000 });
        const late = await token({ expiresMs: T0 + 1_000 });
        expect(await store.takeToken(good.digest, 'verify', T0 + 999)).toEqual(good);
        expect(await store.takeToken(late.digest, 'verify', T0 + 1_000)).toBeNull();
        expect(await store.takeToken(late.digest, 'verify', T0 + 5_000)).toBeNull();
      });

      it('an unknown digest takes nothing', async () => {
        expect(await store.takeToken(digest(), 'verify', T0)).toBeNull();
      });

      it('a token taken and put back works once more', async () => {
        const made = await token({ purpose: 'invite', userId: null });
        const taken = await store.takeToken(made.digest, 'invite', T0);
        expect(taken).toEqual(made);
        await store.putToken(taken!);
        expect(await store.takeToken(made.digest, 'invite', T0)).toEqual(made);
        expect(await store.takeToken(made.digest, 'invite', T0)).toBeNull();
      });

      it('concurrent takes of one token: exactly one wins', async () => {
        for (let round = 0; round < 10; round++) {
          const made = await token({ purpose: 'reset' });
          const taken = await Promise.all(Array.from({ length: 4 }, () => store.takeToken(made.digest, 'reset', T0)));
          expect(taken.filter((value) => value !== null)).toEqual([made]);
        }
      });

      it('a token for an unknown user is refused', async () => {
        await expect(
          store.putToken({ digest: digest(), purpose: 'reset', userId: `user_${hex(10)}`, email: 'x@example.com', expiresMs: T0 }),
        ).rejects.toBeInstanceOf(Error);
      });
    });

    describe('sessions', () => {
      async function session(userId: string, extra: Partial<Session> = {}): Promise<Session> {
        const made: Session = { digest: digest(), userId, csrfToken: hex(32), createdMs: T0, lastSeenMs: T0, ...extra };
        await store.createSession(made);
        return made;
      }

      it('a created session is read back; touch moves its idle clock; delete ends it', async () => {
        const owner = await user();
        const made = await session(owner.userId, { createdMs: T0 + 1, lastSeenMs: T0 + 2 });
        expect(await store.session(made.digest)).toEqual(made);
        await store.touchSession(made.digest, T0 + 60_000);
        expect(await store.session(made.digest)).toEqual({ ...made, lastSeenMs: T0 + 60_000 });
        await store.deleteSession(made.digest);
        expect(await store.session(made.digest)).toBeNull();
      });

      it('touching or deleting an unknown session is a no-op', async () => {
        const unknown = digest();
        await store.touchSession(unknown, T0);
        await store.deleteSession(unknown);
        expect(await store.session(unknown)).toBeNull();
      });

      it('deleteUserSessions ends every session of that user, and says how many', async () => {
        const [owner, other] = [await user(), await user()];
        const mine = [await session(owner.userId), await session(owner.userId), await session(owner.userId)];
        const theirs = await session(other.userId);
        expect(await store.deleteUserSessions(owner.userId)).toBe(3);
        for (const made of mine) expect(await store.session(made.digest)).toBeNull();
        expect(await store.session(theirs.digest)).toEqual(theirs);
        expect(await store.deleteUserSessions(owner.userId)).toBe(0);
        expect(await store.deleteUserSessions(`user_${hex(10)}`)).toBe(0);
      });

      it('pruneSessions deletes the sessions past either timeout and says how many', async () => {
        const owner = await user();
        const idle = await session(owner.userId, { createdMs: 2_000, lastSeenMs: 1_000 });
        const old = await session(owner.userId, { createdMs: 1_500, lastSeenMs: T0 });
        const fresh = await session(owner.userId, { createdMs: T0, lastSeenMs: T0 });
        expect(await store.pruneSessions(1_500, 1_600)).toBe(2);
        expect(await store.session(idle.digest)).toBeNull();
        expect(await store.session(old.digest)).toBeNull();
        expect(await store.session(fresh.digest)).toEqual(fresh);
        expect(await store.pruneSessions(1_500, 1_600)).toBe(0);
      });

      it('a session id is one session: a second with the same digest is refused', async () => {
        const owner = await user();
        const made = await session(owner.userId);
        await expect(store.createSession({ ...made, csrfToken: 'other' })).rejects.toBeInstanceOf(Error);
        expect(await store.session(made.digest)).toEqual(made);
      });

      it('a session of an unknown user is refused', async () => {
        await expect(
          store.createSession({ digest: digest(), userId: `user_${hex(10)}`, csrfToken: 'c', createdMs: T0, lastSeenMs: T0 }),
        ).rejects.toBeInstanceOf(Error);
      });
    });

    describe('log-in failures', () => {
      const WINDOW = 15 * 60_000;
      const key = (): string => `email:${hex(6)}@example.com`;

      it('counts the failures within the sliding window, this one included', async () => {
        const k = key();
        expect(await store.recordFailure(k, T0, WINDOW)).toBe(1);
        expect(await store.recordFailure(k, T0 + 1_000, WINDOW)).toBe(2);
        expect(await store.recordFailure(k, T0 + 2_000, WINDOW)).toBe(3);
        expect(await store.failures(k, T0 + 2_000, WINDOW)).toEqual({ count: 3, oldestMs: T0 });
        // The first leaves the window exactly WINDOW after it happened.
        expect(await store.failures(k, T0 + WINDOW - 1, WINDOW)).toEqual({ count: 3, oldestMs: T0 });
        expect(await store.failures(k, T0 + WINDOW, WINDOW)).toEqual({ count: 2, oldestMs: T0 + 1_000 });
        expect(await store.recordFailure(k, T0 + WINDOW + 1_500, WINDOW)).toBe(2);
        expect(await store.failures(k, T0 + WINDOW + 1_500, WINDOW)).toEqual({ count: 2, oldestMs: T0 + 2_000 });
        expect(await store.failures(k, T0 + 10 * WINDOW, WINDOW)).toEqual({ count: 0, oldestMs: null });
      });

      it('one failure taken back by its time: one, however many share it; none when there is none', async () => {
        const k = key();
        for (const at of [0, 1_000, 1_000, 2_000]) await store.recordFailure(k, T0 + at, WINDOW);
        await store.forgetFailure(k, T0 + 1_000);
        expect(await store.failures(k, T0 + 2_000, WINDOW)).toEqual({ count: 3, oldestMs: T0 });
        await store.forgetFailure(k, T0 + 1_000);
        await store.forgetFailure(k, T0 + 1_000);
        expect(await store.failures(k, T0 + 2_000, WINDOW)).toEqual({ count: 2, oldestMs: T0 });
        await store.forgetFailure(k, T0);
        await store.forgetFailure(k, T0 + 2_000);
        expect(await store.failures(k, T0 + 2_000, WINDOW)).toEqual({ count: 0, oldestMs: null });
        await store.forgetFailure(key(), T0);
        expect(await store.recordFailure(k, T0 + 3_000, WINDOW)).toBe(1);
      });

      it('the same failures under a shorter window count fewer', async () => {
        const k = key();
        for (const at of [0, 10_000, 20_000, 30_000]) await store.recordFailure(k, T0 + at, WINDOW);
        expect(await store.failures(k, T0 + 30_000, 15_000)).toEqual({ count: 2, oldestMs: T0 + 20_000 });
        expect(await store.failures(k, T0 + 30_000, WINDOW)).toEqual({ count: 4, oldestMs: T0 });
      });

      it('keys are counted apart; clearFailures forgets one key only', async () => {
        const [a, b] = [key(), `ip:${hex(4)}`];
        await store.recordFailure(a, T0, WINDOW);
        await store.recordFailure(a, T0 + 1, WINDOW);
        expect(await store.recordFailure(b, T0 + 2, WINDOW)).toBe(1);
        await store.clearFailures(a);
        expect(await store.failures(a, T0 + 3, WINDOW)).toEqual({ count: 0, oldestMs: null });
        expect(await store.failures(b, T0 + 3, WINDOW)).toEqual({ count: 1, oldestMs: T0 + 2 });
        expect(await store.recordFailure(a, T0 + 4, WINDOW)).toBe(1);
        await store.clearFailures(key()); // unknown: a no-op
      });

      it('an unknown key has no failures', async () => {
        expect(await store.failures(key(), T0, WINDOW)).toEqual({ count: 0, oldestMs: null });
      });

      it('concurrent failures under one key are each counted: the answers are 1…n', async () => {
        const k = key();
        const counts = await Promise.all(Array.from({ length: 12 }, (_, i) => store.recordFailure(k, T0 + i, WINDOW)));
        expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
        expect((await store.failures(k, T0 + 12, WINDOW)).count).toBe(12);
      });

      it('a key with a NUL or a backslash is a key like any other, distinct from its look-alikes', async () => {
        const tag = hex(4);
        const [nul, escaped, backslash] = [`email:a\0${tag}`, `email:a\\0${tag}`, `email:a\\${tag}`];
        expect(await store.recordFailure(nul, T0, WINDOW)).toBe(1);
        expect(await store.recordFailure(nul, T0 + 1, WINDOW)).toBe(2);
        expect(await store.recordFailure(escaped, T0 + 2, WINDOW)).toBe(1);
        expect(await store.failures(nul, T0 + 3, WINDOW)).toEqual({ count: 2, oldestMs: T0 });
        expect(await store.failures(backslash, T0 + 3, WINDOW)).toEqual({ count: 0, oldestMs: null });
        await store.clearFailures(nul);
        expect(await store.failures(nul, T0 + 3, WINDOW)).toEqual({ count: 0, oldestMs: null });
        expect(await store.failures(escaped, T0 + 3, WINDOW)).toEqual({ count: 1, oldestMs: T0 + 2 });
      });
    });

    describe('autocharge ceilings', () => {
      it("none until set; set, replaced, and dropped again; one account does not see another's", async () => {
        const account = `acct_${hex(8)}`;
        const other = `acct_${hex(8)}`;
        expect(await store.autochargeCeiling(account)).toBeNull();
        await store.setAutochargeCeiling(account, { threshold: 100, amount: 1_000_000_000 }, T0);
        expect(await store.autochargeCeiling(account)).toEqual({ threshold: 100, amount: 1_000_000_000 });
        await store.setAutochargeCeiling(account, { threshold: 0, amount: 5 }, T0 + 1);
        expect(await store.autochargeCeiling(account)).toEqual({ threshold: 0, amount: 5 });
        expect(await store.autochargeCeiling(other)).toBeNull();
        await store.setAutochargeCeiling(account, null, T0 + 2);
        expect(await store.autochargeCeiling(account)).toBeNull();
        await store.setAutochargeCeiling(account, null, T0 + 3);
        expect(await store.autochargeCeiling(account)).toBeNull();
      });
    });

    describe('audit log', () => {
      const entry = (extra: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
        atMs: T0,
        actor: 'cli',
        action: 'account.create',
        accountId: null,
        details: {},
        address: null,
        ...extra,
      });

      it('an appended entry comes back with a new, larger id and what was asked', async () => {
        const details = { plan: 'standard', monthly_allowance: 1000, scopes: ['read', 'write'], nested: { ok: true, none: null } };
        const first = await store.appendAudit(entry({ actor: 'admin-token:adm_abcdefgh', details, address: '192.0.2.1' }));
        expect(first).toEqual({
          ...entry({ actor: 'admin-token:adm_abcdefgh', details, address: '192.0.2.1' }),
          id: first.id,
          outcome: 'applied',
        });
        const second = await store.appendAudit(entry());
        expect(second.id).toBeGreaterThan(first.id);
        expect(await store.audit({ limit: 2 })).toEqual([second, first]);
      });

      it('a pending entry is settled applied (details merged) or failed; one never settled stays pending', async () => {
        const accountId = `acct_${hex(8)}`;
        const applied = await store.appendAudit(entry({ accountId, action: 'key.issue', details: { name: 'ci' }, outcome: 'pending' }));
        const failed = await store.appendAudit(
          entry({ accountId, action: 'account.grant', details: { auto_credits: 5 }, outcome: 'pending' }),
        );
        const unknown = await store.appendAudit(
          entry({ accountId, action: 'account.grant', details: { auto_credits: 7 }, outcome: 'pending' }),
        );
        expect(applied.outcome).toBe('pending');
        await store.settleAudit(applied.id, 'applied', { key_id: 'fp_abcdefgh' });
        await store.settleAudit(failed.id, 'failed');
        const [third, second, first] = await store.audit({ limit: 3, accountId });
        expect(first).toEqual({ ...applied, outcome: 'applied', details: { name: 'ci', key_id: 'fp_abcdefgh' } });
        expect(second).toEqual({ ...failed, outcome: 'failed' });
        expect(third).toEqual(unknown);
      });

      it('an Idempotency-Key is claimed once per actor: running, then done with its answer; released, or past the window, it is free', async () => {
        const key = `k-${hex(6)}`;
        expect(await store.claimAdminRequest('cli', key, 'digest-1', T0, T0 - 86_400_000)).toBeNull();
        expect(await store.claimAdminRequest('cli', key, 'digest-2', T0 + 1, T0 + 1 - 86_400_000)).toEqual({
          state: 'running',
          requestDigest: 'digest-1',
        });
        // Another actor's key of the same name is its own.
        expect(await store.claimAdminRequest('admin-token:adm_x', key, 'digest-3', T0, T0 - 86_400_000)).toBeNull();
        await store.finishAdminRequest('cli', key, 201, { account: { id: 'a' }, api_key: null });
        expect(await store.claimAdminRequest('cli', key, 'digest-1', T0 + 2, T0 + 2 - 86_400_000)).toEqual({
          state: 'done',
          requestDigest: 'digest-1',
          status: 201,
          body: { account: { id: 'a' }, api_key: null },
        });
        await store.releaseAdminRequest('cli', key);
        expect(await store.claimAdminRequest('cli', key, 'digest-4', T0 + 3, T0 + 3 - 86_400_000)).toBeNull();
        // Older than the window: taken over by the next claim.
        expect(await store.claimAdminRequest('cli', key, 'digest-5', T0 + 86_400_010, T0 + 10)).toBeNull();
      });

      it('pages newest first with before, and filters by account', async () => {
        const [a, b] = [`acct_${hex(8)}`, `acct_${hex(8)}`];
        const appended = [];
        for (let i = 0; i < 7; i++) {
          appended.push(
            await store.appendAudit(entry({ atMs: T0 + i, accountId: i % 2 === 0 ? a : b, action: `key.issue`, details: { i } })),
          );
        }
        const ofA = appended.filter((made) => made.accountId === a).reverse(); // i = 6, 4, 2, 0
        expect(await store.audit({ limit: 100, accountId: a })).toEqual(ofA);
        const page1 = await store.audit({ limit: 3, accountId: a });
        expect(page1).toEqual(ofA.slice(0, 3));
        const page2 = await store.audit({ limit: 3, accountId: a, before: page1.at(-1)!.id });
        expect(page2).toEqual(ofA.slice(3));
        expect(await store.audit({ limit: 3, accountId: a, before: page2.at(-1)!.id })).toEqual([]);
        // Without a filter: every account's, newest first.
        const all = await store.audit({ limit: 4 });
        expect(all).toEqual(appended.slice(3).reverse());
        expect(await store.audit({ limit: 2, before: appended[3]!.id })).toEqual([appended[2], appended[1]]);
        expect(await store.audit({ limit: 100, accountId: `acct_${hex(8)}` })).toEqual([]);
      });
    });

    describe('admin tokens', () => {
      function adminToken(extra: Partial<AdminToken> = {}): AdminToken {
        return {
          tokenId: `adm_${hex(4)}`,
          name: `ops ${hex(3)}`,
          digest: digest(),
          scopes: ['read'],
          createdMs: T0,
          revokedMs: null,
          expiresMs: null,
          ...extra,
        };
      }

      it('created tokens are found by digest and listed oldest first, revoked ones too', async () => {
        const reader = adminToken({ createdMs: T0 + 1 });
        const writer = adminToken({ scopes: ['read', 'write'], createdMs: T0 + 2, expiresMs: T0 + 86_400_000 });
        await store.createAdminToken(writer);
        await store.createAdminToken(reader);
        expect(await store.adminToken(reader.digest)).toEqual(reader);
        expect(await store.adminToken(writer.digest)).toEqual(writer);
        expect(await store.adminToken(digest())).toBeNull();
        const ours = (await store.listAdminTokens()).filter((held) => [reader.tokenId, writer.tokenId].includes(held.tokenId));
        expect(ours).toEqual([reader, writer]);

        expect(await store.revokeAdminToken(reader.tokenId, T0 + 50)).toBe(true);
        expect(await store.revokeAdminToken(reader.tokenId, T0 + 60)).toBe(false);
        expect(await store.adminToken(reader.digest)).toEqual({ ...reader, revokedMs: T0 + 50 });
        expect(await store.adminToken(writer.digest)).toEqual(writer);
        const after = (await store.listAdminTokens()).filter((held) => [reader.tokenId, writer.tokenId].includes(held.tokenId));
        expect(after).toEqual([{ ...reader, revokedMs: T0 + 50 }, writer]);
      });

      it('revoking an unknown token answers false', async () => {
        expect(await store.revokeAdminToken(`adm_${hex(4)}`, T0)).toBe(false);
      });

      it('a token id or digest already held is refused', async () => {
        const made = adminToken();
        await store.createAdminToken(made);
        await expect(store.createAdminToken({ ...adminToken(), tokenId: made.tokenId })).rejects.toBeInstanceOf(Error);
        await expect(store.createAdminToken({ ...adminToken(), digest: made.digest })).rejects.toBeInstanceOf(Error);
        expect(await store.adminToken(made.digest)).toEqual(made);
      });
    });
  });
}
