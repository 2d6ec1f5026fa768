import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { resolveCredentials, type Credentials } from '../../src/application/paid/credentials.ts';
import { DomainError } from '../../src/application/errors.ts';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { paidCalculate, type PaidCalculate } from '../support/paid-calculate.ts';
import { StubOperation, VALID_REQUEST, type StubResult } from '../support/stub-operation.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { budgetMs, pollWithin } from '../support/time-budget.ts';

/** The one timing criterion the issue asks for: a failed call answers within 1 s. */
const FAILURE_BUDGET_MS = 1000;

describe.skipIf(!requireRedisServer('Redis outage'))('Redis outage: fast STORE_UNAVAILABLE, nothing charged, recovery', () => {
  let server: RedisServer;
  let store: RedisCreditStore;
  let service: PaidCalculate<StubResult>;
  let accountId: string;
  let credentials: Credentials;

  beforeAll(async () => {
    // Append-only with fsync per write: what Redis acknowledged survives SIGKILL, so the ledger
    // after a restart shows exactly which calls were charged.
    server = await startRedisServer({ persistent: true });
    const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS });
    await waitUntilReady(client, budgetMs(5000));
    store = new RedisCreditStore({ client, keyPrefix: 'fp:' });
    service = paidCalculate({ operation: new StubOperation(), store, creditCost: 10, present: (r) => r });
    const created = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 10_000,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    accountId = created.accountId;
    credentials = resolveCredentials('B', { authorization: `Bearer ${created.apiKey}` });
  });
  afterAll(async () => {
    await store?.close();
    await server?.dispose();
  });

  /** One paid call, timed; an outage shows up as a thrown STORE_UNAVAILABLE. */
  async function callTimed(): Promise<{ ok: boolean; ms: number; code?: string }> {
    const started = performance.now();
    try {
      const outcome = await service.calculate(VALID_REQUEST, credentials, 'B');
      return { ok: outcome.ok, ms: performance.now() - started, ...(outcome.ok ? {} : { code: outcome.error.code }) };
    } catch (error) {
      return { ok: false, ms: performance.now() - started, code: error instanceof DomainError ? error.code : String(error) };
    }
  }

  async function ledgerLength(): Promise<number> {
    return (await store.usage(accountId, { limit: 100 })).length;
  }

  it('killed: calls fail with STORE_UNAVAILABLE in under 1 s each and charge nothing; after a restart they succeed again', async () => {
    let charged = 0;
    for (let i = 0; i < 3; i++) {
      expect((await callTimed()).ok).toBe(true);
      charged++;
    }
    await server.kill();

    const duringOutage = [];
    for (let i = 0; i < 5; i++) duringOutage.push(await callTimed());
    for (const call of duringOutage) {
      expect(call).toMatchObject({ ok: false, code: 'STORE_UNAVAILABLE' });
      expect(call.ms).toBeLessThan(FAILURE_BUDGET_MS);
    }

    await server.restart();
    // Calls until one succeeds; every one before it fails fast, as during the outage.
    const beforeRecovery: Awaited<ReturnType<typeof callTimed>>[] = [];
    await vi.waitFor(
      async () => {
        const call = await callTimed();
        if (!call.ok) {
          beforeRecovery.push(call);
          throw new Error(`not recovered: ${call.code}`);
        }
        charged++;
      },
      { ...pollWithin(10_000), interval: 100 },
    );
    for (const call of beforeRecovery) {
      expect(call.code).toBe('STORE_UNAVAILABLE');
      expect(call.ms).toBeLessThan(FAILURE_BUDGET_MS);
    }
    expect(await ledgerLength()).toBe(charged);
    expect(await store.balance(accountId)).toMatchObject({ monthlyCredits: 10_000 - 10 * charged });
  });

  it('stalled: calls fail with STORE_UNAVAILABLE in under 1 s each and charge nothing, even once Redis resumes', async () => {
    const before = await store.balance(accountId);
    const entriesBefore = await ledgerLength();
    server.pause();
    try {
      const viaService = [await callTimed(), await callTimed()];
      for (const call of viaService) {
        expect(call).toMatchObject({ ok: false, code: 'STORE_UNAVAILABLE' });
        expect(call.ms).toBeLessThan(FAILURE_BUDGET_MS);
      }
      // The charge script itself reaches the stalled server (it is already authenticated here);
      // it sits in the socket and runs when Redis resumes, after its deadline.
      const started = performance.now();
      await expect(
        store.charge({ accountId, chargeId: randomUUID(), unitCost: 10, logId: 'stalled', idempotency: null }),
      ).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
      });
      expect(performance.now() - started).toBeLessThan(FAILURE_BUDGET_MS);
    } finally {
      server.resume();
    }
    await store.ping();
    expect(await store.balance(accountId)).toEqual(before);
    expect(await ledgerLength()).toBe(entriesBefore);
    expect((await callTimed()).ok).toBe(true);
  });
});
