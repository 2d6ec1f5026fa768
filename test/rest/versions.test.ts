/**
 * Versioned answers on the wire: the version headers of both chart variants, GraphQL's
 * `ChartResult.version` (both variants, equal to the headers), and the free `GET /v1/versions`
 * with its `from` / `to` filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBuild, VERSION_ENTRIES } from '../../src/wire/versions.ts';
import { call, CALCULATE_PATH, VALID_FIELDS } from './support/client.ts';
import { createStandardAccount, startRestServer, type RestTestServer } from './support/server.ts';

let server: RestTestServer;
let apiKey: string;
beforeAll(async () => {
  server = await startRestServer();
  ({ apiKey } = await createStandardAccount(server.admin, 10_000));
});
afterAll(() => server.close());

const versionOf = (headers: Headers) => ({
  engine: headers.get('x-engine-version'),
  ephemeris: headers.get('x-ephemeris-digest'),
  rules: headers.get('x-rules-digest'),
});

describe('chart answers carry their version', () => {
  it.each(['A', 'B'] as const)(
    'Variant %s, GET and POST: the three headers, equal for one request, rules following solar_time',
    async (variant) => {
      const auth = { Authorization: `Bearer ${apiKey}` };
      const get = await call(server.baseUrl, CALCULATE_PATH[variant], { headers: auth, query: VALID_FIELDS });
      const post = await call(server.baseUrl, CALCULATE_PATH[variant], { method: 'POST', headers: auth, json: VALID_FIELDS });
      const apparent = await call(server.baseUrl, CALCULATE_PATH[variant], {
        headers: auth,
        query: { ...VALID_FIELDS, solar_time: 'apparent' },
      });
      expect([get.status, post.status, apparent.status]).toEqual([200, 200, 200]);
      const version = versionOf(get.headers);
      expect(version).toEqual({
        engine: currentBuild().engine,
        ephemeris: currentBuild().ephemeris,
        rules: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) as unknown,
      });
      expect(versionOf(post.headers)).toEqual(version);
      expect(versionOf(apparent.headers).rules).not.toBe(version.rules);
      expect(Object.keys(get.body)).not.toContain('version');
    },
  );

  it('the 命式表 SVG carries the same three headers as the chart of the same request', async () => {
    const auth = { Authorization: `Bearer ${apiKey}` };
    const chart = await call(server.baseUrl, CALCULATE_PATH.A, { headers: auth, query: VALID_FIELDS });
    const svg = await fetch(
      `${server.baseUrl}/v1/chart.svg?${new URLSearchParams(Object.entries(VALID_FIELDS).map(([k, v]) => [k, String(v)]))}`,
      {
        headers: auth,
      },
    );
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(versionOf(svg.headers)).toEqual(versionOf(chart.headers));
  });

  it('a special-star school option changes X-Rules-Digest', async () => {
    const auth = { Authorization: `Bearer ${apiKey}` };
    const query = { ...VALID_FIELDS, include: 'special_stars' };
    const plain = await call(server.baseUrl, CALCULATE_PATH.B, { headers: auth, query });
    const selfMatch = await call(server.baseUrl, CALCULATE_PATH.B, { headers: auth, query: { ...query, star_self_match: 'true' } });
    expect(selfMatch.headers.get('x-rules-digest')).not.toBe(plain.headers.get('x-rules-digest'));
  });

  it('GraphQL ChartResult.version on both variants equals the REST headers', async () => {
    const rest = await call(server.baseUrl, CALCULATE_PATH.A, { headers: { Authorization: `Bearer ${apiKey}` }, query: VALID_FIELDS });
    const query = `mutation ($variant: Variant!) { calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69 }, variant: $variant) {
      ... on VariantAResponse { result { version { engine ephemeris rules } } }
      ... on VariantBResponse { result { version { engine ephemeris rules } } } } }`;
    for (const variant of ['A', 'B']) {
      const response = await fetch(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ query, variables: { variant } }),
      });
      const body = (await response.json()) as { data?: { calculate: { result: { version: unknown } } }; errors?: unknown };
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      expect(body.data!.calculate.result.version).toEqual(versionOf(rest.headers));
    }
  });
});

describe('GET /v1/versions', () => {
  it('lists this build and every version, newest first', async () => {
    const response = await call(server.baseUrl, '/v1/versions');
    expect(response.status).toBe(200);
    expect(response.body['current']).toEqual(currentBuild());
    expect((response.body['versions'] as { version: string }[]).map((v) => v.version)).toEqual(VERSION_ENTRIES.map((v) => v.version));
  });

  it('from=0.1.0 to the newest: the versions after 0.1.0, and whether the digests differ', async () => {
    const newest = VERSION_ENTRIES[0]!.version;
    const response = await call(server.baseUrl, '/v1/versions', { query: { from: '0.1.0', to: newest } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ from: '0.1.0', to: newest, ephemeris_differs: null, rules_tables_differ: null });
    expect((response.body['versions'] as { version: string }[]).map((v) => v.version)).toEqual([newest]);
    const same = await call(server.baseUrl, '/v1/versions', { query: { from: newest, to: newest } });
    expect(same.body).toMatchObject({ ephemeris_differs: false, rules_tables_differ: false, versions: [] });
  });

  it.each([
    ['from', { from: '0.1' }, '"0.1.0"'],
    ['to', { from: '0.1.0', to: 'unreleasd' }, '"unreleased"'],
    ['to', { from: VERSION_ENTRIES[0]!.version, to: '0.1.0' }, 'older'],
    ['fromm', { fromm: '0.1.0' }, 'from'],
  ])('a bad %s is a 400 naming it', async (field, query, hint) => {
    const response = await call(server.baseUrl, '/v1/versions', { query });
    expect(response.status).toBe(400);
    expect(response.body['code']).toBe('BAD_USER_INPUT');
    expect(response.body['message']).toContain(field);
    expect(response.body['message']).toContain(hint);
  });
});
