import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.js';
import { DomainError } from '../../src/application/errors.js';
import { CalculatePillarsDocument } from './generated/operations.js';
import { createHarness } from './harness.js';

const VALID = { year: 2024, month: 2, day: 4, time: '17:27', location: 135 };

/** A real embedded store whose charge fails the way an unreachable or broken Redis would (failure injection). */
class FailingChargeStore extends MemoryCreditStore {
  constructor(private readonly failure: () => Error) {
    super();
  }
  override async charge(): Promise<never> {
    throw this.failure();
  }
}

describe('GraphQL errors carry the DESIGN §6 code, and never charge', () => {
  it('BAD_USER_INPUT lists every bad field with its path', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    const reply = await h.execute(
      CalculatePillarsDocument,
      { input: { year: 2023, month: 13, day: 1, time: '25:00', location: 500 }, variant: 'A' },
      auth,
    );
    expect(reply.data).toBeNull();
    const [error] = reply.errors!;
    expect(error!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(error!.extensions!.issues!.map((i) => i.path)).toEqual([
      ['input', 'month'],
      ['input', 'location'],
      ['input', 'time'],
    ]);
    expect(error!.message).toMatch(/month must be an integer from 1 to 12/);
    expect(await h.totalCredits(accountId)).toBe(1000);
  });

  it('BAD_USER_INPUT for a date that does not exist and an unknown time zone', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const reply = await h.execute(
      CalculatePillarsDocument,
      { input: { ...VALID, year: 2023, month: 2, day: 29, timezone: 'Mars/Base' }, variant: 'B' },
      auth,
    );
    expect(reply.errors![0]!.extensions!.issues!.map((i) => i.path)).toContainEqual(['input', 'timezone']);
    const leap = await h.execute(CalculatePillarsDocument, { input: { ...VALID, year: 2023, month: 2, day: 29 }, variant: 'B' }, auth);
    expect(leap.errors![0]!.extensions!.issues).toEqual([
      { path: ['input', 'day'], message: 'day must exist in the month: 2023-02 has 28 days' },
    ]);
  });

  it('UNAUTHENTICATED without a key, naming the accepted channels', async () => {
    const h = createHarness();
    const reply = await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'B' });
    expect(reply.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect(reply.errors![0]!.message).toMatch(/Authorization: Bearer header or an X-API-Key header/);
  });

  it('UNAUTHENTICATED for an unknown or revoked key', async () => {
    const h = createHarness();
    const reply = await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'B' }, { authorization: 'Bearer fp_not-a-real-key' });
    expect(reply.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('INSUFFICIENT_CREDITS when the balance is below the cost; nothing taken', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer({ monthlyAllowance: 5, autoCredits: 4 });
    const reply = await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'A' }, auth);
    expect(reply.errors![0]!.extensions!.code).toBe('INSUFFICIENT_CREDITS');
    expect(await h.totalCredits(accountId)).toBe(9);
  });

  it('IDEMPOTENCY_CONFLICT when a key is reused with another request', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'A', idempotencyKey: 'k-1' }, auth);
    const reply = await h.execute(CalculatePillarsDocument, { input: { ...VALID, day: 5 }, variant: 'A', idempotencyKey: 'k-1' }, auth);
    expect(reply.errors![0]!.extensions!.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await h.totalCredits(accountId)).toBe(990);
  });

  it('STORE_UNAVAILABLE when the credit store is down', async () => {
    const h = createHarness({ store: new FailingChargeStore(() => new DomainError('STORE_UNAVAILABLE', 'Credit store unavailable')) });
    const { auth } = await h.customer();
    const reply = await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'B' }, auth);
    expect(reply.errors![0]!.extensions!.code).toBe('STORE_UNAVAILABLE');
  });

  it('INTERNAL for anything unexpected, with the details masked', async () => {
    const h = createHarness({ store: new FailingChargeStore(() => new Error('secret internals: connection string redis://user:pw@host')) });
    const { auth } = await h.customer();
    const reply = await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'B' }, auth);
    expect(reply.errors![0]!.extensions!.code).toBe('INTERNAL');
    expect(reply.errors![0]!.message).toMatch(/^Internal error \(log_id [0-9a-f-]{36}\)$/);
    expect(JSON.stringify(reply)).not.toContain('secret');
  });

  it('a GraphQL type error (wrong variable type) is a plain GraphQL validation error', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const reply = await h.execute(CalculatePillarsDocument, { input: { ...VALID, month: 'feb' as unknown as number }, variant: 'B' }, auth);
    expect(reply.data).toBeUndefined();
    expect(reply.errors![0]!.message).toMatch(/Int cannot represent non-integer value/);
  });
});

