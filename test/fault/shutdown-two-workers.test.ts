/**
 * shutdown waits for every void it queued, with any number of workers. The real
 * server (`WEB_CONCURRENCY=2`) over a real Redis under load; Redis holds writes for 250 ms (inside a charge's 300 ms script deadline)
 * (`CLIENT PAUSE … WRITE`) and SIGTERM arrives at once, with a 100 ms grace: the requests waiting
 * on their charge are cut before it lands, their charges land after the cut and must be voided
 * before the workers close the store. Afterwards: successes = non-void entries = balance drop.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { countLedger } from '../support/ledger-count.ts';
import { budgetMs, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

const CLIENTS = 16;
const COST = 10;
const ALLOWANCE = 1_000_000;
const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!requireRedisServer('shutdown with two workers'))('SIGTERM to two workers with charges in flight', () => {
  let redis: RedisServer;
  let store: CreditStore;
  let close: () => Promise<void>;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
    ({ store, close } = await openCreditStore(
      { kind: 'redis', url: redis.url },
      { redisKeyPrefix: 'fp:', callTimeoutMs: STORE_CALL_BUDGET_MS },
    ));
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await close?.();
    await redis?.dispose();
  });

  it('every charge of a request the shutdown cut is voided before the store closes', { timeout: budgetMs(60_000) }, async () => {
    const { accountId, apiKey } = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: ALLOWANCE,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    server = await startServerProcess(process.execPath, ['src/main.ts'], {
      REDIS_URL: redis.url,
      REDIS_CLUSTER_NODES: '',
      WEB_CONCURRENCY: '2',
      SHUTDOWN_GRACE_MS: '100',
      RATE_LIMIT_PER_SECOND: '0',
      LOG_LEVEL: 'info',
    });
    await expect.poll(() => server!.stdout.join('').match(/"message":"listening on /g)?.length ?? 0, { timeout: budgetMs(20_000) }).toBe(2);
    const exited = new Promise<void>((resolve) => server!.child.once('exit', () => resolve()));

    let stopping = false;
    let successes = 0;
    const statuses = new Map<number, number>();
    const client = async (): Promise<void> => {
      while (!stopping) {
        let status = 0;
        try {
          const response = await fetch(`http://127.0.0.1:${server!.port}/api/v1/calculate`, {
            method: 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
            body: BODY,
            signal: AbortSignal.timeout(budgetMs(5000)),
          });
          const body = await response.text();
          status = response.status;
          if (status === 200 && body.includes('"status":"success"')) successes += 1;
        } catch {
          status = 0;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 0) await sleep(50); // a client's back-off after a refused connection
      }
    };
    const load = Array.from({ length: CLIENTS }, () => client());
    await sleep(1500); // the load runs a while, so the shutdown meets calls in flight: time passing is the point
    const control = new Redis(redis.url);
    await control.call('CLIENT', 'PAUSE', '250', 'WRITE');
    server.child.kill('SIGTERM');
    control.disconnect();
    await exited;
    stopping = true;
    await Promise.all(load);

    const { nonVoid, voided } = await countLedger(store, accountId);
    const balance = await store.balance(accountId);
    const output = server.stdout.join('') + server.stderr.join('');
    console.info(`two-worker shutdown: ${JSON.stringify(Object.fromEntries(statuses))}; ledger ${nonVoid} standing, ${voided} voided`);
    expect(output).not.toContain('exiting with charge voids still pending');
    expect(successes).toBeGreaterThan(20);
    expect({ nonVoid, drop: (ALLOWANCE - balance!.monthlyCredits) / COST }).toEqual({ nonVoid: successes, drop: successes });
  });
});
