import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { digestApiKey } from '../../../src/application/api-keys.ts';
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
      plan: 'standard',
      monthly_allowance: 1000,
      monthly_credits: 1000,
      auto_credits: 0,
      autocharge: { threshold: 100, amount: 500 },
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
    expect(stderr).toEqual(['admin: account nobody not found']);
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
