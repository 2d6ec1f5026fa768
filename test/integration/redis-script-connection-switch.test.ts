/**
 * `REDIS_SCRIPT_CONNECTION` (config.ts): the credit scripts over their own connection
 * (adapters/redis/script-connection.ts, the default) or over ioredis's (its EVALSHA, settlements in
 * its batches) answer alike. Two stores on one redis-server under two key prefixes, one each way,
 * serve the same calls through the real app — paid REST and GraphQL calls, a replay, refusals, a
 * statement — and the answers (status, credit headers, bodies, per-call ids aside), the balances and
 * the ledgers must match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreditStore, type OpenedCreditStore } from '../../src/adapters/create-credit-store.ts';
import { loadConfig } from '../../src/config.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { budgetMs } from '../support/time-budget.ts';

const normalize = (body: string): string =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/"\d+-\d+"/g, '"<tx>"')
    .replace(/"(acct|fp)_[A-Za-z0-9_-]+"/g, '"<id>"');

const HEADERS = ['content-type', 'x-credits-consumed', 'x-credits-remaining', 'retry-after'];

describe.skipIf(!requireRedisServer('script connection switch'))('REDIS_SCRIPT_CONNECTION: the scripts answer alike either way', () => {
  let server: RedisServer;
  const sides: Record<'on' | 'off', { opened?: OpenedCreditStore; app?: RunningApp; accountId?: string; key?: string }> = {
    on: {},
    off: {},
  };

  beforeAll(async () => {
    server = await startRedisServer();
    for (const side of ['on', 'off'] as const) {
      const opened = await openCreditStore(
        { kind: 'redis', url: server.url },
        { redisKeyPrefix: `sw-${side}:`, scriptConnection: side === 'on', readyTimeoutMs: 5000 },
      );
      const app = await startAppServer({ store: opened.store });
      const created = await app.admin.createAccount({
        plan: 'standard',
        monthlyAllowance: 120,
        autoCredits: 30,
        autocharge: { threshold: 0, amount: 0 },
      });
      sides[side] = { opened, app, accountId: created.accountId, key: created.apiKey };
    }
  });
  afterAll(async () => {
    for (const side of Object.values(sides)) {
      await side.app?.close();
      await side.opened?.close();
    }
    await server?.dispose();
  });

  it('is on by default, off when asked', () => {
    expect(loadConfig({}).fastPaths.redisScriptConnection).toBe(true);
    expect(loadConfig({ REDIS_SCRIPT_CONNECTION: 'off' }).fastPaths.redisScriptConnection).toBe(false);
    expect(() => loadConfig({ REDIS_SCRIPT_CONNECTION: 'sometimes' })).toThrow(/REDIS_SCRIPT_CONNECTION: must be true\/false/);
    // The switch reaches the store: a script connection on one side only.
    const connection = (side: 'on' | 'off') => (sides[side].opened!.store as unknown as { scriptConnection: unknown }).scriptConnection;
    expect(connection('on')).not.toBeNull();
    expect(connection('off')).toBeNull();
  });

  it('the same answers, balances and ledgers for the same calls', async () => {
    const birth = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
    const calls: [string, RequestInit][] = [
      ['/api/v1/calculate', { method: 'POST', body: JSON.stringify(birth) }],
      ['/api/v1/calculate', { method: 'POST', body: JSON.stringify({ ...birth, year: 1984 }), headers: { 'idempotency-key': 'k-1' } }],
      // A replay: free, the first call's answer.
      ['/api/v1/calculate', { method: 'POST', body: JSON.stringify({ ...birth, year: 1984 }), headers: { 'idempotency-key': 'k-1' } }],
      ['/api/v1/calculate', { method: 'POST', body: JSON.stringify({ ...birth, month: 13 }) }],
      [
        '/graphql',
        {
          method: 'POST',
          body: JSON.stringify({ query: `mutation { calculate(input: {year: 2001, month: 2, day: 3, location: 135}) { __typename } }` }),
        },
      ],
      ...Array.from({ length: 14 }, (_, i): [string, RequestInit] => [
        '/api/v1/calculate',
        { method: 'POST', body: JSON.stringify({ ...birth, day: 1 + i }) },
      ]),
      // Past the balance: refused, nothing charged.
      ['/api/v1/calculate', { method: 'POST', body: JSON.stringify(birth) }],
      ['/graphql', { method: 'POST', body: JSON.stringify({ query: '{ account { plan monthlyCredits autoCredits } }' }) }],
    ];
    const answers: Record<'on' | 'off', string[]> = { on: [], off: [] };
    for (const [path, init] of calls) {
      for (const side of ['on', 'off'] as const) {
        const { app, key } = sides[side];
        const res = await fetch(`${app!.baseUrl}${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
        });
        const headers = HEADERS.map((name) => `${name}: ${res.headers.get(name)}`).join('; ');
        answers[side].push(`${path} ${res.status} ${headers} ${normalize(await res.text())}`);
      }
    }
    expect(answers.off).toEqual(answers.on);
    expect(answers.on.filter((answer) => answer.includes(' 200 ')).length).toBeGreaterThan(10);
    expect(answers.on.some((answer) => answer.includes(' 402 '))).toBe(true);
    for (const side of ['on', 'off'] as const) expect(await sides[side].app!.services.settlement.drain(budgetMs(3000))).toBe(true);
    const account = (side: 'on' | 'off') => sides[side].app!.admin.show(sides[side].accountId!);
    const [on, off] = await Promise.all([account('on'), account('off')]);
    expect({ ...off, accountId: '', createdMs: 0 }).toEqual({ ...on, accountId: '', createdMs: 0 });
    const ledger = async (side: 'on' | 'off') =>
      (await sides[side].opened!.store.usage(sides[side].accountId!, { limit: 50 })).map((entry) => ({
        ...entry,
        transactionId: '',
        logId: '',
        atMs: 0,
      }));
    expect(await ledger('off')).toEqual(await ledger('on'));
  });
});
