/**
 * Birthplaces by name as clients use them: `place` / `place_id` on a chart (REST both variants and
 * GraphQL, `location` and `timezone` filled in, explicit values winning, `place` echoed in the request's
 * language), a place followed by its region or country (`Springfield, IL`, `London, United Kingdom`),
 * the refusal that lists an ambiguous name's places and charges nothing, and the free `GET /v1/places`,
 * `GET /v1/attribution` and GraphQL `places`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiProblems } from '../rest/support/openapi-validator.ts';
import { creditState, type TestAccount } from '../rest/support/server.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { postChecked } from '../support/post-checked.ts';
import type { RunningApp } from '../support/app-server.ts';

describe('birthplaces by name', () => {
  const running = appWithAccount(10_000);
  let app: RunningApp;
  let account: TestAccount;
  beforeAll(() => {
    ({ app, account } = running);
  });

  const post = (path: string, body: Record<string, unknown>) => postChecked(app.baseUrl, account.apiKey, path, body);

  it('REST: place "さっぽろ" gives the longitude and zone; the chart equals one with them given; place is echoed', async () => {
    const named = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, time: '10:30', place: 'さっぽろ' });
    const given = await post('/api/v1/calculate', {
      year: 1990,
      month: 5,
      day: 15,
      time: '10:30',
      location: 141.3544,
      timezone: 'Asia/Tokyo',
    });
    const { place, ...chart } = named.json['result'];
    expect(chart).toEqual(given.json['result']);
    expect(place).toEqual({
      id: 'jp:011002',
      name: '札幌市',
      name_lang: 'ja',
      reading: 'さっぽろし',
      country: 'JP',
      region: '北海道',
      region_code: '01',
      latitude: expect.any(Number),
      longitude: 141.3544,
      timezone: 'Asia/Tokyo',
      population: expect.any(Number),
    });
    // An explicit location or zone wins; Variant A echoes the longitude it used.
    const a = await post('/v1/calculate', { year: 1990, month: 5, day: 15, time: '10:30', place: 'New York', location: -74.5 });
    expect(a.json['result']).toMatchObject({ input_longitude: -74.5, place: { id: 'gn:5128581', timezone: 'America/New_York' } });
  });

  it('an ambiguous or unknown place is a 400 listing the places (with place_ids), charging nothing; place_id picks one', async () => {
    const before = await creditState(app.admin, account.accountId);
    const ambiguous = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, place: '府中' });
    expect([ambiguous.status, ambiguous.json['code']]).toEqual([400, 'BAD_USER_INPUT']);
    expect(ambiguous.json['message']).toContain(
      'place "府中" names 3 places: 府中市 (東京都, Japan; place_id "jp:132063"), 府中市 (広島県, Japan; place_id "jp:342084")',
    );
    const unknown = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, place: 'Qzxqzx' });
    expect([unknown.status, unknown.json['message']]).toEqual([400, expect.stringContaining('place "Qzxqzx" matches no place')]);
    const badId = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, place_id: 'jp:999999' });
    expect(badId.json['message']).toContain('place_id "jp:999999" is no place');
    const missing = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15 });
    expect(missing.json['message']).toContain('location is required');
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
    const picked = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, place_id: 'jp:342084' });
    expect(picked.json['result'].place).toMatchObject({ name: '府中市', region: '広島県' });
  });

  it('REST: a place with its region or country after it, as addresses are written; the answer names where it is', async () => {
    const chart = (place: string, lang?: string) =>
      post('/api/v1/calculate', { year: 1990, month: 5, day: 15, time: '10:30', place, ...(lang === undefined ? {} : { lang }) });
    for (const [query, id, region, country] of [
      ['Springfield, IL', 'gn:4250542', 'Illinois', 'US'],
      ['Springfield Illinois', 'gn:4250542', 'Illinois', 'US'],
      ['London, GB', 'gn:2643743', 'England', 'GB'],
      ['London, United Kingdom', 'gn:2643743', 'England', 'GB'],
    ] as const) {
      const answer = await chart(query, 'en');
      expect([query, answer.status, answer.json['result']?.place]).toEqual([
        query,
        200,
        expect.objectContaining({ id, name: query.split(/[ ,]/u)[0], name_lang: 'en', region, country }),
      ]);
    }
    // Plain London is still a list, each with its region and country, saying how to narrow it down.
    const london = await chart('London');
    expect([london.status, london.json['message']]).toEqual([
      400,
      expect.stringContaining('London (England, United Kingdom; place_id "gn:2643743"), London (Ontario, Canada; place_id "gn:6058560")'),
    ]);
    expect(london.json['message']).toContain('add its region or country after a comma ("London, England" or "London, GB")');
  });

  it('REST: place "北京" with lang zh-Hans echoes the Chinese name and the region by name (its code beside it)', async () => {
    const answer = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, time: '10:30', place: '北京', lang: 'zh-Hans' });
    expect(answer.json['result'].place).toMatchObject({
      id: 'gn:1816670',
      name: '北京',
      name_lang: 'zh-Hans',
      country: 'CN',
      region: 'Beijing',
      region_code: '22',
      timezone: 'Asia/Shanghai',
    });
    const korean = await post('/v1/calculate', { year: 1990, month: 5, day: 15, place: 'London, GB', lang: 'ko' });
    expect(korean.json['result'].place).toMatchObject({ name: '런던', name_lang: 'ko', region: 'England', region_code: 'ENG' });
  });

  it('REST: an unknown region or country after a comma is a 400 on place naming what did not match, charging nothing', async () => {
    const before = await creditState(app.admin, account.accountId);
    const answer = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, place: 'London, Atlantis' });
    expect([answer.status, answer.json['code']]).toEqual([400, 'BAD_USER_INPUT']);
    // The message opens with the field it is about.
    expect(answer.json['message']).toMatch(
      /^Invalid request: place "London, Atlantis": "Atlantis" names no country or region the gazetteer knows/u,
    );
    expect(answer.json['message']).toContain('did you mean London (England, United Kingdom; place_id "gn:2643743")');
    const elsewhere = await post('/api/v1/calculate', { year: 1990, month: 5, day: 15, place: 'Springfield, Japan' });
    expect([elsewhere.status, elsewhere.json['message']]).toEqual([
      400,
      expect.stringContaining('place "Springfield, Japan": no place "Springfield" in Japan: did you mean Springfield ('),
    ]);
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('GraphQL: calculate with place and no location, and the free places query', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { calculate(input: {year: 1990, month: 5, day: 15, time: "10:30", place: "서울"}) { ... on VariantBResponse { result { trueSolarTime place { id name country timezone longitude } } } } }`,
      }),
    });
    const answer = (await response.json()) as { data: { calculate: { result: Record<string, any> } } };
    expect(answer.data.calculate.result).toEqual({
      trueSolarTime: '1990-05-15 09:57',
      place: { id: 'gn:1835848', name: 'Seoul', country: 'KR', timezone: 'Asia/Seoul', longitude: 126.9784 },
    });
    const free = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ places(q: "府中", limit: 2) { id name region } }' }),
    });
    expect(((await free.json()) as { data: unknown }).data).toEqual({
      places: [
        { id: 'jp:132063', name: '府中市', region: '東京都' },
        { id: 'jp:342084', name: '府中市', region: '広島県' },
      ],
    });
  });

  it('GET /v1/places and /v1/attribution: free; refusals name the parameter', async () => {
    const response = await fetch(`${app.baseUrl}/v1/places?q=${encodeURIComponent('台北')}&limit=1`);
    const json = (await response.json()) as Record<string, any>;
    expect(openApiProblems({ path: '/v1/places', method: 'GET', status: response.status, headers: response.headers, body: json })).toEqual(
      [],
    );
    expect(json).toMatchObject({ query: '台北', places: [{ id: 'gn:1668341', name: 'Taipei', country: 'TW', timezone: 'Asia/Taipei' }] });
    const bad = await fetch(`${app.baseUrl}/v1/places?qq=x&limit=99`);
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/qq is not a field of this request: did you mean "q"\?.*q is required.*limit must be an integer from 1 to 50/u),
    ]);
    // Read as the paid routes read theirs: a parameter at most once, an unknown one refused (even __proto__).
    const twice = await fetch(`${app.baseUrl}/v1/places?q=a&q=b`);
    expect([twice.status, ((await twice.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('q must be given at most once'),
    ]);
    const proto = await fetch(
      `${app.baseUrl}/v1/pillars-to-dates?year_pillar=甲辰&month_pillar=丙寅&day_pillar=戊戌&location=135&__proto__=x`,
    );
    expect([proto.status, ((await proto.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('__proto__ is not a field'),
    ]);
    const extra = await fetch(`${app.baseUrl}/v1/attribution?foo=1`);
    expect(extra.status).toBe(400);
    const attribution = (await (await fetch(`${app.baseUrl}/v1/attribution`)).json()) as { sources: { id: string; licence: string }[] };
    expect(attribution.sources.map((s) => [s.id, s.licence])).toEqual([
      ['geonames', 'CC BY 4.0'],
      ['localgovjp', 'CC0 1.0'],
    ]);
  });
});
