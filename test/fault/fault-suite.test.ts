/**
 * The fault suite: the real server process over a real redis-server under bounded load,
 * while one fault after another is injected: an event-loop freeze of the server, `DEBUG SLEEP`,
 * `CLIENT PAUSE`, `kill -STOP`/`-CONT` of Redis, and finally SIGTERM of the server. Afterwards the
 * ledger must hold exactly one non-void entry per 200 the clients received; each stall answers its
 * first 503 within 1 s and recovers within 1 s of its end, without a restart; nothing answers 5xx
 * but 503.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { startServerProcess } from '../support/server-process.ts';
import { countLedger } from '../support/ledger-count.ts';
import { budgetMs } from '../support/time-budget.ts';

const WORKERS = 6;
const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

interface Call {
  readonly startMs: number;
  readonly endMs: number;
  /** 0: the connection failed (refused after shutdown, or reset). */
  readonly status: number;
}

interface Fault {
  readonly name: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Does the credit store stall, so calls must answer 503 within 1 s? */
  readonly stallsStore: boolean;
}

const startServer = (redisUrl: string) =>
  startServerProcess(process.execPath, ['--import', './test/fault/inject.ts', 'src/main.ts'], {
    REDIS_URL: redisUrl,
    REDIS_CLUSTER_NODES: '',
    RATE_LIMIT_PER_SECOND: '0',
    SHUTDOWN_GRACE_MS: '3000',
    LOG_LEVEL: 'info', // the start-up line (which carries the port) is an info line
  });

/** The faults are timed: a second of load between them, each held for its duration. Time passing is their point. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!requireRedisServer('fault suite'))('fault suite: charges equal delivered successes under every fault', () => {
  let redis: RedisServer;
  let store: CreditStore;
  let control: Redis;

  beforeAll(async () => {
    redis = await startRedisServer({ extraArgs: ['--enable-debug-command', 'yes'] });
    ({ store } = await openCreditStore({ kind: 'redis', url: redis.url }, { redisKeyPrefix: 'fp:' }));
    control = new Redis(redis.url, { maxRetriesPerRequest: null, lazyConnect: false });
  });
  afterAll(async () => {
    control?.disconnect();
    await store?.close();
    await redis?.dispose();
  });

  it('event-loop freeze, DEBUG SLEEP, CLIENT PAUSE, STOP/CONT, SIGTERM', { timeout: budgetMs(120_000) }, async () => {
    const { accountId, apiKey } = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 1_000_000_000,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    const server = await startServer(redis.url);
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGWINCH'); // start measuring event-loop delay now that start-up is over
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const calls: Call[] = [];
    let stopping = false;

    const worker = async (): Promise<void> => {
      while (!stopping) {
        const startMs = now();
        let status = 0;
        try {
          const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/calculate`, {
            method: 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
            body: BODY,
            signal: AbortSignal.timeout(budgetMs(5000)),
          });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 0;
        }
        calls.push({ startMs, endMs: now(), status });
        if (status === 0) await sleep(50); // a client's back-off after a refused connection
      }
    };
    const load = Array.from({ length: WORKERS }, () => worker());

    const faults: Fault[] = [];
    const inject = async (name: string, stallsStore: boolean, durationMs: number, start: () => void, end: () => void = () => {}) => {
      await sleep(1000);
      const startMs = now();
      start();
      await sleep(durationMs);
      end();
      faults.push({ name, startMs, endMs: now(), stallsStore });
    };

    await inject('event-loop freeze 800 ms', false, 800, () => void server.child.kill('SIGUSR2'));
    await inject('DEBUG SLEEP 1', true, 1000, () => void control.call('DEBUG', 'SLEEP', '1').catch(() => {}));
    await inject('CLIENT PAUSE 1000', true, 1000, () => void control.call('CLIENT', 'PAUSE', '1000', 'ALL').catch(() => {}));
    await inject(
      'kill -STOP / -CONT',
      true,
      1200,
      () => redis.pause(),
      () => redis.resume(),
    );
    await sleep(1000);
    const sigtermMs = now();
    server.child.kill('SIGTERM');
    await exited;
    stopping = true;
    await Promise.all(load);

    // The ledger, every page: one non-void entry per 200 received.
    const { nonVoid, voided } = await countLedger(store, accountId);
    const ok = calls.filter((call) => call.status === 200).length;
    const byStatus = Object.fromEntries(
      [...new Set(calls.map((c) => c.status))].map((s) => [s, calls.filter((c) => c.status === s).length]),
    );
    const worstDelay = /worst event-loop delay outside injected blocks: ([\d.]+) ms/.exec(server.stderr.join(''))?.[1];
    console.log(
      `fault suite: ${calls.length} calls ${JSON.stringify(byStatus)}; ledger ${nonVoid} charged, ${voided} voided; worst event-loop delay ${worstDelay} ms`,
    );

    const margins = faults.map((fault) => {
      const first503 = calls.filter((c) => c.status === 503 && c.endMs >= fault.startMs).sort((a, b) => a.endMs - b.endMs)[0];
      const recovered = calls.filter((c) => c.status === 200 && c.startMs >= fault.endMs).sort((a, b) => a.endMs - b.endMs)[0];
      return `${fault.name}: first 503 ${first503 === undefined ? '-' : Math.round(first503.endMs - fault.startMs)} ms, recovery ${recovered === undefined ? '-' : Math.round(recovered.endMs - fault.endMs)} ms`;
    });
    console.log(`fault suite: ${margins.join('; ')}`);

    // Exact whatever the ledger keeps: every delivered success took its 10 credits, every other call none.
    const balance = await store.balance(accountId);
    expect(1_000_000_000 - balance!.monthlyCredits).toBe(10 * ok);
    // The ledger keeps every entry younger than its retention (days): entry for entry.
    expect(nonVoid).toBe(ok);
    expect(ok).toBeGreaterThan(100);
    expect(calls.filter((call) => call.status >= 500 && call.status !== 503)).toEqual([]);
    for (const fault of faults) {
      if (fault.stallsStore) {
        const first503 = calls.filter((c) => c.status === 503 && c.endMs >= fault.startMs).sort((a, b) => a.endMs - b.endMs)[0];
        expect(first503, `${fault.name}: a 503`).toBeDefined();
        expect(first503!.endMs - fault.startMs, `${fault.name}: first 503`).toBeLessThan(1000);
      }
      const recovered = calls.filter((c) => c.status === 200 && c.startMs >= fault.endMs).sort((a, b) => a.endMs - b.endMs)[0];
      expect(recovered, `${fault.name}: a success after the fault`).toBeDefined();
      expect(recovered!.endMs - fault.endMs, `${fault.name}: recovery`).toBeLessThan(1000);
    }
    // Shutdown: requests started before SIGTERM were answered, not cut.
    expect(calls.filter((c) => c.startMs < sigtermMs - 100 && c.status === 0)).toEqual([]);
    expect(worstDelay).toBeDefined();
  });
});
