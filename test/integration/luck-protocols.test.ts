/**
 * Luck cycles and relations through every protocol: the same answer from GraphQL, REST
 * (opt-in `include`) and the CLI; legacy REST bodies unchanged without `include`; a missing gender
 * or a bad luck argument is a 400 / BAD_USER_INPUT that charges nothing; with luck the call costs
 * what a chart costs.
 */
import { describe, expect, it } from 'vitest';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { keyedClient } from '../support/client.ts';
import { toSnake } from '../support/snake-case.ts';

const BIRTH = { year: 1994, month: 7, day: 5, time: '21:05', location: 139.69 };

const PILLAR =
  'ganzhi stemTenGod branchTenGod lifeStage nayin isVoid startsAt endsAt relations { type code name element adjacent members { pillar part } }';
const LUCK_SELECTION = `luck {
  direction method startAge { years months days hours minutes } startAgeRounded startsAt referenceTerm referenceTermAt
  preLuck { ${PILLAR} }
  cycles(count: 3) { index ${PILLAR} ageFrom ageTo kazoeFrom kazoeTo labelAge }
  years(from: 2024, to: 2026) { year ${PILLAR} majorIndex }
  months(year: 2025) { term ${PILLAR} }
}
relations { type code name element adjacent members { pillar part } }`;

