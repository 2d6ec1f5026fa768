/**
 * Lunar birth dates as clients send them: `calendar` and `leap_month` on both REST paths (the chart
 * cast for the Gregorian date, `lunar_input` echoed, checked against /openapi.json), GraphQL
 * `calculate` and `lunarDates`, the free `GET /v1/lunar-dates`, and the CLI — refusals naming the
 * field, charging nothing, and legacy bodies unchanged without `calendar`.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiProblems } from '../rest/support/openapi-validator.ts';
import { creditState, type TestAccount } from '../rest/support/server.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { postChecked } from '../support/post-checked.ts';
import type { RunningApp } from '../support/app-server.ts';
import { REPO_ROOT } from '../support/run-cli.ts';
import { budgetMs } from '../support/time-budget.ts';

describe('lunar birth dates over REST, GraphQL and the CLI', () => {
  const running = appWithAccount(10_000);
  let app: RunningApp;
  let account: TestAccount;
  beforeAll(() => {
    ({ app, account } = running);
  });

  const post = (path: string, body: Record<string, unknown>) => postChecked(app.baseUrl, account.apiKey, path, body);

  it('REST, both variants: lunar New Year 1997 in Korea is 1997-02-08; the chart equals the Gregorian one plus lunar_input', async () => {
    const before = await creditState(app.admin, account.accountId);
    const lunar = await post('/api/v1/calculate', { year: 1997, month: 1, day: 1, time: '10:00', location: 126.98, calendar: 'lunar_kr' });
    const gregorian = await post('/api/v1/calculate', { year: 1997, month: 2, day: 8, time: '10:00', location: 126.98 });
    expect(lunar.status).toBe(200);
    const { lunar_input: echo, ...chart } = lunar.json['result'];
    expect(chart).toEqual(gregorian.json['result']);
    expect(gregorian.json['result'].lunar_input).toBeUndefined();
    expect(echo).toEqual({
      calendar: 'lunar_kr',
      year: 1997,
      month: 1,
      day: 1,
      leap_month: false,
      gregorian_date: '1997-02-08',
      month_start_uncertain: false,
      other_calendars: [
        { calendar: 'lunar_cn', gregorian_date: '1997-02-07', lunar_date_of_this_day: { year: 1997, month: 1, day: 2, leap_month: false } },
        { calendar: 'lunar_jp', gregorian_date: '1997-02-08', lunar_date_of_this_day: { year: 1997, month: 1, day: 1, leap_month: false } },
      ],
      calendars_disagree: true,
    });
    const a = await post('/v1/calculate', {
      year: 2017,
      month: 5,
      day: 1,
      leap_month: true,
      location: 139.69,
      calendar: 'lunar_jp',
      include: 'warnings',
    });
    expect(a.json['result']).toMatchObject({
      input_date: '2017-06-24 12:00',
      lunar_input: { gregorian_date: '2017-06-24', calendars_disagree: true },
    });
    expect(a.json['result'].warnings.map((w: { code: string }) => w.code)).toContain('LUNAR_CALENDARS_DISAGREE');
    expect(await creditState(app.admin, account.accountId)).toEqual({ ...before, monthly: before.monthly - 30, ledger: before.ledger + 3 });
  });

  it('a lunar date that does not exist is a 400 naming the field, and costs nothing', async () => {
    const before = await creditState(app.admin, account.accountId);
    const cases: readonly [Record<string, unknown>, string, string][] = [
      [
        { year: 2017, month: 5, day: 1, leap_month: true, calendar: 'lunar_cn' },
        'leap_month',
        'lunar_cn 2017 has no leap month 5 (its leap month is 6)',
      ],
      [{ year: 2024, month: 1, day: 30, calendar: 'lunar_cn' }, 'day', 'lunar_cn 2024 month 1 has 29 days'],
      [{ year: 2024, month: 2, day: 1, leap_month: true }, 'leap_month', 'leap_month applies only to a lunar calendar'],
      [
        { year: 2024, month: 2, day: 1, calendar: 'lunar' },
        'calendar',
        'calendar must be one of "gregorian", "lunar_cn", "lunar_kr", "lunar_jp"',
      ],
      [{ year: 2100, month: 12, day: 5, calendar: 'lunar_kr' }, 'year', 'outside 1900-01-01 … 2100-12-31'],
    ];
    for (const [fields, field, message] of cases) {
      const { status, json } = await post('/api/v1/calculate', { ...fields, location: 135 });
      expect([status, json['code'], json['message']], field).toEqual([400, 'BAD_USER_INPUT', expect.stringContaining(message)]);
    }
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('GraphQL: calculate with calendar LUNAR_CN and leapMonth, lunarInput on the result; the free lunarDates', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { calculate(input: {year: 2017, month: 6, day: 1, leapMonth: true, calendar: LUNAR_CN, location: 116.4, timezone: "Asia/Shanghai"}) {
          ... on VariantBResponse { result { dayGanzhi lunarInput { calendar date { year month day leapMonth } gregorianDate calendarsDisagree
            otherCalendars { calendar gregorianDate lunarDateOfThisDay { month leapMonth } } } } } } }`,
      }),
    });
    const answer = (await response.json()) as { data: { calculate: { result: Record<string, any> } } };
    expect(answer.data.calculate.result['lunarInput']).toEqual({
      calendar: 'LUNAR_CN',
      date: { year: 2017, month: 6, day: 1, leapMonth: true },
      gregorianDate: '2017-07-23',
      calendarsDisagree: true,
      otherCalendars: [
        { calendar: 'LUNAR_KR', gregorianDate: null, lunarDateOfThisDay: { month: 6, leapMonth: false } },
        { calendar: 'LUNAR_JP', gregorianDate: null, lunarDateOfThisDay: { month: 6, leapMonth: false } },
      ],
    });
    const free = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ ok: lunarDates(date: "2012-05-21") { gregorianDate calendarsAgree lunarCn { month leapMonth } lunarKr { month leapMonth } }
                  bad: lunarDates(calendar: LUNAR_KR, year: 2012, month: 4, day: 1, leapMonth: true) { gregorianDate } }`,
      }),
    });
    const both = (await free.json()) as { data: { ok: unknown } | null; errors: { message: string; extensions: { code: string } }[] };
    expect(both.errors[0]).toMatchObject({ message: expect.stringContaining('lunar_kr 2012 has no leap month 4 (its leap month is 3)') });
    expect(both.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('GraphQL lunarDates answers without a key', async () => {
    const free = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ lunarDates(date: "2012-05-21") { gregorianDate calendarsAgree lunarCn { month leapMonth } lunarKr { month leapMonth } } }',
      }),
    });
    expect(((await free.json()) as { data: unknown }).data).toEqual({
      lunarDates: {
        gregorianDate: '2012-05-21',
        calendarsAgree: false,
        lunarCn: { month: 4, leapMonth: true },
        lunarKr: { month: 4, leapMonth: false },
      },
    });
  });

  it('GET /v1/lunar-dates: free, both ways; refusals name the parameter; only GET', async () => {
    const get = async (query: string) => {
      const response = await fetch(`${app.baseUrl}/v1/lunar-dates?${query}`);
      const json = (await response.json()) as Record<string, any>;
      expect(
        openApiProblems({ path: '/v1/lunar-dates', method: 'GET', status: response.status, headers: response.headers, body: json }),
      ).toEqual([]);
      return { status: response.status, json };
    };
    expect((await get('date=1997-02-07')).json).toEqual({
      gregorian_date: '1997-02-07',
      lunar: {
        lunar_cn: { year: 1997, month: 1, day: 1, leap_month: false, month_start_uncertain: false },
        lunar_kr: { year: 1996, month: 12, day: 30, leap_month: false, month_start_uncertain: false },
        lunar_jp: { year: 1996, month: 12, day: 30, leap_month: false, month_start_uncertain: false },
      },
      calendars_agree: false,
    });
    expect((await get('calendar=lunar_cn&year=2057&month=9&day=1')).json).toMatchObject({
      gregorian_date: '2057-09-29',
      lunar: { lunar_cn: { month_start_uncertain: true } },
    });
    expect((await get('calendar=lunar_kr&year=2017&month=5&day=1&leap_month=true')).json['gregorian_date']).toBe('2017-06-24');
    for (const [query, message] of [
      ['date=2023-02-29', 'date must be an existing Gregorian date YYYY-MM-DD'],
      ['date=1899-12-31', 'date must be from 1900-01-31 to 2100-12-31'],
      ['calendar=lunar_cn&year=2017&month=5&day=1&leap_month=yes', 'leap_month must be a boolean'],
      ['calendar=lunar_cn&year=2017&month=5&day=31', 'day must be an integer from 1 to 30'],
      ['dates=2024-01-01', 'dates is not a field of this request: did you mean "date"?'],
      ['', 'give date (YYYY-MM-DD), or calendar, year, month and day'],
    ] as const) {
      const { status, json } = await get(query);
      expect([status, json['code'], json['message']], query).toEqual([400, 'BAD_USER_INPUT', expect.stringContaining(message)]);
    }
    const posted = await fetch(`${app.baseUrl}/v1/lunar-dates?date=2024-01-01`, { method: 'POST' });
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('pillars to dates: REST GET /v1/pillars-to-dates, GraphQL pillarsToDates and bazi dates agree; impossible pillars are a 400 with the reason', async () => {
    const query = new URLSearchParams({ year_pillar: '甲辰', month_pillar: '丙寅', day_pillar: '戊戌', location: '139.69' });
    const response = await fetch(`${app.baseUrl}/v1/pillars-to-dates?${query}`);
    const rest = (await response.json()) as Record<string, any>;
    expect(
      openApiProblems({ path: '/v1/pillars-to-dates', method: 'GET', status: response.status, headers: response.headers, body: rest }),
    ).toEqual([]);
    expect(rest['intervals'].find((i: { from_local: string }) => i.from_local.startsWith('2024-02-04'))).toEqual({
      from_utc: '2024-02-04T08:27:00Z',
      to_utc: '2024-02-04T14:41:15Z',
      from_local: '2024-02-04 17:27:00',
      to_local: '2024-02-04 23:41:15',
      from_solar: '2024-02-04 17:45:45',
      to_solar: '2024-02-05 00:00:00',
    });
    const graph = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ pillarsToDates(yearPillar: "甲辰", monthPillar: "丙寅", dayPillar: "戊戌", location: 139.69) { yearPillar hourPillar intervals { fromUtc toUtc } } }',
      }),
    });
    const data = (
      (await graph.json()) as {
        data: { pillarsToDates: { yearPillar: string; hourPillar: null; intervals: { fromUtc: string; toUtc: string }[] } };
      }
    ).data;
    expect(data.pillarsToDates.intervals).toEqual(
      rest['intervals'].map((i: Record<string, string>) => ({ fromUtc: i['from_utc'], toUtc: i['to_utc'] })),
    );
    const bad = await fetch(
      `${app.baseUrl}/v1/pillars-to-dates?${new URLSearchParams({ year_pillar: '甲辰', month_pillar: '甲寅', day_pillar: '戊戌', location: '139.69' })}`,
    );
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringContaining("month 甲寅 cannot follow year 甲辰: a 甲 year's 寅 month is 丙寅 (五虎遁)"),
    ]);
    const cli = spawnSync(process.execPath, ['src/cli/bazi.ts', 'dates', '甲辰', '丙寅', '戊戌', '--location', '139.69'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: budgetMs(60_000),
    });
    expect(JSON.parse(cli.stdout).intervals).toEqual(rest['intervals']);
  });

  it('the CLI: bazi lunar both ways, and a chart line with calendar', () => {
    const run = (args: string[], input = '') =>
      spawnSync(process.execPath, ['src/cli/bazi.ts', ...args], { cwd: REPO_ROOT, encoding: 'utf8', input, timeout: budgetMs(60_000) });
    const toLunar = run(['lunar', '2033-12-22']);
    expect([toLunar.status, JSON.parse(toLunar.stdout).lunar.lunar_jp]).toEqual([
      0,
      { year: 2033, month: 11, day: 1, leap_month: true, month_start_uncertain: false },
    ]);
    const refused = run(['lunar', '--calendar', 'lunar_jp', '2033-9-1', '--leap']);
    expect([refused.status, JSON.parse(refused.stdout).message]).toEqual([
      1,
      expect.stringContaining('lunar_jp 2033 has no leap month 9 (its leap month is 11)'),
    ]);
    const chart = run(
      ['chart', '--variant', 'B'],
      `${JSON.stringify({ year: 1997, month: 1, day: 1, location: 139.69, calendar: 'lunar_jp' })}\n`,
    );
    expect(JSON.parse(chart.stdout)).toMatchObject({ input_date: '1997-02-08 12:00', lunar_input: { calendar: 'lunar_jp' } });
  });
});
