/**
 * a failover may not lose billed calls. The real server over a Redis master with one
 * replica (REDIS_WAIT_REPLICAS=auto waits for it), under load: the replica's link stalls
 * (SIGSTOP), then the master is killed (SIGKILL) and the replica promoted. Every answer a client
 * received must be in the promoted replica's ledger, and its balance must agree with its ledger
 * (non-void entries = balance drop / cost). While the replica stalls, calls answer 503 (not
 * confirmed) instead of 200. The surplus allowed is the calls in flight at the instant of the stall:
 * charged on both, refused 503, their voids lost with the master (README, durability).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { requireRedisServer, startRedisServer, startReplicaOf, type RedisServer } from '../support/redis-server.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { countLedger } from '../support/ledger-count.ts';
import { budgetMs } from '../support/time-budget.ts';

const WORKERS = 6;
const COST = 10;
const ALLOWANCE = 1_000_000;
const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!requireRedisServer('replica failover'))('failover to a replica after its link stalled (REDIS_WAIT_REPLICAS)', () => {
  let master: RedisServer;
  let replica: RedisServer;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    master = await startRedisServer();
    replica = await startReplicaOf(master);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    replica?.resume();
    await replica?.dispose();
    await master?.dispose();
  });

  it(
    'every delivered answer survives the failover; calls the replica cannot confirm answer 503',
    { timeout: budgetMs(90_000) },
    async () => {
      const opened = await openCreditStore({ kind: 'redis', url: master.url }, { redisKeyPrefix: 'fp:' });
      const { accountId, apiKey } = await createAccountAdmin(opened.store).createAccount({
        plan: 'standard',
        monthlyAllowance: ALLOWANCE,
        autoCredits: 0,
        autocharge: { threshold: 0, amount: 0 },
      });
      await opened.close();
      server = await startServerProcess(process.execPath, ['src/main.ts'], {
        REDIS_URL: master.url,
        REDIS_CLUSTER_NODES: '',
        RATE_LIMIT_PER_SECOND: '0',
        REDIS_WAIT_REPLICAS: 'auto',
        REDIS_WAIT_TIMEOUT_MS: '100',
        LOG_LEVEL: 'info',
      });

      let phase: 'replicating' | 'stalled' | 'master-dead' = 'replicating';
      let stopping = false;
      const counts = {
        replicating: new Map<number, number>(),
        stalled: new Map<number, number>(),
        'master-dead': new Map<number, number>(),
      };
      const worker = async (): Promise<void> => {
        while (!stopping) {
          const at = phase;
          let status = 0;
          try {
            const response = await fetch(`http://127.0.0.1:${server!.port}/api/v1/calculate`, {
              method: 'POST',
              headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
              body: BODY,
              signal: AbortSignal.timeout(budgetMs(5000)),
            });
            const body = await response.text();
            // A 200 counts only with its whole answer: that is what a client was given.
            status = response.status === 200 && !body.includes('"status":"success"') ? -1 : response.status;
          } catch {
            status = 0;
          }
          counts[at].set(status, (counts[at].get(status) ?? 0) + 1);
          if (status !== 200) await sleep(20); // a client's back-off
        }
      };
      const load = Array.from({ length: WORKERS }, () => worker());
      // Each phase holds for its time under load: time passing is the point.
      await sleep(1500);
      replica.pause(); // the replica's link stalls: nothing it acknowledges from now on
      phase = 'stalled';
      await sleep(1500);
      await master.kill(); // the master dies with whatever the replica never got
      phase = 'master-dead';
      await sleep(500);
      stopping = true;
      await Promise.all(load);
      server.child.kill('SIGTERM');

      // Promote the replica and read the account there.
      replica.resume();
      const promote = new Redis(replica.url, { maxRetriesPerRequest: null });
      await promote.call('REPLICAOF', 'NO', 'ONE');
      promote.disconnect();
      const promoted = await openCreditStore({ kind: 'redis', url: replica.url }, { redisKeyPrefix: 'fp:' });
      try {
        const { nonVoid } = await countLedger(promoted.store, accountId);
        const balance = await promoted.store.balance(accountId);
        const successes = Object.values(counts).reduce((sum, byStatus) => sum + (byStatus.get(200) ?? 0), 0);
        const summary = Object.fromEntries(Object.entries(counts).map(([at, byStatus]) => [at, Object.fromEntries(byStatus)]));
        console.info(`replica failover: ${JSON.stringify(summary)}; in the promoted ledger: ${nonVoid}`);
        expect(counts.replicating.get(200) ?? 0).toBeGreaterThan(20);
        // While the replica could not confirm, nothing was answered as a success.
        expect(counts.stalled.get(200) ?? 0).toBe(0);
        expect(counts.stalled.get(503) ?? 0).toBeGreaterThan(0);
        expect(counts.stalled.get(-1) ?? 0).toBe(0);
        const refused = Object.values(counts).reduce((sum, byStatus) => sum + (byStatus.get(503) ?? 0), 0);
        // Every answer delivered is billed on the promoted replica, and the balance agrees with the ledger.
        expect(nonVoid).toBeGreaterThanOrEqual(successes);
        expect((ALLOWANCE - balance!.monthlyCredits) / COST).toBe(nonVoid);
        // The only surplus: calls refused 503 because the replica stalled just after taking their
        // charge, whose void was queued for the master that died (this gateway cannot reach the
        // promoted replica at another address; behind Cluster or Sentinel the retried void lands there).
        expect(nonVoid - successes).toBeLessThanOrEqual(refused);
        expect(nonVoid - successes).toBeLessThanOrEqual(WORKERS);
      } finally {
        await promoted.close();
      }
    },
  );
});
