/**
 * The GraphQL fast path (http/graphql-fast-path.ts) answers exactly as yoga does: every request
 * below is sent over HTTP (where the fast path takes what it can) and straight to yoga.fetch, and
 * the status, media type, Retry-After and body must match, per-call ids aside.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detachedIdentity } from '../../src/application/request-identity.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { startRestServer, type RestTestServer } from './support/server.ts';

interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly retryAfter: string | null;
  readonly body: string;
}

const CHART = '{year: 1990, month: 5, day: 15, time: "10:30", location: 139.69}';
const FULL_B = `mutation Full($input: CalculateInput!, $variant: Variant! = B) {
  calculate(input: $input, variant: $variant) {
    __typename
    ... on VariantBResponse { creditsConsumed result { yearGanzhi monthGanzhi dayGanzhi timeGanzhi trueSolarTimeRaw
      tenGods { summary { dominantTenGod patternDescription } } shensha { summary { activeStars fortuneScore } }
      enhancedSummary { fortuneIndicators { overallFortune { score level } } } } }
  }
}`;

/** Per-call ids and balances differ between the two calls. */
const normalize = (body: string): string =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/"\d+-\d+"/g, '"<tx>"')
    .replace(/"(creditsRemaining|monthlyCredits|autoCredits)":\d+/g, '"$1":<n>');

