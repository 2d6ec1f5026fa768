import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './redis-server.ts';
import { budgetMs } from './time-budget.ts';

/**
 * Throwaway PostgreSQL servers for tests, like the Redis ones: `initdb` into a temporary
 * directory, `pg_ctl` on a free loopback port with its socket in that directory, never the
 * system PostgreSQL on 5432. PostgreSQL refuses to run as root, so as root every command runs as
 * the `postgres` user (`runuser`), which owns the directory. Missing binaries: skip loudly, or fail
 * when CI=true.
 */

const execFileAsync = promisify(execFile);
const HOST = '127.0.0.1';

/** The directory holding initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBinDir(): string | undefined {
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb !== '') return join(execFileSync('readlink', ['-f', initdb], { encoding: 'utf8' }).trim(), '..');
  } catch {
    // not on PATH
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? undefined : join(root, versions[0]!, 'bin');
}

const runningAsRoot = (): boolean => process.getuid?.() === 0;

/** runuser lives in sbin, which a plain user's PATH (and CI's) may not include. */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path));

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** True when a throwaway PostgreSQL can be started; otherwise warns (or, under CI=true, throws). */
export function requirePostgresServer(suite: string): boolean {
  const problem =
    postgresBinDir() === undefined
      ? 'initdb/pg_ctl not found (Debian: apt-get install postgresql)'
      : runningAsRoot() && postgresUser() === undefined
        ? 'running as root and there is no postgres user to run PostgreSQL as'
        : runningAsRoot() && RUNUSER === undefined
          ? 'running as root and runuser (util-linux) is missing to run PostgreSQL as the postgres user'
          : undefined;
  if (problem === undefined) return true;
  const message = `${problem}: ${suite} cannot run`;
  if (process.env['CI'] === 'true') throw new Error(`${message} (CI=true: failing instead of skipping)`);
  console.warn(`\n  ⚠ SKIPPED: ${message}.\n`);
  return false;
}

export interface PostgresServerOptions {
  /** The `postgres` user's password, asked of every TCP connection (SCRAM); default: none asked (trust). */
  readonly password?: string;
}

export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback), with the password when one is set. */
  readonly url: string;
  /** Stops it (`pg_ctl stop -m immediate`: the "database went away" case), waits until it is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory; waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes the directory. Idempotent. */
  dispose(): Promise<void>;
}

export async function startPostgresServer({ password }: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error('initdb/pg_ctl not found');
  const dir = mkdtempSync(join(tmpdir(), 'fp-postgres-'));
  const data = join(dir, 'data');
  const asRoot = runningAsRoot();
  if (asRoot) {
    const user = postgresUser();
    if (user === undefined) throw new Error('no postgres user');
    chownSync(dir, user.uid, user.gid);
  }
  const run = (tool: string, args: readonly string[]) =>
    asRoot
      ? execFileAsync(RUNUSER!, ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: budgetMs(60_000) })
      : execFileAsync(join(bin, tool), [...args], { timeout: budgetMs(60_000) });
  const port = await freePort();
  // Written into the directory the postgres user owns (as root), so initdb can read it.
  const passwordFile = join(dir, 'password');
  if (password !== undefined) writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  const authentication =
    password === undefined ? ['-A', 'trust'] : ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile}`];
  await run('initdb', ['-D', data, ...authentication, '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=${HOST} -c fsync=off -c max_connections=40`;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    try {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
    } catch (error) {
      // Already stopped is fine; anything else is not.
      if (!String((error as { stderr?: string }).stderr ?? error).includes('Is server running?')) throw error;
    }
  };
  await start();
  live.add(stop);
  let disposed = false;
  return {
    port,
    url: `postgres://postgres${password === undefined ? '' : `:${encodeURIComponent(password)}`}@${HOST}:${port}/postgres`,
    stop,
    start,
    async dispose() {
      if (disposed) return;
      disposed = true;
      live.delete(stop);
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const live = new Set<() => Promise<void>>();
process.once('beforeExit', () => {
  for (const stop of live) void stop();
});
