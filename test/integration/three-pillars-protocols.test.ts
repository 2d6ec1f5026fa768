/**
 * Three-pillar charts (docs/fields.md, "Three-pillar charts") through every protocol on the real server: REST bodies
 * and query strings (`time_unknown`), GraphQL (`timeUnknown`), the SVG and the CLI give no hour
 * pillar; the answers validate against /openapi.json; a contradictory request is a 400 that costs
 * nothing; another `time_unknown` is another answer for the idempotency key. With a gender, the 大運
 * start, dates and ages are null beside their ranges over the birth day (REST and GraphQL alike, with
 * the LUCK_START_RANGE warning), and 小運 are refused before the charge.
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

  it('REST luck: the 大運 start, dates and ages null beside their ranges over the day, with the warning', async () => {
    const response = await post('/api/v1/calculate?include=luck,warnings&luck_cycles=2&luck_years=2030', { ...BIRTH, gender: 'female' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(schemaProblems('SuccessB', body)).toEqual([]);
    const { luck, warnings } = body.result;
    expect(luck).toMatchObject({ direction: 'BACKWARD', start_age: null, start_age_rounded: null, starts_at: null });
    expect(luck.start_range).toEqual({
      earliest: {
        start_age: { years: 8, months: 11, days: 24, hours: 5, minutes: 0 },
        start_age_rounded: 9,
        starts_at: '2029-12-27T05:00:00+09:00',
      },
      latest: {
        start_age: { years: 9, months: 3, days: 22, hours: 15, minutes: 0 },
        start_age_rounded: 9,
        starts_at: '2030-04-26T14:41:00+09:00',
      },
    });
    expect(luck.pre_luck).toMatchObject({
      starts_at: null,
      ends_at: null,
      start_range: { earliest: '2021-01-03T00:00:00+09:00', latest: '2021-01-03T23:41:00+09:00' },
      end_range: { earliest: '2029-12-27T05:00:00+09:00', latest: '2030-04-26T14:41:00+09:00' },
    });
    expect(luck.cycles[1]).toMatchObject({
      index: 2,
      starts_at: null,
      ends_at: null,
      age_from: null,
      age_to: null,
      kazoe_from: null,
      kazoe_to: null,
      label_age: null,
      start_range: { earliest: '2039-12-27T05:00:00+09:00', latest: '2040-04-26T14:41:00+09:00' },
      end_range: { earliest: '2049-12-27T05:00:00+09:00', latest: '2050-04-26T14:41:00+09:00' },
      age_range: { from: [18, 19], to: [27, 28], kazoe_from: [19, 20], kazoe_to: [28, 29], label: [19, 19] },
    });
    // 歳運 do not move with the hour: as they are.
    expect(luck.years[0]).toMatchObject({ year: 2030, starts_at: '2030-02-04T04:08:00+09:00' });
    expect(warnings.map((w: { code: string }) => w.code)).toContain('LUCK_START_RANGE');
    expect(warnings.find((w: { code: string }) => w.code === 'LUCK_START_RANGE').message).toContain('2029-12-27 から 2030-04-26');

    // 大運天中殺 name no dates from an assumed hour either: luck's is_void marks them, with their ranges.
    const voids = await post('/api/v1/calculate?include=luck,void_periods&luck_cycles=12', { ...BIRTH, gender: 'female' });
    const { void_periods: periods, luck: all } = (await voids.json()).result;
    expect(periods.schools.map((school: { cycles: unknown }) => school.cycles)).toEqual([null, null]);
    expect(
      all.cycles.filter((c: { is_void: boolean }) => c.is_void).every((c: { start_range: unknown }) => c.start_range !== undefined),
    ).toBe(true);
  });

  it('GraphQL luck: the same nulls and ranges (startRange, ageRange), the same warning', async () => {
    const response = await post('/graphql', {
      query: `mutation ($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { result {
        luck { startsAt startAge { years } startAgeRounded startRange { earliest { startsAt startAgeRounded startAge { years months } } latest { startsAt } }
          preLuck { startsAt endsAt startRange { earliest latest } endRange { earliest latest } }
          cycles(count: 2) { index startsAt endsAt ageFrom ageTo kazoeFrom labelAge startRange { earliest latest } endRange { latest } ageRange { from to kazoeFrom kazoeTo label } } }
        warnings { code message } } } } }`,
      variables: { input: { year: 2021, month: 1, day: 3, location: 139.69, timeUnknown: true, gender: 'FEMALE' } },
    });
    const { data, errors } = (await response.json()) as { data: Record<string, any>; errors?: unknown };
    expect(errors).toBeUndefined();
    const { luck, warnings } = data['calculate'].result;
    expect(luck).toMatchObject({ startsAt: null, startAge: null, startAgeRounded: null });
    expect(luck.startRange).toEqual({
      earliest: { startsAt: '2029-12-27T05:00:00+09:00', startAgeRounded: 9, startAge: { years: 8, months: 11 } },
      latest: { startsAt: '2030-04-26T14:41:00+09:00' },
    });
    expect(luck.preLuck).toEqual({
      startsAt: null,
      endsAt: null,
      startRange: { earliest: '2021-01-03T00:00:00+09:00', latest: '2021-01-03T23:41:00+09:00' },
      endRange: { earliest: '2029-12-27T05:00:00+09:00', latest: '2030-04-26T14:41:00+09:00' },
    });
    expect(luck.cycles[1]).toEqual({
      index: 2,
      startsAt: null,
      endsAt: null,
      ageFrom: null,
      ageTo: null,
      kazoeFrom: null,
      labelAge: null,
      startRange: { earliest: '2039-12-27T05:00:00+09:00', latest: '2040-04-26T14:41:00+09:00' },
      endRange: { latest: '2050-04-26T14:41:00+09:00' },
      ageRange: { from: [18, 19], to: [27, 28], kazoeFrom: [19, 20], kazoeTo: [28, 29], label: [19, 19] },
    });
    expect(warnings.map((w: { code: string }) => w.code)).toContain('LUCK_START_RANGE');
  });

  it('a chart with a time keeps its single 大運 start: no range on either protocol', async () => {
    const { time_unknown: _flag, ...dated } = BIRTH;
    const rest = await (await post('/api/v1/calculate?include=luck&luck_cycles=1', { ...dated, time: '12:00', gender: 'female' })).json();
    expect(rest.result.luck.starts_at).toMatch(/^2030-/);
    expect(Object.keys(rest.result.luck)).not.toContain('start_range');
    expect(Object.keys(rest.result.luck.cycles[0])).not.toContain('age_range');
    const graphql = await post('/graphql', {
      query: `mutation ($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { result {
        luck { startsAt startRange { earliest { startsAt } } cycles(count: 1) { startsAt labelAge ageRange { from } } } } } } }`,
      variables: { input: { year: 2021, month: 1, day: 3, location: 139.69, time: '12:00', gender: 'FEMALE' } },
    });
    const luck = ((await graphql.json()) as { data: Record<string, any> }).data['calculate'].result.luck;
    expect(luck).toEqual({
      startsAt: rest.result.luck.starts_at,
      startRange: null,
      cycles: [{ startsAt: rest.result.luck.cycles[0].starts_at, labelAge: rest.result.luck.cycles[0].label_age, ageRange: null }],
    });
  });

  it('refuses 小運 (REST luck_minor, GraphQL luck.minor) on a three-pillar chart: a 400 naming it, before the charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const rest = await post('/api/v1/calculate?include=luck', { ...BIRTH, gender: 'male', luck_minor: 'sanming' });
    expect(rest.status).toBe(400);
    expect((await rest.json()).message).toContain('luck_minor needs a birth time');
    const graphql = await post('/graphql', {
      query: `mutation ($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { result {
        luck { minor { entries { age } } } } } } }`,
      variables: { input: { year: 2021, month: 1, day: 3, location: 139.69, timeUnknown: true, gender: 'MALE' } },
    });
    const { errors } = (await graphql.json()) as { errors: { message: string; extensions: Record<string, any> }[] };
    expect(errors[0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', issues: [{ path: ['luck', 'minor', 'school'] }] });
    expect(errors[0]!.message).toContain('luck.minor.school needs a birth time');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
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
