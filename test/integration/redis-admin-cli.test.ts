import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { runAdminCli } from '../support/run-cli.ts';

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
    expect(JSON.parse(shown.stdout)).toEqual({
      account_id,
      plan: 'standard',
      monthly_allowance: 1000,
      monthly_credits: 1000,
      auto_credits: 40,
      autocharge: { threshold: 100, amount: 500 },
    });

    const issued = await admin('issue-key', '--account', account_id);
    expect(JSON.parse(issued.stdout)).toEqual({ api_key: expect.stringMatching(/^fp_/) });
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
