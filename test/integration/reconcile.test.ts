/**
 * A gateway killed between charge and delivery leaves a charge nobody answered for: the next
 * gateway's start-up sweep voids it (docs/credits.md), against a real Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { compose } from '../../src/composition.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { pollWithin, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

describe.skipIf(!requireRedisServer('start-up reconciliation'))('start-up reconciliation of unsettled charges', () => {
  let redis: RedisServer;
  let store: CreditStore;
  beforeAll(async () => {
    redis = await startRedisServer();
    ({ store } = await openCreditStore({ kind: 'redis', url: redis.url }, { redisKeyPrefix: 'fp:', callTimeoutMs: STORE_CALL_BUDGET_MS }));
  });
  afterAll(async () => {
    await store?.close();
    await redis?.dispose();
  });

  /** The account's entries once the starting gateway's sweep has voided one. */
  const someVoided = (accountId: string) =>
    vi.waitFor(async () => {
      const entries = await store.usage(accountId, { limit: 10 });
      expect(entries.some((entry) => entry.voided)).toBe(true);
      return entries;
    }, pollWithin(2500));

  it('voids a charge that was never settled once it is older than the sweep threshold, and leaves a settled one', async () => {
    const { accountId } = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    // The dead gateway: two charges, one answered and settled, one never answered.
    const charge = (chargeId: string) => store.charge({ accountId, chargeId, unitCost: 10, logId: randomUUID(), idempotency: null });
    expect((await charge('answered')).kind).toBe('charged');
    expect((await charge('orphaned')).kind).toBe('charged');
    await store.settleCharge({ accountId, chargeId: 'answered' });

    // The next gateway starts 10 minutes later.
    const later = { now: () => Date.now() + 10 * 60_000 };
    const next = await compose({ env: { REDIS_URL: redis.url }, clock: later, logger: silentLogger });
    let entries;
    try {
      entries = await someVoided(accountId);
    } finally {
      await next.close();
    }
    expect(entries.map((entry) => entry.voided)).toEqual([true, false]);
    expect((await store.balance(accountId))?.monthlyCredits).toBe(90);
  });

  it('leaves alone the old unsettled charges of a gateway whose heartbeat is live, and voids those of one that stopped', async () => {
    const { accountId } = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    const [alive, stopped] = [`gw-${randomUUID()}`, `gw-${randomUUID()}`];
    // A live gateway whose client reads slowly, and a gateway that stopped (its heartbeat ended).
    await store.heartbeat(alive, 60_000);
    const charge = (chargeId: string, gatewayId: string) =>
      store.charge({ accountId, chargeId, unitCost: 10, logId: randomUUID(), idempotency: null, gatewayId });
    expect((await charge('slow-reader', alive)).kind).toBe('charged');
    expect((await charge('orphaned', stopped)).kind).toBe('charged');

    // Another gateway sweeps as if both were 10 minutes old.
    const later = { now: () => Date.now() + 10 * 60_000 };
    const next = await compose({ env: { REDIS_URL: redis.url }, clock: later, logger: silentLogger });
    let entries;
    try {
      await someVoided(accountId);
      // Time for a sweep that would void the live gateway's charge too to do so: nothing may change.
      await new Promise((resolve) => setTimeout(resolve, 200));
      entries = await store.usage(accountId, { limit: 10 });
    } finally {
      await next.close();
    }
    // Newest first: 'orphaned' voided, 'slow-reader' standing.
    expect(entries.map((entry) => entry.voided)).toEqual([true, false]);
    expect((await store.balance(accountId))?.monthlyCredits).toBe(90);
  });
});
