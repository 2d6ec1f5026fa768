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

  it('keeps the whole history by default; with a retention, drops only the entries older than it', async () => {
    const account = { plan: 'standard', monthlyAllowance: 1_000_000, autoCredits: 0, autocharge: { threshold: 0, amount: 0 } } as const;
    const charge = (store: MemoryCreditStore, i: number) =>
      store.charge({ accountId: 'a', chargeId: randomUUID(), unitCost: 10, logId: `l${i}`, idempotency: null });
    // 12,000 charges, more than the old 10,000-entry cap: every one is still in the ledger.
    const everything = new MemoryCreditStore({ clock: new FakeClock() });
    await everything.createAccount({ accountId: 'a', ...account });
    for (let i = 0; i < 12_000; i++) await charge(everything, i);
    expect(await everything.usage('a', { limit: 20_000 })).toHaveLength(12_000);

    const clock = new FakeClock();
    const kept = new MemoryCreditStore({ clock, ledgerRetentionDays: 2 });
    await kept.createAccount({ accountId: 'a', ...account });
    for (let i = 0; i < 3; i++) {
      await charge(kept, i);
      clock.advance(24 * 60 * 60 * 1000);
    }
    // Day 3: l0 (day 0) is past two days; l1 (day 1) and l2 (day 2) are not.
    expect((await kept.usage('a', { limit: 10 })).map((e) => e.logId)).toEqual(['l2', 'l1']);
  });
});
