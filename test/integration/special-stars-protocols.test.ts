/**
 * Special stars through every protocol: GraphQL `specialStars(…)` on both variants,
 * REST `include=special_stars` with the `star_*` school options (query or body), and the CLI all
 * answer exactly what the domain lists; the opted-in body matches /openapi.json; a bad option is a
 * 400 naming it; without `include` the body is the legacy one; the chart costs what a chart costs.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { specialStarsOf } from '../../src/domain/stars/special-stars.ts';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';

/** The shensha test chart: a location for every one of the six original stars. */
const BIRTH = { year: 1975, month: 10, day: 23, time: '10:30', location: 135.5 };
const SELECTION = 'code name reading positions { pillar part } rule';

const domainStars = (options: Record<string, unknown> = {}) => {
  const parsed = parseChartRequest(BIRTH);
  if (!parsed.ok) throw new Error('bad birth');
  return specialStarsOf(computeChartCore(parsed.request).pillars, JA_CATALOGUE, options);
};

describe('special stars over GraphQL, REST and the CLI', () => {
  const env = appWithAccount();

  const headers = () => ({ authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' });
  const graphql = async (query: string) => {
    const response = await fetch(`${env.app.baseUrl}/graphql`, { method: 'POST', headers: headers(), body: JSON.stringify({ query }) });
    return (await response.json()) as { data?: Record<string, any>; errors?: { extensions: Record<string, any> }[] };
  };
  const input = `{ year: ${BIRTH.year}, month: ${BIRTH.month}, day: ${BIRTH.day}, time: "${BIRTH.time}", location: ${BIRTH.location} }`;

  it('every protocol answers the domain’s list, with the defaults and with other schools', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const answer = await graphql(`mutation {
      a: calculate(input: ${input}, variant: A) { ... on VariantAResponse { result { specialStars { ${SELECTION} } } } }
      b: calculate(input: ${input}) { ... on VariantBResponse { creditsConsumed result {
        specialStars { ${SELECTION} }
        schools: specialStars(yangBlade: PROSPERITY, redBlossom: CANTIAN, academy: YEAR_NAYIN, lonelyKey: YEAR, heavenlyVirtue: STEM_ONLY, canopyKey: MONTH, selfMatch: true, bloodBlade: true, generalKey: DAY, luanKey: YEAR_AND_DAY, goldenSpirit: DAY_AND_HOUR) { ${SELECTION} }
      } } }
    }`);
    expect(answer.errors).toBeUndefined();
    const schools = {
      yangBlade: 'prosperity',
      redBlossom: 'cantian',
      academy: 'year_nayin',
      lonelyKey: 'year',
      heavenlyVirtue: 'stem_only',
      canopyKey: 'month',
      selfMatch: true,
      bloodBlade: true,
      generalKey: 'day',
      luanKey: 'year_and_day',
      goldenSpirit: 'day_and_hour',
    };
    const defaults = domainStars();
    expect(defaults.length).toBeGreaterThan(5);
    expect(answer.data!['a'].result.specialStars).toEqual(defaults);
    expect(answer.data!['b'].result.specialStars).toEqual(defaults);
    expect(answer.data!['b'].result.schools).toEqual(domainStars(schools));
    expect(answer.data!['b'].result.schools).not.toEqual(defaults);
    expect(answer.data!['b'].creditsConsumed).toBe(10);

    const starOptions = {
      star_yang_blade: 'prosperity',
      star_red_blossom: 'cantian',
      star_academy: 'year_nayin',
      star_lonely_key: 'year',
      star_heavenly_virtue: 'stem_only',
      star_canopy_key: 'month',
      star_self_match: true,
      star_blood_blade: true,
      star_general_key: 'day',
      star_luan_key: 'year_and_day',
      star_golden_spirit: 'day_and_hour',
    };
    const restB = await fetch(`${env.app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ ...BIRTH, include: ['special_stars'], ...starOptions }),
    });
    const bodyB = await restB.json();
    expect(restB.status).toBe(200);
    expect(bodyB.result.special_stars).toEqual(domainStars(schools));
    expect(schemaProblems('SuccessB', bodyB)).toEqual([]);

    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(BIRTH).map(([k, v]) => [k, String(v)])),
      include: 'special_stars,relations',
    });
    const getA = await fetch(`${env.app.baseUrl}/v1/calculate?${query}`, { headers: { authorization: `Bearer ${env.account.apiKey}` } });
    const bodyA = await getA.json();
    expect(bodyA.result.special_stars).toEqual(defaults);
    expect(Object.keys(bodyA.result).slice(-2)).toEqual(['relations', 'special_stars']);
    expect(schemaProblems('SuccessA', bodyA)).toEqual([]);

    const cli = runCli('src/cli/bazi.ts', ['chart', '--include', 'special_stars'], `${JSON.stringify({ ...BIRTH, ...starOptions })}\n`);
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).special_stars).toEqual(domainStars(schools));
    // Four charts (two GraphQL aliases, two REST calls), each charged like a chart.
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - 40,
      ledger: before.ledger + 4,
    });
  });

  it('元辰 needs the gender: with one, GraphQL and REST look for it (乙卯 year, woman: 戌 on the month)', async () => {
    const parsed = parseChartRequest({ ...BIRTH, gender: 'female' });
    if (!parsed.ok) throw new Error('bad birth');
    const withGender = specialStarsOf(computeChartCore(parsed.request).pillars, JA_CATALOGUE, {}, 'female');
    expect(withGender.find((s) => s.code === 'genshin')).toMatchObject({
      positions: [{ pillar: 'month', part: 'branch' }],
      rule: '年支 卯 → 地支 戌',
    });
    expect(domainStars().find((s) => s.code === 'genshin')).toBeUndefined();
    const answer = await graphql(`mutation {
      calculate(input: { year: ${BIRTH.year}, month: ${BIRTH.month}, day: ${BIRTH.day}, time: "${BIRTH.time}", location: ${BIRTH.location}, gender: FEMALE }) {
        ... on VariantBResponse { result { specialStars { ${SELECTION} } } }
      }
    }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!['calculate'].result.specialStars).toEqual(withGender);
    const rest = await fetch(`${env.app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ ...BIRTH, gender: 'female', include: ['special_stars'] }),
    });
    expect((await rest.json()).result.special_stars).toEqual(withGender);
  });

  it('a bad school is a 400 naming the option and charges nothing; options without include=special_stars are refused, free', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const bad = await fetch(`${env.app.baseUrl}/api/v1/calculate?include=special_stars&star_yang_blade=mine&star_self_match=1`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(BIRTH),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      status: 'error',
      code: 'BAD_USER_INPUT',
      message:
        'Invalid request: star_yang_blade must be one of "japanese", "yang_only", "prosperity"; star_self_match must be one of false, true',
    });
    const badGraphql = await graphql(
      `mutation { calculate(input: ${input}) { ... on VariantBResponse { result { specialStars(yangBlade: MINE) { code } } } } }`,
    );
    expect(badGraphql.errors).toHaveLength(1);
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);

    const sectionless = await fetch(`${env.app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ ...BIRTH, star_blood_blade: true, star_academy: 'year_nayin' }),
    });
    expect(sectionless.status).toBe(400);
    expect((await sectionless.json()).message).toBe(
      'Invalid request: star_academy is an option of the special_stars section: it needs include=special_stars; ' +
        'star_blood_blade is an option of the special_stars section: it needs include=special_stars',
    );
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