describe('luck and relations over GraphQL, REST and the CLI', () => {
  const env = appWithAccount();

  const api = keyedClient(env);
  const graphql = (query: string, variables: Record<string, unknown> = {}) => api.graphql(query, variables);
  const rest = (body: Record<string, unknown>, search = '', path = '/api/v1/calculate') => api.post(`${path}${search}`, body);

  it('GraphQL, REST (both variants) and the CLI give the same luck and relations', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const answer = await graphql(
      `mutation($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { creditsConsumed result { ${LUCK_SELECTION} } } } }`,
      { input: { ...BIRTH, gender: 'FEMALE', luckMethod: 'JP_DAY_COUNT' } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!['calculate'].creditsConsumed).toBe(10);
    // Enum values are spelled as each protocol spells them: JP_DAY_COUNT in GraphQL, jp_day_count in REST.
    const viaGraphql = toSnake(answer.data!['calculate'].result) as { luck: { method: string } };
    viaGraphql.luck.method = viaGraphql.luck.method.toLowerCase();

    const restB = await rest({
      ...BIRTH,
      gender: 'female',
      luck_method: 'jp_day_count',
      include: ['luck', 'relations'],
      luck_cycles: 3,
      luck_years: '2024-2026',
      luck_months: 2025,
    });
    expect(restB.status).toBe(200);
    const resultB = JSON.parse(restB.text).result;
    expect({ luck: resultB.luck, relations: resultB.relations }).toEqual(viaGraphql);

    // Variant A by GET: every field and option as a query parameter.
    const query = new URLSearchParams({
      year: '1994',
      month: '7',
      day: '5',
      time: '21:05',
      location: '139.69',
      gender: 'female',
      luck_method: 'jp_day_count',
      include: 'luck,relations',
      luck_cycles: '3',
      luck_years: '2024-2026',
      luck_months: '2025',
    });
    const getA = await fetch(`${env.app.baseUrl}/v1/calculate?${query}`, { headers: { authorization: `Bearer ${env.account.apiKey}` } });
    const restA = { status: getA.status, text: await getA.text() };
    expect(restA.status).toBe(200);
    const resultA = JSON.parse(restA.text).result;
    expect({ luck: resultA.luck, relations: resultA.relations }).toEqual(viaGraphql);
    // The opted-in bodies are what /openapi.json describes.
    expect(schemaProblems('SuccessB', JSON.parse(restB.text))).toEqual([]);
    expect(schemaProblems('SuccessA', JSON.parse(restA.text))).toEqual([]);
    expect(
      schemaProblems('CalculateRequestB', { ...BIRTH, gender: 'female', include: ['luck'], luck_years: '2024-2026', luck_months: 2025 }),
    ).toEqual([]);

    const cli = runCli(
      'src/cli/bazi.ts',
      ['chart', '--include', 'luck,relations'],
      `${JSON.stringify({ ...BIRTH, gender: 'female', luck_method: 'jp_day_count', luck_cycles: 3, luck_years: '2024-2026', luck_months: 2025 })}\n`,
    );
    expect(cli.status).toBe(0);
    const line = JSON.parse(cli.stdout);
    expect({ luck: line.luck, relations: line.relations }).toEqual(viaGraphql);

    // 起運 per the asahi-net day count: 10 years exactly, the first 大運 己巳.
    expect(resultB.luck).toMatchObject({
      direction: 'BACKWARD',
      method: 'jp_day_count',
      start_age: { years: 10, months: 0 },
      starts_at: '2004-07-05T21:05:00+09:00',
    });
    expect(resultB.luck.cycles[0].ganzhi).toBe('己巳');
    // Three charts, each charged like a chart.
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      monthly: before.monthly - 30,
      auto: 0,
      ledger: before.ledger + 3,
    });
  });

  it('REST without include answers the legacy body byte for byte, gender or not; include appends after the legacy keys', async () => {
    const strip = (text: string) => JSON.parse(text).result;
    const plain = strip((await rest(BIRTH)).text);
    const withGender = strip((await rest({ ...BIRTH, gender: 'male', luck_method: 'classical' })).text);
    expect(JSON.stringify(withGender)).toBe(JSON.stringify(plain));
    const included = strip((await rest({ ...BIRTH, gender: 'male' }, '?include=luck')).text);
    expect(Object.keys(included)).toEqual([...Object.keys(plain), 'luck']);
    expect(JSON.stringify({ ...included, luck: undefined })).toBe(JSON.stringify(plain));
    expect(included.luck.cycles).toHaveLength(10);
  });

  it('luck without a gender, or with bad luck options, is refused before the charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const noGender = await rest(BIRTH, '?include=luck');
    expect(noGender.status).toBe(400);
    expect(JSON.parse(noGender.text)).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringContaining('gender is required') });
    const badOptions = await rest({ ...BIRTH, gender: 'male', include: 'luck,stars', luck_years: '1990-2200' });
    expect(badOptions.status).toBe(400);
    expect(JSON.parse(badOptions.text).message).toContain('include must list some of "luck", "relations"');
    const badYears = await rest({ ...BIRTH, gender: 'male', include: 'luck', luck_years: '1990-2200', luck_cycles: 13 });
    expect(badYears.status).toBe(400);
    expect(JSON.parse(badYears.text).message).toMatch(
      /luck_cycles must be an integer from 1 to 12.*luck_years must be years from 1899 to 2100/,
    );
    const badGender = await rest({ ...BIRTH, gender: 'other' });
    expect(badGender.status).toBe(400);
    expect(JSON.parse(badGender.text).message).toContain('gender must be one of "male", "female"');

    const graphqlNoGender = await graphql(`
      mutation {
        calculate(input: { year: 1994, month: 7, day: 5, location: 139.69 }) {
          ... on VariantBResponse {
            result {
              luck {
                direction
              }
            }
          }
        }
      }
    `);
    expect(graphqlNoGender.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', issues: [{ path: ['input', 'gender'] }] });
    const graphqlBadArgs = await graphql(
      `
        mutation ($to: Int!) {
          calculate(input: { year: 1994, month: 7, day: 5, location: 139.69, gender: MALE }) {
            ... on VariantBResponse {
              result {
                ...L
              }
            }
          }
        }
        fragment L on VariantBResult {
          luck {
            cycles(count: 0) {
              ganzhi
            }
            years(from: 2000, to: $to) {
              ganzhi
            }
            months(year: 1800) {
              ganzhi
            }
          }
        }
      `,
      { to: 2200 },
    );
    expect(graphqlBadArgs.errors![0]!.extensions['issues'].map((i: { path: string[] }) => i.path.join('.'))).toEqual([
      'luck.cycles.count',
      'luck.years',
      'luck.months.year',
    ]);
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('a luck selection skipped by @skip/@include needs no gender; the same document with it included does', async () => {
    const document = `
      mutation ($withLuck: Boolean!) {
        calculate(input: { year: 1994, month: 7, day: 5, location: 139.69 }) {
          ... on VariantBResponse {
            result {
              dayGanzhi
              luck @include(if: $withLuck) {
                direction
              }
              ... @skip(if: $withLuck) {
                yearGanzhi
              }
            }
          }
        }
      }
    `;
    const before = await creditState(env.app.admin, env.account.accountId);
    // Twice each way, in turn: the answer for one set of variables is not remembered for the other.
    for (const withLuck of [false, true, false, true]) {
      const answer = await graphql(document, { withLuck });
      if (withLuck) {
        expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', issues: [{ path: ['input', 'gender'] }] });
      } else {
        expect(answer.errors).toBeUndefined();
        expect(answer.data!['calculate'].result).toEqual({ dayGanzhi: expect.any(String), yearGanzhi: '甲戌' });
      }
    }
    expect((await creditState(env.app.admin, env.account.accountId)).monthly).toBe(before.monthly - 20);
  });

  it('luck in a fragment on the other variant’s types needs no gender; the same document for that variant does', async () => {
    const document = `
      mutation ($variant: Variant!) {
        calculate(input: { year: 1994, month: 7, day: 5, location: 139.69 }, variant: $variant) {
          ... on VariantAResponse { result { luck { direction } } }
          ... on VariantBResponse { result { dayGanzhi } }
        }
      }
    `;
    // In turn, twice: what is remembered for one variant is not used for the other.
    for (const variant of ['B', 'A', 'B', 'A']) {
      const answer = await graphql(document, { variant });
      if (variant === 'B') expect(answer.errors).toBeUndefined();
      else expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', issues: [{ path: ['input', 'gender'] }] });
    }
  });

  it('luck in a fragment on the ChartResult interface needs a gender for either variant, before the charge', async () => {
    const document = `
      mutation ($variant: Variant!) {
        calculate(input: { year: 1994, month: 7, day: 5, location: 139.69 }, variant: $variant) {
          ... on VariantAResponse { result { ...Sections } }
          ... on VariantBResponse { result { ...Sections } }
        }
      }
      fragment Sections on ChartResult { relations { type } luck { direction } }
    `;
    const before = await creditState(env.app.admin, env.account.accountId);
    for (const variant of ['A', 'B']) {
      const answer = await graphql(document, { variant });
      expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', issues: [{ path: ['input', 'gender'] }] });
    }
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('REST: an Idempotency-Key reused with other sections is a 409, not a replay of another body', async () => {
    const post = (search: string) =>
      api.post(`/api/v1/calculate${search}`, { ...BIRTH, gender: 'male' }, { 'idempotency-key': 'sections-1' });
    expect((await post('?include=relations')).status).toBe(200);
    expect((await post('?include=relations')).status).toBe(200);
    expect((await post('?include=luck')).status).toBe(409);
    expect((await post('')).status).toBe(409);
    // An option of a section not asked for is refused, naming the include it needs, before the key's replay.
    const sectionless = await post('?include=relations&star_self_match=yes');
    expect(sectionless.status).toBe(400);
    expect(sectionless.json.message).toBe(
      'Invalid request: star_self_match is an option of the special_stars section: it needs include=special_stars',
    );
  });

  it('relations need no gender; a chart without luck selected needs none either', async () => {
    const answer = await graphql(`
      mutation {
        calculate(input: { year: 1994, month: 7, day: 5, time: "21:05", location: 139.69 }) {
          ... on VariantAResponse {
            result {
              relations {
                name
              }
            }
          }
          ... on VariantBResponse {
            result {
              relations {
                name
              }
            }
          }
        }
      }
    `);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!['calculate'].result.relations.map((r: { name: string }) => r.name)).toEqual(['冲', '半会（火局）']);
  });

  it('歳運 and 月運 alone need no gender; the 大運 still do, before the charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const annual = await rest({ ...BIRTH, include: 'luck', luck_years: '2026', luck_months: 2026 });
    expect(annual.status).toBe(200);
    const body = JSON.parse(annual.text);
    expect(schemaProblems('SuccessB', body)).toEqual([]);
    const luck = body.result.luck;
    expect([luck.direction, luck.start_age, luck.pre_luck, luck.cycles]).toEqual([null, null, null, []]);
    expect(luck.years.map((y: { year: number; ganzhi: string; major_index: null }) => [y.year, y.ganzhi, y.major_index])).toEqual([
      [2026, '丙午', null],
    ]);
    expect(luck.months).toHaveLength(12);
    // The same pillars and readings as with a gender; only the 大運 in force (and its relations) are missing.
    const gendered = JSON.parse((await rest({ ...BIRTH, gender: 'male', include: 'luck', luck_years: '2026' })).text).result.luck.years[0];
    const { major_index: _m, relations: _r, ...withGender } = gendered;
    const { major_index: _n, relations, ...without } = luck.years[0];
    expect(without).toEqual(withGender);
    expect(relations.every((r: { members: { pillar: string }[] }) => r.members.every((m) => m.pillar !== 'major'))).toBe(true);

    const charged = await creditState(env.app.admin, env.account.accountId);
    expect(charged.monthly).toBe(before.monthly - 20);
    for (const refused of [
      { ...BIRTH, include: 'luck' },
      { ...BIRTH, include: 'luck', luck_years: '2026', luck_cycles: 3 },
    ]) {
      const answer = await rest(refused);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).message).toContain('gender is required when the 大運 are requested');
    }
    const yearsOnly = await graphql(`
      mutation {
        calculate(input: { year: 1994, month: 7, day: 5, time: "21:05", location: 139.69 }) {
          ... on VariantBResponse {
            result {
              luck {
                years(from: 2026, to: 2026) {
                  ganzhi
                  majorIndex
                }
                months(year: 2026) {
                  term
                }
              }
            }
          }
        }
      }
    `);
    expect(yearsOnly.errors).toBeUndefined();
    expect(yearsOnly.data!['calculate'].result.luck.years).toEqual([{ ganzhi: '丙午', majorIndex: null }]);
    const withDirection = await graphql(`
      mutation {
        calculate(input: { year: 1994, month: 7, day: 5, time: "21:05", location: 139.69 }) {
          ... on VariantBResponse {
            result {
              luck {
                direction
                years(from: 2026, to: 2026) {
                  ganzhi
                }
              }
            }
          }
        }
      }
    `);
    expect(withDirection.errors?.[0]?.extensions['code']).toBe('BAD_USER_INPUT');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...charged,
      monthly: charged.monthly - 10,
      ledger: charged.ledger + 1,
    });
  });
});
