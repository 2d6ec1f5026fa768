import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PostgresLedgerArchive } from '../src/adapters/postgres/ledger-archive.ts';
import { createRedisClient, waitUntilReady } from '../src/adapters/redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from '../src/adapters/redis/credit-store.ts';
import { LedgerArchiver } from '../src/adapters/redis/ledger-archiver.ts';
import { startPostgresServer } from '../test/support/postgres-server.ts';
import { redisServerAvailable, startRedisServer } from '../test/support/redis-server.ts';
import { measureRate } from './credits.ts';

/**
 * The durable ledger must not slow a paid call: charges per second through the Redis
 * store with no archive (the baseline), with the archiver running every 100 ms into a live
 * PostgreSQL, and with it running while PostgreSQL is stopped, in alternating rounds (medians);
 * then how fast the archiver drains a backlog into PostgreSQL. Starts its own redis-server and
 * PostgreSQL. Runnable alone: `node bench/ledger.ts`.
 */

export interface LedgerBenchResult {
  readonly baselinePerSec: number;
  readonly archivingPerSec: number;
  readonly databaseDownPerSec: number;
  readonly drainEntriesPerSec: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function benchLedger(
  options: { rounds?: number; durationMs?: number; concurrency?: number } = {},
): Promise<LedgerBenchResult> {
  const { rounds = 3, durationMs = 2000, concurrency = 50 } = options;
  if (!redisServerAvailable()) throw new Error('bench/ledger: redis-server and redis-cli must be on PATH');
  const [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
  const client = createRedisClient({ kind: 'redis', url: redis.url }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS });
  const archiverClient = createRedisClient({ kind: 'redis', url: redis.url }, { commandTimeoutMs: 5_000 });
  const archive = new PostgresLedgerArchive({ url: postgres.url, timeoutMs: 2_000 });
  try {
    await Promise.all([waitUntilReady(client, 5000), waitUntilReady(archiverClient, 5000), archive.migrate()]);
    const plain = new RedisCreditStore({ client, keyPrefix: 'bench:' });
    const archived = new RedisCreditStore({ client, keyPrefix: 'bench:', archive });
    const account = { plan: 'standard', monthlyAllowance: 0, autoCredits: 1_000_000_000, autocharge: { threshold: 0, amount: 0 } } as const;
    await plain.createAccount({ accountId: 'plain', ...account });
    await plain.createAccount({ accountId: 'archived', ...account });
    const charging = (store: RedisCreditStore, accountId: string) => async () => {
      const outcome = await store.charge({ accountId, chargeId: randomUUID(), unitCost: 10, logId: 'bench', idempotency: null });
      if (outcome.kind !== 'charged') throw new Error(`bench charge refused: ${outcome.kind}`);
    };
    const runArchiver = () => {
      const archiver = new LedgerArchiver({ client: archiverClient, keyPrefix: 'bench:', archive, keepMs: 0 });
      archiver.start(100, () => {});
      return archiver;
    };
    const [baseline, archiving, down]: [number[], number[], number[]] = [[], [], []];
    for (let round = 0; round < rounds; round++) {
      baseline.push(await measureRate(concurrency, durationMs, charging(plain, 'plain')));
      let archiver = runArchiver();
      archiving.push(await measureRate(concurrency, durationMs, charging(archived, 'archived')));
      await archiver.stop();
      await postgres.stop();
      archiver = runArchiver();
      down.push(await measureRate(concurrency, durationMs, charging(archived, 'archived')));
      await archiver.stop();
      await postgres.start();
    }
    // The backlog left while the database was down, drained in one go.
    const backlog = await client.xlen('bench:{acct:archived}:ledger');
    const drainer = new LedgerArchiver({ client: archiverClient, keyPrefix: 'bench:', archive, keepMs: 0 });
    const started = performance.now();
    let drained = 0;
    for (;;) {
      const pass = await drainer.runOnce();
      drained += pass.acknowledged;
      if (pass.acknowledged === 0) break;
    }
    const drainEntriesPerSec = drained / ((performance.now() - started) / 1000);
    await drainer.stop();

    const result = {
      baselinePerSec: median(baseline),
      archivingPerSec: median(archiving),
      databaseDownPerSec: median(down),
      drainEntriesPerSec,
    };
    const ratio = (value: number) => `${((value / result.baselinePerSec) * 100).toFixed(0)} % of the baseline`;
    console.log(
      `\n## The durable ledger: charges/s (concurrency ${concurrency}, median of ${rounds} alternating rounds of ${durationMs} ms)`,
    );
    console.log(`no ledger database (baseline)              ${result.baselinePerSec.toFixed(0).padStart(7)} charges/s`);
    console.log(
      `archiver running, PostgreSQL up            ${result.archivingPerSec.toFixed(0).padStart(7)} charges/s  ${ratio(result.archivingPerSec)}`,
    );
    console.log(
      `archiver running, PostgreSQL stopped       ${result.databaseDownPerSec.toFixed(0).padStart(7)} charges/s  ${ratio(result.databaseDownPerSec)}`,
    );
    console.log(
      `archiver draining a ${backlog.toLocaleString('en')}-entry backlog  ${drainEntriesPerSec.toFixed(0).padStart(7)} entries/s`,
    );
    return result;
  } finally {
    archiverClient.disconnect();
    client.disconnect();
    await archive.close().catch(() => {});
    await Promise.all([redis.dispose(), postgres.dispose()]);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLedger().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