describe('hardening', () => {
  const post = (h: ReturnType<typeof createHarness>, query: string) =>
    h.raw({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

  it('rejects too many aliases (graphql-armor)', async () => {
    const h = createHarness();
    const aliases = Array.from({ length: 12 }, (_, i) => `t${i}: solarTerms(year: 2024) { name }`).join(' ');
    const body = await (await post(h, `{ ${aliases} }`)).json();
    expect(body.errors[0].message).toMatch(/Aliases limit of 10 exceeded/);
  });

  it('refuses a mutation over GET and a GET without the CSRF header', async () => {
    const h = createHarness();
    const query = encodeURIComponent('{ solarTerms(year: 2024) { name } }');
    expect((await h.raw({ url: `http://localhost/graphql?query=${query}`, method: 'GET' })).status).toBe(403);
    const ok = await h.raw({ url: `http://localhost/graphql?query=${query}`, method: 'GET', headers: { 'x-graphql-yoga-csrf': '1' } });
    expect(ok.status).toBe(200);
    const mutation = encodeURIComponent('mutation { calculate(input: {year: 2024, month: 2, day: 4, location: 135}) { __typename } }');
    expect(
      (await h.raw({ url: `http://localhost/graphql?query=${mutation}`, method: 'GET', headers: { 'x-graphql-yoga-csrf': '1' } })).status,
    ).toBe(405);
  });

  it('caps the request body at 64 KiB', async () => {
    const h = createHarness();
    const response = await post(h, `{ solarTerms(year: 2024) { name } } # ${'x'.repeat(70 * 1024)}`);
    expect(response.status).toBe(413);
  });

  it('serves GraphiQL from the package (no CDN) outside production, and in production only with GRAPHIQL=1', async () => {
    const page = (env: Record<string, string>) =>
      createHarness({ env }).raw({ url: 'http://localhost/graphql', method: 'GET', headers: { accept: 'text/html' } });
    const dev = await page({});
    const html = await dev.text();
    expect(dev.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('Four Pillars API');
    expect(html).not.toMatch(/unpkg\.com|jsdelivr|cdnjs|esm\.sh/);
    expect((await page({ NODE_ENV: 'production' })).headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect((await page({ NODE_ENV: 'production', GRAPHIQL: '1' })).headers.get('content-type')).toMatch(/text\/html/);
  });

  it('hides field suggestions in production and shows them in development', async () => {
    const dev = await (await post(createHarness(), '{ solarTerm(year: 2024) { name } }')).json();
    expect(dev.errors[0].message).toMatch(/Did you mean "solarTerms"/);
    const prod = await (await post(createHarness({ env: { NODE_ENV: 'production' } }), '{ solarTerm(year: 2024) { name } }')).json();
    expect(prod.errors[0].message).not.toMatch(/Did you mean/);
  });
});

describe('input rules shared with REST', () => {
  it('hour and minute are ignored when time is given (spec §2.1), so bad values there are no error', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const reply = await h.execute(CalculatePillarsDocument, { input: { ...VALID, hour: 99, minute: 77 }, variant: 'B' }, auth);
    expect(reply.errors).toBeUndefined();
  });
});
