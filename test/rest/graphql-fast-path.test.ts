/**
 * The GraphQL fast path (http/graphql-fast-path.ts) answers exactly as yoga does: every request
 * below is sent over HTTP (where the fast path takes what it can) and straight to yoga.fetch, and
 * the status, media type, Retry-After and body must match, per-call ids aside. Each is sent over
 * HTTP twice: a document seen valid once is prepared and runs without envelop the second time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { detachedIdentity } from '../../src/application/paid/request-identity.ts';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { LazyResult } from '../../src/domain/chart/variants.ts';
import { createGraphQLServer } from '../../src/graphql/server.ts';
import type { Caller } from '../../src/graphql/builder.ts';
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
  /** The caller the HTTP layer finds before reading a document: an accepted key, none, or one not accepted. */
  const callerOf = (headers: Record<string, string>): Caller => {
    const sent = headers['authorization']?.replace(/^Bearer /, '') ?? headers['x-api-key'];
    return sent === undefined ? 'keyless' : sent === key ? 'keyed' : 'refused';
  };
  const viaYoga = async (headers: Record<string, string>, body: string): Promise<Answer> => {
    const res = await app.yoga.fetch(
      'http://localhost/graphql',
      { method: 'POST', headers, body },
      { services: app.services, identity: detachedIdentity(randomUUID(), app.services.settlement), caller: callerOf(headers) },
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
    [
      'no key, accept application/graphql-response+json (the status itself)',
      () => ({ ...json, accept: 'application/graphql-response+json' }),
      () => JSON.stringify({ query: `mutation { calculate(input: ${CHART}) { __typename } }` }),
    ],
    [
      'no key, a document never sent with one',
      () => json,
      () => JSON.stringify({ query: `{ __typename ...Mine } fragment Mine on Query { account { plan } }` }),
    ],
    [
      'an unknown key, a document never sent with one, accept application/graphql-response+json',
      () => ({ ...json, accept: 'application/graphql-response+json', 'x-api-key': 'fp_nope' }),
      () => JSON.stringify({ query: `{ usage(first: 1) { edges { cursor } } }` }),
    ],
    [
      'no key, more tokens than an anonymous document may hold',
      () => json,
      () => JSON.stringify({ query: `{ ${Array(1001).fill('__typename').join(' ')} }` }),
    ],
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
    // The query member found in the body's bytes (first or last, as JSON.stringify writes it), or not.
    [
      'the query last, operationName first',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () =>
        JSON.stringify({ operationName: 'Full', variables: { input: { year: 1961, month: 8, day: 22, location: 135 } }, query: FULL_B }),
    ],
    [
      'the query alone with a long document',
      () => json,
      () =>
        JSON.stringify({ query: `{ ${Array.from({ length: 6 }, (_, i) => `y${i}: solarTerms(year: ${2020 + i}) { name }`).join(' ')} }` }),
    ],
    [
      'a second query member after the first',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () =>
        `${JSON.stringify({ query: FULL_B, variables: { input: { year: 1961, month: 8, day: 22, location: 135 } } }).slice(0, -1)},"query":"{ __typename }"}`,
    ],
    [
      'a second query member before the last',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () => `{"query":"{ __typename }",${JSON.stringify({ query: FULL_B }).slice(1)}`,
    ],
    ['a trailing comma after the query', () => json, () => `${JSON.stringify({ query: FULL_B }).slice(0, -1)},}`],
    ['a leading comma before the last query', () => json, () => `{,${JSON.stringify({ query: FULL_B }).slice(1)}`],
    [
      'the query member inside variables, at the end',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () => `{"variables":{"x":1,"query":${JSON.stringify(FULL_B)}}}`,
    ],
    ['the query member inside a string', () => json, () => `{"operationName":"a\\",${JSON.stringify({ query: FULL_B }).slice(1, -1)}"}`],
    [
      'the query escaped otherwise (\\u0020 for spaces)',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () =>
        JSON.stringify({ query: FULL_B, variables: { input: { year: 1961, month: 8, day: 22, location: 135 } } }).replace(/ /g, '\\u0020'),
    ],
    [
      'the operationName naming another operation',
      () => ({ ...json, authorization: `Bearer ${key}` }),
      () =>
        JSON.stringify({ query: FULL_B, operationName: 'Other', variables: { input: { year: 1961, month: 8, day: 22, location: 135 } } }),
    ],
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
    const again = await viaHttp(sent(), body());
    const yoga = await viaYoga(sent(), body());
    expect(http).toEqual(yoga);
    expect(again).toEqual(yoga);
  });
});

