import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { MemoryDashboardStore } from '../../../src/adapters/memory/dashboard-store.ts';
import { digestApiKey } from '../../../src/application/accounts/api-keys.ts';
import { parseAdminCommand, runAdmin } from '../../../src/cli/admin.ts';
import { FakeClock } from '../../contract/credit-store.contract.ts';

describe('admin CLI', () => {
  let store: MemoryCreditStore;
  let stdout: string[];
  let stderr: string[];

  beforeEach(() => {
    store = new MemoryCreditStore({ clock: new FakeClock() });
    stdout = [];
    stderr = [];
  });

  const run = (...argv: string[]) =>
    runAdmin(argv, {
      openStore: async () => ({ store, close: () => store.close() }),
      stdout: (t) => stdout.push(t),
      stderr: (t) => stderr.push(t),
    });
  const lastJson = () => JSON.parse(stdout.at(-1)!) as Record<string, unknown>;

  async function createAccount(): Promise<{ account_id: string; api_key: string }> {
    expect(
      await run(
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
      ),
    ).toBe(0);
    return lastJson() as { account_id: string; api_key: string };
  }

  it('create-account prints the account id and a fp_ key that only its digest is stored for', async () => {
    const { account_id, api_key } = await createAccount();
    expect(api_key).toMatch(/^fp_[A-Za-z0-9_-]{43}$/);
    expect(await store.authenticate(digestApiKey(api_key))).toEqual({ accountId: account_id });
    expect(inspect(store, { depth: 10 })).toContain(digestApiKey(api_key));
    expect(inspect(store, { depth: 10 })).not.toContain(api_key);
  });

  it('show prints the account as JSON', async () => {
    const { account_id } = await createAccount();
    expect(await run('show', '--account', account_id)).toBe(0);
    expect(lastJson()).toEqual({
      account_id,
      status: 'active',
      plan: 'standard',
      monthly_allowance: 1000,
      monthly_credits: 1000,
      auto_credits: 0,
      month: '2025-01',
      autocharge: { threshold: 100, amount: 500 },
      created_at: '2025-01-15T03:00:00.000Z',
      owner: null,
      keys: [
        {
          key_id: expect.stringMatching(/^fp_[A-Za-z0-9_-]{8}$/),
          name: 'key',
          scopes: null,
          created_at: expect.any(String),
          expires_at: null,
          last_used_at: null,
        },
      ],
      // No dashboard database: no ceilings to read.
      autocharge_ceiling: null,
    });
  });

  it('grant adds auto credits; set-autocharge changes the settings', async () => {
    const { account_id } = await createAccount();
    expect(await run('grant', '--account', account_id, '--auto', '250')).toBe(0);
    expect(lastJson()).toMatchObject({ auto_credits: 250 });
    expect(await run('set-autocharge', '--account', account_id, '--threshold', '0', '--amount', '0')).toBe(0);
    expect(lastJson()).toMatchObject({ autocharge: { threshold: 0, amount: 0 } });
  });

  it('issue-key adds a working key; revoke-key disables one', async () => {
    const { account_id, api_key } = await createAccount();
    expect(await run('issue-key', '--account', account_id)).toBe(0);
    const second = lastJson()['api_key'] as string;
    expect(await store.authenticate(digestApiKey(second))).toEqual({ accountId: account_id });
    expect(await run('revoke-key', '--key', api_key)).toBe(0);
    expect(await store.authenticate(digestApiKey(api_key))).toBeNull();
    expect(await run('revoke-key', '--key', api_key)).toBe(1);
  });

  it('usage prints ledger entries newest first', async () => {
    const { account_id } = await createAccount();
    for (const logId of ['a', 'b'])
      await store.charge({ accountId: account_id, chargeId: randomUUID(), unitCost: 10, logId, idempotency: null });
    expect(await run('usage', '--account', account_id)).toBe(0);
    const entries = JSON.parse(stdout.at(-1)!) as { log_id: string; cost: number; at: string }[];
    expect(entries.map((e) => e.log_id)).toEqual(['b', 'a']);
    expect(entries[0]).toMatchObject({ cost: 10, from_monthly: 10, from_auto: 0, autocharged: 0, at: '2025-01-15T03:00:00.000Z' });
  });

  it('an unknown account is a one-line error and exit code 1', async () => {
    expect(await run('show', '--account', 'nobody')).toBe(1);
    expect(stderr).toEqual(['admin: Account nobody not found']);
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['show']],
    [['show', '--acount', 'x']],
    [['show', '--account', 'has{brace}']],
    [['grant', '--account', 'a', '--auto', '-5']],
    [['grant', '--account', 'a', '--auto', '1.5']],
    [['grant', '--account', 'a', '--auto', '0']],
    [['create-account', '--plan', 'gold']],
    [['create-account', '--monthly', 'lots']],
    [['usage', '--account', 'a', '--limit', '500']],
    [['show', '--account', 'a', 'extra']],
    [['issue-key', '--account', 'a', '--scopes', 'chrat']],
    [['issue-key', '--account', 'a', '--expires', '2027-02-30']],
    [['issue-key', '--account', 'a', '--name', '']],
    [['revoke-key']],
    [['revoke-key', '--key', 'fp_x', '--account', 'a']],
    [['revoke-key', '--account', 'a', '--key-id', 'fp_short']],
    [['find']],
    [['find', '--key', 'fp_x', '--email', 'a@b.jp']],
    [['set-plan', '--account', 'a']],
    [['set-plan', '--account', 'a', '--plan', 'gold']],
    [['set-autocharge-ceiling', '--account', 'a']],
    [['set-autocharge-ceiling', '--account', 'a', '--plan', '--threshold', '1']],
    [['set-autocharge-ceiling', '--account', 'a', '--threshold', '1']],
    [['set-autocharge-ceiling', '--account', 'a', '--threshold', '-1', '--amount', '1']],
    [['create-admin-token']],
    [['create-admin-token', '--name', 'ops', '--scopes', 'read,admin']],
    [['create-admin-token', '--name', 'ops', '--expires', 'tomorrow']],
    [['revoke-admin-token', '--id', 'fp_12345678']],
    [['invite', '--email', 'not-an-address']],
    [['audit', '--before', 'x']],
    [['list-accounts', '--before', 'has{brace}']],
  ])('bad arguments %j → one line on stderr, exit code 2, store untouched', async (argv) => {
    let opened = false;
    const code = await runAdmin(argv, {
      openStore: async () => {
        opened = true;
        return { store, close: () => store.close() };
      },
      stdout: (t) => stdout.push(t),
      stderr: (t) => stderr.push(t),
    });
    expect(code).toBe(2);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).not.toContain('\n');
    expect(stdout).toEqual([]);
    expect(opened).toBe(false);
  });

  it('parses the documented create-account example', () => {
    expect(
      parseAdminCommand([
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
      ]),
    ).toEqual({ name: 'create-account', plan: 'standard', monthly: 1000, auto: 0, threshold: 100, amount: 500, id: undefined });
  });
});

