/**
 * `hemisphere` through every protocol: REST (both variants, body and query), GraphQL (`hemisphere:
 * SOUTH`), the MCP chart and compatibility tools and the CLI give the southern month pillar; its version
 * digest differs from the northern one, which equals the digest of a request that does not name it; a
 * comparison carries a version too (REST headers, GraphQL `version`, MCP `_meta`) over both births'
 * settings; a bad value is refused naming the field and the values, before anything is charged.
 */
import { describe, expect, it } from 'vitest';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount, postWithKey } from '../support/app-with-account.ts';
import { keyedClient } from '../support/client.ts';

// 1990-05-15 10:30 at 139.69°E: 庚午 辛巳 庚辰 辛巳; in the south the month reads 巳's 対冲 亥, 庚 year: 丁亥.
const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

describe('hemisphere over REST, GraphQL, MCP and the CLI', () => {
  const env = appWithAccount();
  const post = postWithKey(env);
  const mcp = (name: string, args: Record<string, unknown>) => keyedClient(env).callTool(name, args);

  it('every protocol answers the southern month pillar; the rules digest tells the two conventions apart', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const south = await post('/api/v1/calculate', { ...BIRTH, hemisphere: 'south' });
    expect(south.status).toBe(200);
    expect(south.json.result.month_ganzhi).toBe('丁亥');
    const north = await post('/api/v1/calculate', { ...BIRTH, hemisphere: 'north' });
    const plain = await post('/api/v1/calculate', BIRTH);
    expect(north.json.result.month_ganzhi).toBe('辛巳');
    expect(north.headers.get('x-rules-digest')).toBe(plain.headers.get('x-rules-digest'));
    expect(south.headers.get('x-rules-digest')).not.toBe(plain.headers.get('x-rules-digest'));

    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(BIRTH).map(([k, v]) => [k, String(v)])),
      hemisphere: 'south',
    });
    const getA = await fetch(`${env.app.baseUrl}/v1/calculate?${query}`, { headers: { authorization: `Bearer ${env.account.apiKey}` } });
    expect((await getA.json()).result.month_ganzhi).toBe('丁亥');

    const answer = await post('/graphql', {
      query: `mutation { calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69, hemisphere: SOUTH }) {
        ... on VariantBResponse { result { monthGanzhi version { rules } } } } }`,
    });
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.calculate.result.monthGanzhi).toBe('丁亥');
    expect(answer.json.data.calculate.result.version.rules).toBe(south.headers.get('x-rules-digest'));

    const tool = await mcp('calculate_chart', { ...BIRTH, hemisphere: 'south' });
    expect(tool.json.result.structuredContent.result.month_ganzhi).toBe('丁亥');
    // A comparison's version covers both births' settings, a then b, on every protocol.
    const pair = await mcp('compatibility', { a: { ...BIRTH, hemisphere: 'south' }, b: BIRTH });
    expect(pair.json.result.isError).toBeUndefined();
    expect(pair.json.result.structuredContent.result.a.month_ganzhi).toBe('丁亥');
    const restPair = await post('/api/v1/compatibility', { a: { ...BIRTH, hemisphere: 'south' }, b: BIRTH });
    expect(restPair.status).toBe(200);
    const pairRules = restPair.headers.get('x-rules-digest');
    expect(pairRules).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(restPair.headers.get('x-engine-version')).toBe(south.headers.get('x-engine-version'));
    expect(restPair.headers.get('x-ephemeris-digest')).toBe(south.headers.get('x-ephemeris-digest'));
    expect(pair.json.result._meta['io.four-pillars/version'].rules).toBe(pairRules);
    expect(pairRules).not.toBe(south.headers.get('x-rules-digest'));
    const swapped = await post('/graphql', {
      query: `mutation { compatibility(a: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69 },
        b: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69, hemisphere: SOUTH }) { score version { engine rules } } }`,
    });
    expect(swapped.json.errors).toBeUndefined();
    // b then a is another request: another digest.
    expect(swapped.json.data.compatibility.version.rules).toMatch(/^sha256:/);
    expect(swapped.json.data.compatibility.version.rules).not.toBe(pairRules);

    const cli = runCli('src/cli/bazi.ts', ['chart'], `${JSON.stringify({ ...BIRTH, hemisphere: 'south' })}\n`);
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).month_ganzhi).toBe('丁亥');

    // Six charts (REST four times, GraphQL, MCP) at 10 each and three comparisons (MCP, REST, GraphQL) at 20.
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - 120,
      ledger: before.ledger + 9,
    });
  });

  it('a bad value is refused naming hemisphere and its values; nothing is charged', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const bad = await post('/api/v1/calculate', { ...BIRTH, hemisphere: 'southern' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('hemisphere must be one of "north", "south"');
    const graphql = await post('/graphql', {
      query: 'mutation { calculate(input: { year: 1990, month: 5, day: 15, location: 139.69, hemisphere: SOUTHERN }) { __typename } }',
    });
    expect(graphql.json.errors[0].message).toContain('SOUTHERN');
    const tool = await mcp('calculate_chart', { ...BIRTH, hemisphere: 'S' });
    expect(tool.json.result.isError).toBe(true);
    expect(tool.json.result.content[0].text).toContain('hemisphere must be one of');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
