/**
 * A saved subject's calendar feed on the real server: issued with the account's key, served at its
 * secret URL as RFC 5545 that a real iCalendar library (Mozilla's ical.js, Thunderbird's) parses and
 * expands into events — the chart's own 交運, 立春 and 節入り instants, stable UIDs — with an ETag a poll
 * can answer 304 to; charged once per subject-month through the ledger (a second fetch in the month is
 * free), paused (one event saying why, no charge) when the account is short, back after a top-up;
 * revoked and re-issued URLs stop working; the token never reaches the log.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logger.ts';
import { catalogueFor } from '../../src/domain/catalogue/catalogues.ts';
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { luckJson } from '../../src/wire/present/luck-json.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { keyedCaller } from '../support/keyed-call.ts';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' };
const PRICE = 7;

let app: RunningApp;
let account: TestAccount;
const logLines: string[] = [];

beforeAll(async () => {
  app = await startAppServer({
    logger: createLogger('debug', (line) => void logLines.push(line)),
    env: { FEED_MONTHLY_COST: String(PRICE) },
  });
  account = await createStandardAccount(app.admin, 20);
});
afterAll(async () => app?.close());

const call = keyedCaller(() => app.baseUrl);
const ics = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url.replace(/^https?:\/\/[^/]+/, app.baseUrl), { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe('calendar feeds of saved subjects', () => {
  let subjectId: string;
  let url: string;

  it('issues a secret URL serving RFC 5545 a real calendar library reads: the chart’s own instants, stable UIDs', async () => {
    subjectId = (await call('POST', '/v1/subjects', account.apiKey, { name: 'feed', birth: BIRTH })).json['subject_id'];
    const issued = await call('POST', `/v1/subjects/${subjectId}/feed`, account.apiKey, {
      events: ['major', 'annual', 'monthly', 'void'],
      lang: 'en',
    });
    expect(issued.status).toBe(201);
    url = issued.json['url'];
    expect(url).toMatch(/\/v1\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const before = await creditState(app.admin, account.accountId);
    const first = await ics(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(first.text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThan(12);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    // Every 月運 of the coming year is the luck section's: its 節入り instant, to the minute.
    const parsed = parseChartRequest(BIRTH);
    if (!parsed.ok) throw new Error('birth');
    const year = new Date().getUTCFullYear() + 1;
    const section = luckJson(computeChartCore(parsed.request), parsed.request.luck, { cycles: 12, months: year }, catalogueFor('en')) as {
      months: { ganzhi: string; starts_at: string }[];
    };
    const monthly = events.filter((e) => e.summary.startsWith('Month pillar'));
    for (const m of section.months.filter((month) => Date.parse(month.starts_at) < Date.now() + 360 * 86_400_000)) {
      const event = monthly.find((e) => e.summary.includes(m.ganzhi) && e.startDate.toJSDate().getTime() === Date.parse(m.starts_at));
      expect(event, `${m.ganzhi} ${m.starts_at}`).toBeDefined();
    }
    expect(events.some((e) => e.summary.startsWith('Year pillar'))).toBe(true);

    // Charged once for the month; a second fetch (and a 304) costs nothing more.
    const after = await creditState(app.admin, account.accountId);
    expect(after.monthly).toBe(before.monthly - PRICE);
    const again = await ics(url);
    expect(again.text).toBe(first.text);
    const unchanged = await ics(url, { 'if-none-match': first.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
    expect((await creditState(app.admin, account.accountId)).monthly).toBe(after.monthly);
    expect((await call('GET', `/v1/subjects/${subjectId}/feed`, account.apiKey)).json).toMatchObject({
      paid_month: expect.stringMatching(/^\d{4}-\d{2}$/),
      events: ['major', 'annual', 'monthly', 'void'],
    });
  });

  it('pauses a short account’s feed with one event saying why, charging nothing, and serves again after a top-up', async () => {
    const poor = await createStandardAccount(app.admin, 3);
    const id = (await call('POST', '/v1/subjects', poor.apiKey, { name: 'poor', birth: BIRTH })).json['subject_id'];
    const feedUrl = (await call('POST', `/v1/subjects/${id}/feed`, poor.apiKey, { lang: 'ja' })).json['url'] as string;
    const paused = await ics(feedUrl);
    expect(paused.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(paused.text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toContain('停止中');
    expect(paused.headers.get('cache-control')).toBe('no-cache');
    expect((await creditState(app.admin, poor.accountId)).monthly).toBe(3);
    await app.admin.grantAutoCredits(poor.accountId, 10);
    const served = await ics(feedUrl);
    expect(new ICAL.Component(ICAL.parse(served.text)).getAllSubcomponents('vevent').length).toBeGreaterThan(1);
    // 3 monthly + 10 auto, less the month's price.
    const left = await creditState(app.admin, poor.accountId);
    expect(left.monthly + left.auto).toBe(3 + 10 - PRICE);
  });

  it('a re-issued URL replaces the old one (same feed id and UIDs); a revoked one is gone; a subject’s deletion takes its feed', async () => {
    const old = url;
    const reissued = (await call('POST', `/v1/subjects/${subjectId}/feed`, account.apiKey, {})).json;
    expect((await ics(old)).status).toBe(404);
    const fresh = await ics(reissued['url']);
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain(`UID:${reissued['feed_id']}-`);
    expect((await call('DELETE', `/v1/subjects/${subjectId}/feed`, account.apiKey)).json).toEqual({ revoked: reissued['feed_id'] });
    expect((await ics(reissued['url'])).status).toBe(404);
    const third = (await call('POST', `/v1/subjects/${subjectId}/feed`, account.apiKey, {})).json['url'];
    expect((await call('DELETE', `/v1/subjects/${subjectId}`, account.apiKey)).status).toBe(200);
    expect((await ics(third)).status).toBe(404);
    expect((await call('POST', `/v1/subjects/${subjectId}/feed`, account.apiKey, { events: ['daily'] })).status).toBe(400);
  });

  it('GraphQL issues, shows and revokes a feed: issueSubjectFeed, subjectFeed, revokeSubjectFeed', async () => {
    const gql = async (query: string) =>
      (await call('POST', '/graphql', account.apiKey, { query })).json as { data?: Record<string, any>; errors?: any[] };
    const id = (await call('POST', '/v1/subjects', account.apiKey, { name: 'gql feed', birth: BIRTH })).json['subject_id'] as string;
    const issued = await gql(
      `mutation { issueSubjectFeed(subjectId: "${id}", events: [ANNUAL, VOID], lang: KO) { feedId events lang url } }`,
    );
    expect(issued.errors).toBeUndefined();
    expect(issued.data!['issueSubjectFeed']).toMatchObject({ events: ['annual', 'void'], url: expect.stringMatching(/\.ics$/) });
    const served = await ics(issued.data!['issueSubjectFeed'].url);
    expect(served.status).toBe(200);
    expect(served.text).toContain('세운');
    expect((await gql(`{ subjectFeed(subjectId: "${id}") { feedId url paidMonth } }`)).data!['subjectFeed']).toMatchObject({
      feedId: issued.data!['issueSubjectFeed'].feedId,
      url: null,
      paidMonth: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
    expect((await gql(`mutation { revokeSubjectFeed(subjectId: "${id}") }`)).data!['revokeSubjectFeed']).toBe(
      issued.data!['issueSubjectFeed'].feedId,
    );
    expect((await ics(issued.data!['issueSubjectFeed'].url)).status).toBe(404);
  });

  it('carries saved timeline searches: each match an event titled by its search, the same periods as the timeline', async () => {
    // An account of its own: the first one's month has been spent on the feeds above.
    const rich = await createStandardAccount(app.admin, 100);
    const id = (await call('POST', '/v1/subjects', rich.apiKey, { name: 'queries', birth: BIRTH })).json['subject_id'] as string;
    const bad = await call('POST', `/v1/subjects/${id}/feed`, rich.apiKey, {
      queries: [{ name: '', level: 'anual', where: { relation: 'chuu' } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json['message']).toContain('queries[0].name');
    expect(bad.json['message']).toContain('queries[0].level');
    expect(bad.json['message']).toContain('queries[0].where.relation');
    const issued = (
      await call('POST', `/v1/subjects/${id}/feed`, rich.apiKey, {
        events: ['annual'],
        queries: [{ name: 'Clash month', level: 'monthly', where: { relation: 'chu', with: 'day' } }],
      })
    ).json;
    expect(issued['queries']).toEqual([{ name: 'Clash month', level: 'monthly', where: { relation: 'chu', with: 'day' } }]);
    const calendar = new ICAL.Component(ICAL.parse((await ics(issued['url'])).text));
    const clashes = calendar
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .filter((e) => e.summary.startsWith('Clash month: '));
    // 庚辰 day: the 戌 months clash it, one a year; the window holds one or two.
    expect(clashes.length).toBeGreaterThanOrEqual(1);
    const year = clashes[0]!.startDate.toJSDate().getUTCFullYear();
    const timeline = await call('POST', '/v1/timeline', rich.apiKey, {
      birth: BIRTH,
      level: 'monthly',
      from: `${year}-01-01`,
      to: `${year}-12-31`,
      where: { relation: 'chu', with: 'day' },
    });
    const match = (timeline.json['result']['matches'] as { ganzhi: string; starts_at: string; ends_at: string }[])[0]!;
    expect(clashes[0]!.summary).toBe(`Clash month: ${match.ganzhi}`);
    expect(clashes[0]!.startDate.toJSDate().getTime()).toBe(Date.parse(match.starts_at));
    expect(clashes[0]!.endDate.toJSDate().getTime()).toBe(Date.parse(match.ends_at));
  });

  it('never writes a feed token into the log', () => {
    const log = logLines.join('\n');
    expect(log).toContain('/v1/feeds/{token}.ics');
    const tokens = [...log.matchAll(/\/v1\/feeds\/([A-Za-z0-9_-]{43})\.ics/g)];
    expect(tokens).toEqual([]);
  });
});