describe('GraphQL over HTTP answers exactly as yoga', () => {
  let app: RunningApp;
  let key: string;
  beforeAll(async () => {
    app = await startAppServer();
    ({ apiKey: key } = await app.admin.createAccount({
      plan: 'enterprise',
      monthlyAllowance: 0,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    }));
  });
  afterAll(() => app?.close());

  const viaHttp = async (headers: Record<string, string>, body: string): Promise<Answer> => {
    const res = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers, body });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      retryAfter: res.headers.get('retry-after'),
      body: normalize(await res.text()),
    };
  };
  const viaYoga = async (headers: Record<string, string>, body: string): Promise<Answer> => {
    const res = await app.yoga.fetch(
      'http://localhost/graphql',
      { method: 'POST', headers, body },
      { services: app.services, identity: detachedIdentity(randomUUID(), app.services.settlement) },
    );
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      retryAfter: res.headers.get('retry-after'),
      body: normalize(await res.text()),
    };
  };

  const json = { 'content-type': 'application/json' };
  const cases: [string, () => Record<string, string>, () => string][] = [
    ['a query', () => json, () => JSON.stringify({ query: '{ __typename }' })],
    ['free solarTerms', () => json, () => JSON.stringify({ query: '{ solarTerms(year: 2024) { name utc } }' })],
    [
      'a paid chart, full selection, variables',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () => JSON.stringify({ query: FULL_B, variables: { input: { year: 1961, month: 8, day: 22, time: '07:00', location: 135 } } }),
    ],
    [
      'a paid chart, inline input',
      () => ({ ...json, 'x-api-key': key }),
      () => JSON.stringify({ query: `mutation { calculate(input: ${CHART}, variant: A) { __typename } }` }),
    ],
    [
      'accept application/graphql-response+json',
      () => ({ ...json, accept: 'application/graphql-response+json', authorization: `Bearer ${key}` }),
      () => JSON.stringify({ query: `mutation { calculate(input: ${CHART}) { __typename } }` }),
    ],
    [
      'accept */*, charset in content-type',
      () => ({ 'content-type': 'application/json; charset=utf-8', accept: '*/*' }),
      () => JSON.stringify({ query: '{ __typename }' }),
    ],
    [
      'a wrong enum in variables',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () => JSON.stringify({ query: FULL_B, variables: { input: { year: 1990, month: 5, day: 15, location: 135 }, variant: 'C' } }),
    ],
    [
      'an invalid input',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () => JSON.stringify({ query: FULL_B, variables: { input: { year: 1990, month: 13, day: 15, location: 135 } } }),
    ],
    ['a missing variable', () => ({ ...json, authorization: `Bearer ${key}` }), () => JSON.stringify({ query: FULL_B })],
    [
      'an unknown key',
      () => ({ ...json, authorization: 'Bearer fp_nope' }),
      () => JSON.stringify({ query: `mutation { calculate(input: ${CHART}) { __typename } }` }),
    ],
    ['no key', () => json, () => JSON.stringify({ query: `mutation { calculate(input: ${CHART}) { __typename } }` })],
    // A known document is found by its length and ends, then compared whole: a twin differing only
    // in the middle is parsed and validated on its own (here refused), after the first is known.
    [
      'a long free query',
      () => json,
      () => JSON.stringify({ query: '{ a: solarTerms(year: 2024) { name utc } b: __typename c: solarTerms(year: 2025) { name utc } }' }),
    ],
    [
      'its twin of the same length and ends with an unknown field in the middle',
      () => json,
      () => JSON.stringify({ query: '{ a: solarTerms(year: 2024) { name utc } b: __typenamx c: solarTerms(year: 2025) { name utc } }' }),
    ],
    ['a parse error', () => json, () => JSON.stringify({ query: '{ __typename ' })],
    ['an unknown field', () => json, () => JSON.stringify({ query: '{ nope }' })],
    [
      'too many aliases',
      () => json,
      () => JSON.stringify({ query: `{ ${Array.from({ length: 12 }, (_, i) => `a${i}: __typename`).join(' ')} }` }),
    ],
    [
      // graphql-armor throws this one from validation, not from the parser.
      'eleven aliased paid fields',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () =>
        JSON.stringify({
          query: `mutation { ${Array.from({ length: 11 }, (_, i) => `c${i}: calculate(input: ${CHART}) { __typename }`).join(' ')} }`,
        }),
    ],
    ['a subscription', () => json, () => JSON.stringify({ query: 'subscription { x }' })],
    [
      'operationName picks one of two',
      () => json,
      () => JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName: 'B' }),
    ],
    ['two operations, no operationName', () => json, () => JSON.stringify({ query: 'query A { __typename } query B { __typename }' })],
    ['an unknown operationName', () => json, () => JSON.stringify({ query: 'query A { __typename }', operationName: 'Z' })],
    ['extensions in the body', () => json, () => JSON.stringify({ query: '{ __typename }', extensions: {} })],
    ['variables as an array', () => json, () => JSON.stringify({ query: '{ __typename }', variables: [] })],
    ['a body that is not JSON', () => json, () => '{"query":'],
    ['a JSON array body', () => json, () => '[]'],
    ['no query', () => json, () => JSON.stringify({ variables: {} })],
    ['accept text/plain', () => ({ ...json, accept: 'text/plain' }), () => JSON.stringify({ query: '{ __typename }' })],
  ];

  it('a document of several operations runs the one named, whichever ran first (each path)', async () => {
    const query = `query Terms { solarTerms(year: 2024) { name } } query Name { __typename } mutation Paid { calculate(input: ${CHART}) { __typename } }`;
    const body = (operationName: string): string => JSON.stringify({ query, operationName });
    const headers = { ...json, accept: 'application/json', authorization: `Bearer ${key}` };
    for (const send of [viaHttp, viaYoga]) {
      const terms = JSON.parse((await send(headers, body('Terms'))).body) as { data: Record<string, unknown> };
      expect(Object.keys(terms.data)).toEqual(['solarTerms']);
      expect(JSON.parse((await send(headers, body('Name'))).body)).toEqual({ data: { __typename: 'Query' } });
      expect(JSON.parse((await send(headers, body('Paid'))).body)).toEqual({ data: { calculate: { __typename: 'VariantBResponse' } } });
      expect(JSON.parse((await send(headers, body('Name'))).body)).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it.each(cases)('%s', async (_name, headers, body) => {
    // The same headers both ways (fetch sends accept: */* when none is given), each call its own copy.
    const sent = (): Record<string, string> => ({ accept: '*/*', ...headers() });
    const http = await viaHttp(sent(), body());
    const yoga = await viaYoga(sent(), body());
    expect(http).toEqual(yoga);
  });
});

describe('which path served', () => {
  let server: RestTestServer;
  beforeAll(async () => {
    server = await startRestServer();
  });
  afterAll(() => server.close());

  const accessLine = async (init: RequestInit): Promise<Record<string, unknown>> => {
    const res = await fetch(`${server.baseUrl}/graphql`, init);
    await res.text();
    const logId = res.headers.get('x-request-id')!;
    await expect.poll(() => server.logLines.some((line) => line.includes(logId))).toBe(true);
    return JSON.parse(server.logLines.find((line) => line.includes(logId))!) as Record<string, unknown>;
  };

  it('the direct path takes a plain POST; yoga gets what the direct path leaves, and the access line says so', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await accessLine({ method: 'POST', headers: json, body: JSON.stringify({ query: '{ __typename }' }) })).not.toHaveProperty(
      'graphqlVia',
    );
    expect(await accessLine({ method: 'POST', headers: json, body: JSON.stringify({ query: '{ __typename ' }) })).toMatchObject({
      graphqlVia: 'yoga',
    });
    expect(await accessLine({ method: 'POST', headers: { ...json, accept: 'text/plain' }, body: '{}' })).toMatchObject({
      graphqlVia: 'yoga',
    });
    expect(await accessLine({ method: 'GET', headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' } })).toMatchObject({
      graphqlVia: 'yoga',
    });
  });
});
