import { describe } from 'vitest';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { creditStoreContract } from './credit-store.contract.ts';

describe.skipIf(!requireRedisServer('Redis credit store contract'))('Redis (standalone)', () => {
  let server: RedisServer | undefined;
  creditStoreContract('Redis (standalone)', async (clock) => {
    server = await startRedisServer();
    const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS });
    await waitUntilReady(client, 5000);
    const store = new RedisCreditStore({ client, keyPrefix: 'fp:', clock });
    return {
      store,
      close: async () => {
        await store.close();
        await server?.dispose();
      },
    };
  });
});
