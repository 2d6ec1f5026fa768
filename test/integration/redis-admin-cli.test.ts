import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CACHE_MS } from '../../src/application/ports/credit-store.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import { compose, type Composition } from '../../src/composition.ts';
import { createHttpServer } from '../../src/http/server.ts';
import { call, CALCULATE_PATH, VALID_FIELDS } from '../rest/support/client.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { runAdminCli } from '../support/run-cli.ts';
import { budgetMs } from '../support/time-budget.ts';

/** `npm run -s admin -- …` as an operator runs it, against a real Redis from REDIS_URL. */
describe.skipIf(!requireRedisServer('admin CLI against Redis'))('admin CLI against Redis', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => server?.dispose());

  const admin = (...args: string[]) => runAdminCli(args, { REDIS_URL: server.url, REDIS_CLUSTER_NODES: '' });

  it('creates an account, shows it, grants credits, issues and revokes keys, lists usage', async () => {
    const created = await admin(
      'create-account',
      '--plan',
      'standard',
      '--monthly',
      '1000',
      '--auto',
      '0',
      '--autocharge-threshold',
      '100',
      '--autocharge-amount',
      '500',
    );
    expect(created.code).toBe(0);
    const { account_id, api_key } = JSON.parse(created.stdout) as { account_id: string; api_key: string };
    expect(api_key).toMatch(/^fp_/);

    const granted = await admin('grant', '--account', account_id, '--auto', '40');
    expect(granted.code).toBe(0);
    const shown = await admin('show', '--account', account_id);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      account_id,
      status: 'active',
      plan: 'standard',
      monthly_allowance: 1000,
      monthly_credits: 1000,
      auto_credits: 40,
      autocharge: { threshold: 100, amount: 500 },
      owner: null,
      keys: [{ key_id: api_key.slice(0, 11), name: 'key' }],
    });

    const issued = await admin('issue-key', '--account', account_id);
    expect(JSON.parse(issued.stdout)).toMatchObject({ api_key: expect.stringMatching(/^fp_/), name: 'key' });
    expect((await admin('revoke-key', '--key', api_key)).code).toBe(0);
    expect(JSON.parse((await admin('usage', '--account', account_id)).stdout)).toEqual([]);
  });

  it('bad arguments: one line on stderr and exit code 2', async () => {
    const result = await admin('grant', '--account', 'x');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});

/** Each CLI run starts a Node process (about a second): a test of a dozen runs needs more than the default. */
const CLI_TEST_TIMEOUT_MS = budgetMs(120_000);

/**
 * The operator commands (docs/admin.md) against Redis and the dashboard database, and a gateway on
 * the same stores: an admin token the CLI creates works over HTTP at once, and stops when revoked.
 */
