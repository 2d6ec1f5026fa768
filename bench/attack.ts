/**
 * a normal paid call's latency while anonymous clients attack at full speed. One client
 * makes sequential paid calls (p50/p99 over the run) against the real app over a real Redis, first
 * alone, then while four connections send GraphiQL's full introspection query without a key as fast
 * as the server answers (wrk when installed, else autocannon). Introspection is on (the development
 * default) and the anonymous limit at its default (20/s, burst 60 per address): the attackers are
 * answered 429 from the first second on. Runnable alone: `node bench/attack.ts`.
 */
import { getIntrospectionQuery } from 'graphql';
import { startRedisServer } from '../test/support/redis-server.ts';
import { startChildServer, WRK } from './child-server.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CALLS = 600;
const ATTACK_CONNECTIONS = 4;

async function paidLatencies(url: string, apiKey: string): Promise<{ p50: number; p99: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < CALLS; i++) {
    const body = JSON.stringify({ year: 1950 + (i % 100), month: 1 + (i % 12), day: 1 + (i % 28), time: '10:30', location: 139.69 });
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) failures += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]!, failures };
}

/** Starts the anonymous attack; resolves its summary once stopped. */
function attack(url: string): { stop: () => Promise<string> } {
  const dir = mkdtempSync(join(tmpdir(), 'fp-attack-'));
  const body = JSON.stringify({ query: getIntrospectionQuery() });
  const script = join(dir, 'attack.lua');
  writeFileSync(
    script,
    ['wrk.method = "POST"', 'wrk.headers["content-type"] = "application/json"', `wrk.body = ${JSON.stringify(body)}`].join('\n'),
  );
  const child =
    WRK !== undefined
      ? spawn(WRK, ['-t1', `-c${ATTACK_CONNECTIONS}`, '-d120s', '-s', script, url], { stdio: ['ignore', 'pipe', 'inherit'] })
      : spawn(
          process.execPath,
          [
            '-e',
            `require('autocannon')({ url: ${JSON.stringify(url)}, method: 'POST', connections: ${ATTACK_CONNECTIONS}, duration: 120,` +
              ` headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)} }, (e, r) => console.log('Requests/sec: ' + r.requests.average + ' non2xx ' + r.non2xx));` +
              ` process.on('SIGINT', () => {});`,
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? '?';
          const refused = /Non-2xx or 3xx responses:\s+(\d+)|non2xx (\d+)/.exec(out);
          resolve(`${Number(rps).toFixed(0)} attack req/s answered, ${refused?.[1] ?? refused?.[2] ?? 0} of them refused (429)`);
        });
        child.kill('SIGINT');
      }),
  };
}

export async function benchAttack(): Promise<void> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', {
    REDIS_URL: redis.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
    GRAPHQL_INTROSPECTION: '1',
  });
  const base = `http://127.0.0.1:${app.info.port}`;
  try {
    await paidLatencies(`${base}/api/v1/calculate`, app.info.apiKey); // warm-up
    const alone = await paidLatencies(`${base}/api/v1/calculate`, app.info.apiKey);
    const attacker = attack(`${base}/graphql`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const attacked = await paidLatencies(`${base}/api/v1/calculate`, app.info.apiKey);
    const summary = await attacker.stop();
    console.log(`\n## Paid calls under anonymous attack (${CALLS} sequential paid calls, Redis store)`);
    const row = (name: string, r: typeof alone) =>
      console.log(
        `${name.padEnd(52)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.failures > 0 ? `  ${r.failures} failed!` : ''}`,
      );
    row('alone (baseline)', alone);
    row(`with ${ATTACK_CONNECTIONS} connections of anonymous introspection`, attacked);
    console.log(`attackers: ${summary}`);
  } finally {
    await app.stop();
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAttack();
