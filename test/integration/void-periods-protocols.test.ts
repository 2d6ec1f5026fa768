/**
 * 天中殺 (空亡) periods through every protocol: REST `include=void_periods` (both variants, body and
 * query, checked against /openapi.json), GraphQL `voidPeriods` (typed, the same values), the CLI and
 * the MCP chart tool all answer what the domain computes; a bad `void_years` is refused naming it and
 * the nearest good value, before anything is charged; the other sections and the legacy body are
 * unchanged by it.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { voidPeriodsJson } from '../../src/wire/sections/void-periods/json.ts';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { toSnake } from '../support/snake-case.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' };
const SPAN = { from: 2018, to: 2019 };

/** The domain's section for a span (null: the default span). */
const domain = (span: { from: number; to: number } | null = SPAN) => {
  const parsed = parseChartRequest(BIRTH);
  if (!parsed.ok) throw new Error('bad birth');
  return voidPeriodsJson(computeChartCore(parsed.request), span ?? undefined, JA_CATALOGUE);
};

const INTERVAL = 'startsAt endsAt startsAtUtc endsAtUtc';
const SELECTION = `fromYear toYear schools {
  basis label reading pillar xun branches
  years { year ganzhi ${INTERVAL} }
  months { year term ganzhi ${INTERVAL} }
  cycles { index ganzhi ${INTERVAL} ageFrom ageTo }
}`;