describe.skipIf(!requireRedisServer('admin CLI operator commands') || !requirePostgresServer('admin CLI operator commands'))(
  'admin CLI operator commands against Redis + PostgreSQL',
  () => {
    let redis: RedisServer;
    let postgres: PostgresServer;
    let env: Record<string, string>;
    let gateway: { composition: Composition; baseUrl: string; close(): Promise<void> };
    beforeAll(async () => {
      [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
      env = { REDIS_URL: redis.url, REDIS_CLUSTER_NODES: '', DASHBOARD_DATABASE_URL: postgres.url, LEDGER_DATABASE_URL: '' };
      const composition = await compose({
        env: { ...env, RATE_LIMIT_PER_SECOND: '0', ANON_RATE_LIMIT_PER_SECOND: '0' },
        logger: silentLogger,
      });
      const server = createHttpServer(composition.app, composition.config.http);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      gateway = {
        composition,
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: async () => {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          await composition.close();
        },
      };
    }, budgetMs(120_000));
    afterAll(async () => {
      await gateway?.close();
      await Promise.all([redis?.dispose(), postgres?.dispose()]);
    });

    const admin = async (...args: string[]) => {
      const result = await runAdminCli(args, env);
      if (result.code !== 0) throw new Error(`admin ${args.join(' ')} → ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout) as Record<string, any>;
    };
    /**
     * The CLI changed the store from another process: the gateway may answer from its key cache for
     * KEY_CACHE_MS more. The cache lapses only with time, and a paid probe would charge: so a sleep.
     */
    const otherProcessesSee = () => new Promise((resolve) => setTimeout(resolve, KEY_CACHE_MS + 100));
    const overHttp = (token: string, method: string, path: string) =>
      fetch(`${gateway.baseUrl}/admin/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const chart = (apiKey: string) =>
      call(gateway.baseUrl, CALCULATE_PATH.B, { method: 'POST', json: VALID_FIELDS, headers: { authorization: `Bearer ${apiKey}` } });

    it(
      'list-accounts, find --key, set-plan, suspend, resume, issue-key with limits, revoke by key id, delete-account',
      async () => {
        const { account_id, api_key, key_id } = await admin('create-account', '--monthly', '1000');
        expect((await admin('list-accounts', '--limit', '1'))['accounts']).toMatchObject([{ account_id }]);
        expect((await admin('find', '--key', key_id))['accounts']).toMatchObject([{ account_id, matched_by: 'key_id' }]);
        const byKey = await admin('find', '--key', api_key);
        expect(byKey['accounts']).toMatchObject([{ account_id, matched_by: 'api_key' }]);
        expect(JSON.stringify(byKey)).not.toContain(api_key);

        expect(await admin('set-plan', '--account', account_id, '--plan', 'standard', '--monthly', '4000')).toMatchObject({
          monthly_allowance: 4000,
          monthly_credits: 4000,
        });
        expect((await chart(api_key)).status).toBe(200);
        expect(await admin('suspend', '--account', account_id)).toMatchObject({ status: 'suspended' });
        await otherProcessesSee();
        expect((await chart(api_key)).status).toBe(401);
        expect(await admin('resume', '--account', account_id)).toMatchObject({ status: 'active' });
        await otherProcessesSee();
        expect((await chart(api_key)).status).toBe(200);

        const issued = await admin(
          'issue-key',
          '--account',
          account_id,
          '--name',
          'compat only',
          '--scopes',
          'compatibility',
          '--expires',
          '2999-12-31',
        );
        expect(issued).toMatchObject({ name: 'compat only', scopes: ['compatibility'], expires_at: '2999-12-31T15:00:00.000Z' });
        const outOfScope = await chart(issued['api_key'] as string);
        expect(outOfScope.status).toBe(401);
        expect(outOfScope.body['message']).toContain('lacks the scope "chart"');
        expect(await admin('revoke-key', '--account', account_id, '--key-id', issued['key_id'] as string)).toEqual({
          revoked: true,
          account_id,
          key_id: issued['key_id'],
        });

        expect(await admin('delete-account', '--account', account_id)).toMatchObject({ deleted: true, keys_revoked: 1 });
        await otherProcessesSee();
        expect((await chart(api_key)).status).toBe(401);
        expect(await runAdminCli(['usage', '--account', account_id], env)).toMatchObject({ code: 0 });
        expect(JSON.parse((await runAdminCli(['usage', '--account', account_id], env)).stdout)).toHaveLength(2);

        const audit = await admin('audit', '--account', account_id);
        expect(audit['entries'].map((entry: { actor: string; action: string }) => `${entry.actor} ${entry.action}`).reverse()).toEqual([
          'cli account.create',
          'cli account.plan',
          'cli account.suspend',
          'cli account.resume',
          'cli key.issue',
          'cli key.revoke',
          'cli account.delete',
        ]);
      },
      CLI_TEST_TIMEOUT_MS,
    );

    it(
      'create-admin-token prints a token that works over HTTP at once, within its scopes, until revoke-admin-token',
      async () => {
        const { account_id } = await admin('create-account', '--monthly', '10');
        const reader = await admin('create-admin-token', '--name', 'dashboards', '--scopes', 'read');
        expect(reader['token']).toMatch(/^adm_[A-Za-z0-9_-]{43}$/);
        expect((await overHttp(reader['token'] as string, 'GET', `/accounts/${account_id}`)).status).toBe(200);
        expect((await overHttp(reader['token'] as string, 'POST', `/accounts/${account_id}/suspend`)).status).toBe(403);

        const writer = await admin('create-admin-token', '--name', 'ops');
        expect(writer['scopes']).toEqual(['read', 'write']);
        expect((await overHttp(writer['token'] as string, 'POST', `/accounts/${account_id}/suspend`)).status).toBe(200);

        const listed = await admin('list-admin-tokens');
        expect(listed['tokens'].map((token: { token_id: string }) => token.token_id)).toEqual(
          expect.arrayContaining([reader['token_id'], writer['token_id']]),
        );
        expect(JSON.stringify(listed)).not.toContain(writer['token']);
        expect(await admin('revoke-admin-token', '--id', writer['token_id'] as string)).toEqual({
          token_id: writer['token_id'],
          revoked: true,
        });
        expect((await overHttp(writer['token'] as string, 'GET', '/accounts')).status).toBe(401);

        const audit = await admin('audit', '--limit', '100');
        const lines = audit['entries'].map((entry: { actor: string; action: string }) => `${entry.actor} ${entry.action}`);
        expect(lines).toEqual(
          expect.arrayContaining(['cli admin-token.create', `admin-token:${writer['token_id']} account.suspend`, 'cli admin-token.revoke']),
        );
      },
      CLI_TEST_TIMEOUT_MS,
    );

    it(
      'invite prints a sign-up link for PUBLIC_URL; find --email finds a user',
      async () => {
        const invited = await runAdminCli(['invite', '--email', 'Kimura@Example.jp'], { ...env, PUBLIC_URL: 'https://bazi.example.com' });
        expect(invited.code).toBe(0);
        expect(JSON.parse(invited.stdout)).toMatchObject({
          email: 'kimura@example.jp',
          signup_url: expect.stringMatching(/^https:\/\/bazi\.example\.com\/account\/signup\?invite=[A-Za-z0-9_-]{43}$/),
        });
        const { account_id } = await admin('create-account');
        await gateway.composition.dashboardStore!.createUser({
          userId: 'user_00000000000000000001',
          email: 'kimura.taro@example.jp',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
          accountId: account_id,
          verifiedMs: Date.now(),
          createdMs: Date.now(),
          lang: 'en',
        });
        expect((await admin('find', '--email', 'kimura.t'))['accounts']).toMatchObject([
          { account_id, matched_by: 'email', owner: { email: 'kimura.taro@example.jp', verified: true } },
        ]);
      },
      CLI_TEST_TIMEOUT_MS,
    );

    it(
      'says which setting is missing when the dashboard database is not configured',
      async () => {
        const result = await runAdminCli(['audit'], { ...env, DASHBOARD_DATABASE_URL: '' });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('set DASHBOARD_DATABASE_URL (or LEDGER_DATABASE_URL)');
      },
      CLI_TEST_TIMEOUT_MS,
    );
  },
);