describe('an unexpected failure is masked the same way on every path', () => {
  class FailingChargeStore extends MemoryCreditStore {
    override async charge(): Promise<never> {
      throw new Error('secret internals: redis://user:pw@host');
    }
  }
  const body = JSON.stringify({ query: FULL_B, variables: { input: { year: 1961, month: 8, day: 22, location: 135 } } });

  /** The first request (enveloped), the next two (prepared) and yoga's answer, normalized. */
  async function answersOf(app: RunningApp, key: string): Promise<string[]> {
    const headers = { 'content-type': 'application/json', accept: '*/*', authorization: `Bearer ${key}` };
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers, body });
      answers.push(`${res.status} ${normalize(await res.text())}`);
    }
    const res = await app.yoga.fetch(
      'http://localhost/graphql',
      { method: 'POST', headers, body },
      { services: app.services, identity: detachedIdentity(randomUUID(), app.services.settlement) },
    );
    answers.push(`${res.status} ${normalize(await res.text())}`);
    return answers;
  }

  const withApp = async (store: MemoryCreditStore, check: (app: RunningApp, key: string) => Promise<void>): Promise<void> => {
    const app = await startAppServer({ store });
    try {
      const { apiKey } = await app.admin.createAccount({
        plan: 'enterprise',
        monthlyAllowance: 0,
        autoCredits: 0,
        autocharge: { threshold: 0, amount: 0 },
      });
      await check(app, apiKey);
    } finally {
      await app.close();
    }
  };

  it('a failing store under the paid use-case: one coded INTERNAL error', async () => {
    await withApp(new FailingChargeStore(), async (app, key) => {
      const answers = await answersOf(app, key);
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]).toContain('"code":"INTERNAL"');
      expect(answers[0]).not.toMatch(/secret|stack/);
    });
  });

  it('a bug in a field resolver (outside the use-case): masked by yoga’s mask, at its path', async () => {
    const section = vi.spyOn(LazyResult.prototype, 'section').mockImplementation(() => {
      throw new Error('secret internals of a section');
    });
    try {
      await withApp(new MemoryCreditStore(), async (app, key) => {
        const answers = await answersOf(app, key);
        expect(new Set(answers).size).toBe(1);
        expect(answers[0]).toContain('"message":"Internal error"');
        expect(answers[0]).toContain('"path":["calculate","result","tenGods"]');
        expect(answers[0]).not.toMatch(/secret|stack/);
      });
    } finally {
      section.mockRestore();
    }
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

  it('the operation is named in the access line, whether enveloped (first) or prepared (then), and when its variables are refused', async () => {
    const json = { 'content-type': 'application/json' };
    const query = 'query Terms($year: Int!) { solarTerms(year: $year) { name } }';
    for (const variables of [{ year: 2024 }, { year: 2024 }, { year: 'x' }]) {
      expect(await accessLine({ method: 'POST', headers: json, body: JSON.stringify({ query, variables }) })).toMatchObject({
        operation: 'Terms',
      });
    }
  });

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

describe('the prepared path runs what the enveloped one runs', () => {
  it('yoga has exactly the context and execution hooks http/graphql-fast-path.ts reproduces (a new one must be added there)', () => {
    const yoga = createGraphQLServer({ production: true });
    const plugins = (yoga as unknown as { plugins: (object | null | false)[] }).plugins;
    const hooked = plugins.filter((plugin) => plugin && ('onExecute' in plugin || 'onContextBuilding' in plugin));
    // graphql-js as the engine (replaced by graphql-jit), yoga's `context` (operationContext),
    // graphql-jit, the operation's name noted, the variables coerced, the error mask.
    expect(hooked).toHaveLength(6);
  });
});