describe('void_periods over REST, GraphQL, the CLI and MCP', () => {
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
  const graphql = (query: string, variables: Record<string, unknown> = {}) => post('/graphql', { query, variables }).then((r) => r.json);
  const input = '{ year: 1990, month: 5, day: 15, time: "10:30", location: 139.69, gender: FEMALE }';

  it('every protocol answers the domain’s periods, charged like a chart', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const expected = domain();
    expect(expected.schools[0]!.months).toHaveLength(4);
    expect(expected.schools[0]!.cycles).toHaveLength(2);

    const restB = await post('/api/v1/calculate', { ...BIRTH, include: ['void_periods'], void_years: '2018-2019' });
    expect(restB.status).toBe(200);
    expect(restB.json.result.void_periods).toEqual(expected);
    expect(schemaProblems('SuccessB', restB.json)).toEqual([]);

    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(BIRTH).map(([k, v]) => [k, String(v)])),
      include: 'relations,void_periods',
      void_years: '2018-2019',
    });
    const getA = await fetch(`${env.app.baseUrl}/v1/calculate?${query}`, { headers: { authorization: `Bearer ${env.account.apiKey}` } });
    const bodyA = await getA.json();
    expect(bodyA.result.void_periods).toEqual(expected);
    expect(Object.keys(bodyA.result).slice(-2)).toEqual(['relations', 'void_periods']);
    expect(schemaProblems('SuccessA', bodyA)).toEqual([]);

    const answer = await graphql(
      `mutation { calculate(input: ${input}, variant: A) { ... on VariantAResponse { result { voidPeriods(years: "2018-2019") { ${SELECTION} } } } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const viaGraphql = toSnake(answer.data.calculate.result.voidPeriods) as typeof expected;
    for (const school of viaGraphql.schools) (school as { basis: string }).basis = school.basis.toLowerCase();
    expect(viaGraphql).toEqual(expected);

    const mcp = await post(
      '/mcp',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'calculate_chart', arguments: { ...BIRTH, include: ['void_periods'], void_years: '2018-2019' } },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.json.result.structuredContent.result.void_periods).toEqual(expected);

    const cli = runCli(
      'src/cli/bazi.ts',
      ['chart', '--include', 'void_periods'],
      `${JSON.stringify({ ...BIRTH, void_years: '2018-2019' })}\n`,
    );
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).void_periods).toEqual(expected);

    // Four charts (REST twice, GraphQL, MCP), each charged like a chart; the section itself is free.
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - 40,
      ledger: before.ledger + 4,
    });
  });

  it('GraphQL takes the span as a variable too, and an integer year', async () => {
    const document = `mutation($years: YearSpan) { calculate(input: ${input}) { ... on VariantBResponse { result { voidPeriods(years: $years) { fromYear toYear } } } } }`;
    expect((await graphql(document, { years: '2018-2019' })).data.calculate.result.voidPeriods).toEqual({ fromYear: 2018, toYear: 2019 });
    expect((await graphql(document, { years: 2024 })).data.calculate.result.voidPeriods).toEqual({ fromYear: 2024, toYear: 2024 });
  });

  it('the default span (the birth’s pillar year and the 100 after) has years, no months; GraphQL’s default is the same', async () => {
    const rest = await post('/api/v1/calculate', { ...BIRTH, include: 'void_periods' });
    expect(rest.json.result.void_periods).toEqual(domain(null));
    expect(rest.json.result.void_periods).toMatchObject({ from_year: 1990, to_year: 2090, schools: [{ months: null }, { months: null }] });
    const answer = await graphql(
      `mutation { calculate(input: ${input}) { ... on VariantBResponse { result { voidPeriods { fromYear toYear schools { years { year } } } } } } }`,
    );
    expect(answer.data.calculate.result.voidPeriods.schools[0].years.map((y: { year: number }) => y.year)).toEqual(
      rest.json.result.void_periods.schools[0].years.map((y: { year: number }) => y.year),
    );
  });

  it('a bad span is refused naming void_years (or the GraphQL argument) and the nearest good value; nothing is charged', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const bad = await post('/api/v1/calculate', { ...BIRTH, include: ['void_periods'], void_years: '2030-2024' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('void_years must be a pillar year or a range'),
    });
    expect(bad.json.message).toContain('did you mean "2024-2030"?');
    const typo = await post('/api/v1/calculate', { ...BIRTH, include: ['void_periods'], void_year: '2024' });
    expect(typo.json.message).toContain('void_year is not a field of this request: did you mean "void_years"?');
    const literal = await graphql(
      `mutation { calculate(input: ${input}) { ... on VariantBResponse { result { voidPeriods(years: "1890-1900") { fromYear } } } } }`,
    );
    expect(literal.errors[0].message).toContain('voidPeriods.years must be a pillar year or a range');
    expect(literal.errors[0].message).toContain('did you mean "1899-1900"?');
    const variable = await graphql(
      `mutation($years: YearSpan) { calculate(input: ${input}) { ... on VariantBResponse { result { voidPeriods(years: $years) { fromYear } } } } }`,
      { years: 'soon' },
    );
    expect(variable.errors[0].message).toContain('voidPeriods.years must be a pillar year or a range');
    // Refused as the document is checked: a literal as any invalid document is, a variable as bad input.
    expect([literal.errors[0].extensions.code, variable.errors[0].extensions.code]).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
      'BAD_USER_INPUT',
    ]);
    const mcp = await post(
      '/mcp',
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'calculate_chart', arguments: { ...BIRTH, include: ['void_periods'], void_years: 3000 } },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.json.result.isError).toBe(true);
    expect(mcp.json.result.content[0].text).toContain('did you mean \\"2100\\"?');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('asked beside luck, luck is what it was alone; void_years without include=void_periods is refused, free', async () => {
    const alone = await post('/api/v1/calculate', { ...BIRTH, include: ['luck'], luck_years: '2018-2019' });
    const both = await post('/api/v1/calculate', {
      ...BIRTH,
      include: ['luck', 'void_periods'],
      luck_years: '2018-2019',
      void_years: '2018-2019',
    });
    expect(both.json.result.luck).toEqual(alone.json.result.luck);
    expect(Object.keys(both.json.result).slice(-2)).toEqual(['luck', 'void_periods']);
    // The 大運天中殺 are the luck section's 大運 its `is_void` marks.
    const full = await post('/api/v1/calculate', { ...BIRTH, include: ['luck', 'void_periods'], luck_cycles: 12 });
    expect(full.json.result.void_periods.schools[0].cycles.map((c: { index: number }) => c.index)).toEqual(
      full.json.result.luck.cycles.filter((c: { is_void: boolean }) => c.is_void).map((c: { index: number }) => c.index),
    );
    const before = await creditState(env.app.admin, env.account.accountId);
    for (const body of [
      { ...BIRTH, void_years: '2024' },
      { ...BIRTH, include: ['luck'], void_years: '2024' },
    ]) {
      const refused = await post('/api/v1/calculate', body);
      expect([refused.status, refused.json.message]).toEqual([
        400,
        'Invalid request: void_years is an option of the void_periods section: it needs include=void_periods',
      ]);
    }
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
