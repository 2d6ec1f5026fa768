import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { creditStoreContract } from '../contract/credit-store.contract.ts';
import { requireRedisServer, startRedisCluster, type RedisCluster } from '../support/redis-server.ts';
import { budgetMs, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

/** The same scripts, unchanged, on a 3-master Redis Cluster: every account's keys share one hash tag. */
describe.skipIf(!requireRedisServer('Redis Cluster credit store contract'))('Redis Cluster (3 masters)', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  });
  afterAll(async () => cluster?.dispose());

  creditStoreContract('Redis Cluster (3 masters)', async (clock) => {
    const client = createRedisClient({ kind: 'cluster', nodes: cluster.nodes }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
    if (!(await waitUntilReady(client, budgetMs(15_000)))) throw new Error('cluster client never became ready');
    const store = new RedisCreditStore({ client, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:', clock });
    return { store, close: () => store.close() };
  });

  it('the accounts created by the contract suite are spread over more than one master', async () => {
    const sizes = await Promise.all(
      cluster.nodes.map(async ({ host, port }) => {
        const node = new Redis({ host, port, lazyConnect: true });
        try {
          await node.connect();
          return await node.dbsize();
        } finally {
          node.disconnect();
        }
      }),
    );
    expect(sizes.filter((size) => size > 0).length).toBeGreaterThan(1);
  });

  it('REDIS_WAIT_REPLICAS: WAIT goes to the master of each account; replicas that do not confirm refuse and void the charge', async () => {
    const open = async (replicas: number | 'auto') => {
      const client = createRedisClient({ kind: 'cluster', nodes: cluster.nodes }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
      if (!(await waitUntilReady(client, budgetMs(15_000)))) throw new Error('cluster client never became ready');
      return new RedisCreditStore({
        client,
        callTimeoutMs: STORE_CALL_BUDGET_MS,
        keyPrefix: 'fp:',
        replicaWait: { replicas, timeoutMs: 50 },
      });
    };
    // These masters have no replica: 'auto' waits for none, 1 can never be confirmed.
    const [auto, one] = [await open('auto'), await open(1)];
    try {
      for (let i = 0; i < 6; i++) {
        const accountId = `wait_${i}_${Date.now()}`;
        await auto.createAccount({
          accountId,
          plan: 'standard',
          monthlyAllowance: 100,
          autoCredits: 0,
          autocharge: { threshold: 0, amount: 0 },
        });
        const command = { accountId, unitCost: 10, logId: `log-${i}`, idempotency: null };
        expect(await auto.charge({ ...command, chargeId: `a-${i}` })).toMatchObject({ kind: 'charged' });
        await expect(one.charge({ ...command, chargeId: `b-${i}` })).rejects.toMatchObject({
          code: 'STORE_UNAVAILABLE',
          message: expect.stringContaining('replication not confirmed: 0 of 1 replicas within 50 ms'),
        });
        // The caller voids what it could not confirm (paid-operation.ts); here by hand. The void is
        // confirmed by the replicas like the charge: unconfirmed it throws (the settlement retries it),
        // though the master applied it; the retry is idempotent.
        await expect(one.voidCharge({ accountId, chargeId: `b-${i}`, idempotencyKey: null })).rejects.toMatchObject({
          code: 'STORE_UNAVAILABLE',
        });
        expect(await auto.voidCharge({ accountId, chargeId: `b-${i}`, idempotencyKey: null })).toBe('already-void');
        expect(await auto.balance(accountId)).toMatchObject({ monthlyCredits: 90 });
      }
    } finally {
      await auto.close();
      await one.close();
    }
  });
});