describe('admin CLI: the operator commands (docs/admin.md)', () => {
  let store: MemoryCreditStore;
  let dashboard: MemoryDashboardStore | null;
  let stdout: string[];
  let stderr: string[];

  beforeEach(() => {
    store = new MemoryCreditStore({ clock: new FakeClock() });
    dashboard = new MemoryDashboardStore();
    stdout = [];
    stderr = [];
  });

  const run = (...argv: string[]) =>
    runAdmin(argv, {
      openStore: async () => ({ store, dashboard, publicUrl: 'https://bazi.example.com', close: () => store.close() }),
      stdout: (t) => stdout.push(t),
      stderr: (t) => stderr.push(t),
    });
  const lastJson = () => JSON.parse(stdout.at(-1)!) as Record<string, any>;
  const created = async (...more: string[]) => {
    expect(await run('create-account', '--monthly', '1000', ...more)).toBe(0);
    return lastJson() as { account_id: string; api_key: string; key_id: string };
  };

  it('list-accounts pages newest first; find by account, key id, whole key and e-mail', async () => {
    const first = await created('--id', 'first');
    const second = await created('--id', 'second');
    expect(await run('list-accounts', '--limit', '1')).toBe(0);
    expect(lastJson()).toMatchObject({ accounts: [{ account_id: 'second' }], next_before: 'second' });
    expect(await run('list-accounts', '--before', 'second')).toBe(0);
    expect(lastJson()['accounts'].map((a: { account_id: string }) => a.account_id)).toEqual(['first']);

    expect(await run('find', '--account', 'first')).toBe(0);
    expect(lastJson()).toMatchObject({ accounts: [{ account_id: 'first', matched_by: 'account_id' }] });
    expect(await run('find', '--key', second.key_id)).toBe(0);
    expect(lastJson()).toMatchObject({ accounts: [{ account_id: 'second', matched_by: 'key_id' }] });
    expect(await run('find', '--key', first.api_key)).toBe(0);
    expect(lastJson()).toMatchObject({ accounts: [{ account_id: 'first', matched_by: 'api_key' }] });
    expect(stdout.at(-1)).not.toContain(first.api_key);
    await dashboard!.createUser({
      userId: 'user_0123456789abcdef0123',
      email: 'yamada@example.jp',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      accountId: 'second',
      verifiedMs: null,
      createdMs: 0,
      lang: 'ja',
    });
    expect(await run('find', '--email', 'YAMADA@')).toBe(0);
    expect(lastJson()).toMatchObject({
      accounts: [{ account_id: 'second', matched_by: 'email', owner: { email: 'yamada@example.jp', verified: false } }],
    });
  });

  it('set-plan moves this month by the allowance change; suspend, resume and delete-account change the status', async () => {
    const { account_id, api_key } = await created();
    expect(await run('set-plan', '--account', account_id, '--plan', 'enterprise', '--monthly', '3000')).toBe(0);
    expect(lastJson()).toMatchObject({ plan: 'enterprise', monthly_allowance: 3000, monthly_credits: 3000 });
    expect(await run('suspend', '--account', account_id)).toBe(0);
    expect(lastJson()).toMatchObject({ status: 'suspended' });
    expect(await store.authenticate(digestApiKey(api_key))).toMatchObject({ suspended: true });
    expect(await run('resume', '--account', account_id)).toBe(0);
    expect(lastJson()).toMatchObject({ status: 'active' });
    expect(await run('delete-account', '--account', account_id)).toBe(0);
    expect(lastJson()).toEqual({ account_id, deleted: true, keys_revoked: 1, sessions_deleted: 0 });
    expect(await store.authenticate(digestApiKey(api_key))).toBeNull();
    expect(await run('suspend', '--account', account_id)).toBe(1);
    expect(stderr.at(-1)).toContain('is deleted');
  });

  it('issue-key takes a name, scopes and an expiry; revoke-key takes the account and the key id', async () => {
    const { account_id } = await created();
    expect(await run('issue-key', '--account', account_id, '--name', 'ci', '--scopes', 'chart, mcp', '--expires', '2999-01-31')).toBe(0);
    const issued = lastJson();
    expect(issued).toMatchObject({ account_id, name: 'ci', scopes: ['chart', 'mcp'], expires_at: '2999-01-31T15:00:00.000Z' });
    expect(await store.authenticate(digestApiKey(issued['api_key'] as string))).toMatchObject({
      accountId: account_id,
      key: { scopes: ['chart', 'mcp'], expiresMs: Date.parse('2999-01-31T15:00:00Z') },
    });
    expect(await run('revoke-key', '--account', account_id, '--key-id', issued['key_id'] as string)).toBe(0);
    expect(lastJson()).toEqual({ revoked: true, account_id, key_id: issued['key_id'] });
    expect(await store.authenticate(digestApiKey(issued['api_key'] as string))).toBeNull();
    expect(await run('revoke-key', '--account', account_id, '--key-id', issued['key_id'] as string)).toBe(1);
    expect(await run('issue-key', '--account', account_id, '--expires', '2001-01-01')).toBe(1);
    expect(stderr.at(-1)).toContain('must be in the future');
  });

  it('admin tokens: created once in clear, listed without secrets, revoked; invitations; everything audited as cli', async () => {
    expect(await run('create-admin-token', '--name', 'ops', '--scopes', 'read')).toBe(0);
    const token = lastJson();
    expect(token).toMatchObject({
      token: expect.stringMatching(/^adm_[A-Za-z0-9_-]{43}$/),
      name: 'ops',
      scopes: ['read'],
      revoked_at: null,
    });
    expect(token['token_id']).toBe((token['token'] as string).slice(0, 12));
    expect(await run('list-admin-tokens')).toBe(0);
    expect(lastJson()).toEqual({
      tokens: [
        { token_id: token['token_id'], name: 'ops', scopes: ['read'], created_at: expect.any(String), revoked_at: null, expires_at: null },
      ],
    });
    expect(stdout.at(-1)).not.toContain(token['token']);
    expect(await run('revoke-admin-token', '--id', token['token_id'] as string)).toBe(0);
    expect(await run('revoke-admin-token', '--id', token['token_id'] as string)).toBe(1);

    expect(await run('invite', '--email', 'Sato@Example.jp')).toBe(0);
    expect(lastJson()).toMatchObject({
      email: 'sato@example.jp',
      signup_url: expect.stringMatching(/^https:\/\/bazi\.example\.com\/account\/signup\?invite=[A-Za-z0-9_-]{43}$/),
    });
    const { account_id } = await created();
    expect(await run('grant', '--account', account_id, '--auto', '5')).toBe(0);

    expect(await run('audit', '--limit', '100')).toBe(0);
    const entries = lastJson()['entries'] as { actor: string; action: string; address: string | null; outcome: string }[];
    // Each write is audited before it runs, then settled: the second revoke found nothing to revoke.
    expect(entries.map((entry) => `${entry.action} ${entry.outcome}`).reverse()).toEqual([
      'admin-token.create applied',
      'admin-token.revoke applied',
      'admin-token.revoke failed',
      'invitation.create applied',
      'account.create applied',
      'account.grant applied',
    ]);
    expect(entries.every((entry) => entry.actor === 'cli' && entry.address === null)).toBe(true);
    expect(await run('audit', '--account', account_id)).toBe(0);
    expect(lastJson()['entries'].map((entry: { action: string }) => entry.action)).toEqual(['account.grant', 'account.create']);
  });

  it('set-autocharge-ceiling sets what the customer may raise autocharge to, --plan drops it; both audited', async () => {
    const { account_id } = await created();
    expect(await run('show', '--account', account_id)).toBe(0);
    expect(lastJson()['autocharge_ceiling']).toEqual({ threshold: 0, amount: 0, set_for: 'plan' });
    expect(await run('set-autocharge-ceiling', '--account', account_id, '--threshold', '200', '--amount', '3000')).toBe(0);
    expect(lastJson()['autocharge_ceiling']).toEqual({ threshold: 200, amount: 3000, set_for: 'account' });
    expect(await run('set-autocharge-ceiling', '--account', account_id, '--plan')).toBe(0);
    expect(lastJson()['autocharge_ceiling']).toEqual({ threshold: 0, amount: 0, set_for: 'plan' });
    expect(await run('audit', '--account', account_id)).toBe(0);
    expect(lastJson()['entries'].slice(0, 2)).toMatchObject([
      { action: 'account.autocharge_ceiling', actor: 'cli', details: { ceiling: null, previous: { threshold: 200, amount: 3000 } } },
      { action: 'account.autocharge_ceiling', actor: 'cli', details: { ceiling: { threshold: 200, amount: 3000 }, previous: null } },
    ]);
  });

  it('without the dashboard database, its commands say what to set (exit 1) and the others are not audited', async () => {
    dashboard = null;
    for (const argv of [
      ['audit'],
      ['invite', '--email', 'a@example.jp'],
      ['list-admin-tokens'],
      ['find', '--email', 'a'],
      ['set-autocharge-ceiling', '--account', 'a', '--threshold', '1', '--amount', '1'],
    ]) {
      expect(await run(...argv)).toBe(1);
      expect(stderr.at(-1)).toContain('set DASHBOARD_DATABASE_URL (or LEDGER_DATABASE_URL)');
    }
    const { account_id } = await created();
    expect(await run('show', '--account', account_id)).toBe(0);
    expect(lastJson()).toMatchObject({ account_id, owner: null });
  });
});
