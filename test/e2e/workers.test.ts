/**
 * WEB_CONCURRENCY: the process started as a deployer starts it (`npm start`) runs N node:cluster
 * workers on one port over a shared Redis, answers from all of them, charges each call once, and a
 * SIGTERM to npm stops every worker and the primary.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { runCli } from '../support/run-cli.ts';
import { isAlive, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { budgetMs } from '../support/time-budget.ts';

const hasRedis = requireRedisServer('the WEB_CONCURRENCY test');

/** Every process whose parent is `pid`, recursively. */
function descendants(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  const children = out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

describe.skipIf(!hasRedis)('WEB_CONCURRENCY=2 over Redis', () => {
  let redis: RedisServer | undefined;
  let started: ServerProcess | undefined;
  afterAll(async () => {
    if (started?.child.exitCode === null) started.child.kill('SIGKILL');
    await redis?.dispose();
  });

  it(
    'serves from two workers, charges each call once, and SIGTERM to npm start leaves no process',
    { timeout: budgetMs(60_000) },
    async () => {
      redis = await startRedisServer();
      const env = { REDIS_URL: redis.url, REDIS_CLUSTER_NODES: '' };
      const account = runCli('src/cli/admin.ts', ['create-account', '--monthly', '1000'], '', env);
      expect(account.status, account.stderr).toBe(0);
      const { account_id: accountId, api_key: apiKey } = JSON.parse(account.stdout) as { account_id: string; api_key: string };

      started = await startServerProcess('npm', ['start'], { ...env, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info', RATE_LIMIT_PER_SECOND: '0' });
      const { child: npm, port } = started;
      // The primary says how many workers it starts; each worker logs its own listening line.
      await expect
        .poll(() => started!.stdout.join('').match(/"message":"listening on /g)?.length ?? 0, { timeout: budgetMs(20_000) })
        .toBe(2);
      expect(started.stdout.join('')).toContain('"message":"starting 2 workers');

      const calls = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`http://127.0.0.1:${port}/api/v1/calculate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, connection: 'close' },
            body: JSON.stringify({ year: 1990, month: 5, day: 1 + i, time: '10:30', location: 139.69 }),
          }).then(async (res) => ({ status: res.status, body: (await res.json()) as { credits_remaining: number } })),
        ),
      );
      expect(calls.map((c) => c.status)).toEqual(Array(20).fill(200));
      // One balance across both workers: 20 calls × 10 credits, each remaining balance seen once.
      expect(new Set(calls.map((c) => c.body.credits_remaining)).size).toBe(20);
      expect(Math.min(...calls.map((c) => c.body.credits_remaining))).toBe(800);
      // whichever worker takes the scrape, /metrics counts both workers' calls.
      for (let i = 0; i < 6; i++) {
        const scrape = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: 'close' } });
        expect(scrape.status).toBe(200);
        expect(await scrape.text()).toMatch(/^fp_charges_total\{outcome="charged"\} 20$/m);
      }
      const shown = runCli('src/cli/admin.ts', ['show', '--account', accountId], '', env);
      expect(JSON.parse(shown.stdout)).toMatchObject({ monthly_credits: 800 });

      const processes = [npm.pid!, ...descendants(npm.pid!)];
      expect(processes.length).toBeGreaterThanOrEqual(4); // npm, the primary, two workers
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      npm.kill('SIGTERM');
      await exited;
      await expect.poll(() => processes.filter(isAlive), { timeout: budgetMs(15_000) }).toEqual([]);
      // every line names its process (and worker); each worker and the primary say they stopped.
      const lines = started.stdout
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.every((line) => typeof line['pid'] === 'number')).toBe(true);
      expect(new Set(lines.filter((line) => line['message'] === 'request').map((line) => line['worker'])).size).toBe(2);
      expect(lines.filter((line) => line['message'] === 'stopped' && line['worker'] !== undefined)).toHaveLength(2);
      expect(lines.at(-1)).toMatchObject({ message: 'stopped: every worker has exited' });
    },
  );
});
