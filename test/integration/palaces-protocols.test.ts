/**
 * 胎元・胎息・命宮・身宮 through every protocol: REST `include=palaces` (both variants, body and query,
 * checked against /openapi.json), GraphQL `palaces` (typed, the same values), the CLI and the MCP
 * chart tool all answer what the domain computes, charged like a chart; an unknown birth time leaves
 * 命宮 and 身宮 without a pillar.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/domain/catalogue/catalogues.ts';
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { palacesJson } from '../../src/wire/sections/palaces/json.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

const domain = (birth: Record<string, unknown> = BIRTH, lang: keyof typeof CATALOGUES = 'ja') => {
  const parsed = parseChartRequest(birth);
  if (!parsed.ok) throw new Error('bad birth');
  return palacesJson(computeChartCore(parsed.request), CATALOGUES[lang]);
};

const PILLAR = 'school ganzhi stem { code } branch { code } tenGod { code label } nayin { code label }';
const PALACE = `code name { label reading } absent ${PILLAR} variants { ${PILLAR} }`;

/** A GraphQL palace in the REST spelling. */
const asRest = (p: any) => {
  const pillar = (x: any) => ({
    school: x.school,
    ganzhi: x.ganzhi,
    stem: x.stem?.code ?? null,
    branch: x.branch?.code ?? null,
    ten_god: x.tenGod?.code ?? null,
    ten_god_label: x.tenGod?.label ?? null,
    nayin: x.nayin?.code ?? null,
    nayin_label: x.nayin?.label ?? null,
  });
  return { code: p.code, name: p.name.label, reading: p.name.reading, ...pillar(p), absent: p.absent, variants: p.variants.map(pillar) };
};

describe('palaces over REST, GraphQL, the CLI and MCP', () => {
  const env = appWithAccount();
  const headers = () => ({ authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' });
  const post = async (path: string, body: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${env.app.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...headers(), ...extra },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };

  it('every protocol answers the domain’s palaces, charged like a chart', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const expected = domain();
    expect(Object.values(expected).map((p) => p.ganzhi)).toEqual(['壬申', '乙酉', '癸未', '丁亥']);

    const restB = await post('/api/v1/calculate', { ...BIRTH, include: ['palaces'] });
    expect(restB.status).toBe(200);
    expect(restB.json.result.palaces).toEqual(expected);
    expect(schemaProblems('SuccessB', restB.json)).toEqual([]);

    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(BIRTH).map(([k, v]) => [k, String(v)])),
      include: 'relations,palaces',
    });
    const getA = await fetch(`${env.app.baseUrl}/v1/calculate?${query}`, { headers: { authorization: `Bearer ${env.account.apiKey}` } });
    const bodyA = await getA.json();
    expect(bodyA.result.palaces).toEqual(expected);
    expect(Object.keys(bodyA.result).slice(-2)).toEqual(['relations', 'palaces']);
    expect(schemaProblems('SuccessA', bodyA)).toEqual([]);

    const graphql = await post('/graphql', {
      query: `mutation { calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69 }, variant: A) { ... on VariantAResponse { result {
        palaces { taiYuan { ${PALACE} } taiXi { ${PALACE} } mingGong { ${PALACE} } shenGong { ${PALACE} } }
      } } } }`,
    });
    expect(graphql.json.errors).toBeUndefined();
    const palaces = graphql.json.data.calculate.result.palaces;
    expect({
      tai_yuan: asRest(palaces.taiYuan),
      tai_xi: asRest(palaces.taiXi),
      ming_gong: asRest(palaces.mingGong),
      shen_gong: asRest(palaces.shenGong),
    }).toEqual(expected);

    const mcp = await post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_chart', arguments: { ...BIRTH, include: ['palaces'] } } },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.json.result.structuredContent.result.palaces).toEqual(expected);

    const cli = runCli('src/cli/bazi.ts', ['chart', '--include', 'palaces'], `${JSON.stringify(BIRTH)}\n`);
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).palaces).toEqual(expected);

    // Four charts (REST twice, GraphQL, MCP), each charged like a chart; the section itself is free.
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - 40,
      ledger: before.ledger + 4,
    });
  });

  it('an unknown birth time: 命宮 and 身宮 are null with `time_unknown`; the words follow `lang`', async () => {
    const unknown = { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true, lang: 'en' };
    const rest = await post('/api/v1/calculate', { ...unknown, include: 'palaces' });
    expect(rest.status).toBe(200);
    expect(rest.json.result.palaces).toEqual(domain(unknown, 'en'));
    expect(rest.json.result.palaces.ming_gong).toMatchObject({ name: 'Life Palace', ganzhi: null, absent: 'time_unknown' });
    expect(rest.json.result.palaces.tai_yuan).toMatchObject({ name: 'Conception Pillar', ganzhi: '己卯', absent: null });
    expect(schemaProblems('SuccessB', rest.json)).toEqual([]);
    const graphql = await post('/graphql', {
      query: `mutation { calculate(input: { year: 2021, month: 1, day: 3, location: 139.69, timeUnknown: true }) { ... on VariantBResponse { result {
        palaces { mingGong { absent ganzhi stem { code } } } meishiki { notes }
      } } } }`,
    });
    expect(graphql.json.errors).toBeUndefined();
    expect(graphql.json.data.calculate.result.palaces.mingGong).toEqual({ absent: 'time_unknown', ganzhi: null, stem: null });
    expect(graphql.json.data.calculate.result.meishiki.notes.at(-1)).toBe('胎元 己卯　胎息 丙寅　命宮 —　身宮 —');
  });
});
