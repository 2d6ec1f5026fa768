import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { digestApiKey, generateApiKey } from '../../src/application/accounts/api-keys.ts';
import { KEY_CACHE_MS } from '../../src/application/ports/credit-store.ts';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { creditStoreContract, FakeClock } from './credit-store.contract.ts';
import { budgetMs, pollWithin, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

describe.skipIf(!requireRedisServer('Redis credit store contract'))('Redis (standalone)', () => {
  let server: RedisServer | undefined;
  creditStoreContract('Redis (standalone)', async (clock) => {
    server = await startRedisServer();
    const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
    await waitUntilReady(client, budgetMs(5000));
    const store = new RedisCreditStore({ client, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:', clock });
    return {
      store,
      close: async () => {
        await store.close();
        await server?.dispose();
      },
    };
  });
});

describe.skipIf(!requireRedisServer('Redis key cache'))('Redis: the key cache and revocation', () => {
  let server: RedisServer;
  const clock = new FakeClock();
  const open = async () => {
    const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
    await waitUntilReady(client, budgetMs(5000));
    return new RedisCreditStore({ client, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:', clock });
  };
  let gateway: RedisCreditStore;
  let admin: RedisCreditStore;
  beforeAll(async () => {
    server = await startRedisServer();
    [gateway, admin] = [await open(), await open()];
  });
  afterAll(async () => {
    await Promise.all([gateway?.close(), admin?.close()]);
    await server?.dispose();
  });

  async function boundKey() {
    const accountId = `t_${Math.random().toString(36).slice(2, 12)}`;
    await admin.createAccount({
      accountId,
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    const keyDigest = digestApiKey(generateApiKey());
    await admin.addKey(accountId, keyDigest);
    return { accountId, keyDigest };
  }

  it('a key revoked by another process stops authenticating within KEY_CACHE_MS', async () => {
    const { accountId, keyDigest } = await boundKey();
    expect(await gateway.authenticate(keyDigest)).toEqual({ accountId });
    expect(await admin.revokeKey(keyDigest)).toBe(true);
    // Still answered from this gateway's memory for less than a second...
    clock.advance(KEY_CACHE_MS - 1);
    expect(await gateway.authenticate(keyDigest)).toEqual({ accountId });
    // ...and refused from then on.
    clock.advance(1);
    expect(await gateway.authenticate(keyDigest)).toBeNull();
    expect(await admin.authenticate(keyDigest)).toBeNull();
  });

  it('a key revoked through the same store is refused at once', async () => {
    const { accountId, keyDigest } = await boundKey();
    expect(await gateway.authenticate(keyDigest)).toEqual({ accountId });
    expect(await gateway.revokeKey(keyDigest)).toBe(true);
    expect(await gateway.authenticate(keyDigest)).toBeNull();
  });

  it('an unknown key is not remembered: bound a moment later, it works at once', async () => {
    const { accountId } = await boundKey();
    const keyDigest = digestApiKey(generateApiKey());
    expect(await gateway.authenticate(keyDigest)).toBeNull();
    await admin.addKey(accountId, keyDigest);
    expect(await gateway.authenticate(keyDigest)).toEqual({ accountId });
  });

  it('a cached key costs no round trip: a paid call is one script', async () => {
    const { accountId, keyDigest } = await boundKey();
    const call = (chargeId: string) =>
      gateway.charge({
        accountId,
        chargeId,
        unitCost: 10,
        logId: chargeId,
        idempotency: null,
        rateLimit: { keyDigest, limit: { perSecond: 5, burst: 5 } },
      });
    await gateway.authenticate(keyDigest);
    // Once first: this Redis learns the script (EVALSHA → NOSCRIPT → EVAL).
    expect((await call('c0')).kind).toBe('charged');
    const seen: string[] = [];
    const feed = await new Redis(server.url).monitor();
    // Commands a script runs are reported with the source "lua": only the client's own are counted.
    feed.on('monitor', (_time: string, args: string[], source: string) => {
      if (!source.includes('lua')) seen.push(String(args[0]).toLowerCase());
    });
    expect(await gateway.authenticate(keyDigest)).toEqual({ accountId });
    expect((await call('c1')).kind).toBe('charged');
    await admin.ping();
    // The PING closes the window: once the feed shows it, it has shown every command before it.
    await vi.waitFor(() => expect(seen).toContain('ping'), pollWithin(1000));
    feed.disconnect();
    expect(seen.filter((command) => command !== 'ping')).toEqual(['evalsha']);
  });
});
