import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { DomainError } from '../../src/application/errors.ts';
import { CalculatePillarsDocument } from './generated/operations.ts';
import { createHarness } from './harness.ts';

const VALID = { year: 2024, month: 2, day: 4, time: '17:27', location: 135 };

/** A real embedded store whose charge fails the way an unreachable or broken Redis would (failure injection). */
class FailingChargeStore extends MemoryCreditStore {
  private readonly failure: () => Error;
  constructor(failure: () => Error) {
    super();
    this.failure = failure;
  }
  override async charge(): Promise<never> {
    throw this.failure();
  }
}

describe('GraphQL errors carry the documented error code, and never charge', () => {
  it('BAD_USER_INPUT lists every bad field with its path', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    const reply = await h.execute(
      CalculatePillarsDocument,
      { input: { year: 2023, month: 13, day: 1, time: '25:00', location: 500 }, variant: 'A' },
      auth,
    );
    // The field is nullable: a refused call is null at its own path, other aliases keep their results.
    expect(reply.data).toEqual({ calculate: null });
    const [error] = reply.errors!;
    expect(error!.path).toEqual(['calculate']);
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

  it.each(['development', 'production'])('INTERNAL for anything unexpected, with the details masked (NODE_ENV=%s)', async (nodeEnv) => {
    const h = createHarness({
      store: new FailingChargeStore(() => new Error('secret internals: connection string redis://user:pw@host')),
      env: { NODE_ENV: nodeEnv },
    });
    const { auth } = await h.customer();
    const reply = await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'B' }, auth);
    expect(reply.errors![0]!.extensions!.code).toBe('INTERNAL');
    expect(reply.errors![0]!.message).toMatch(/^Internal error \(log_id [0-9a-f-]{36}\)$/);
    expect(JSON.stringify(reply)).not.toMatch(/secret|originalError|stack|\bat /);
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

  it('hides field suggestions in production and shows them in development', async () => {
    const dev = await (await post(createHarness(), '{ solarTerm(year: 2024) { name } }')).json();
    expect(dev.errors[0].message).toMatch(/Did you mean "solarTerms"/);
    const prod = await (await post(createHarness({ env: { NODE_ENV: 'production' } }), '{ solarTerm(year: 2024) { name } }')).json();
    expect(prod.errors[0].message).not.toMatch(/Did you mean/);
  });
});

describe('input rules shared with REST', () => {
  it('hour and minute are ignored when time is given (docs/fields.md, section 1), so bad values there are no error', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const reply = await h.execute(CalculatePillarsDocument, { input: { ...VALID, hour: 99, minute: 77 }, variant: 'B' }, auth);
    expect(reply.errors).toBeUndefined();
  });
});

describe('paid fields in one operation', () => {
  const alias = (name: string, day: number) =>
    `${name}: calculate(input: {year: 2024, month: 2, day: ${day}, location: 135}) { ... on ChargedResponse { transactionId creditsConsumed } }`;

  it('one refused alias leaves the other aliases’ charged results and transaction ids in the answer', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    const query = `mutation { ${alias('a', 1)} bad: calculate(input: {year: 2024, month: 2, day: 30, location: 135}) { __typename } ${alias('c', 3)} }`;
    const response = await h.raw({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ query }),
    });
    const reply = (await response.json()) as {
      data: Record<string, { transactionId: string; creditsConsumed: number } | null>;
      errors: { path: string[]; extensions: { code: string } }[];
    };
    expect(reply.data['bad']).toBeNull();
    expect(reply.errors).toEqual([
      expect.objectContaining({ path: ['bad'], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
    ]);
    expect(reply.data['a']).toEqual({ transactionId: expect.stringMatching(/^\d+-\d+$/), creditsConsumed: 10 });
    expect(reply.data['c']).toEqual({ transactionId: expect.stringMatching(/^\d+-\d+$/), creditsConsumed: 10 });
    expect(await h.totalCredits(accountId)).toBe(980);
  });

  it('more than 10 paid fields (aliases, the unaliased field and fragments together) are refused before any charge', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    // 9 aliases + the unaliased field + one more through a fragment: 11.
    const aliases = Array.from({ length: 9 }, (_, i) => alias(`a${i}`, i + 1)).join(' ');
    const query = `mutation { ${aliases} calculate(input: {year: 2024, month: 3, day: 1, location: 135}) { __typename } ...More }
      fragment More on Mutation { ${alias('f', 20)} }`;
    const response = await h.raw({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ query }),
    });
    const reply = (await response.json()) as { data?: unknown; errors: { message: string; extensions: { code: string } }[] };
    expect(reply.data).toBeUndefined();
    expect(reply.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(reply.errors[0]!.message).toContain('at most 10 paid fields');
    expect(await h.totalCredits(accountId)).toBe(1000);
  });
});

