/**
 * A/B of one change: the app at an earlier revision (A) against this working tree (B), both on
 * production settings over one throwaway Redis, measured in alternating wrk rounds (A B, B A, …) so
 * that whatever else the machine does falls on both; prints each round's server CPU µs per request,
 * the medians and B/A. Run-to-run swings on a shared machine are ±5 %: read B/A, and repeat a close one.
 *
 *   node bench/ab.ts <revision> [rest|luck|mcp|graphql] [rounds]     e.g. node bench/ab.ts HEAD~3 rest 4
 *
 * A is checked out into a temporary git worktree (sharing this checkout's node_modules), removed after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { print } from 'graphql';
import { startRedisServer } from '../test/support/redis-server.ts';
import { CalculateFullDocument } from '../test/graphql/generated/operations.ts';
import { load, startChildServer, variedBirths, type ChildServer } from './child-server.ts';
import { PRODUCTION_ENV } from './rest.ts';

const KINDS = ['rest', 'luck', 'mcp', 'graphql'] as const;
type Kind = (typeof KINDS)[number];

const [revision, kindArgument = 'rest', roundsArgument = '4'] = process.argv.slice(2);
const kind = kindArgument as Kind;
const rounds = Number(roundsArgument);
if (revision === undefined || !KINDS.includes(kind) || !Number.isInteger(rounds) || rounds < 1) {
  console.error(`usage: node bench/ab.ts <revision> [${KINDS.join('|')}] [rounds]`);
  process.exit(2);
}

const births = variedBirths(1_000);
const fullB = print(CalculateFullDocument);
const mcpCall = (args: Record<string, unknown>, id: number): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'calculate_chart', arguments: args } });
const bodies: readonly string[] = births.map((birth, i) =>
  kind === 'rest'
    ? JSON.stringify(birth)
    : kind === 'luck'
      ? JSON.stringify({ ...birth, gender: i % 2 === 0 ? 'male' : 'female', include: ['luck'] })
      : kind === 'mcp'
        ? mcpCall(birth, i)
        : JSON.stringify({ query: fullB, variables: { input: birth, variant: 'B' } }),
);
const path = kind === 'mcp' ? '/mcp' : kind === 'graphql' ? '/graphql' : '/api/v1/calculate';
// As bench/graphql.ts runs it: the GraphQL rows without the access log.
const env = { ...PRODUCTION_ENV, ...(kind === 'graphql' ? { LOG_LEVEL: 'silent' } : {}) };

const root = fileURLToPath(new URL('..', import.meta.url));
const worktree = mkdtempSync(join(tmpdir(), 'fp-ab-'));
try {
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', worktree, revision], { stdio: 'ignore' });
} catch {
  rmSync(worktree, { recursive: true, force: true });
  console.error(`bench/ab.ts: git could not check out "${revision}" (a commit, branch or tag of this repository)`);
  process.exit(2);
}
symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
const redis = await startRedisServer();
const servers: { name: 'A' | 'B'; server: ChildServer<{ apiKey: string }> }[] = [];
try {
  servers.push({ name: 'A', server: await startChildServer(join(worktree, 'bench/app-server.ts'), { REDIS_URL: redis.url, ...env }) });
  servers.push({ name: 'B', server: await startChildServer('./app-server.ts', { REDIS_URL: redis.url, ...env }) });
  const cpu: Record<'A' | 'B', number[]> = { A: [], B: [] };
  for (let round = 0; round < rounds; round++) {
    for (const { name, server } of round % 2 === 0 ? servers : [...servers].reverse()) {
      const row = await load(name, {
        url: `http://127.0.0.1:${server.info.port}${path}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${server.info.apiKey}`,
          ...(kind === 'mcp' ? { accept: 'application/json, text/event-stream' } : {}),
        },
        bodies,
        serverPid: server.pid,
      });
      if (row.non2xx > 0) throw new Error(`${name} answered ${row.non2xx} non-2xx or failed requests`);
      if (row.cpuMicrosPerRequest === null) throw new Error('no CPU figure: /proc is needed');
      cpu[name].push(row.cpuMicrosPerRequest);
    }
  }
  const median = (values: readonly number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const line = (name: 'A' | 'B'): string =>
    `${cpu[name].map((value) => value.toFixed(0)).join(', ')}; median ${median(cpu[name]).toFixed(0)}`;
  console.log(`## A/B, ${kind}, server CPU µs per request (${rounds} alternating rounds)`);
  console.log(`A (${revision}): ${line('A')}`);
  console.log(`B (this tree): ${line('B')}`);
  console.log(`B/A: ${(median(cpu.B) / median(cpu.A)).toFixed(3)}`);
} finally {
  await Promise.all(servers.map(({ server }) => server.stop()));
  await redis.dispose();
  execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  rmSync(worktree, { recursive: true, force: true });
}
