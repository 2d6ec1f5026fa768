/**
 * The error-table row STORE_UNAVAILABLE through REST against a real Redis that is killed: 503 with the
 * error body, `/ready` turns 503, nothing is charged (the ledger after a restart shows only the
 * calls answered 200), and service resumes when Redis is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin } from '../support/time-budget.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { call, CALCULATE_PATH, VALID_FIELDS } from './support/client.ts';
import { createStandardAccount, creditState, startRestServer, type RestTestServer, type TestAccount } from './support/server.ts';

describe.skipIf(!requireRedisServer('REST store outage'))('REST with the Redis store killed: 503, nothing charged', () => {
  let redis: RedisServer;
  let store: CreditStore;
  let server: RestTestServer;
  let account: TestAccount;

  beforeAll(async () => {
    redis = await startRedisServer({ persistent: true });
    ({ store } = await openCreditStore({ kind: 'redis', url: redis.url }, { redisKeyPrefix: 'fp:' }));
    server = await startRestServer(store);
    account = await createStandardAccount(server.admin, 10_000);
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await redis?.dispose();
  });

  it('answers 200 through Redis, then 503 STORE_UNAVAILABLE within 1 s per call while Redis is dead, then 200 again', async () => {
    const headers = { Authorization: `Bearer ${account.apiKey}` };
    expect((await call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS, headers })).status).toBe(200);
    expect((await call(server.baseUrl, '/ready')).status).toBe(200);
    const before = await creditState(server.admin, account.accountId);

    await redis.kill();
    for (const [variant, method] of [
      ['A', 'GET'],
      ['A', 'POST'],
      ['B', 'GET'],
      ['B', 'POST'],
    ] as const) {
      const started = performance.now();
      const r = await call(server.baseUrl, CALCULATE_PATH[variant], {
        method,
        headers,
        ...(method === 'GET' ? { query: VALID_FIELDS } : { json: VALID_FIELDS }),
      });
      expect(performance.now() - started).toBeLessThan(1500);
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: 'error', message: expect.any(String), code: 'STORE_UNAVAILABLE' });
    }
    const ready = await call(server.baseUrl, '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body['code']).toBe('STORE_UNAVAILABLE');
    expect((await call(server.baseUrl, '/health')).status).toBe(200);

    await redis.restart();
    await expect.poll(async () => (await call(server.baseUrl, '/ready')).status, { ...pollWithin(10_000), interval: 100 }).toBe(200);
    expect(await creditState(server.admin, account.accountId), 'no credits moved during the outage').toEqual(before);
    expect((await call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, api_key: account.apiKey } })).status).toBe(200);
    expect((await creditState(server.admin, account.accountId)).ledger).toBe(before.ledger + 1);
  });
});
