import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { budgetMs } from './time-budget.ts';

/**
 * Throwaway redis-server processes for tests and the bench: own temp dir, free
 * loopback port, never daemonized, never the system Redis on 6379. Missing binary: skip loudly,
 * or fail when CI=true.
 */

const execFileAsync = promisify(execFile);
const HOST = '127.0.0.1';

export function redisServerAvailable(): boolean {
  const probe = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
  return probe('redis-server') && probe('redis-cli');
}

/**
 * True when redis-server can be used. Otherwise warns and returns false so the caller can
 * `describe.skipIf(!...)`, except under CI=true, where a missing Redis fails the run.
 */
export function requireRedisServer(suite: string): boolean {
  if (redisServerAvailable()) return true;
  const message = `redis-server/redis-cli not on PATH: ${suite} cannot run`;
  if (process.env['CI'] === 'true') throw new Error(`${message} (CI=true: failing instead of skipping)`);
  console.warn(`\n  ⚠ SKIPPED: ${message}. Install redis-server to run it.\n`);
  return false;
}

export interface RedisServerOptions {
  /** Append-only file with fsync on every write, so data survives SIGKILL (default: no persistence). */
  readonly persistent?: boolean;
  readonly port?: number;
  readonly extraArgs?: readonly string[];
}

export interface RedisServer {
  readonly host: string;
  readonly port: number;
  readonly url: string;
  /** Graceful shutdown (SIGTERM), waits for exit. */
  stop(): Promise<void>;
  /** SIGKILL, waits for exit: the "Redis died" case. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: the "Redis stalled" case (connections stay open, nothing answers). */
  pause(): void;
  resume(): void;
  /** Start again on the same port and directory (after stop or kill); waits for PING. */
  restart(): Promise<void>;
  /** Stop and remove the temp dir. Idempotent. */
  dispose(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-redis-'));
  const port = options.port ?? (await freePort());
  const args = [
    '--port',
    String(port),
    '--bind',
    HOST,
    '--dir',
    dir,
    '--save',
    '',
    ...(options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
    ...(options.extraArgs ?? []),
  ];
  let child = await spawnRedis(args, port);
  let disposed = false;

  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGCONT');
    child.kill(signal);
    await exited;
  };

  return {
    host: HOST,
    port,
    url: `redis://${HOST}:${port}`,
    stop: () => signalAndWait('SIGTERM'),
    kill: () => signalAndWait('SIGKILL'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async restart() {
      await signalAndWait('SIGTERM');
      child = await spawnRedis(args, port);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await signalAndWait('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server replicating `master`, resolved once its link to the master is up (its first sync done). */
export async function startReplicaOf(master: RedisServer): Promise<RedisServer> {
  const replica = await startRedisServer({ extraArgs: ['--replicaof', master.host, String(master.port)] });
  const control = new Redis(replica.url);
  try {
    await waitFor(
      async () => /master_link_status:up/.test(await control.info('replication')),
      15_000,
      'the replica to sync with its master',
    );
    return replica;
  } catch (error) {
    await replica.dispose();
    throw error;
  } finally {
    control.disconnect();
  }
}

export interface RedisCluster {
  readonly nodes: readonly { host: string; port: number }[];
  dispose(): Promise<void>;
}

/** Three masters, no replicas, slots assigned by `redis-cli --cluster create`; waits for cluster_state:ok. */
export async function startRedisCluster(): Promise<RedisCluster> {
  const servers: RedisServer[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      // The cluster bus listens on port + 10000, so both must be free.
      const port = await freePort({ withClusterBus: true });
      servers.push(
        await startRedisServer({
          port,
          extraArgs: ['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '2000'],
        }),
      );
    }
    await execFileAsync('redis-cli', ['--cluster', 'create', ...servers.map((s) => `${HOST}:${s.port}`), '--cluster-yes'], {
      timeout: budgetMs(30_000),
    });
    for (const server of servers) await waitFor(() => clusterStateOk(server.port), 20_000, 'cluster_state:ok');
  } catch (error) {
    await Promise.all(servers.map((s) => s.dispose()));
    throw error;
  }
  return {
    nodes: servers.map((s) => ({ host: s.host, port: s.port })),
    dispose: async () => void (await Promise.all(servers.map((s) => s.dispose()))),
  };
}

async function spawnRedis(args: readonly string[], port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  child.once('exit', () => live.delete(child));
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${output}`);
        return ping(port);
      },
      10_000,
      `redis-server PING on port ${port}`,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(budgetMs(500), () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

async function clusterStateOk(port: number): Promise<boolean> {
  try {
    const { stdout } = await execFileAsync('redis-cli', ['-h', HOST, '-p', String(port), 'cluster', 'info'], { timeout: budgetMs(2000) });
    return stdout.includes('cluster_state:ok');
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + budgetMs(timeoutMs);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** A loopback port that is free now, never 6379; with `withClusterBus`, port + 10000 is free too. */
export async function freePort(options: { withClusterBus?: boolean } = {}): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000); // below the Linux ephemeral range
    if (port === 6379) continue;
    if (!(await portIsFree(port))) continue;
    if (options.withClusterBus && !(await portIsFree(port + 10_000))) continue;
    return port;
  }
  throw new Error('no free port found');
}
