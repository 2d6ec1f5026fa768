import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { FakeClock } from '../../contract/credit-store.contract.ts';

/** Embedded-store specifics the Redis store gets from Redis itself (EXPIRE, MAXLEN). */
describe('MemoryCreditStore', () => {
  it('forgets an idempotency key after 24 hours: the same key then charges again', async () => {
    const clock = new FakeClock();
    const store = new MemoryCreditStore({ clock });
    await store.createAccount({
      accountId: 'a',
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    const command = { accountId: 'a', chargeId: 'c', unitCost: 10, logId: 'l', idempotency: { key: 'k', requestDigest: 'd' } };
    expect((await store.charge(command)).kind).toBe('charged');
    clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await store.charge(command)).kind).toBe('replayed');
    clock.advance(1);
    expect((await store.charge(command)).kind).toBe('charged');
    expect(await store.balance('a')).toMatchObject({ monthlyCredits: 80 });
  });

  it('keeps at most the ledger cap, dropping the oldest entries', async () => {
    const store = new MemoryCreditStore({ clock: new FakeClock(), ledgerMaxEntries: 3 });
    await store.createAccount({
      accountId: 'a',
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    for (let i = 0; i < 5; i++)
      await store.charge({ accountId: 'a', chargeId: randomUUID(), unitCost: 10, logId: `l${i}`, idempotency: null });
    expect((await store.usage('a', { limit: 10 })).map((e) => e.logId)).toEqual(['l4', 'l3', 'l2']);
  });
});
