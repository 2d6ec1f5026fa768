/**
 * Property-based fuzzing (fast-check) of everything a caller controls: REST bodies, REST query
 * strings and GraphQL variables, against the real HTTP server. Every input gets 2xx or a 4xx JSON
 * error with a code, never a 5xx; a 4xx moves no credit and a 2xx moves exactly the price.
 */
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES } from '../../src/application/errors.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';

const RUNS = 400;
const FIELDS = ['year', 'month', 'day', 'location', 'hour', 'minute', 'time', 'timezone', 'solar_time', 'day_boundary', 'zokan_table'];

/** Values near and far from each field's rules: valid ones, edges, wrong types, junk. */
const fieldValue = fc.oneof(
  fc.integer({ min: -5, max: 2200 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(1900, 2100, 1899, 2101, 0, 12, 13, 31, 32, 23, 24, 59, 60, 180, -180, 181, 139.69, 1e308, -0),
  fc.constantFrom(
    '12:00',
    '23:59',
    '24:00',
    '7:5',
    'Asia/Tokyo',
    'Mars/Olympus',
    'mean',
    'apparent',
    '00:00',
    '23:00',
    'getsuritsu',
    'nijuhachigen',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const requestObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), fieldValue, { maxKeys: 12 });

/** A body: mostly request-like objects, sometimes any JSON, sometimes not JSON at all. */
const body = fc.oneof(
  { weight: 6, arbitrary: requestObject.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);

describe('fuzzing caller input', () => {
  let app: RunningApp;
  let auth: Record<string, string>;
  let accountId: string;

  beforeAll(async () => {
    app = await startAppServer();
    const created = await app.admin.createAccount({
      plan: 'standard',
      monthlyAllowance: 100_000_000,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    auth = { authorization: `Bearer ${created.apiKey}` };
    accountId = created.accountId;
  });
  afterAll(() => app.close());

  const total = async (): Promise<number> => {
    const snapshot = await app.store.balance(accountId);
    return snapshot!.monthlyCredits + snapshot!.autoCredits;
  };

  /** The answer is a success that cost the price, or a coded 4xx that cost nothing. */
  async function expectHonestAnswer(response: Response, before: number, paidOnSuccess: boolean): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBeLessThan(500);
    const after = await total();
    if (response.status >= 400) {
      const parsed = JSON.parse(text) as { status: string; code: string };
      expect(parsed.status).toBe('error');
      expect(DOMAIN_ERROR_CODES).toContain(parsed.code);
      expect(after, text).toBe(before);
    } else {
      expect(after).toBe(paidOnSuccess ? before - 10 : before);
    }
  }

  it('REST POST bodies, both variants', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/calculate', '/api/v1/calculate'), body, async (path, payload) => {
        const before = await total();
        const response = await fetch(`${app.baseUrl}${path}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: payload,
        });
        await expectHonestAnswer(response, before, true);
      }),
      { numRuns: RUNS },
    );
  });

  it('REST query strings, both variants', async () => {
    const query = fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
        fc.oneof(
          fieldValue.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
          fc.string(),
        ),
      ),
      {
        maxLength: 12,
      },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/calculate', '/api/v1/calculate'), query, async (path, pairs) => {
        const before = await total();
        const search = new URLSearchParams(pairs).toString();
        const response = await fetch(`${app.baseUrl}${path}?${search}`, { headers: auth });
        await expectHonestAnswer(response, before, true);
      }),
      { numRuns: RUNS },
    );
  });

  it('GraphQL variables of calculate', async () => {
    const document =
      'mutation ($input: CalculateInput!, $variant: Variant!, $key: String) { calculate(input: $input, variant: $variant, idempotencyKey: $key) { __typename ... on ChargedResponse { creditsConsumed } } }';
    const variables = fc.record({
      input: fc.oneof(requestObject, fieldValue),
      variant: fc.oneof(fc.constantFrom('A', 'B'), fieldValue),
      key: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 300 }), fieldValue),
    });
    await fc.assert(
      fc.asyncProperty(variables, async (vars) => {
        const before = await total();
        const response = await fetch(`${app.baseUrl}/graphql`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ query: document, variables: vars }),
        });
        const text = await response.text();
        expect(response.status, text).toBeLessThan(500);
        const reply = JSON.parse(text) as {
          data?: { calculate: { creditsConsumed: number } | null } | null;
          errors?: { extensions?: { code?: string } }[];
        };
        for (const error of reply.errors ?? []) expect(error.extensions?.code, text).not.toBe('INTERNAL');
        const charged = reply.data?.calculate?.creditsConsumed ?? 0;
        expect(await total(), text).toBe(before - charged);
      }),
      { numRuns: RUNS },
    );
  });
});
