/**
 * The operator API (`/admin/v1`, docs/admin.md) over a real socket, composed as `npm start` composes
 * it: once on the embedded stores, once on Redis and PostgreSQL started by the test. Admin tokens,
 * scopes, search, an account's whole life with a paid REST call at each step, the plan arithmetic
 * and the audit log.
 */
import { hash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operator } from '../../src/application/operator/operator.ts';
import { CLI_CONTEXT } from '../../src/application/operator/views.ts';
import type { DashboardStore, SecretDigest } from '../../src/application/ports/dashboard-store.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import { compose } from '../../src/composition.ts';
import { createHttpServer } from '../../src/http/server.ts';
import { call, CALCULATE_PATH, VALID_FIELDS } from '../rest/support/client.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { budgetMs } from '../support/time-budget.ts';

const ADMIN_TOKEN = `env-admin-token-${randomBytes(16).toString('hex')}`;

interface AdminServer {
  readonly baseUrl: string;
  readonly operator: Operator;
  readonly users: DashboardStore;
  close(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<AdminServer> {
  const composition = await compose({
    env: { RATE_LIMIT_PER_SECOND: '0', ANON_RATE_LIMIT_PER_SECOND: '0', ADMIN_TOKEN, ...env },
    logger: silentLogger,
  });
  const server = createHttpServer(composition.app, composition.config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const operator = composition.services.operator;
  const users = composition.dashboardStore;
  if (operator == null || users === null) throw new Error('the composition built no operator API');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    operator,
    users,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await composition.close();
    },
  };
}

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, any>;
}

/** This month in Asia/Tokyo, as statements name months. */
const tokyoMonth = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);

