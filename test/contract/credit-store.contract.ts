import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digestApiKey, generateApiKey } from '../../src/application/accounts/api-keys.ts';
import {
  KEY_LAST_USED_RESOLUTION_MS,
  type ApiKeyDigest,
  type ChargeCommand,
  type ChargeOutcome,
  type ChargeReceipt,
  type Clock,
  type CreditStore,
  type KeyGrant,
} from '../../src/application/ports/credit-store.ts';
import type { AutochargeSettings, Plan } from '../../src/domain/credits/account.ts';

/**
 * The CreditStore contract (STYLE rule 9): every implementation runs this same suite. Times are
 * set on an injected clock; the Tokyo month turns at 15:00 UTC on the last day of a month.
 */

export class FakeClock implements Clock {
  private ms: number;
  constructor(ms = Date.parse('2025-01-15T03:00:00Z')) {
    this.ms = ms;
  }
  now(): number {
    return this.ms;
  }
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface StoreUnderTest {
  readonly store: CreditStore;
  readonly close: () => Promise<void>;
}

const COST = 10;
const NO_AUTOCHARGE: AutochargeSettings = { threshold: 0, amount: 0 };

export function creditStoreContract(name: string, open: (clock: Clock) => Promise<StoreUnderTest>): void {
  describe(`CreditStore contract: ${name}`, () => {
    const clock = new FakeClock();
    let subject: StoreUnderTest;
    let store: CreditStore;

    beforeAll(async () => {
      subject = await open(clock);
      store = subject.store;
    });
    afterAll(async () => subject?.close());
    beforeEach(() => clock.set('2025-01-15T03:00:00Z'));

    async function account(
      options: { monthly?: number; auto?: number; plan?: Plan; autocharge?: AutochargeSettings } = {},
    ): Promise<string> {
      const accountId = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const created = await store.createAccount({
        accountId,
        plan: options.plan ?? 'standard',
        monthlyAllowance: options.monthly ?? 1000,
        autoCredits: options.auto ?? 0,
        autocharge: options.autocharge ?? NO_AUTOCHARGE,
      });
      expect(created).toBe('created');
      return accountId;
    }

    const charge = (accountId: string, extra: Partial<ChargeCommand> = {}): Promise<ChargeOutcome> =>
      store.charge({ accountId, chargeId: randomUUID(), unitCost: COST, logId: randomUUID(), idempotency: null, ...extra });

    async function charged(accountId: string, extra: Partial<ChargeCommand> = {}): Promise<ChargeReceipt> {
      const outcome = await charge(accountId, extra);
      if (outcome.kind !== 'charged') throw new Error(`expected a charge, got ${outcome.kind}`);
      return outcome.receipt;
    }

    async function balances(accountId: string): Promise<{ monthly: number; auto: number }> {
      const snapshot = await store.balance(accountId);
      if (snapshot === null) throw new Error('account vanished');
      return { monthly: snapshot.monthlyCredits, auto: snapshot.autoCredits };
    }

    describe('accounts', () => {
      it('a new account starts with the monthly allowance, its auto credits and autocharge settings', async () => {
        const id = await account({ monthly: 300, auto: 25, autocharge: { threshold: 100, amount: 500 } });
        expect(await store.balance(id)).toEqual({
          accountId: id,
          status: 'active',
          createdMs: Date.parse('2025-01-15T03:00:00Z'),
          plan: 'standard',
          monthlyAllowance: 300,
          monthlyCredits: 300,
          autoCredits: 25,
          month: '2025-01',
          autocharge: { threshold: 100, amount: 500 },
        });
      });

      it('creating an account whose id is taken changes nothing', async () => {
        const id = await account({ monthly: 300 });
        const again = await store.createAccount({
          accountId: id,
          plan: 'enterprise',
          monthlyAllowance: 1,
          autoCredits: 1,
          autocharge: NO_AUTOCHARGE,
        });
        expect(again).toBe('exists');
        expect(await store.balance(id)).toMatchObject({ plan: 'standard', monthlyAllowance: 300 });
      });

      it('an unknown account has no balance, no usage, cannot be charged, granted or reconfigured', async () => {
        expect(await store.balance('t_nobody')).toBeNull();
        expect(await store.usage('t_nobody', { limit: 10 })).toEqual([]);
        expect(await charge('t_nobody')).toEqual({ kind: 'unknown-account' });
        expect(await store.grantAutoCredits('t_nobody', 10)).toBeNull();
        expect(await store.setAutocharge('t_nobody', { threshold: 1, amount: 1 })).toBeNull();
        expect(await store.balance('t_nobody')).toBeNull();
      });

      it('granting auto credits adds to the auto balance only', async () => {
        const id = await account({ monthly: 100, auto: 5 });
        expect(await store.grantAutoCredits(id, 250)).toMatchObject({ monthlyCredits: 100, autoCredits: 255 });
      });

      it('autocharge settings can be changed', async () => {
        const id = await account();
        expect(await store.setAutocharge(id, { threshold: 50, amount: 200 })).toMatchObject({ autocharge: { threshold: 50, amount: 200 } });
      });
    });

    describe('API keys', () => {
      it('a bound key digest authenticates as its account; an unknown one does not', async () => {
        const id = await account();
        const key = generateApiKey();
        expect(await store.addKey(id, digestApiKey(key))).toBe(true);
        expect(await store.authenticate(digestApiKey(key))).toEqual({ accountId: id });
        expect(await store.authenticate(digestApiKey(generateApiKey()))).toBeNull();
      });

      it('with a rate limit, each call takes a token: a burst, then refusals with a retry time, then a refill', async () => {
        const id = await account();
        const digest = digestApiKey(generateApiKey());
        await store.addKey(id, digest);
        const limit = { perSecond: 10, burst: 2 };
        expect(await store.authenticate(digest, limit)).toEqual({ accountId: id });
        expect(await store.authenticate(digest, limit)).toEqual({ accountId: id });
        expect(await store.authenticate(digest, limit)).toEqual({ rateLimited: true, retryAfterMs: 100 });
        clock.advance(50);
        expect(await store.authenticate(digest, limit)).toEqual({ rateLimited: true, retryAfterMs: 50 });
        clock.advance(50);
        expect(await store.authenticate(digest, limit)).toEqual({ accountId: id });
        // Buckets are per key; an unknown key takes no token and stays unknown.
        const other = digestApiKey(generateApiKey());
        await store.addKey(id, other);
        expect(await store.authenticate(other, limit)).toEqual({ accountId: id });
        expect(await store.authenticate(digestApiKey(generateApiKey()), limit)).toBeNull();
      });

      it("a paid charge takes its token from the key's bucket in the same step; an empty bucket charges nothing", async () => {
        const id = await account({ monthly: 100 });
        const keyDigest = digestApiKey(generateApiKey());
        await store.addKey(id, keyDigest);
        const rateLimit = { keyDigest, limit: { perSecond: 10, burst: 2 } };
        // One bucket for both: a free call's token and a paid call's token.
        expect(await store.authenticate(keyDigest, rateLimit.limit)).toEqual({ accountId: id });
        expect((await charge(id, { rateLimit })).kind).toBe('charged');
        expect(await charge(id, { rateLimit })).toEqual({ kind: 'rate-limited', retryAfterMs: 100 });
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
        expect(await store.usage(id, { limit: 10 })).toHaveLength(1);
        // Refused before the idempotency record too: the key is free for the retry.
        const idempotency = { key: 'k1', requestDigest: 'd1' };
        expect((await charge(id, { rateLimit, idempotency })).kind).toBe('rate-limited');
        clock.advance(100);
        expect((await charge(id, { rateLimit, idempotency })).kind).toBe('charged');
        expect(await balances(id)).toEqual({ monthly: 80, auto: 0 });
        // Without a limit, the bucket is not consulted.
        expect((await charge(id, { rateLimit: null })).kind).toBe('charged');
      });

      it('a revoked key no longer authenticates; other keys of the account still do', async () => {
        const id = await account();
        const [revoked, kept] = [generateApiKey(), generateApiKey()];
        await store.addKey(id, digestApiKey(revoked));
        await store.addKey(id, digestApiKey(kept));
        expect(await store.revokeKey(digestApiKey(revoked))).toBe(true);
        expect(await store.authenticate(digestApiKey(revoked))).toBeNull();
        expect(await store.authenticate(digestApiKey(kept))).toEqual({ accountId: id });
        expect(await store.revokeKey(digestApiKey(revoked))).toBe(false);
      });

      it('a key cannot be bound to an account that does not exist', async () => {
        expect(await store.addKey('t_nobody', digestApiKey(generateApiKey()))).toBe(false);
      });
    });

    describe('charging', () => {
      it('takes the cost from the monthly balance first', async () => {
        const id = await account({ monthly: 100, auto: 50 });
        expect(await charged(id)).toMatchObject({ cost: 10, fromMonthly: 10, fromAuto: 0, monthlyCredits: 90, autoCredits: 50 });
        expect(await balances(id)).toEqual({ monthly: 90, auto: 50 });
      });

      it('takes what the monthly balance lacks from the auto balance', async () => {
        const id = await account({ monthly: 4, auto: 50 });
        expect(await charged(id)).toMatchObject({ fromMonthly: 4, fromAuto: 6, monthlyCredits: 0, autoCredits: 44 });
        expect(await charged(id)).toMatchObject({ fromMonthly: 0, fromAuto: 10, monthlyCredits: 0, autoCredits: 34 });
      });

      it('an exact-cost balance is enough and ends at zero', async () => {
        const fromMonthly = await account({ monthly: 10 });
        expect(await charged(fromMonthly)).toMatchObject({ monthlyCredits: 0, autoCredits: 0 });
        const split = await account({ monthly: 3, auto: 7 });
        expect(await charged(split)).toMatchObject({ fromMonthly: 3, fromAuto: 7, monthlyCredits: 0, autoCredits: 0 });
      });

      it('a balance one credit short is refused and nothing is taken', async () => {
        const id = await account({ monthly: 4, auto: 5 });
        expect(await charge(id)).toEqual({ kind: 'insufficient', cost: 10, monthlyCredits: 4, autoCredits: 5 });
        expect(await balances(id)).toEqual({ monthly: 4, auto: 5 });
        expect(await store.usage(id, { limit: 10 })).toEqual([]);
      });

      it('after the last affordable charge the next one is refused', async () => {
        const id = await account({ monthly: 20 });
        await charged(id);
        await charged(id);
        expect(await charge(id)).toMatchObject({ kind: 'insufficient' });
        expect(await balances(id)).toEqual({ monthly: 0, auto: 0 });
      });

      it('concurrent charges never overdraw: 100 charges of 10 on 500 credits → exactly 50 succeed', async () => {
        const id = await account({ monthly: 300, auto: 200 });
        const outcomes = await Promise.all(Array.from({ length: 100 }, () => charge(id)));
        expect(outcomes.filter((o) => o.kind === 'charged')).toHaveLength(50);
        expect(outcomes.filter((o) => o.kind === 'insufficient')).toHaveLength(50);
        expect(await balances(id)).toEqual({ monthly: 0, auto: 0 });
        expect(await store.usage(id, { limit: 100 })).toHaveLength(50);
      });
    });

    describe('Tokyo calendar month', () => {
      it('the first charge of a new month starts again from the allowance; auto credits carry over', async () => {
        clock.set('2025-01-31T14:59:59Z'); // 23:59:59 JST, still January
        const id = await account({ monthly: 100, auto: 30 });
        await charged(id);
        await charged(id);
        expect(await balances(id)).toEqual({ monthly: 80, auto: 30 });
        clock.set('2025-01-31T15:00:00Z'); // 00:00 JST 1 February
        expect(await store.balance(id)).toMatchObject({ monthlyCredits: 100, autoCredits: 30, month: '2025-02' });
        expect(await charged(id)).toMatchObject({ fromMonthly: 10, monthlyCredits: 90, autoCredits: 30 });
      });

      it('an exhausted month is refilled by the next one', async () => {
        const id = await account({ monthly: 10 });
        await charged(id);
        expect(await charge(id)).toMatchObject({ kind: 'insufficient' });
        clock.set('2025-02-01T00:00:00Z'); // 09:00 JST 1 February
        expect(await charged(id)).toMatchObject({ monthlyCredits: 0 });
      });

      it('a clock that lags behind a month already started does not grant the month again', async () => {
        const id = await account({ monthly: 100 });
        clock.set('2025-02-10T00:00:00Z');
        await charged(id);
        clock.set('2025-01-31T14:00:00Z'); // another gateway, still in January
        expect(await charged(id)).toMatchObject({ monthlyCredits: 80 });
      });

      it('the new year starts a new month too', async () => {
        clock.set('2025-12-31T10:00:00Z');
        const id = await account({ monthly: 50 });
        await charged(id);
        clock.set('2025-12-31T15:00:00Z'); // 00:00 JST 1 January 2026
        expect(await charged(id)).toMatchObject({ monthlyCredits: 40 });
        expect(await store.balance(id)).toMatchObject({ month: '2026-01' });
      });
    });

    describe('autocharge', () => {
      const autocharge = { threshold: 100, amount: 500 };

      it('fires when a charge leaves the total below the threshold', async () => {
        const id = await account({ monthly: 105, autocharge });
        const receipt = await charged(id);
        expect(receipt).toMatchObject({ monthlyCredits: 95, autoCredits: 500 });
        expect(receipt.autocharge).toEqual({ status: 'charged', amount: 500, threshold: 100 });
        expect(await balances(id)).toEqual({ monthly: 95, auto: 500 });
      });

      it('does not fire when the total lands exactly on the threshold', async () => {
        const id = await account({ monthly: 110, autocharge });
        const receipt = await charged(id);
        expect(receipt).toMatchObject({ monthlyCredits: 100, autoCredits: 0 });
        expect(receipt.autocharge).toEqual({ status: 'not-needed', amount: 0, threshold: 100 });
      });

      it('does not fire above the threshold', async () => {
        const id = await account({ monthly: 300, autocharge });
        expect((await charged(id)).autocharge).toEqual({ status: 'not-needed', amount: 0, threshold: 100 });
      });

      it('is reported disabled when its amount is 0, even below the threshold', async () => {
        const id = await account({ monthly: 20, autocharge: { threshold: 100, amount: 0 } });
        const receipt = await charged(id);
        expect(receipt.autocharge).toEqual({ status: 'disabled', amount: 0, threshold: 100 });
        expect(receipt.autoCredits).toBe(0);
      });

      it('tops up first when the balance is below the cost and the threshold, and the call then succeeds', async () => {
        const id = await account({ monthly: 5, autocharge });
        const receipt = await charged(id);
        expect(receipt.autocharge).toEqual({ status: 'charged', amount: 500, threshold: 100 });
        expect(receipt).toMatchObject({ fromMonthly: 5, fromAuto: 5, monthlyCredits: 0, autoCredits: 495 });
        expect(await balances(id)).toEqual({ monthly: 0, auto: 495 });
        const [entry] = await store.usage(id, { limit: 10 });
        expect(entry).toMatchObject({ cost: 10, fromMonthly: 5, fromAuto: 5, autochargedAmount: 500 });
      });

      it('a charge the top-up could not cover is refused and does not autocharge', async () => {
        const id = await account({ monthly: 5, autocharge: { threshold: 100, amount: 4 } });
        expect(await charge(id)).toMatchObject({ kind: 'insufficient' });
        expect(await balances(id)).toEqual({ monthly: 5, auto: 0 });
      });

      it('no top-up while the total is at or above the threshold, even if below the cost', async () => {
        const id = await account({ monthly: 5, autocharge: { threshold: 5, amount: 500 } });
        expect(await charge(id)).toMatchObject({ kind: 'insufficient' });
        expect(await balances(id)).toEqual({ monthly: 5, auto: 0 });
      });
    });

    describe('enterprise plan', () => {
      it('consumes nothing and leaves balances untouched, but records the call in the ledger at 0 credits', async () => {
        const id = await account({ plan: 'enterprise', monthly: 0, auto: 0, autocharge: { threshold: 100, amount: 500 } });
        const receipt = await charged(id, { logId: 'ent-log' });
        expect(receipt).toMatchObject({ cost: 0, fromMonthly: 0, fromAuto: 0, monthlyCredits: 0, autoCredits: 0, transactionId: null });
        expect(receipt.autocharge.status).toBe('not-applicable');
        expect(await balances(id)).toEqual({ monthly: 0, auto: 0 });
        const entries = await store.usage(id, { limit: 10 });
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({ logId: 'ent-log', cost: 0, fromMonthly: 0, fromAuto: 0, autochargedAmount: 0, voided: false });
      });
    });

    describe('idempotency', () => {
      it('a retry with the same key and request returns the first receipt and charges nothing', async () => {
        const id = await account({ monthly: 100 });
        const idempotency = { key: 'retry-1', requestDigest: 'a'.repeat(64) };
        const first = await charge(id, { idempotency, logId: 'log-first' });
        const retry = await charge(id, { idempotency, logId: 'log-retry' });
        expect(first.kind).toBe('charged');
        expect(retry.kind).toBe('replayed');
        if (first.kind !== 'charged' || retry.kind !== 'replayed') return;
        expect(retry.receipt).toEqual(first.receipt);
        expect(retry.receipt.logId).toBe('log-first');
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
        expect(await store.usage(id, { limit: 10 })).toHaveLength(1);
      });

      it('the same key with another request is a conflict and charges nothing', async () => {
        const id = await account({ monthly: 100 });
        await charged(id, { idempotency: { key: 'k', requestDigest: 'a'.repeat(64) } });
        expect(await charge(id, { idempotency: { key: 'k', requestDigest: 'b'.repeat(64) } })).toEqual({ kind: 'idempotency-conflict' });
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
      });

      it('keys are scoped to the account', async () => {
        const [a, b] = [await account({ monthly: 100 }), await account({ monthly: 100 })];
        const idempotency = { key: 'shared', requestDigest: 'a'.repeat(64) };
        expect((await charge(a, { idempotency })).kind).toBe('charged');
        expect((await charge(b, { idempotency })).kind).toBe('charged');
      });

      it('a refused charge does not use up its key: the retry after a top-up succeeds', async () => {
        const id = await account({ monthly: 0 });
        const idempotency = { key: 'after-topup', requestDigest: 'c'.repeat(64) };
        expect((await charge(id, { idempotency })).kind).toBe('insufficient');
        await store.grantAutoCredits(id, 10);
        expect((await charge(id, { idempotency })).kind).toBe('charged');
        expect((await charge(id, { idempotency })).kind).toBe('replayed');
      });

      it('an enterprise retry replays the first log id', async () => {
        const id = await account({ plan: 'enterprise' });
        const idempotency = { key: 'ent', requestDigest: 'd'.repeat(64) };
        await charge(id, { idempotency, logId: 'ent-first' });
        const retry = await charge(id, { idempotency, logId: 'ent-second' });
        expect(retry).toMatchObject({ kind: 'replayed', receipt: { logId: 'ent-first', transactionId: null, cost: 0 } });
      });
    });

    describe('voiding a charge (a charge stands only if its answer was delivered)', () => {
      const claim = (key: string) => ({ key, requestDigest: 'digest-1' });

      it('refunds exactly what the charge took, marks its ledger entry void, and a second void changes nothing', async () => {
        const id = await account({ monthly: 15, auto: 90 });
        await charged(id, { chargeId: 'keep' });
        const receipt = await charged(id, { chargeId: 'undo' });
        expect(receipt).toMatchObject({ fromMonthly: 5, fromAuto: 5 });
        expect(await store.voidCharge({ accountId: id, chargeId: 'undo', idempotencyKey: null })).toBe('voided');
        expect(await balances(id)).toEqual({ monthly: 5, auto: 90 });
        const [newest, oldest] = await store.usage(id, { limit: 10 });
        expect(newest).toMatchObject({ transactionId: receipt.transactionId, voided: true });
        expect(oldest).toMatchObject({ voided: false });
        expect(await store.voidCharge({ accountId: id, chargeId: 'undo', idempotencyKey: null })).toBe('already-void');
        expect(await balances(id)).toEqual({ monthly: 5, auto: 90 });
      });

      it('a void that arrives before its charge stops the charge from ever running', async () => {
        const id = await account({ monthly: 100 });
        expect(await store.voidCharge({ accountId: id, chargeId: 'late', idempotencyKey: null })).toBe('not-charged');
        expect(await charge(id, { chargeId: 'late' })).toEqual({ kind: 'voided' });
        expect(await balances(id)).toEqual({ monthly: 100, auto: 0 });
        expect(await store.usage(id, { limit: 10 })).toEqual([]);
        expect((await charge(id, { chargeId: 'another' })).kind).toBe('charged');
      });

      it('drops the idempotency record, so a retry with the same key is charged anew, not replayed', async () => {
        const id = await account({ monthly: 100 });
        await charged(id, { chargeId: 'first', idempotency: claim('order-1') });
        expect(await store.voidCharge({ accountId: id, chargeId: 'first', idempotencyKey: 'order-1' })).toBe('voided');
        expect((await charge(id, { chargeId: 'retry', idempotency: claim('order-1') })).kind).toBe('charged');
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
      });

      it('credits taken from a month that has since passed are gone, as unused monthly credits are; auto credits go back to auto', async () => {
        const id = await account({ monthly: 5, auto: 100 });
        clock.set('2025-01-31T14:59:59Z'); // 23:59:59 JST, January
        expect(await charged(id, { chargeId: 'at-midnight' })).toMatchObject({ fromMonthly: 5, fromAuto: 5 });
        clock.set('2025-01-31T15:00:01Z'); // February in Tokyo
        expect(await store.voidCharge({ accountId: id, chargeId: 'at-midnight', idempotencyKey: null })).toBe('voided');
        // February's allowance (5) is untouched by January's refund; the 5 auto credits come back.
        expect(await balances(id)).toEqual({ monthly: 5, auto: 100 });
        const [entry] = await store.usage(id, { limit: 10 });
        expect(entry).toMatchObject({ voided: true });
      });

      it('repeating the month-edge void every month never grows the allowance', async () => {
        const id = await account({ monthly: 100 });
        for (const [before, after] of [
          ['2025-01-31T14:59:00Z', '2025-01-31T15:01:00Z'],
          ['2025-02-28T14:59:00Z', '2025-02-28T15:01:00Z'],
        ] as const) {
          clock.set(before);
          const chargeId = `edge-${before}`;
          await charged(id, { chargeId });
          clock.set(after);
          expect(await store.voidCharge({ accountId: id, chargeId, idempotencyKey: null })).toBe('voided');
          expect(await balances(id)).toEqual({ monthly: 100, auto: 0 });
        }
      });

      it('an enterprise call is voided like any other (its 0-credit entry is marked void); an unknown charge id is not', async () => {
        const id = await account({ plan: 'enterprise', monthly: 0 });
        await charged(id, { chargeId: 'free' });
        expect(await store.voidCharge({ accountId: id, chargeId: 'free', idempotencyKey: null })).toBe('voided');
        expect(await store.voidCharge({ accountId: id, chargeId: 'never-seen', idempotencyKey: null })).toBe('not-charged');
        expect(await balances(id)).toEqual({ monthly: 0, auto: 0 });
        expect(await store.usage(id, { limit: 10 })).toMatchObject([{ cost: 0, voided: true }]);
      });

      it('a charge that was replayed is final: its void refunds nothing and keeps the idempotency record', async () => {
        const id = await account({ monthly: 100 });
        await charged(id, { chargeId: 'stalled', idempotency: claim('order-r') });
        expect((await charge(id, { chargeId: 'retry', idempotency: claim('order-r') })).kind).toBe('replayed');
        expect(await store.voidCharge({ accountId: id, chargeId: 'stalled', idempotencyKey: 'order-r' })).toBe('final');
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
        expect(await store.usage(id, { limit: 10 })).toMatchObject([{ voided: false }]);
        expect((await charge(id, { chargeId: 'again', idempotency: claim('order-r') })).kind).toBe('replayed');
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
      });
    });

    describe('settling and sweeping', () => {
      it('lists charges made before a time that were neither settled nor voided, with their idempotency key', async () => {
        const id = await account({ monthly: 1000 });
        clock.set('2025-01-15T03:00:00Z');
        await charged(id, { chargeId: 'delivered' });
        await charged(id, { chargeId: 'undone' });
        await charged(id, { chargeId: 'orphan', idempotency: { key: 'order-9', requestDigest: 'd' } });
        clock.set('2025-01-15T03:05:00Z');
        await charged(id, { chargeId: 'recent' });
        await store.settleCharge({ accountId: id, chargeId: 'delivered' });
        await store.voidCharge({ accountId: id, chargeId: 'undone', idempotencyKey: null });
        // The store is shared by the whole suite: look at this account's charges.
        const stale = await store.unsettledCharges(Date.parse('2025-01-15T03:01:00Z'), 100_000);
        expect(stale.filter((unsettled) => unsettled.accountId === id)).toEqual([
          { accountId: id, chargeId: 'orphan', idempotencyKey: 'order-9', gatewayId: null },
        ]);
      });

      it('records the charging gateway, whose heartbeat says whether it is still alive', async () => {
        const id = await account({ monthly: 1000 });
        const [alive, gone] = [`gw-${randomUUID()}`, `gw-${randomUUID()}`];
        await charged(id, { chargeId: 'held', gatewayId: alive });
        await charged(id, { chargeId: 'orphaned', gatewayId: gone });
        clock.advance(10 * 60_000);
        await store.heartbeat(alive, 60_000);
        await store.heartbeat(gone, 60_000);
        await store.endHeartbeat(gone);
        const stale = (await store.unsettledCharges(clock.now(), 100_000)).filter((unsettled) => unsettled.accountId === id);
        expect(
          stale.map(({ chargeId, gatewayId }) => ({ chargeId, gatewayId })).sort((a, b) => a.chargeId.localeCompare(b.chargeId)),
        ).toEqual([
          { chargeId: 'held', gatewayId: alive },
          { chargeId: 'orphaned', gatewayId: gone },
        ]);
        expect(await store.liveGateways([alive, gone])).toEqual(new Set([alive]));
      });

      it('charges of several accounts settled in one turn are each final', async () => {
        const [first, second] = [await account({ monthly: 100 }), await account({ monthly: 100 })];
        const made = [
          { accountId: first, chargeId: 'one' },
          { accountId: first, chargeId: 'two' },
          { accountId: second, chargeId: 'three' },
        ];
        for (const ref of made) await charged(ref.accountId, { chargeId: ref.chargeId });
        await Promise.all(made.map((ref) => store.settleCharge(ref)));
        for (const ref of made) expect(await store.voidCharge({ ...ref, idempotencyKey: null })).toBe('not-charged');
        expect(await balances(first)).toEqual({ monthly: 80, auto: 0 });
        expect(await balances(second)).toEqual({ monthly: 90, auto: 0 });
        const stale = await store.unsettledCharges(clock.now() + 60_000, 100_000);
        expect(stale.filter((unsettled) => unsettled.accountId === first || unsettled.accountId === second)).toEqual([]);
      });

      it('a settled charge is final: a late void does not refund it', async () => {
        const id = await account({ monthly: 100 });
        await charged(id, { chargeId: 'done' });
        await store.settleCharge({ accountId: id, chargeId: 'done' });
        expect(await store.voidCharge({ accountId: id, chargeId: 'done', idempotencyKey: null })).toBe('not-charged');
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
      });
    });

    describe('ledger', () => {
      it('every charge appends an entry whose id is the transaction id; newest first', async () => {
        const id = await account({ monthly: 15, auto: 90, autocharge: { threshold: 90, amount: 40 } });
        clock.set('2025-01-15T03:00:00Z');
        const first = await charged(id, { logId: 'log-1' });
        clock.set('2025-01-15T03:00:01Z');
        const second = await charged(id, { logId: 'log-2' });
        const entries = await store.usage(id, { limit: 10 });
        expect(entries).toEqual([
          {
            transactionId: second.transactionId,
            logId: 'log-2',
            operation: 'chart',
            cost: 10,
            fromMonthly: 5,
            fromAuto: 5,
            autochargedAmount: 40,
            atMs: Date.parse('2025-01-15T03:00:01Z'),
            voided: false,
          },
          {
            transactionId: first.transactionId,
            logId: 'log-1',
            operation: 'chart',
            cost: 10,
            fromMonthly: 10,
            fromAuto: 0,
            autochargedAmount: 0,
            atMs: Date.parse('2025-01-15T03:00:00Z'),
            voided: false,
          },
        ]);
        expect(first.transactionId).toMatch(/^\d+-\d+$/);
        expect(first.transactionId).not.toBe(second.transactionId);
      });

      it('pages backwards from a transaction id', async () => {
        const id = await account({ monthly: 1000 });
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) ids.push((await charged(id)).transactionId!);
        const page1 = await store.usage(id, { limit: 2 });
        expect(page1.map((e) => e.transactionId)).toEqual([ids[4], ids[3]]);
        const page2 = await store.usage(id, { limit: 2, before: ids[3] });
        expect(page2.map((e) => e.transactionId)).toEqual([ids[2], ids[1]]);
        const page3 = await store.usage(id, { limit: 2, before: ids[1] });
        expect(page3.map((e) => e.transactionId)).toEqual([ids[0]]);
      });
    });

    describe('keys, plans, suspension, deletion, listing', () => {
      const newDigest = (): ApiKeyDigest => digestApiKey(generateApiKey());
      const grant = (extra: Partial<KeyGrant> = {}): KeyGrant => ({
        keyId: `fp_${randomUUID().replaceAll('-', '').slice(0, 8)}`,
        name: 'server',
        createdMs: clock.now(),
        expiresMs: null,
        scopes: null,
        ...extra,
      });
      const lastUsed = async (accountId: string, keyId: string) =>
        (await store.listKeys(accountId))?.find((key) => key.keyId === keyId)?.lastUsedMs;

      it('a key issued with a grant authenticates with its expiry and scopes, is listed and found by its id', async () => {
        const id = await account();
        const digest = newDigest();
        const issued = grant({ name: 'ci runner', expiresMs: Date.parse('2025-06-01T00:00:00Z'), scopes: ['chart', 'mcp'] });
        expect(await store.addKey(id, digest, issued)).toBe(true);
        expect(await store.authenticate(digest)).toEqual({
          accountId: id,
          key: { expiresMs: Date.parse('2025-06-01T00:00:00Z'), scopes: ['chart', 'mcp'] },
        });
        // With a rate limit too.
        expect(await store.authenticate(digest, { perSecond: 10, burst: 5 })).toEqual({
          accountId: id,
          key: { expiresMs: Date.parse('2025-06-01T00:00:00Z'), scopes: ['chart', 'mcp'] },
        });
        const scopesOnly = grant({ scopes: ['compatibility'], createdMs: clock.now() + 1 });
        const scoped = newDigest();
        await store.addKey(id, scoped, scopesOnly);
        expect(await store.authenticate(scoped)).toEqual({ accountId: id, key: { expiresMs: null, scopes: ['compatibility'] } });
        expect(await store.findKey(issued.keyId)).toEqual({ accountId: id });
        expect(await store.findKey('fp_unknown0')).toBeNull();
        const listed = await store.listKeys(id);
        expect(listed?.map(({ lastUsedMs: _, ...key }) => key)).toEqual([issued, scopesOnly]);
      });

      it('a key issued without a grant is bound as before: every scope, no expiry, not listed', async () => {
        const id = await account();
        const digest = newDigest();
        expect(await store.addKey(id, digest)).toBe(true);
        expect(await store.authenticate(digest)).toEqual({ accountId: id });
        expect(await store.listKeys(id)).toEqual([]);
        expect(await store.listKeys('t_nobody')).toBeNull();
        expect(await store.addKey('t_nobody', newDigest(), grant())).toBe(false);
      });

      it('keys are listed oldest first', async () => {
        const id = await account();
        const [middle, newest, oldest] = [grant({ createdMs: 2_000 }), grant({ createdMs: 3_000 }), grant({ createdMs: 1_000 })];
        for (const issued of [middle, newest, oldest]) await store.addKey(id, newDigest(), issued);
        expect((await store.listKeys(id))?.map((key) => key.keyId)).toEqual([oldest.keyId, middle.keyId, newest.keyId]);
      });

      it('a listed key shows when it last authenticated: never, then the time of a call', async () => {
        const id = await account();
        const digest = newDigest();
        const issued = grant();
        await store.addKey(id, digest, issued);
        expect(await lastUsed(id, issued.keyId)).toBeNull();
        const firstUse = clock.now();
        await store.authenticate(digest);
        // Written without holding up the call: it shows shortly after.
        await expect.poll(() => lastUsed(id, issued.keyId)).toBe(firstUse);
        clock.advance(1_000);
        await store.authenticate(digest);
        const soonAfter = await lastUsed(id, issued.keyId);
        expect(soonAfter).toBeGreaterThanOrEqual(firstUse);
        expect(soonAfter).toBeLessThanOrEqual(firstUse + 1_000);
        clock.advance(KEY_LAST_USED_RESOLUTION_MS);
        await store.authenticate(digest);
        await expect.poll(() => lastUsed(id, issued.keyId)).toBe(firstUse + 1_000 + KEY_LAST_USED_RESOLUTION_MS);
      });

      it('a key revoked by its id stops authenticating at once, is unlisted and not found; only its own account can revoke it', async () => {
        const [id, other] = [await account(), await account()];
        const [digest, kept] = [newDigest(), newDigest()];
        const [issued, keptGrant] = [grant(), grant()];
        await store.addKey(id, digest, issued);
        await store.addKey(id, kept, keptGrant);
        expect(await store.authenticate(digest)).toEqual({ accountId: id });
        expect(await store.revokeKeyById(other, issued.keyId)).toBe(false);
        expect(await store.authenticate(digest)).toEqual({ accountId: id });
        expect(await store.revokeKeyById(id, issued.keyId)).toBe(true);
        expect(await store.authenticate(digest)).toBeNull();
        expect(await store.findKey(issued.keyId)).toBeNull();
        expect((await store.listKeys(id))?.map((key) => key.keyId)).toEqual([keptGrant.keyId]);
        expect(await store.revokeKeyById(id, issued.keyId)).toBe(false);
        expect(await store.revokeKey(digest)).toBe(false);
        expect(await store.authenticate(kept)).toEqual({ accountId: id });
      });

      it('a key revoked by its digest is unlisted and not found by its id either', async () => {
        const id = await account();
        const digest = newDigest();
        const issued = grant();
        await store.addKey(id, digest, issued);
        expect(await store.revokeKey(digest)).toBe(true);
        expect(await store.authenticate(digest)).toBeNull();
        expect(await store.listKeys(id)).toEqual([]);
        expect(await store.findKey(issued.keyId)).toBeNull();
        expect(await store.revokeKeyById(id, issued.keyId)).toBe(false);
      });

      it("a plan change moves this month's balance by the allowance's change, never below 0", async () => {
        const id = await account({ monthly: 1000, auto: 7 });
        await charged(id);
        expect(await store.setPlan(id, { plan: 'standard', monthlyAllowance: 5000 })).toMatchObject({
          plan: 'standard',
          monthlyAllowance: 5000,
          monthlyCredits: 4990,
          autoCredits: 7,
        });
        expect(await store.setPlan(id, { plan: 'standard', monthlyAllowance: 100 })).toMatchObject({
          monthlyAllowance: 100,
          monthlyCredits: 90,
        });
        await charged(id);
        // 80 - 100: floored at 0; the auto balance is untouched.
        expect(await store.setPlan(id, { plan: 'enterprise', monthlyAllowance: 0 })).toMatchObject({
          plan: 'enterprise',
          monthlyAllowance: 0,
          monthlyCredits: 0,
          autoCredits: 7,
        });
        expect(await charged(id)).toMatchObject({ cost: 0, transactionId: null });
        expect(await store.setPlan('t_nobody', { plan: 'standard', monthlyAllowance: 10 })).toBeNull();
      });

      it('a plan change in a new month rolls the month first; the month after starts from the new allowance', async () => {
        const id = await account({ monthly: 100 });
        for (let i = 0; i < 5; i++) await charged(id);
        expect(await balances(id)).toEqual({ monthly: 50, auto: 0 });
        clock.set('2025-02-03T00:00:00Z');
        // February starts at 100; lowered to 60 it holds 60 (not January's 50 - 40).
        expect(await store.setPlan(id, { plan: 'standard', monthlyAllowance: 60 })).toMatchObject({ month: '2025-02', monthlyCredits: 60 });
        expect(await charged(id)).toMatchObject({ monthlyCredits: 50 });
        clock.set('2025-03-03T00:00:00Z');
        expect(await store.balance(id)).toMatchObject({ month: '2025-03', monthlyAllowance: 60, monthlyCredits: 60 });
      });

      it("a suspended account's keys say so, its charges are refused and its balances stay; resuming restores it", async () => {
        const id = await account({ monthly: 100 });
        const [listed, plain] = [newDigest(), newDigest()];
        const limits = { expiresMs: Date.parse('2026-01-01T00:00:00Z'), scopes: ['chart'] };
        await store.addKey(id, listed, grant(limits));
        await store.addKey(id, plain);
        // Answered once before, so a store that remembers answers has them in memory.
        expect(await store.authenticate(listed)).toEqual({ accountId: id, key: limits });
        expect(await store.authenticate(plain)).toEqual({ accountId: id });
        await charged(id);

        expect(await store.setSuspended(id, true)).toMatchObject({ accountId: id, status: 'suspended', monthlyCredits: 90 });
        expect(await store.authenticate(listed)).toEqual({ accountId: id, key: limits, suspended: true });
        expect(await store.authenticate(plain)).toEqual({ accountId: id, suspended: true });
        expect(await store.authenticate(plain, { perSecond: 10, burst: 5 })).toEqual({ accountId: id, suspended: true });
        expect(await charge(id)).toEqual({ kind: 'unknown-account' });
        expect(await charge(id, { idempotency: { key: 'while-suspended', requestDigest: 'd' } })).toEqual({ kind: 'unknown-account' });
        expect(await balances(id)).toEqual({ monthly: 90, auto: 0 });
        expect(await store.usage(id, { limit: 10 })).toHaveLength(1);
        // A key issued meanwhile is suspended too; grants still land.
        const issuedWhileSuspended = newDigest();
        expect(await store.addKey(id, issuedWhileSuspended)).toBe(true);
        expect(await store.authenticate(issuedWhileSuspended)).toEqual({ accountId: id, suspended: true });
        expect(await store.grantAutoCredits(id, 5)).toMatchObject({ status: 'suspended', autoCredits: 5 });
        expect(await store.listKeys(id)).toHaveLength(1);
        // Suspending twice changes nothing.
        expect(await store.setSuspended(id, true)).toMatchObject({ status: 'suspended' });

        expect(await store.setSuspended(id, false)).toMatchObject({ status: 'active', monthlyCredits: 90, autoCredits: 5 });
        expect(await store.authenticate(listed)).toEqual({ accountId: id, key: limits });
        expect(await store.authenticate(plain)).toEqual({ accountId: id });
        expect(await store.authenticate(issuedWhileSuspended)).toEqual({ accountId: id });
        expect(await charged(id)).toMatchObject({ monthlyCredits: 80 });
        expect(await store.setSuspended('t_nobody', true)).toBeNull();
      });

      it('deleting an account revokes its keys at once, refuses charges and changes, keeps its ledger and its id', async () => {
        const id = await account({ monthly: 100, auto: 3 });
        const [listed, plain] = [newDigest(), newDigest()];
        const issued = grant();
        await store.addKey(id, listed, issued);
        await store.addKey(id, plain);
        expect(await store.authenticate(listed)).toEqual({ accountId: id });
        expect(await store.authenticate(plain)).toEqual({ accountId: id });
        const receipt = await charged(id, { logId: 'before-deletion' });

        expect(await store.deleteAccount(id)).toBe(true);
        expect(await store.authenticate(listed)).toBeNull();
        expect(await store.authenticate(plain)).toBeNull();
        expect(await store.findKey(issued.keyId)).toBeNull();
        expect(await store.listKeys(id)).toEqual([]);
        expect(await charge(id)).toEqual({ kind: 'unknown-account' });
        expect(await store.usage(id, { limit: 10 })).toMatchObject([{ transactionId: receipt.transactionId, logId: 'before-deletion' }]);
        expect(await store.balance(id)).toMatchObject({ accountId: id, status: 'deleted', monthlyCredits: 90, autoCredits: 3 });
        expect(await store.grantAutoCredits(id, 10)).toBeNull();
        expect(await store.setAutocharge(id, { threshold: 1, amount: 1 })).toBeNull();
        expect(await store.setPlan(id, { plan: 'standard', monthlyAllowance: 500 })).toBeNull();
        expect(await store.setSuspended(id, true)).toBeNull();
        expect(await store.setSuspended(id, false)).toBeNull();
        expect(await store.addKey(id, newDigest(), grant())).toBe(false);
        expect(await store.addKey(id, newDigest())).toBe(false);
        // Frozen: a new month brings no allowance.
        clock.set('2025-02-03T00:00:00Z');
        expect(await balances(id)).toEqual({ monthly: 90, auto: 3 });
        expect(
          await store.createAccount({ accountId: id, plan: 'standard', monthlyAllowance: 1, autoCredits: 0, autocharge: NO_AUTOCHARGE }),
        ).toBe('exists');
        expect(await store.balance(id)).toMatchObject({ status: 'deleted', monthlyAllowance: 100 });
        expect(await store.deleteAccount(id)).toBe(false);
        expect(await store.deleteAccount('t_nobody')).toBe(false);
      });

      it('a suspended account can be deleted', async () => {
        const id = await account();
        const digest = newDigest();
        await store.addKey(id, digest, grant());
        await store.setSuspended(id, true);
        expect(await store.deleteAccount(id)).toBe(true);
        expect(await store.authenticate(digest)).toBeNull();
        expect(await store.balance(id)).toMatchObject({ status: 'deleted' });
      });

      it('a balance says when the account was created', async () => {
        clock.set('2025-01-20T08:30:00Z');
        const id = await account();
        clock.advance(60_000);
        expect(await store.balance(id)).toMatchObject({ status: 'active', createdMs: Date.parse('2025-01-20T08:30:00Z') });
      });

      it('lists accounts newest first by creation, paged by the last id of the previous page', async () => {
        // Later than any other account of the suite.
        clock.set('2031-03-01T00:00:00Z');
        const oldest = await account();
        clock.advance(1);
        const middle = await account();
        clock.advance(1);
        const newest = await account();
        expect(await store.listAccounts({ limit: 2 })).toEqual([newest, middle]);
        const next = await store.listAccounts({ limit: 2, before: middle });
        expect(next[0]).toBe(oldest);
        expect(next).toHaveLength(2);
        expect(next).not.toContain(middle);
        expect((await store.listAccounts({ limit: 3, before: newest })).slice(0, 2)).toEqual([middle, oldest]);
        expect(await store.listAccounts({ limit: 5, before: 't_nobody' })).toEqual([]);
        // Accounts created in the same millisecond are listed once each, in a stable order.
        clock.advance(1);
        const [a, b] = [await account(), await account()];
        const page = await store.listAccounts({ limit: 2 });
        expect([...page].sort()).toEqual([a, b].sort());
        expect(await store.listAccounts({ limit: 1, before: page[1] })).toEqual([newest]);
      });

      it("the ledger entry names the paid operation; 'chart' when none was named", async () => {
        const id = await account();
        await charged(id, { operation: 'compatibility', logId: 'compat' });
        await charged(id, { logId: 'plain' });
        expect((await store.usage(id, { limit: 10 })).map(({ logId, operation }) => ({ logId, operation }))).toEqual([
          { logId: 'plain', operation: 'chart' },
          { logId: 'compat', operation: 'compatibility' },
        ]);
      });
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
