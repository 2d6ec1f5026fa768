/**
 * 小運, 日運 and 時運 (the `luck` section's `luck_minor`, `luck_days`, `luck_hours`; GraphQL `luck { minor
 * days hours }`) through REST (both variants), the CLI, the MCP chart tool and GraphQL: the same answer on
 * each; refusals name the option (GraphQL: the argument) and charge nothing.
 */
import { describe, expect, it } from 'vitest';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { keyedClient } from '../support/client.ts';
import { toSnake } from '../support/snake-case.ts';

const BIRTH = { year: 1994, month: 7, day: 5, time: '21:05', location: 139.69 };

const PILLAR =
  'ganzhi stemTenGod branchTenGod lifeStage nayin isVoid startsAt endsAt relations { type code name element adjacent members { pillar part } }';
const IN_FORCE = 'inForce { majorIndex major year annual term monthly }';

describe('小運, 日運 and 時運 over REST and the CLI', () => {
  const env = appWithAccount();
  const api = keyedClient(env);
  const graphql = (query: string, variables: Record<string, unknown> = {}) => api.graphql(query, variables);
  const rest = async (body: Record<string, unknown>, path = '/api/v1/calculate') => {
    const reply = await api.post(path, body);
    return { status: reply.status, body: reply.json as Record<string, any> };
  };

  it('answers 小運 per age, 日運 per day and the 12 時運 of a date, alike on both variants and the CLI', async () => {
    const request = {
      ...BIRTH,
      gender: 'male',
      include: ['luck'],
      luck_cycles: 2,
      luck_minor: 'hour_pillar',
      luck_days: '2025-01-30..2025-02-05',
      luck_hours: '2025-02-04',
    };
    const b = await rest(request);
    expect(b.status).toBe(200);
    const luck = b.body['result'].luck;
    expect(luck.minor.school).toBe('hour_pillar');
    expect(luck.minor.entries.length).toBeGreaterThan(10);
    expect(luck.days).toHaveLength(7);
    // Consecutive days: consecutive day pillars of the sexagenary cycle.
    const STEMS = '甲乙丙丁戊己庚辛壬癸';
    for (let i = 1; i < luck.days.length; i++) {
      expect((STEMS.indexOf(luck.days[i].ganzhi[0]) - STEMS.indexOf(luck.days[i - 1].ganzhi[0]) + 10) % 10).toBe(1);
    }
    expect(luck.hours).toHaveLength(12);
    expect(luck.hours.map((h: { ganzhi: string }) => h.ganzhi[1]).join('')).toBe('子丑寅卯辰巳午未申酉戌亥');

    const a = await rest(request, '/v1/calculate');
    expect(a.status).toBe(200);
    expect(a.body['luck'] ?? a.body['result']?.luck).toEqual(luck);

    const cli = runCli(
      'src/cli/bazi.ts',
      ['chart', '--include', 'luck'],
      `${JSON.stringify({ ...request, include: undefined })}
`,
    );
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).luck).toEqual(luck);

    const mcp = await fetch(`${env.app.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.account.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_chart', arguments: request } }),
    });
    const tool = (await mcp.json()) as { result: { structuredContent: { result: { luck: unknown } } } };
    expect(tool.result.structuredContent.result.luck).toEqual(luck);
  });

  it('refuses a span over 366 days, a bad date and an unknown school, naming the option, before any charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const cases: [Record<string, unknown>, string][] = [
      [{ luck_days: '2025-01-01..2026-01-02' }, 'luck_days'],
      [{ luck_hours: '2025-02-30' }, 'luck_hours'],
      [{ luck_minor: 'lunar', gender: 'male' }, 'luck_minor'],
      [{ luck_minor: 'hour_pillar' }, 'gender'],
    ];
    for (const [extra, field] of cases) {
      const refused = await rest({ ...BIRTH, include: ['luck'], ...extra });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body['message']).toContain(field);
    }
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('GraphQL luck { minor days hours } equals REST, camelCase for snake_case', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const answer = await graphql(
      `mutation($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { creditsConsumed result { luck {
        minor(school: SANMING) { school entries { age year ${PILLAR} majorIndex } }
        days(from: "2025-01-30", to: "2025-02-05") { date ${PILLAR} ${IN_FORCE} }
        hours(date: "2025-02-04") { ${PILLAR} ${IN_FORCE} }
      } } } } }`,
      { input: { ...BIRTH, gender: 'FEMALE' } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!['calculate'].creditsConsumed).toBe(10);
    const viaGraphql = toSnake(answer.data!['calculate'].result.luck) as { minor: { school: string } };
    // Enum values as each protocol spells them: SANMING in GraphQL, sanming in REST.
    viaGraphql.minor.school = viaGraphql.minor.school.toLowerCase();

    const b = await rest({
      ...BIRTH,
      gender: 'female',
      include: ['luck'],
      luck_minor: 'sanming',
      luck_days: '2025-01-30..2025-02-05',
      luck_hours: '2025-02-04',
    });
    expect(b.status).toBe(200);
    const { minor, days, hours } = b.body['result'].luck;
    expect(viaGraphql).toEqual({ minor, days, hours });
    expect(minor.entries[0].ganzhi).toBe('壬申');

    // 日運 and 時運 alone need no gender; one day when `to` is left out.
    const genderless = await graphql(`
      mutation {
        calculate(input: { year: 1994, month: 7, day: 5, time: "21:05", location: 139.69 }) {
          ... on VariantBResponse {
            result {
              luck {
                days(from: "2025-02-04") {
                  date
                  ganzhi
                }
                hours(date: "2025-02-04") {
                  ganzhi
                  inForce {
                    major
                  }
                }
              }
            }
          }
        }
      }
    `);
    expect(genderless.errors).toBeUndefined();
    expect(genderless.data!['calculate'].result.luck.days).toEqual([{ date: '2025-02-04', ganzhi: days[5].ganzhi }]);
    expect(genderless.data!['calculate'].result.luck.hours.map((h: { inForce: { major: null } }) => h.inForce.major)).toEqual(
      Array(12).fill(null),
    );
    expect((await creditState(env.app.admin, env.account.accountId)).monthly).toBe(before.monthly - 30);
  });

  it('GraphQL refuses 367 days, bad dates and a genderless minor, naming the argument, before any charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const pathsOf = (answer: Awaited<ReturnType<typeof graphql>>) => {
      expect(answer.errors![0]!.extensions['code']).toBe('BAD_USER_INPUT');
      return answer.errors![0]!.extensions['issues'].map((i: { path: string[] }) => i.path.join('.'));
    };
    const calculate = (luck: string, gender = '') =>
      graphql(
        `mutation${luck.includes('$to') ? '($to: String)' : ''} { calculate(input: { year: 1994, month: 7, day: 5, time: "21:05", location: 139.69 ${gender} }) {
          ... on VariantBResponse { result { luck { ${luck} } } } } }`,
        luck.includes('$to') ? { to: '2026-01-02' } : {},
      );
    expect(pathsOf(await calculate('days(from: "2025-01-01", to: $to) { ganzhi }'))).toEqual(['luck.days.to']);
    expect(pathsOf(await calculate('days(from: "2025-02-30", to: "1800-01-01") { ganzhi } hours(date: "2025-1-1") { ganzhi }'))).toEqual([
      'luck.days.from',
      'luck.days.to',
      'luck.hours.date',
    ]);
    expect(pathsOf(await calculate('days(from: "2025-02-30") { ganzhi }'))).toEqual(['luck.days.from']);
    expect(pathsOf(await calculate('minor { school }'))).toEqual(['input.gender']);
    const span = await calculate('days(from: "2025-01-01", to: $to) { ganzhi }', 'gender: MALE');
    expect(span.errors![0]!.message).toContain('366');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('GraphQL: one luck.days per paid field — ten aliased years under one charge are refused before anything runs', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const days = (i: number) => `d${i}: days(from: "2025-01-01", to: "2025-12-31") { ganzhi }`;
    const calculate = (luck: string, alias = 'c') =>
      `${alias}: calculate(input: { year: 1994, month: 7, day: 5, time: "21:05", location: 139.69 }) { ... on VariantBResponse { result { luck { ${luck} } } } }`;
    const aliased = await graphql(`mutation { ${calculate([0, 1, 2].map(days).join(' '))} }`);
    expect(aliased.data ?? null).toBeNull();
    expect(aliased.errors).toMatchObject([
      {
        message:
          'luck.days (日運, a span of at most 366 dates) may be asked once per paid field of an operation, aliases and fragments included; this one asks 3 times with 1 paid field',
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ]);
    // A fragment counts where it is spread.
    const spread = await graphql(`fragment Y on Luck { ${days(0)} } mutation { ${calculate('...Y', 'a')} ${calculate('...Y ...Y', 'b')} }`);
    expect(spread.errors![0]!.message).toContain('this one asks 3 times with 2 paid fields');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
    // One span per charged chart is served, and charged once each.
    const two = await graphql(`mutation { ${calculate(days(0), 'a')} ${calculate(days(1), 'b')} }`);
    expect(two.errors).toBeUndefined();
    expect((two.data!['a'] as { result: { luck: { d0: unknown[] } } }).result.luck.d0).toHaveLength(365);
    expect((await creditState(env.app.admin, env.account.accountId)).monthly).toBe(before.monthly - 20);
  });
});
