/**
 * The HTTP layer's performance switches (config.ts): each request below is sent to an app with the
 * switch on (the default) and to one with it off, and the answers must be the same — status, the
 * headers that matter, body (per-call ids aside) — and so must the credits each call charged.
 *
 * - `FAST_GRAPHQL=off`: yoga serves every GraphQL request (http/graphql-fast-path.ts's direct and
 *   prepared paths never run; the access line says `graphqlVia: yoga`). Each request is sent twice:
 *   the second time a keyed document runs prepared on the fast path.
 * - `JSON_SLICES=off`: a paid answer holding long arrays is one `JSON.stringify` (wire/json-slices.ts
 *   not used).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logger.ts';
import { digestApiKey } from '../../src/application/accounts/api-keys.ts';
import { loadConfig } from '../../src/config.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { budgetMs } from '../support/time-budget.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | null>;
  readonly body: string;
  readonly charged: number;
}

/** Per-call ids and balances differ between the two apps. */
const normalize = (body: string): string =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/"\d+-\d+"/g, '"<tx>"')
    .replace(/"(creditsRemaining|monthlyCredits|autoCredits|credits_remaining)":\d+/g, '"$1":<n>');

const HEADERS = ['content-type', 'content-length', 'cache-control', 'x-credits-consumed', 'retry-after', 'allow'];

/** Two apps, the switch on and off, each with the same standard account; `send` answers a request on one. */
function twoApps(switchName: string) {
  const apps: { on?: RunningApp; off?: RunningApp } = {};
  const logLines: string[] = [];
  beforeAll(async () => {
    apps.on = await startAppServer();
    apps.off = await startAppServer({
      env: { [switchName]: 'off' },
      logger: createLogger('info', (line) => void logLines.push(line)),
    });
  });
  afterAll(async () => {
    await apps.on?.close();
    await apps.off?.close();
  });
  const send = async (which: 'on' | 'off', path: string, init: RequestInit): Promise<Answer> => {
    const app = apps[which]!;
    const headers = { ...(init.headers as Record<string, string>) };
    for (const [name, value] of Object.entries(headers)) headers[name] = value.replace('<key>', app.apiKey);
    const { accountId } = (await app.store.authenticate(digestApiKey(app.apiKey))) as { accountId: string };
    const before = (await app.admin.show(accountId))!;
    const res = await fetch(`${app.baseUrl}${path}`, { ...init, headers });
    const body = normalize(await res.text());
    await app.services.settlement.drain(budgetMs(3000));
    const after = (await app.admin.show(accountId))!;
    return {
      status: res.status,
      headers: Object.fromEntries(HEADERS.map((name) => [name, res.headers.get(name)])),
      body,
      charged: before.monthlyCredits + before.autoCredits - after.monthlyCredits - after.autoCredits,
    };
  };
  return { apps, send, logLines };
}

const CHART = '{year: 1990, month: 5, day: 15, time: "10:30", location: 139.69}';
const FULL = `mutation Full($input: CalculateInput!) {
  calculate(input: $input, variant: B) { __typename ... on VariantBResponse { creditsConsumed result { yearGanzhi dayGanzhi
    tenGods { summary { dominantTenGod } } } } }
}`;

describe('FAST_GRAPHQL: the direct path answers as yoga does', () => {
  const { send, logLines } = twoApps('FAST_GRAPHQL');
  const json = { 'content-type': 'application/json', accept: '*/*' };
  const keyed = { ...json, authorization: 'Bearer <key>' };
  const cases: [string, Record<string, string>, string][] = [
    ['a free query', json, JSON.stringify({ query: '{ __typename solarTerms(year: 2024) { name utc } }' })],
    [
      'a paid chart with variables',
      keyed,
      JSON.stringify({ query: FULL, variables: { input: { year: 1961, month: 8, day: 22, time: '07:00', location: 135 } } }),
    ],
    ['a paid chart, inline input', keyed, JSON.stringify({ query: `mutation { calculate(input: ${CHART}, variant: A) { __typename } }` })],
    ['an invalid input', keyed, JSON.stringify({ query: FULL, variables: { input: { year: 1990, month: 13, day: 15, location: 135 } } })],
    ['no key for a paid field', json, JSON.stringify({ query: `mutation { calculate(input: ${CHART}) { __typename } }` })],
    ['a parse error', json, JSON.stringify({ query: '{ __typename ' })],
    ['an unknown field', json, JSON.stringify({ query: '{ nope }' })],
    [
      'accept application/graphql-response+json',
      { ...keyed, accept: 'application/graphql-response+json' },
      JSON.stringify({ query: '{ nope }' }),
    ],
    ['a body that is not JSON', json, '{"query":'],
  ];

  it('is on by default and off when asked', () => {
    expect(loadConfig({}).fastPaths.graphql).toBe(true);
    expect(loadConfig({ FAST_GRAPHQL: 'off' }).fastPaths.graphql).toBe(false);
    expect(() => loadConfig({ FAST_GRAPHQL: 'fast' })).toThrow(/FAST_GRAPHQL: must be true\/false, on\/off/);
  });

  it.each(cases)('%s: the same answers and charges, the first time and again', async (_name, headers, body) => {
    for (let round = 0; round < 2; round++) {
      const on = await send('on', '/graphql', { method: 'POST', headers, body });
      const off = await send('off', '/graphql', { method: 'POST', headers, body });
      expect(off).toEqual(on);
      if (_name.startsWith('a paid chart')) expect(on.charged).toBeGreaterThan(0);
    }
  });

  it('with the switch off, every GraphQL request went to yoga', () => {
    const graphqlLines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['path'] === '/graphql');
    expect(graphqlLines.length).toBeGreaterThanOrEqual(cases.length * 2);
    for (const line of graphqlLines) expect(line).toMatchObject({ graphqlVia: 'yoga' });
  });
});

describe('JSON_SLICES: an answer written in slices is the one written at once', () => {
  const { send } = twoApps('JSON_SLICES');
  const keyed = { 'content-type': 'application/json', authorization: 'Bearer <key>' };
  const birth = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' };

  const LONG = { ...birth, include: 'luck', luck_years: '1950-2099', luck_days: '2025-01-01..2025-12-31' };

  it('is on by default and off when asked', () => {
    expect(loadConfig({}).fastPaths.jsonSlices).toBe(true);
    expect(loadConfig({ JSON_SLICES: '0' }).fastPaths.jsonSlices).toBe(false);
  });

  it.each([
    ['150 years and 366 days of luck (long arrays: sliced)', LONG],
    ['a chart without long arrays', birth],
    ['an invalid request', { ...birth, month: 13 }],
  ])('%s', async (_name, request) => {
    const init = { method: 'POST', headers: keyed, body: JSON.stringify(request) };
    const on = await send('on', '/api/v1/calculate', init);
    const off = await send('off', '/api/v1/calculate', init);
    expect(off).toEqual(on);
    if (request === LONG) {
      // A long answer indeed, charged once.
      expect(on.status).toBe(200);
      expect(on.body.length).toBeGreaterThan(100_000);
      expect(on.charged).toBeGreaterThan(0);
    }
  });
});
