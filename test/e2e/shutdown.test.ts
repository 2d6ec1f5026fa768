/**
 * Graceful shutdown of the real server process started as a deployer starts it (`npm start`):
 * SIGTERM to npm reaches the app, which stops accepting, answers the request in flight with
 * `Connection: close`, closes idle keep-alive connections, and exits, leaving no process behind.
 */
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { budgetMs, pollWithin } from '../support/time-budget.ts';

const DEMO_KEY = 'fp_shutdown_test_demo_key';
const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

const startServer = () =>
  startServerProcess('npm', ['start'], {
    DEMO_API_KEY: DEMO_KEY,
    SHUTDOWN_GRACE_MS: '5000',
    LOG_LEVEL: 'info',
    REDIS_URL: '',
    REDIS_CLUSTER_NODES: '',
  });

/** The app's process: the node process listening on the port (npm execs it, so it is npm's child or npm itself). */
function pidsListeningOn(port: number): number[] {
  const ss = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  return [...ss.stdout.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on a socket until it closes it. */
const readUntilClosed = (socket: Socket): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => resolve(text));
  });

describe('SIGTERM to `npm start`', () => {
  let started: ServerProcess | undefined;
  afterAll(() => {
    if (started?.child.exitCode === null) started.child.kill('SIGKILL');
  });

  it(
    'finishes the request in flight with Connection: close, closes idle keep-alive connections, exits and leaves no process',
    { timeout: budgetMs(60_000) },
    async () => {
      started = await startServer();
      const { child: npm, port, stdout, stderr } = started;
      const appPids = pidsListeningOn(port);
      expect(appPids.length).toBeGreaterThan(0);

      // An idle keep-alive connection, after one answered request.
      const idle = await openSocket(port);
      const idleClosed = readUntilClosed(idle);
      idle.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');

      // A paid request in flight: headers and half of the body sent.
      const inFlight = await openSocket(port);
      const inFlightAnswer = readUntilClosed(inFlight);
      inFlight.write(
        `POST /api/v1/calculate HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nAuthorization: Bearer ${DEMO_KEY}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY.slice(0, 20)}`,
      );
      // Time for the server to take both connections' bytes, which nothing on this side can see.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');

      // The idle connection is closed by the server, after its one answer.
      expect(await idleClosed).toMatch(/^HTTP\/1\.1 200 /);
      // New connections are refused once the server stopped accepting. The freed port may already
      // serve a server another test file started (port 0 hands it out again): then it is not ours.
      const probe = await openSocket(port).then(
        (socket) => {
          socket.destroy();
          return 'connected';
        },
        (error: unknown) => (error as NodeJS.ErrnoException).code,
      );
      if (probe === 'connected') expect(pidsListeningOn(port).filter((pid) => appPids.includes(pid))).toEqual([]);
      else expect(probe).toBe('ECONNREFUSED');

      // The request in flight completes and is answered, with Connection: close.
      inFlight.write(BODY.slice(20));
      const answer = await inFlightAnswer;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('"status":"success"');

      await exited;
      await expect
        .poll(() => [npm.pid!, ...appPids].filter((pid) => isAlive(pid)), { ...pollWithin(200), message: 'processes still running' })
        .toEqual([]);
      expect(stdout.join('') + stderr.join('')).toContain('shutting down');
    },
  );
});
