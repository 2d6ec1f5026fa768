import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Cluster, Redis } from 'ioredis';
import { createRedisClient, waitUntilReady } from '../src/adapters/redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from '../src/adapters/redis/credit-store.ts';
import { redisServerAvailable, startRedisServer } from '../test/support/redis-server.ts';

/**
 * Charges per second through the Redis credit store (the whole charge.lua: month check, debit,
 * autocharge check, ledger XADD, via EVALSHA) against the ceiling of a plain INCR with the same
 * client, concurrency and duration, on a redis-server this bench starts itself.
 */

export interface CreditsBenchOptions {
  readonly concurrency?: number;
  readonly durationMs?: number;
}

export interface CreditsBenchResult {
  readonly chargesPerSec: number;
  readonly incrPerSec: number;
}

export async function measureRate(concurrency: number, durationMs: number, operation: () => Promise<unknown>): Promise<number> {
  const warmUntil = performance.now() + Math.min(500, durationMs / 4);
  const warm = async () => {
    while (performance.now() < warmUntil) await operation();
  };
  await Promise.all(Array.from({ length: concurrency }, warm));

  let completed = 0;
  const started = performance.now();
  const until = started + durationMs;
  const caller = async () => {
    while (performance.now() < until) {
      await operation();
      completed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return completed / ((performance.now() - started) / 1000);
}

export async function benchCredits(options: CreditsBenchOptions = {}): Promise<CreditsBenchResult> {
  const concurrency = options.concurrency ?? 50;
  const durationMs = options.durationMs ?? 3000;
  if (!redisServerAvailable()) throw new Error('bench/credits: redis-server and redis-cli must be on PATH');

  const server = await startRedisServer();
  let client: Redis | Cluster | undefined;
  try {
    client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS });
    await waitUntilReady(client, 5000);
    const store = new RedisCreditStore({ client, keyPrefix: 'bench:' });
    await store.createAccount({
      accountId: 'bench',
      plan: 'standard',
      monthlyAllowance: 0,
      autoCredits: 1_000_000_000,
      autocharge: { threshold: 100, amount: 500 },
    });

    const chargesPerSec = await measureRate(concurrency, durationMs, async () => {
      const outcome = await store.charge({ accountId: 'bench', chargeId: randomUUID(), unitCost: 10, logId: 'bench', idempotency: null });
      if (outcome.kind !== 'charged') throw new Error(`bench charge refused: ${outcome.kind}`);
    });
    const redis = client;
    const incrPerSec = await measureRate(concurrency, durationMs, () => redis.incr('bench:{incr}:counter'));

    const rows = [
      ['operation', 'concurrency', 'ops/s'],
      ['charge (charge.lua via EVALSHA)', String(concurrency), chargesPerSec.toFixed(0)],
      ['INCR (ceiling)', String(concurrency), incrPerSec.toFixed(0)],
      ['charge / INCR', '', `${((chargesPerSec / incrPerSec) * 100).toFixed(1)} %`],
    ];
    const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
    console.log(`\nCredits store on redis-server (127.0.0.1:${server.port}), ${durationMs} ms per measurement`);
    for (const row of rows)
      console.log(row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '));
    return { chargesPerSec, incrPerSec };
  } finally {
    client?.disconnect();
    await server.dispose();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchCredits().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
