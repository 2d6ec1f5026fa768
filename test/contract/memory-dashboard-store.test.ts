import { describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_KEY,
  MAX_SESSIONS,
  MAX_THROTTLE_KEYS,
  MAX_TOKENS,
  MemoryDashboardStore,
  SWEEP_EVERY_MS,
  THROTTLE_KEY_IDLE_MS,
} from '../../src/adapters/memory/dashboard-store.ts';
import type { SecretDigest } from '../../src/application/ports/dashboard-store.ts';
import { dashboardStoreContract } from './dashboard-store.contract.ts';

dashboardStoreContract('embedded (memory)', async () => ({
  store: new MemoryDashboardStore(),
  close: async () => {},
}));

/** What a stranger can make the embedded store hold is bounded (PostgreSQL bounds the same with its sweeps). */
describe('MemoryDashboardStore: bounds', () => {
  const T0 = Date.parse('2025-01-15T03:00:00Z');
  const WINDOW = 15 * 60_000;
  const digestOf = (i: number) => i.toString(16).padStart(64, '0') as SecretDigest;

  it('failures under one key saturate at MAX_FAILURES_PER_KEY, the newest kept', async () => {
    const store = new MemoryDashboardStore();
    for (let i = 0; i < MAX_FAILURES_PER_KEY + 5; i++) await store.recordFailure('ip:x', T0 + i, WINDOW);
    expect(await store.recordFailure('ip:x', T0 + 2_000, WINDOW)).toBe(MAX_FAILURES_PER_KEY);
    expect(await store.failures('ip:x', T0 + 2_000, WINDOW)).toEqual({ count: MAX_FAILURES_PER_KEY, oldestMs: T0 + 6 });
  });

  it('past MAX_THROTTLE_KEYS keys, the one whose last failure is oldest is dropped', async () => {
    const store = new MemoryDashboardStore();
    await store.recordFailure('key:first', T0, WINDOW);
    await store.recordFailure('key:second', T0, WINDOW);
    await store.recordFailure('key:first', T0 + 1, WINDOW); // first is now the more recent
    for (let i = 0; i < MAX_THROTTLE_KEYS - 2; i++) await store.recordFailure(`key:${i}`, T0 + 2, WINDOW);
    expect((await store.failures('key:second', T0 + 2, WINDOW)).count).toBe(1);
    await store.recordFailure('key:one-more', T0 + 2, WINDOW);
    expect((await store.failures('key:second', T0 + 2, WINDOW)).count).toBe(0);
    expect((await store.failures('key:first', T0 + 2, WINDOW)).count).toBe(2);
    expect((await store.failures('key:one-more', T0 + 2, WINDOW)).count).toBe(1);
  });

  it('a throttle key idle for THROTTLE_KEY_IDLE_MS is forgotten at the next sweep', async () => {
    const store = new MemoryDashboardStore();
    await store.recordFailure('ip:idle', T0, WINDOW);
    await store.recordFailure('ip:busy', T0, WINDOW);
    const later = T0 + THROTTLE_KEY_IDLE_MS + SWEEP_EVERY_MS;
    // Before the sweep a very long window still sees the old failure...
    expect(await store.failures('ip:idle', later, 10 * THROTTLE_KEY_IDLE_MS)).toEqual({ count: 1, oldestMs: T0 });
    await store.recordFailure('ip:busy', later, WINDOW);
    // ...after it the key is gone, not merely outside a window.
    expect(await store.failures('ip:idle', later, 10 * THROTTLE_KEY_IDLE_MS)).toEqual({ count: 0, oldestMs: null });
  });

  it('past MAX_TOKENS tokens, the oldest put is dropped', async () => {
    const store = new MemoryDashboardStore();
    for (let i = 0; i <= MAX_TOKENS; i++) {
      await store.putToken({ digest: digestOf(i), purpose: 'invite', userId: null, email: 'x@example.com', expiresMs: T0 + 60_000 });
    }
    expect(await store.takeToken(digestOf(0), 'invite', T0)).toBeNull();
    expect(await store.takeToken(digestOf(1), 'invite', T0)).not.toBeNull();
    expect(await store.takeToken(digestOf(MAX_TOKENS), 'invite', T0)).not.toBeNull();
  });

  it('past MAX_SESSIONS sessions, the oldest created is dropped', async () => {
    const store = new MemoryDashboardStore();
    await store.createUser({
      userId: 'user_0',
      email: 'a@example.com',
      passwordHash: 'h',
      accountId: 'acct',
      verifiedMs: null,
      createdMs: T0,
      lang: 'ja',
    });
    for (let i = 0; i <= MAX_SESSIONS; i++) {
      await store.createSession({ digest: digestOf(i), userId: 'user_0', csrfToken: 'c', createdMs: T0, lastSeenMs: T0 });
    }
    expect(await store.session(digestOf(0))).toBeNull();
    expect(await store.session(digestOf(1))).not.toBeNull();
    expect(await store.deleteUserSessions('user_0')).toBe(MAX_SESSIONS);
  });
});