/** A real embedded store whose charges stall, then fail as a timed-out Redis would (failure injection). */
class StallingChargeStore extends MemoryCreditStore {
  charges = 0;
  override async charge(): Promise<never> {
    this.charges += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    throw new DomainError('STORE_UNAVAILABLE', 'Credit store did not answer charge within 450 ms');
  }
}

describe('a store outage during an operation with many paid fields', () => {
  it('the first stalled charge fails the operation’s later paid fields at once: one store wait, not ten', async () => {
    const store = new StallingChargeStore();
    const h = createHarness({ store });
    const { auth } = await h.customer();
    const aliases = Array.from(
      { length: 10 },
      (_, i) => `a${i}: calculate(input: {year: 2024, month: 2, day: ${i + 1}, location: 135}) { __typename }`,
    );
    const response = await h.raw({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ query: `mutation { ${aliases.join(' ')} }` }),
    });
    const reply = (await response.json()) as { data: Record<string, null>; errors: { path: string[]; extensions: { code: string } }[] };
    expect(store.charges).toBe(1);
    expect(Object.values(reply.data)).toEqual(Array(10).fill(null));
    expect(reply.errors.map((e) => e.extensions.code)).toEqual(Array(10).fill('STORE_UNAVAILABLE'));
    expect(reply.errors.map((e) => e.path[0])).toEqual(aliases.map((_, i) => `a${i}`));
  });
});

describe('operation types', () => {
  it('a subscription is a 400 BAD_USER_INPUT, refused before anything runs', async () => {
    const h = createHarness();
    const response = await h.raw({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'subscription { x }' }),
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(reply.errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT' });
    expect(reply.errors[0]!.message).toContain('Subscriptions are not supported');
  });
});

describe('variables are coerced as graphql-js coerces them', () => {
  const document = (header: string) => `mutation Chart(${header}) { calculate(input: $input, variant: $variant) { __typename } }`;
  const send = (h: ReturnType<typeof createHarness>, auth: Record<string, string>, query: string, variables: unknown) =>
    h.raw({ method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ query, variables }) });

  it('a declared default is used when the variable is left out', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const response = await send(h, auth, document('$input: CalculateInput!, $variant: Variant! = A'), { input: VALID });
    expect(await response.json()).toEqual({ data: { calculate: { __typename: 'VariantAResponse' } } });
  });

  it('a wrong enum value inside the input: BAD_USER_INPUT naming the path and the allowed values; nothing charged', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    const response = await send(h, auth, document('$input: CalculateInput!, $variant: Variant!'), {
      input: { ...VALID, solarTime: 'TRUE' },
      variant: 'B',
    });
    const reply = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(reply.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(reply.errors[0]!.message).toContain('"input.solarTime"');
    expect(reply.errors[0]!.message).toContain('Allowed values: APPARENT, MEAN.');
    expect(await h.totalCredits(accountId)).toBe(1000);
  });

  it('a wrong variant and a missing input are both reported, coded', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const response = await send(h, auth, document('$input: CalculateInput!, $variant: Variant!'), { variant: 'C' });
    const reply = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(reply.errors.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(reply.errors.map((e) => e.message).join(' ')).toMatch(/\$input.*was not provided/);
    expect(reply.errors.map((e) => e.message).join(' ')).toContain('Allowed values: A, B.');
  });
});
