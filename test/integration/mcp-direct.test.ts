/**
 * `/mcp`'s direct answers (src/mcp/direct.ts): `tools/call` and `tools/list` answered without the
 * SDK's per-request server and transport must be the SDK's own answers, byte for byte. Each call
 * is sent twice to the real app over HTTP: as is (answered directly), and with `params._meta`
 * (which the direct path leaves to the SDK); the two answers are compared whole (the balance, which
 * the first call moved, set aside), with their status and headers, and each call is charged once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { createLogger } from '../../src/adapters/logger.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
const ACCEPT = 'application/json, text/event-stream';

/** Every tool with arguments that succeed, and refusals of each kind the tools answer. */
const CALLS: readonly { readonly name: string; readonly arguments?: Record<string, unknown>; readonly price: number }[] = [
  { name: 'calculate_chart', arguments: BIRTH, price: 10 },
  {
    name: 'calculate_chart',
    arguments: { ...BIRTH, variant: 'A', gender: 'male', include: ['luck', 'relations', 'special_stars'] },
    price: 10,
  },
  { name: 'chart_analysis', arguments: { ...BIRTH, lang: 'en' }, price: 10 },
  { name: 'chart_luck', arguments: { ...BIRTH, gender: 'female', luck_year: 2026, lang: 'ko' }, price: 10 },
  {
    name: 'chart_certainty',
    arguments: { year: 2024, month: 2, day: 4, time: '17:20', place: '東京都', uncertainty_minutes: 15 },
    price: 10,
  },
  { name: 'compatibility', arguments: { a: BIRTH, b: { year: 1992, month: 11, day: 3, location: 135.5 } }, price: 20 },
  { name: 'chart_report', arguments: { birth: { ...BIRTH, gender: 'female', lang: 'en' }, luck_year: 2026 }, price: 50 },
  { name: 'solar_terms', arguments: { year: 2024, lang: 'zh-Hant' }, price: 0 },
  { name: 'lunar_dates', arguments: { date: '1997-02-07' }, price: 0 },
  {
    name: 'pillars_to_dates',
    arguments: { year_pillar: '庚午', month_pillar: '辛巳', day_pillar: '庚辰', hour_pillar: '辛巳', location: 139.69 },
    price: 0,
  },
  { name: 'find_places', arguments: { q: '府中' }, price: 0 },
  // Refusals: a bad month with a misspelt member, arguments left out, an option not of this view.
  { name: 'calculate_chart', arguments: { ...BIRTH, month: 13, timeZone: 'Asia/Tokyo' }, price: 0 },
  { name: 'calculate_chart', price: 0 },
  { name: 'chart_analysis', arguments: { ...BIRTH, include: 'luck' }, price: 0 },
];

/** What differs between two calls of the same tool: the balance (moved by the first), the ledger's transaction id and the log id. */
const withoutBalance = (body: string): string =>
  body
    .replace(/((?:credits_remaining|monthly_credits|total_credits)\\*":)\d+/g, '$10')
    .replace(/(transaction_id\\*":\\*")[\d-]+/g, '$1…')
    .replace(/(log_id\\*":\\*")[0-9a-f-]{36}/g, '$1…');

describe('MCP answers made directly are the SDK’s answers', () => {
  let app: RunningApp;
  let account: TestAccount;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await startAppServer({ logger: createLogger('info', (line) => void logLines.push(line)) });
    account = await createStandardAccount(app.admin, 100_000);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = async (message: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, authorization: `Bearer ${account.apiKey}`, ...headers },
      body: JSON.stringify(message),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      length: response.headers.get('content-length'),
      body: await response.text(),
    };
  };
  it.each(CALLS.map((call, i) => [i, call.name, call] as const))('tools/call #%i %s', async (i, _name, call) => {
    const params = call.arguments === undefined ? { name: call.name } : { name: call.name, arguments: call.arguments };
    const before = await creditState(app.admin, account.accountId);
    const direct = await post({ jsonrpc: '2.0', id: i, method: 'tools/call', params });
    const viaSdk = await post({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { ...params, _meta: {} } });
    expect(direct.status).toBe(200);
    expect({ ...direct, body: withoutBalance(direct.body) }).toEqual({ ...viaSdk, body: withoutBalance(viaSdk.body) });
    const answer = JSON.parse(direct.body) as { result: { isError?: boolean; structuredContent?: Record<string, unknown> } };
    expect(answer.result.isError === true).toBe(call.price === 0 && i >= CALLS.length - 3);
    // Each of the two calls charged once, at the tool's price; refusals and free tools nothing.
    const after = await creditState(app.admin, account.accountId);
    expect({ spent: before.monthly - after.monthly, entries: after.ledger - before.ledger }).toEqual({
      spent: 2 * call.price,
      entries: call.price > 0 ? 2 : 0,
    });
  });

  it('tools/list, with a protocol version header or without', async () => {
    const direct = await post({ jsonrpc: '2.0', id: 'list', method: 'tools/list' });
    const withVersion = await post({ jsonrpc: '2.0', id: 'list', method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' });
    const viaSdk = await post({ jsonrpc: '2.0', id: 'list', method: 'tools/list', params: { _meta: {} } });
    expect(direct).toEqual(viaSdk);
    expect(withVersion).toEqual(viaSdk);
    expect(JSON.parse(direct.body).result.tools).toHaveLength(11);
  });

  it('a bug in a tool is a JSON-RPC internal error with its message masked, both ways, and the stack is logged', async () => {
    // Injected: the pipeline fails as a bug would (not a refusal, not an outage).
    const run = vi.spyOn(app.services.paid, 'run').mockRejectedValue(new TypeError('secret internals at /srv/app/chart.ts:12'));
    try {
      const params = { name: 'calculate_chart', arguments: BIRTH };
      const direct = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
      const viaSdk = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { ...params, _meta: {} } });
      expect(run).toHaveBeenCalledTimes(2);
      for (const answer of [direct, viaSdk]) {
        expect(answer.body).not.toContain('secret internals');
        expect(JSON.parse(answer.body)).toEqual({
          jsonrpc: '2.0',
          id: 7,
          error: { code: -32603, message: expect.stringMatching(/^Internal error \(log_id [0-9a-f-]{36}\)$/) },
        });
      }
      await expect.poll(() => logLines.filter((line) => line.includes('secret internals')).length).toBe(2);
      for (const line of logLines.filter((text) => text.includes('secret internals')))
        expect(JSON.parse(line)).toMatchObject({ level: 'error', unexpected: true, path: '/mcp' });
    } finally {
      run.mockRestore();
    }
  });

  it('what the SDK refuses is still refused by it: an unknown tool, a bad id, a missing Accept, an unknown protocol version', async () => {
    const unknown = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_charts', arguments: BIRTH } });
    expect(JSON.parse(unknown.body)).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringContaining('unknown tool') } });
    const badId = await post({ jsonrpc: '2.0', id: 1.5, method: 'tools/call', params: { name: 'calculate_chart', arguments: BIRTH } });
    expect([badId.status, JSON.parse(badId.body).error.code]).toEqual([400, -32700]);
    const notAccepted = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_chart', arguments: BIRTH } },
      { accept: 'application/json' },
    );
    expect(notAccepted.status).toBe(406);
    const badVersion = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_chart', arguments: BIRTH } },
      { 'mcp-protocol-version': '1999-01-01' },
    );
    expect([badVersion.status, JSON.parse(badVersion.body).error.message]).toEqual([
      400,
      expect.stringContaining('Unsupported protocol version'),
    ]);
  });
});
