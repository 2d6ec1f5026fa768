/**
 * The durable ledger seen from outside: the real server with `LEDGER_DATABASE_URL` and
 * `LEDGER_REDIS_KEEP_HOURS=0`, a Redis and a PostgreSQL the test starts itself, an account made with
 * `npm run -s admin`, paid REST calls, and then GraphQL `usage` and `statement` over HTTP reading
 * what the gateway's own archiver moved into the database, and `admin archive`, `admin usage` and
 * `admin statement` doing the same from the command line.
 */
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../support/client.ts';
import { pollWithin } from '../support/time-budget.ts';
import { tokyoMonthOf } from '../../src/domain/credits/month.ts';
import { MIGRATIONS } from '../../src/adapters/postgres/migrate.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { runAdminCli } from '../support/run-cli.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const available = requireRedisServer('the durable ledger gateway') && requirePostgresServer('the durable ledger gateway');

describe.skipIf(!available)('a gateway with LEDGER_DATABASE_URL', () => {
  let redis: RedisServer;
  let postgres: PostgresServer;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    env = {
      REDIS_URL: redis.url,
      REDIS_CLUSTER_NODES: '',
      LEDGER_DATABASE_URL: postgres.url,
      LEDGER_REDIS_KEEP_HOURS: '0',
      RATE_LIMIT_PER_SECOND: '0',
    };
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await Promise.all([redis?.dispose(), postgres?.dispose()]);
  });

  const admin = (...args: string[]) => runAdminCli(args, env);

  it('archives paid calls and serves them back through GraphQL usage and statement, and through the admin CLI', async () => {
    server = await startServerProcess(process.execPath, ['src/main.ts'], env);
    const startup = server.stdout.join('');
    expect(startup).toContain(
      `the ledger lives in PostgreSQL postgres@127.0.0.1:${postgres.port}/postgres (LEDGER_DATABASE_URL; schema migrated (${MIGRATIONS.map((migration) => migration.version).join(', ')}))`,
    );
    expect(startup).toContain('for 0 h (LEDGER_REDIS_KEEP_HOURS)');

    const created = await admin('create-account', '--monthly', '100000');
    expect(created.code).toBe(0);
    const { account_id: accountId, api_key: apiKey } = JSON.parse(created.stdout) as { account_id: string; api_key: string };
    const base = `http://127.0.0.1:${server.port}`;
    const transactionIds: string[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await fetch(`${base}/api/v1/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ year: 1990, month: 5, day: 1 + i, time: '10:30', location: 139.69 }),
      });
      expect(response.status).toBe(200);
      transactionIds.push(((await response.json()) as { transaction_id: string }).transaction_id);
    }

    // The gateway's archiver moves them within a pass or two (every 5 s).
    const sql = new Client(postgres.url);
    sql.on('error', () => {});
    await sql.connect();
    try {
      const archived = async () =>
        Number((await sql.query('SELECT count(*) AS n FROM ledger_entries WHERE account_id = $1', [accountId])).rows[0].n);
      await expect.poll(archived, { ...pollWithin(30_000), interval: 200, message: 'entries archived' }).toBe(25);
    } finally {
      await sql.end();
    }

    const graphql = async (query: string, variables: Record<string, unknown>) =>
      (await clientOf(() => ({ baseUrl: base, apiKey })).graphql(query, variables)) as { data: any; errors?: unknown };
    const listed: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const { data, errors } = await graphql(
        'query($after: String) { usage(first: 10, after: $after) { edges { cursor node { transactionId cost } } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      expect(errors).toBeUndefined();
      for (const edge of data.usage.edges) {
        expect(edge.cursor).toBe(edge.node.transactionId);
        listed.push(edge.node.transactionId);
      }
      if (!data.usage.pageInfo.hasNextPage) break;
      after = data.usage.pageInfo.endCursor;
    }
    expect(listed).toEqual([...transactionIds].reverse());

    const month = tokyoMonthOf(Date.now());
    const { data } = await graphql(
      'query($month: String!) { statement(month: $month) { month calls creditsFromMonthly creditsFromAuto voided } }',
      {
        month,
      },
    );
    expect(data.statement).toEqual({ month, calls: 25, creditsFromMonthly: 250, creditsFromAuto: 0, voided: 0 });

    // The CLI: nothing left to archive (the gateway holds every shard), the same history and month.
    const archived = await admin('archive');
    expect(archived.code).toBe(0);
    expect(JSON.parse(archived.stdout)).toMatchObject({ shards_held: 0, shards_elsewhere: 16, archived: 0 });
    const usage = await admin('usage', '--account', accountId, '--limit', '100');
    expect((JSON.parse(usage.stdout) as { transaction_id: string }[]).map((e) => e.transaction_id)).toEqual(listed);
    const statement = await admin('statement', '--account', accountId, '--month', month, '--format', 'csv');
    expect(statement.stdout.trim().split('\n')[1]).toBe(`${month},25,250,0,0,0,0`);
  });

  it('admin archive without LEDGER_DATABASE_URL says there is no database to archive into (exit 1)', async () => {
    const saved = env;
    env = { ...env, LEDGER_DATABASE_URL: '' };
    try {
      const result = await admin('archive');
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe('admin: LEDGER_DATABASE_URL is not set: there is no ledger database to archive into');
    } finally {
      env = saved;
    }
  });
});
