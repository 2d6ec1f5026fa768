/**
 * Servers under load run in their own process, so the load generator and the server do not share an
 * event loop. A child prints one JSON line ({ port, ... }) once it listens.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface ChildServer<Info> {
  readonly info: Info & { readonly port: number };
  /** The server's process id: its CPU (and its workers') is read from /proc around each load. */
  readonly pid: number;
  /** Sends a message over the IPC channel and resolves with the child's first answer. */
  ask(message: string): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startChildServer<Info>(entry: string, env: Record<string, string> = {}): Promise<ChildServer<Info>> {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL(entry, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // The IPC channel (bench/heavy.ts's questions) must not keep the bench alive.
  child.channel?.unref();
  // With the production log level the server's own log lines share stdout: the first line without a level is the child's.
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onLine = (line: string): void => {
      if (line.startsWith('{"level":')) return;
      lines.off('line', onLine);
      resolve(line);
    };
    lines.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before listening`)));
  });
  return {
    info: JSON.parse(firstLine),
    pid: child.pid!,
    ask: (message) =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send(message);
      }),
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
  /** The server's own CPU (user + system, its process and its descendants) per request answered; null without /proc or a pid. */
  readonly cpuMicrosPerRequest: number | null;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux unless the kernel says otherwise). */
const CLOCK_TICKS = (() => {
  const found = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim());
  return Number.isFinite(found) && found > 0 ? found : 100;
})();

/** A process's parent and CPU ticks (utime + stime) from /proc/<pid>/stat; undefined when it is gone. */
function statOf(pid: number): { readonly ppid: number; readonly ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by a process and every live descendant (cluster workers), from /proc; null without /proc. */
export function serverCpuSeconds(pid: number): number | null {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return null;
  }
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const candidate of pids) {
    const stat = statOf(candidate);
    if (stat === undefined) continue;
    parents.set(candidate, stat.ppid);
    ticks.set(candidate, stat.ticks);
  }
  if (!ticks.has(pid)) return null;
  const inTree = (candidate: number): boolean => {
    for (let p: number | undefined = candidate, depth = 0; p !== undefined && p > 1 && depth < 16; p = parents.get(p), depth++)
      if (p === pid) return true;
    return false;
  };
  let total = 0;
  for (const [candidate, t] of ticks) if (inTree(candidate)) total += t;
  return total / CLOCK_TICKS;
}

export const LOAD_CONNECTIONS = 50;
const LOAD_SECONDS = 6;
const WARM_UP_SECONDS = 2;

/** wrk (a C load generator) when installed: autocannon saturates before a bare server does and flatters ratios. */
export const WRK: string | undefined = (() => {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? undefined : found;
})();

export interface LoadOptions {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  /** Request bodies, sent in turn (different births, so no result cache could stand in for the work). */
  readonly bodies: readonly string[];
  /** The server's process id, for its CPU per request. */
  readonly serverPid?: number;
}

/** `99%   12.34ms` → milliseconds. */
function wrkDurationMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 'ms' ? n : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : Number.NaN;
}

/**
 * Runs wrk without blocking this process: the servers' stdout (their access log on production
 * settings) is read here while they run, as a log collector would; a blocked pipe would leave the
 * logger buffering and flatter the server's CPU per request.
 */
async function runWrk(
  options: LoadOptions,
  seconds: number,
): Promise<{ requestsPerSec: number; p99Ms: number; non2xx: number; requests: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-wrk-'));
  const script = join(dir, 'load.lua');
  const luaString = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
  writeFileSync(
    script,
    [
      `wrk.method = "${options.method ?? 'POST'}"`,
      ...Object.entries(options.headers ?? {}).map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`),
      `local bodies = { ${options.bodies.map(luaString).join(',\n')} }`,
      'local i = 0',
      'request = function()',
      '  i = i + 1',
      '  return wrk.format(nil, nil, nil, bodies[(i % #bodies) + 1])',
      'end',
    ].join('\n'),
  );
  try {
    const run = spawn(WRK!, ['-t1', `-c${LOAD_CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', script, options.url]);
    let out = '';
    let err = '';
    run.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    run.stderr.setEncoding('utf8').on('data', (text: string) => (err += text));
    const status = await new Promise<number | null>((resolve) => run.once('close', resolve));
    if (status !== 0) throw new Error(`wrk failed: ${err}`);
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
    const p99 = /\s99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
    const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
    const requests = /(\d+) requests in /.exec(out);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    if (rps === null || p99 === null) throw new Error(`unexpected wrk output:\n${out}`);
    const errors = socketErrors === null ? 0 : socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0);
    return {
      requestsPerSec: Number(rps[1]),
      p99Ms: wrkDurationMs(p99[1]!, p99[2]!),
      non2xx: Number(non2xx?.[1] ?? 0) + errors,
      requests: Number(requests?.[1] ?? Number(rps[1]) * seconds),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 50 connections for LOAD_SECONDS after a warm-up: wrk when installed, else autocannon (which flatters ratios). */
export async function load(name: string, options: LoadOptions): Promise<LoadResult> {
  const cpuPerRequest = (before: number | null, requests: number): number | null => {
    const after = options.serverPid === undefined ? null : serverCpuSeconds(options.serverPid);
    return before === null || after === null || requests === 0 ? null : ((after - before) * 1e6) / requests;
  };
  if (WRK !== undefined) {
    await runWrk(options, WARM_UP_SECONDS);
    const before = options.serverPid === undefined ? null : serverCpuSeconds(options.serverPid);
    const { requests, ...run } = await runWrk(options, LOAD_SECONDS);
    return { name, ...run, cpuMicrosPerRequest: cpuPerRequest(before, requests) };
  }
  const base = {
    connections: LOAD_CONNECTIONS,
    method: options.method ?? 'POST',
    headers: options.headers ?? {},
    requests: options.bodies.map((body) => ({ body })),
  };
  await autocannon({ ...base, url: options.url, duration: WARM_UP_SECONDS });
  const before = options.serverPid === undefined ? null : serverCpuSeconds(options.serverPid);
  const result = await autocannon({ ...base, url: options.url, duration: LOAD_SECONDS });
  return {
    name,
    requestsPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    cpuMicrosPerRequest: cpuPerRequest(before, result.requests.total),
  };
}

export function printLoad(title: string, rows: readonly LoadResult[], baseline: LoadResult): void {
  const generator = WRK === undefined ? 'autocannon (wrk is not installed: ratios are flattered)' : 'wrk -t1';
  console.log(`\n## ${title} (${generator}, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s each, varied inputs)`);
  for (const row of rows) {
    const share = row === baseline ? '(baseline)' : `${(row.requestsPerSec / baseline.requestsPerSec).toFixed(2)}× ${baseline.name} req/s`;
    const failures = row.non2xx > 0 ? `  ${row.non2xx} non-2xx/errors!` : '';
    const cpu = row.cpuMicrosPerRequest === null ? '    — µs CPU/req' : `${row.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs CPU/req`;
    // The server's CPU per request is steadier than req/s on a shared machine: its ratio is the cost's.
    const cpuShare =
      row === baseline || row.cpuMicrosPerRequest === null || baseline.cpuMicrosPerRequest === null
        ? ''
        : `, CPU ${(baseline.cpuMicrosPerRequest / row.cpuMicrosPerRequest).toFixed(2)}× the baseline's efficiency`;
    console.log(
      `${row.name.padEnd(52)} ${row.requestsPerSec.toFixed(0).padStart(7)} req/s  p99 ${row.p99Ms.toFixed(1).padStart(6)} ms  ${cpu}  ${share}${cpuShare}${failures}`,
    );
  }
}

/** `count` different births 1900–2100 (deterministic), as REST/GraphQL input objects. */
export function variedBirths(count: number): { year: number; month: number; day: number; time: string; location: number }[] {
  let state = 12_345;
  const next = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  return Array.from({ length: count }, () => ({
    year: 1900 + Math.floor(next() * 201),
    month: 1 + Math.floor(next() * 12),
    day: 1 + Math.floor(next() * 28),
    time: `${String(Math.floor(next() * 24)).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}`,
    location: Math.round((122 + next() * 32) * 100) / 100,
  }));
}
