import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { resolveCredentials } from '../../src/application/paid/credentials.ts';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { paidCalculate } from '../support/paid-calculate.ts';
import { StubOperation, VALID_REQUEST } from '../support/stub-operation.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { budgetMs, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

const GATEWAYS = 4;
const CALLS = 1000;

describe.skipIf(!requireRedisServer('Redis concurrency'))('Redis store under concurrent charges', () => {
  let server: RedisServer;
  const stores: RedisCreditStore[] = [];
  let observer: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    for (let i = 0; i < GATEWAYS; i++) {
      const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
      await waitUntilReady(client, budgetMs(5000));
      stores.push(new RedisCreditStore({ client, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:' }));
    }
    observer = new Redis(server.url);
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    observer?.disconnect();
    await server?.dispose();
  });

  it(`${CALLS} concurrent charges of 10 on 5,000 credits: 500 succeed, 500 are refused, balance ends at 0, never negative`, async () => {
    const { accountId, apiKey } = await createAccountAdmin(stores[0]!).createAccount({
      plan: 'standard',
      monthlyAllowance: 3000,
      autoCredits: 2000,
      autocharge: { threshold: 0, amount: 0 },
    });
    const services = stores.map((store) => paidCalculate({ operation: new StubOperation(), store, creditCost: 10, present: (r) => r }));
    const credentials = resolveCredentials('A', { authorization: `Bearer ${apiKey}` });

    const observed: number[] = [];
    let running = true;
    const watching = (async () => {
      while (running) {
        const [monthly, auto] = await observer.hmget(`fp:{acct:${accountId}}:account`, 'monthly', 'auto');
        observed.push(Number(monthly), Number(auto));
      }
    })();

    const outcomes = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => services[i % GATEWAYS]!.calculate(VALID_REQUEST, credentials, 'A')),
    );
    running = false;
    await watching;

    const successes = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
    const refusals = outcomes.flatMap((o) => (o.ok ? [] : [o.error.code]));
    expect(successes).toHaveLength(500);
    expect(refusals).toEqual(Array(500).fill('INSUFFICIENT_CREDITS'));
    for (const envelope of successes) {
      expect(envelope.monthly_credits).toBeGreaterThanOrEqual(0);
      expect(envelope.auto_credits).toBeGreaterThanOrEqual(0);
      expect(envelope.credits_used_from.monthly + envelope.credits_used_from.auto).toBe(10);
    }
    expect(new Set(successes.map((e) => e.transaction_id)).size).toBe(500);
    expect(observed.length).toBeGreaterThan(0);
    expect(observed.every((value) => value >= 0)).toBe(true);

    expect(await stores[0]!.balance(accountId)).toMatchObject({ monthlyCredits: 0, autoCredits: 0 });
    expect(await observer.xlen(`fp:{acct:${accountId}}:ledger`)).toBe(500);
  });
});
