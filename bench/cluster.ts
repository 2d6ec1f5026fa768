/**
 * Several cores: the real server (`src/main.ts`, a node:cluster primary with `WEB_CONCURRENCY`
 * workers) on production settings and a real Redis, with 1 and then 2 workers, POST Variant B at
 * 50 connections; CPU per request is the whole process tree's (primary and workers). On this
 * 2-core machine the load generator and Redis share the cores, so two workers cannot double the
 * rate here; the per-core figure gives an estimate for a larger host (printed as an estimate).
 * Runnable alone: `node bench/cluster.ts`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openCreditStore } from '../src/adapters/create-credit-store.ts';
import { createAccountAdmin } from '../src/application/accounts/account-admin.ts';
import { freePort, startRedisServer } from '../test/support/redis-server.ts';
import { load, printLoad, variedBirths, type LoadResult } from './child-server.ts';
import { PRODUCTION_ENV } from './rest.ts';

const BODIES = variedBirths(1_000).map((birth) => JSON.stringify(birth));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

async function untilHealthy(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

async function withServer<T>(env: Record<string, string>, run: (base: string, pid: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await untilHealthy(`${base}/health`);
    return await run(base, child.pid!);
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

export async function benchCluster(): Promise<LoadResult[]> {
  const redis = await startRedisServer();
  const { store } = await openCreditStore({ kind: 'redis', url: redis.url }, { redisKeyPrefix: 'fp:' });
  try {
    const { apiKey } = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 1_000_000_000,
      autoCredits: 1_000_000_000,
      autocharge: { threshold: 0, amount: 0 },
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
    const rows: LoadResult[] = [];
    for (const workers of [1, 2]) {
      const env = { ...PRODUCTION_ENV, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'fp:', WEB_CONCURRENCY: String(workers) };
      rows.push(
        await withServer(env, (base, pid) =>
          load(`WEB_CONCURRENCY=${workers}: POST /api/v1/calculate (B)`, {
            url: `${base}/api/v1/calculate`,
            headers,
            bodies: BODIES,
            serverPid: pid,
          }),
        ),
      );
    }
    printLoad('The server with 1 and 2 workers (src/main.ts, production settings)', rows, rows[0]!);
    const perCore = rows[0]!.cpuMicrosPerRequest;
    if (perCore !== null) {
      const perCoreRate = 1e6 / perCore;
      console.log(
        `Estimate, not a measurement: at ${perCore.toFixed(0)} µs of CPU per request one core answers ~${perCoreRate.toFixed(0)} req/s, ` +
          `so 16 workers on a 16-core host would answer ~${((16 * perCoreRate) / 1000).toFixed(0)}k req/s if nothing else ran there ` +
          '(the load generator, Redis and the kernel take their share; one Redis core runs each charge script, and bench/credits.ts measures its rate).',
      );
    }
    return rows;
  } finally {
    await store.close();
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCluster();
