/**
 * Three-pillar charts (docs/fields.md, "Three-pillar charts") through every protocol on the real server: REST bodies
 * and query strings (`time_unknown`), GraphQL (`timeUnknown`), the SVG and the CLI give no hour
 * pillar; the answers validate against /openapi.json; a contradictory request is a 400 that costs
 * nothing; another `time_unknown` is another answer for the idempotency key.
 */
import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';

const BIRTH = { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true };

describe('three-pillar charts over REST, GraphQL, the SVG and the CLI', () => {
  const env = appWithAccount();

  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${env.account.apiKey}`,
    'content-type': 'application/json',
    ...extra,
  });
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${env.app.baseUrl}${path}`, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });

  it('REST A and B answer three pillars that match the OpenAPI document', async () => {
    const a = await post('/v1/calculate?include=warnings,alternatives,special_stars,relations', BIRTH);
    expect(a.status).toBe(200);
    const bodyA = await a.json();
    expect(schemaProblems('SuccessA', bodyA)).toEqual([]);
    expect(bodyA.result.time_ganzhi).toBeNull();
    expect(bodyA.result.input_date).toBe('2021-01-03');
    expect(bodyA.result.zokan.time).toBeNull();
    expect(bodyA.result.warnings[0].code).toBe('TIME_UNKNOWN');
    expect(new Set(bodyA.result.alternatives.map((x: { time_ganzhi: string }) => x.time_ganzhi.slice(1))).size).toBe(12);
    expect(JSON.stringify(bodyA.result.special_stars)).not.toContain('"hour"');

    const b = await fetch(`${env.app.baseUrl}/api/v1/calculate?year=2021&month=1&day=3&location=139.69&time_unknown=true`, {
      headers: headers(),
    });
    expect(b.status).toBe(200);
    const bodyB = await b.json();
    expect(schemaProblems('SuccessB', bodyB)).toEqual([]);
    expect([bodyB.result.time_ganzhi, bodyB.result.ten_gods.hour_pillar, bodyB.result.nayin.hour_pillar]).toEqual([null, null, null]);
    expect(bodyB.result.day_ganzhi).toBe('辛亥');
  });

  it('refuses a contradiction or a bad value with a 400 naming the field, before the charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const both = await post('/api/v1/calculate', { ...BIRTH, time: '10:00' });
    expect(both.status).toBe(400);
    expect((await both.json()).message).toContain('time_unknown cannot be true when time is given');
    const query = await fetch(`${env.app.baseUrl}/api/v1/calculate?year=2021&month=1&day=3&location=139.69&time_unknown=yes`, {
      headers: headers(),
    });
    expect(query.status).toBe(400);
    expect((await query.json()).message).toBe('Invalid request: time_unknown must be a boolean (true or false)');
    const camel = await post('/api/v1/calculate', { year: 2021, month: 1, day: 3, location: 139.69, timeUnknown: true });
    expect(camel.status).toBe(400);
    expect((await camel.json()).message).toContain('did you mean "time_unknown"');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('an idempotency key used without time_unknown does not replay the 12:00 chart for it', async () => {
    const key = { 'idempotency-key': 'three-pillars-1' };
    const { time_unknown: _flag, ...noon } = BIRTH;
    expect((await post('/api/v1/calculate', noon, key)).status).toBe(200);
    const again = await post('/api/v1/calculate', BIRTH, key);
    expect(again.status).toBe(409);
  });

  it('GraphQL timeUnknown: null hour fields, a three-column 命式表 and SVG', async () => {
    const response = await post('/graphql', {
      query: `mutation ($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { result {
        timeGanzhi trueSolarTime inputDate tenGods { hourPillar { stem } } nayin { hourPillar { nayin } }
        meishiki { columns trueSolarTime timeUnknown rows { label cells } } chartSvg warnings { code fields } } } } }`,
      variables: { input: { year: 2021, month: 1, day: 3, location: 139.69, timeUnknown: true } },
    });
    const { data, errors } = (await response.json()) as { data: Record<string, any>; errors?: unknown };
    expect(errors).toBeUndefined();
    const result = data['calculate'].result;
    expect([result.timeGanzhi, result.trueSolarTime, result.tenGods.hourPillar, result.nayin.hourPillar]).toEqual([null, null, null, null]);
    expect(result.inputDate).toBe('2021-01-03');
    expect(result.meishiki.columns).toEqual(['日柱', '月柱', '年柱']);
    expect(result.meishiki.timeUnknown).toBe(true);
    expect(result.chartSvg).not.toContain('class="head">時柱');
    expect(result.warnings.flatMap((w: { fields: string[] }) => w.fields)).not.toContain('timeGanzhi');
  });

  it('GET /v1/chart.svg?time_unknown=true draws three columns; the CLI table too', async () => {
    const svg = await fetch(`${env.app.baseUrl}/v1/chart.svg?year=2021&month=1&day=3&location=139.69&time_unknown=true`, {
      headers: headers(),
    });
    expect(svg.status).toBe(200);
    const text = await svg.text();
    expect(text).toContain('class="head">日柱');
    expect(text).not.toContain('class="head">時柱');
    const cli = runCli('src/cli/bazi.ts', ['chart', '--format', 'table'], `${JSON.stringify(BIRTH)}\n`);
    expect(cli.status).toBe(0);
    expect(cli.stdout.split('\n')[2]!.trim().split(/\s+/)).toEqual(['日柱', '月柱', '年柱']);
  });
});
