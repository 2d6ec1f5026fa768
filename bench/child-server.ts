/**
 * Servers under load run in their own process, so the load generator and the server do not share an
 * event loop. A child prints one JSON line ({ port, ... }) once it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface ChildServer<Info> {
  readonly info: Info & { readonly port: number };
  stop(): Promise<void>;
}

export async function startChildServer<Info>(entry: string, env: Record<string, string> = {}): Promise<ChildServer<Info>> {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL(entry, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before listening`)));
  });
  return {
    info: JSON.parse(firstLine),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  readonly name: string;
  readonly requestsPerSec: number;
  readonly p99Ms: number;
  readonly non2xx: number;
}

export const LOAD_CONNECTIONS = 50;
const LOAD_SECONDS = 5;

/** autocannon, 50 connections, after a 1 s warm-up. */
export async function load(
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<LoadResult> {
  const base = { connections: LOAD_CONNECTIONS, method: options.method ?? 'POST', headers: options.headers ?? {}, body: options.body };
  await autocannon({ ...base, url: options.url, duration: 1 });
  const result = await autocannon({ ...base, url: options.url, duration: LOAD_SECONDS });
  return { name, requestsPerSec: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx + result.errors };
}

export function printLoad(title: string, rows: readonly LoadResult[], baseline: LoadResult): void {
  console.log(`\n## ${title} (${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s each)`);
  for (const row of rows) {
    const share =
      row === baseline ? '(baseline)' : `${((100 * row.requestsPerSec) / baseline.requestsPerSec).toFixed(0)} % of ${baseline.name}`;
    const failures = row.non2xx > 0 ? `  ${row.non2xx} non-2xx/errors!` : '';
    console.log(
      `${row.name.padEnd(52)} ${row.requestsPerSec.toFixed(0).padStart(7)} req/s  p99 ${String(row.p99Ms).padStart(4)} ms  ${share}${failures}`,
    );
  }
}
