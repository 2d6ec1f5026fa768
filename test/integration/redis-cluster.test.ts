import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { creditStoreContract } from '../contract/credit-store.contract.ts';
import { requireRedisServer, startRedisCluster, type RedisCluster } from '../support/redis-server.ts';

/** The same scripts, unchanged, on a 3-master Redis Cluster: every account's keys share one hash tag. */
describe.skipIf(!requireRedisServer('Redis Cluster credit store contract'))('Redis Cluster (3 masters)', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  });
  afterAll(async () => cluster?.dispose());

  creditStoreContract('Redis Cluster (3 masters)', async (clock) => {
    const client = createRedisClient({ kind: 'cluster', nodes: cluster.nodes }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS });
    if (!(await waitUntilReady(client, 15_000))) throw new Error('cluster client never became ready');
    const store = new RedisCreditStore({ client, keyPrefix: 'fp:', clock });
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
});
