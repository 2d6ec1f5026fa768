/**
 * The background duties in `/ready` and `/metrics`, against a real Redis and a real PostgreSQL that
 * asks for a password (both started by the test on free ports). With a wrong password in
 * `LEDGER_DATABASE_URL` the gateway starts and charges as ever, but `/ready` turns 503 naming the
 * ledger archiver and the kind of failure — never the password or the URL — and
 * `fp_duty_failures_total` counts its failed passes; with the right password `/ready` is 200 and
 * the archiver's last-success gauge is set.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createLogger } from '../../src/adapters/logger.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { compose, type Composition } from '../../src/composition.ts';
import { createHttpServer } from '../../src/http/server.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { pollWithin } from '../support/time-budget.ts';

const PASSWORD = 'right-horse-battery-7Qx';
const WRONG = 'wrong-staple-9f3kZ';
const SUITE = "the background duties' readiness";
const available = requireRedisServer(SUITE) && requirePostgresServer(SUITE);

interface Gateway {
  readonly base: string;
  readonly composition: Composition;
  readonly logLines: readonly string[];
}

/** A gateway composed as `npm start` composes it, on a free port; closed when the test finishes. */
async function startGateway(redisUrl: string, ledgerUrl: string, keyPrefix: string): Promise<Gateway> {
  const logLines: string[] = [];
  const composition = await compose({
    env: {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      LEDGER_DATABASE_URL: ledgerUrl,
      // The dashboard would share the database and its warnings; it is not what this is about.
      DASHBOARD: 'off',
      // Past one second, a duty that has never succeeded makes the gateway not ready.
      READY_DUTY_FAILING_SECONDS: '1',
      RATE_LIMIT_PER_SECOND: '0',
    },
    logger: createLogger('debug', (line) => void logLines.push(line)),
  });
  const server = createHttpServer(composition.app, composition.config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await composition.close();
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, composition, logLines };
}

async function ready(base: string): Promise<{ status: number; text: string; body: Record<string, any> }> {
  const response = await fetch(`${base}/ready`);
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, any> };
}

/** Polls `/ready` until `done` holds of it (at most 20 s, scaled). */
function readyWhen(base: string, done: (answer: Awaited<ReturnType<typeof ready>>) => boolean) {
  return vi.waitFor(
    async () => {
      const answer = await ready(base);
      if (!done(answer)) throw new Error(`/ready never got there; last answer ${answer.status} ${answer.text}`);
      return answer;
    },
    { ...pollWithin(20_000), interval: 100 },
  );
}

/** One series' value from the exposition text; undefined when absent. */
function metric(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function metricsOf(base: string): Promise<string> {
  return (await fetch(`${base}/metrics`)).text();
}

/** A paid call on a new account: charging goes on whatever the archive does. */
async function chargeOnce(gateway: Gateway): Promise<number> {
  const admin = createAccountAdmin(gateway.composition.store);
  const { apiKey } = await admin.createAccount({
    plan: 'standard',
    monthlyAllowance: 1000,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  const response = await fetch(`${gateway.base}/api/v1/calculate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 }),
  });
  await response.text();
  return response.status;
}

describe.skipIf(!available)('/ready and /metrics report the ledger archiver (real Redis, real PostgreSQL with a password)', () => {
  let redis: RedisServer;
  let postgres: PostgresServer;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer({ password: PASSWORD })]);
  });
  afterAll(async () => {
    await Promise.all([redis?.dispose(), postgres?.dispose()]);
  });

  it('a wrong password: charges go on, /ready is 503 naming ledger_archive and authentication_failed, failures counted, no secret shown', async () => {
    const wrongUrl = postgres.url.replace(`:${PASSWORD}@`, `:${WRONG}@`);
    expect(wrongUrl).not.toBe(postgres.url);
    const gateway = await startGateway(redis.url, wrongUrl, 'wrong:');
    expect(await chargeOnce(gateway)).toBe(200);

    const answer = await readyWhen(gateway.base, ({ status }) => status === 503);
    expect(answer.body).toMatchObject({
      status: 'error',
      code: 'STORE_UNAVAILABLE',
      message: expect.stringMatching(/ledger_archive \(authentication_failed, since /),
      store: 'reachable',
      failing: ['ledger_archive'],
      duties: {
        ledger_archive: {
          state: 'failed',
          last_success_at: null,
          failures: expect.any(Number),
          failing_since: expect.any(String),
          last_error_kind: 'authentication_failed',
        },
        unsettled_sweep: { state: 'ok', failures: 0 },
        gateway_heartbeat: { state: 'ok', failures: 0 },
      },
    });
    expect(answer.body['duties'].ledger_archive.failures).toBeGreaterThanOrEqual(1);
    for (const secret of [WRONG, PASSWORD, 'postgres://', String(postgres.port)]) expect(answer.text).not.toContain(secret);

    const metrics = await metricsOf(gateway.base);
    expect(metric(metrics, 'fp_duty_failures_total{duty="ledger_archive"}')).toBeGreaterThanOrEqual(1);
    expect(metric(metrics, 'fp_duty_last_success_seconds{duty="ledger_archive"}')).toBe(0);
    expect(metric(metrics, 'fp_duty_lag_seconds{duty="ledger_archive"}')).toBeGreaterThan(0);
    expect(metric(metrics, 'fp_duty_failures_total{duty="unsettled_sweep"}')).toBe(0);
    expect(metric(metrics, 'fp_duty_last_success_seconds{duty="gateway_heartbeat"}')).toBeGreaterThan(0);
    // The warnings say what failed, never with the password.
    expect(gateway.logLines.some((line) => line.includes('archiving the ledger failed'))).toBe(true);
    for (const line of gateway.logLines) expect(line).not.toContain(WRONG);
  });

  it('the right password: /ready is 200 with every duty ok, and the last-success gauge is set', async () => {
    const startedSeconds = Date.now() / 1000;
    const gateway = await startGateway(redis.url, postgres.url, 'right:');
    expect(await chargeOnce(gateway)).toBe(200);

    const answer = await readyWhen(gateway.base, ({ status, body }) => status === 200 && body['duties']?.ledger_archive?.state === 'ok');
    expect(answer.body).toEqual({
      status: 'ok',
      store: 'reachable',
      duties: {
        ledger_archive: {
          state: 'ok',
          last_success_at: expect.any(String),
          lag_seconds: expect.any(Number),
          failures: 0,
          failures_in_a_row: 0,
          failing_since: null,
          last_error_kind: null,
        },
        unsettled_sweep: expect.objectContaining({ state: 'ok' }),
        gateway_heartbeat: expect.objectContaining({ state: 'ok' }),
      },
    });
    const metrics = await metricsOf(gateway.base);
    const lastSuccess = metric(metrics, 'fp_duty_last_success_seconds{duty="ledger_archive"}')!;
    expect(lastSuccess).toBeGreaterThanOrEqual(startedSeconds - 1);
    expect(lastSuccess).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    expect(metric(metrics, 'fp_duty_failures_total{duty="ledger_archive"}')).toBe(0);
    expect(metric(metrics, 'fp_duty_lag_seconds{duty="ledger_archive"}')).toBeLessThan(30);
  });
});