function adminApiSuite(start: () => Promise<AdminServer>): void {
  let server: AdminServer;
  beforeAll(async () => {
    server = await start();
  }, budgetMs(120_000));
  afterAll(() => server?.close());

  async function admin(
    method: string,
    path: string,
    options: { token?: string | null; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const token = options.token === undefined ? ADMIN_TOKEN : options.token;
    const response = await fetch(`${server.baseUrl}/admin/v1${path}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, any>) };
  }

  const chart = (apiKey: string) =>
    call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', json: VALID_FIELDS, headers: { authorization: `Bearer ${apiKey}` } });

  async function newAccount(json: Record<string, unknown> = {}): Promise<{ id: string; apiKey: string }> {
    const created = await admin('POST', '/accounts', { json: { plan: 'standard', monthly_allowance: 1000, ...json } });
    expect(created.status).toBe(201);
    return { id: created.body['account']['account_id'] as string, apiKey: created.body['api_key'] as string };
  }

  it('an Idempotency-Key makes a retried write answer its first answer and apply once; another request with it is a 409', async () => {
    const { id } = await newAccount();
    const key = `grant-${randomBytes(6).toString('hex')}`;
    const grant = (json: unknown, idempotencyKey = key) =>
      admin('POST', `/accounts/${id}/grants`, { json, headers: { 'idempotency-key': idempotencyKey } });
    const first = await grant({ auto_credits: 2000 });
    expect(first.status).toBe(200);
    expect(first.body['auto_credits']).toBe(2000);
    // The operator's retry (the report: a retried grant was applied twice).
    const retry = await grant({ auto_credits: 2000 });
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await admin('GET', `/accounts/${id}`)).body['auto_credits']).toBe(2000);
    const other = await grant({ auto_credits: 5 });
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT' } });
    // A refusal is the request's answer too: replayed, not run again.
    const refused = await grant({ auto_credits: 0 }, `${key}-refused`);
    expect(refused.status).toBe(400);
    expect(await grant({ auto_credits: 0 }, `${key}-refused`)).toMatchObject({ status: 400, body: refused.body });
    expect((await grant({ auto_credits: 1 }, 'has space')).status).toBe(400);
    // A key issued under a key: the retry names the same key id, never the key itself again.
    const issued = await admin('POST', `/accounts/${id}/keys`, { json: { name: 'ci' }, headers: { 'idempotency-key': `${key}-key` } });
    expect(issued.status).toBe(201);
    expect(issued.body['api_key']).toMatch(/^fp_/);
    const again = await admin('POST', `/accounts/${id}/keys`, { json: { name: 'ci' }, headers: { 'idempotency-key': `${key}-key` } });
    expect(again).toMatchObject({ status: 201, body: { key_id: issued.body['key_id'], api_key: null } });
    expect((await admin('GET', `/accounts/${id}/keys`)).body['keys']).toHaveLength(2);
    // Each write's audit row was written before it ran and settled after: one grant, one key issued.
    const audit = (await admin('GET', `/audit?account=${id}`)).body['entries'] as { action: string; outcome: string }[];
    expect(audit.filter((entry) => entry.action === 'account.grant').map((entry) => entry.outcome)).toEqual(['applied']);
    expect(audit.filter((entry) => entry.action === 'key.issue').map((entry) => entry.outcome)).toEqual(['applied']);
  });

  it('a member given twice is refused (400 naming it), not read as its last value; nothing is granted', async () => {
    const { id } = await newAccount();
    const response = await fetch(`${server.baseUrl}/admin/v1/accounts/${id}/grants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: '{"auto_credits":1,"auto_credits":1000000}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('auto_credits is given twice'),
    });
    expect((await admin('GET', `/accounts/${id}`)).body['auto_credits']).toBe(0);
  });

  it('refuses a request without a token, with a made-up one and with a revoked one: 401 UNAUTHENTICATED', async () => {
    const none = await admin('GET', '/accounts', { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ status: 'error', code: 'UNAUTHENTICATED', message: expect.stringContaining('Admin token required') });
    const madeUp = await admin('GET', '/accounts', { token: `adm_${randomBytes(32).toString('base64url')}` });
    expect(madeUp).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Invalid or revoked admin token' } });

    const minted = await server.operator.createAdminToken(CLI_CONTEXT, { name: 'short-lived', scopes: ['read', 'write'] });
    if (!minted.ok) throw minted.error;
    expect((await admin('GET', '/accounts', { token: minted.value.token })).status).toBe(200);
    expect((await server.operator.revokeAdminToken(CLI_CONTEXT, minted.value.record.tokenId)).ok).toBe(true);
    expect(await admin('GET', '/accounts', { token: minted.value.token })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Invalid or revoked admin token' },
    });
  });

  it('a read-only token reads but may not write: 403 FORBIDDEN names the missing scope', async () => {
    const reader = await server.operator.createAdminToken(CLI_CONTEXT, { name: 'reader', scopes: ['read'] });
    if (!reader.ok) throw reader.error;
    expect((await admin('GET', '/accounts', { token: reader.value.token })).status).toBe(200);
    const write = await admin('POST', '/accounts', { token: reader.value.token, json: { plan: 'standard' } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ status: 'error', code: 'FORBIDDEN', message: expect.stringContaining('lacks the scope "write"') });
  });

  it("an account's life: create, issue a key, pay, suspend (refused), resume (pays), delete (refused); the ledger stays", async () => {
    const { id } = await newAccount();
    const issued = await admin('POST', `/accounts/${id}/keys`, { json: { name: 'ci', scopes: ['chart'], expires_at: '2999-12-31' } });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      account_id: id,
      api_key: expect.stringMatching(/^fp_[A-Za-z0-9_-]{43}$/),
      key_id: (issued.body['api_key'] as string).slice(0, 11),
      name: 'ci',
      scopes: ['chart'],
      expires_at: '2999-12-31T15:00:00.000Z',
      last_used_at: null,
    });
    const apiKey = issued.body['api_key'] as string;
    expect((await chart(apiKey)).status).toBe(200);

    const suspended = await admin('POST', `/accounts/${id}/suspend`);
    expect(suspended).toMatchObject({ status: 200, body: { account_id: id, status: 'suspended' } });
    const refused = await chart(apiKey);
    expect(refused.status).toBe(401);
    expect(refused.body['message']).toBe('The account of this API key is suspended: contact the operator of this service');

    expect(await admin('POST', `/accounts/${id}/resume`)).toMatchObject({ status: 200, body: { status: 'active' } });
    expect((await chart(apiKey)).status).toBe(200);

    const shown = await admin('GET', `/accounts/${id}`);
    expect(shown.body).toMatchObject({ monthly_credits: 980, status: 'active' });
    const keys = shown.body['keys'] as { key_id: string; last_used_at: string | null }[];
    expect(keys.map((key) => key.key_id)).toContain(issued.body['key_id']);
    expect(keys.find((key) => key.key_id === issued.body['key_id'])!.last_used_at).not.toBeNull();
    expect(JSON.stringify(shown.body)).not.toContain(apiKey);

    const deleted = await admin('DELETE', `/accounts/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { account_id: id, deleted: true, keys_revoked: 2 } });
    expect((await chart(apiKey)).status).toBe(401);
    expect(await admin('GET', `/accounts/${id}`)).toMatchObject({ status: 200, body: { status: 'deleted', keys: [] } });
    expect((await admin('POST', `/accounts/${id}/grants`, { json: { auto_credits: 5 } })).body['message']).toContain('is deleted');

    const usage = await admin('GET', `/accounts/${id}/usage?limit=10`);
    expect(usage.status).toBe(200);
    expect(usage.body['entries']).toHaveLength(2);
    expect(usage.body['entries'][0]).toMatchObject({ operation: 'chart', cost: 10, voided: false });
    const statement = await admin('GET', `/accounts/${id}/statements/${tokyoMonth()}`);
    expect(statement).toMatchObject({ status: 200, body: { month: tokyoMonth(), calls: 2, credits_from_monthly: 20 } });
  });

  it('finds accounts by e-mail fragment, account id, key id and whole key, and never echoes the key', async () => {
    const { id, apiKey } = await newAccount();
    const email = `hanako.${randomBytes(4).toString('hex')}@example.jp`;
    const now = Date.now();
    await server.users.createUser({
      userId: `user_${randomBytes(10).toString('hex')}`,
      email,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      accountId: id,
      verifiedMs: now,
      createdMs: now,
      lang: 'ja',
    });
    const search = async (q: string) => {
      const reply = await admin('GET', `/accounts?q=${encodeURIComponent(q)}`);
      expect(reply.status).toBe(200);
      expect(JSON.stringify(reply.body)).not.toContain(apiKey);
      return (reply.body['accounts'] as { account_id: string; matched_by: string; owner: { email: string } | null }[]).map((hit) => [
        hit.account_id,
        hit.matched_by,
      ]);
    };
    expect(await search(email.slice(0, 12).toUpperCase())).toContainEqual([id, 'email']);
    expect(await search(id)).toEqual([[id, 'account_id']]);
    expect(await search(apiKey.slice(0, 11))).toEqual([[id, 'key_id']]);
    expect(await search(apiKey)).toEqual([[id, 'api_key']]);
    expect(await search(`fp_${randomBytes(32).toString('base64url')}`)).toEqual([]);

    const shown = await admin('GET', `/accounts/${id}`);
    expect(shown.body['owner']).toMatchObject({ email, verified: true });

    const listed = await admin('GET', '/accounts?limit=1');
    expect(listed.body['accounts']).toHaveLength(1);
    expect(listed.body['accounts'][0]['account_id']).toBe(id);
    const next = await admin('GET', `/accounts?limit=100&before=${listed.body['next_before']}`);
    expect((next.body['accounts'] as { account_id: string }[]).map((account) => account.account_id)).not.toContain(id);
  });

  it('set plan: raising the allowance from 1,000 to 5,000 adds 4,000 to this month now; lowering takes it back', async () => {
    const { id, apiKey } = await newAccount();
    expect((await chart(apiKey)).status).toBe(200);
    const raised = await admin('PATCH', `/accounts/${id}`, { json: { monthly_allowance: 5000 } });
    expect(raised).toMatchObject({ status: 200, body: { plan: 'standard', monthly_allowance: 5000, monthly_credits: 4990 } });
    const both = await admin('PATCH', `/accounts/${id}`, {
      json: { plan: 'enterprise', monthly_allowance: 1000, autocharge: { threshold: 100, amount: 500 } },
    });
    expect(both.body).toMatchObject({
      plan: 'enterprise',
      monthly_allowance: 1000,
      monthly_credits: 990,
      autocharge: { threshold: 100, amount: 500 },
    });
    const granted = await admin('POST', `/accounts/${id}/grants`, { json: { auto_credits: 250 } });
    expect(granted.body).toMatchObject({ auto_credits: 250 });
  });

  it('refuses unknown members and scopes naming the nearest, bad types, other media types; 404 and 405 as elsewhere', async () => {
    const misspelt = await admin('POST', '/accounts', { json: { monthly_alowance: 5, plan: 'standrad' } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body['message']).toContain('did you mean "monthly_allowance"?');
    const { id } = await newAccount();
    const scopes = await admin('POST', `/accounts/${id}/keys`, { json: { scopes: ['chrat'], expires_at: '2001-01-01' } });
    expect(scopes.status).toBe(400);
    expect(scopes.body['message']).toContain('did you mean "chart"?');
    expect(scopes.body['message']).toContain('expires_at must be in the future');
    expect((await admin('POST', `/accounts/${id}/grants`, { json: { auto_credits: '5' } })).body['message']).toContain(
      'auto_credits must be a whole number',
    );
    const query = await admin('GET', '/accounts?limt=5');
    expect(query.body['message']).toContain('did you mean "limit"?');
    const text = await admin('POST', '/accounts', { headers: { 'content-type': 'text/plain' }, json: undefined });
    expect(text.status).toBe(415);
    expect((await admin('GET', '/nothing-here')).status).toBe(404);
    expect((await admin('GET', '/accounts/no-such-account')).body).toMatchObject({ code: 'NOT_FOUND' });
    const put = await admin('PUT', '/accounts');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(put.headers.get('cache-control')).toBe('no-store');
  });

  it('an invitation is a one-time sign-up link for one address, valid 14 days', async () => {
    const invited = await admin('POST', '/invitations', { json: { email: '  Suzuki@Example.JP ' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: 'suzuki@example.jp',
      signup_url: expect.stringMatching(/\/account\/signup\?invite=[A-Za-z0-9_-]{43}$/),
    });
    const token = new URL(invited.body['signup_url'] as string).searchParams.get('invite')!;
    const taken = await server.users.takeToken(hash('sha256', token, 'hex') as SecretDigest, 'invite', Date.now());
    expect(taken).toMatchObject({ email: 'suzuki@example.jp', purpose: 'invite' });
    expect(taken!.expiresMs - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
  });

  it('every admin action is in the audit log, with its actor, action and client address, and no secret', async () => {
    const minted = await server.operator.createAdminToken(CLI_CONTEXT, { name: 'audited', scopes: ['read'] });
    if (!minted.ok) throw minted.error;
    await server.operator.revokeAdminToken(CLI_CONTEXT, minted.value.record.tokenId);
    await admin('POST', '/invitations', { json: { email: 'audited@example.jp' } });
    const { id } = await newAccount();
    const key = await admin('POST', `/accounts/${id}/keys`, { json: { name: 'audited' } });
    await admin('DELETE', `/accounts/${id}/keys/${key.body['key_id']}`);
    await admin('POST', `/accounts/${id}/grants`, { json: { auto_credits: 7 } });
    await admin('PATCH', `/accounts/${id}`, { json: { plan: 'enterprise', autocharge: { threshold: 1, amount: 2 } } });
    await admin('POST', `/accounts/${id}/suspend`);
    await admin('POST', `/accounts/${id}/resume`);
    await admin('DELETE', `/accounts/${id}`);

    const log = await admin('GET', `/audit?account=${id}&limit=100`);
    expect(log.status).toBe(200);
    const entries = log.body['entries'] as { action: string; actor: string; address: string; account_id: string; details: object }[];
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'account.create',
      'key.issue',
      'key.revoke',
      'account.grant',
      'account.plan',
      'account.autocharge',
      'account.suspend',
      'account.resume',
      'account.delete',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: 'admin-token:adm_env', account_id: id, address: expect.stringContaining('127.0.0.1') });
    }
    expect(entries.find((entry) => entry.action === 'key.issue')!.details).toMatchObject({ key_id: key.body['key_id'], name: 'audited' });
    expect(JSON.stringify(log.body)).not.toContain(key.body['api_key']);

    const all = await admin('GET', '/audit?limit=100');
    const actions = (all.body['entries'] as { action: string; actor: string }[]).map((entry) => `${entry.actor} ${entry.action}`);
    expect(actions).toEqual(
      expect.arrayContaining(['cli admin-token.create', 'cli admin-token.revoke', 'admin-token:adm_env invitation.create']),
    );
    const page = await admin('GET', '/audit?limit=2');
    const rest = await admin('GET', `/audit?limit=100&before=${page.body['next_before']}`);
    expect(rest.body['entries'][0]['id']).toBeLessThan(page.body['entries'][1]['id'] as number);
  });

  it('counts every /admin/v1 path under one metric label', async () => {
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/route="\/admin\/v1"/);
    expect(metrics).not.toMatch(/route="\/admin\/v1\//);
  });
}

describe('operator API on the embedded stores', () => {
  adminApiSuite(() => startServer({ ALLOW_EMBEDDED_STORE: '1' }));

  it('is a 404 saying why when the dashboard is off', async () => {
    const composition = await compose({ env: { ALLOW_EMBEDDED_STORE: '1', DASHBOARD: 'off', ADMIN_TOKEN }, logger: silentLogger });
    const server = createHttpServer(composition.app, composition.config.http);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/admin/v1/accounts`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain('the operator API is off');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await composition.close();
    }
  });
});

describe.skipIf(!requireRedisServer('operator API on Redis + PostgreSQL') || !requirePostgresServer('operator API on Redis + PostgreSQL'))(
  'operator API on Redis + PostgreSQL',
  () => {
    let redis: RedisServer;
    let postgres: PostgresServer;
    beforeAll(async () => {
      [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    }, budgetMs(120_000));
    afterAll(async () => {
      await Promise.all([redis?.dispose(), postgres?.dispose()]);
    });
    adminApiSuite(() => startServer({ REDIS_URL: redis.url, REDIS_CLUSTER_NODES: '', DASHBOARD_DATABASE_URL: postgres.url }));
  },
);
