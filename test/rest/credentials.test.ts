/**
 * docs/rest.md, Credentials: the six ways a key can arrive (four for A, two for B), the two precedence
 * rules, and keys on channels a variant does not accept. Which account paid shows which key won.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CALCULATE_PATH, VALID_FIELDS } from './support/client.ts';
import { createStandardAccount, creditState, startRestServer, type RestTestServer, type TestAccount } from './support/server.ts';

let server: RestTestServer;
let first: TestAccount;
let second: TestAccount;
beforeAll(async () => {
  server = await startRestServer();
  first = await createStandardAccount(server.admin, 10_000);
  second = await createStandardAccount(server.admin, 10_000);
});
afterAll(() => server.close());

/** Runs the call and reports which account's ledger grew. */
async function whoPaid(
  run: () => ReturnType<typeof call>,
): Promise<{ status: number; payer: 'first' | 'second' | 'both' | 'nobody'; body: Record<string, unknown> }> {
  const before = [await creditState(server.admin, first.accountId), await creditState(server.admin, second.accountId)];
  const response = await run();
  const after = [await creditState(server.admin, first.accountId), await creditState(server.admin, second.accountId)];
  const grew = after.map((state, i) => state.ledger - before[i]!.ledger);
  const payer =
    grew[0] === 1 && grew[1] === 0 ? 'first' : grew[0] === 0 && grew[1] === 1 ? 'second' : grew.every((g) => g === 0) ? 'nobody' : 'both';
  return { status: response.status, payer, body: response.body };
}

const A = CALCULATE_PATH.A;
const B = CALCULATE_PATH.B;

describe('Variant A: four ways', () => {
  it('A accepts the key as the api_key URL parameter on GET', async () => {
    const r = await whoPaid(() => call(server.baseUrl, A, { query: { ...VALID_FIELDS, api_key: first.apiKey } }));
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });

  it('A accepts the key as the api_key URL parameter on POST', async () => {
    const r = await whoPaid(() => call(server.baseUrl, A, { method: 'POST', query: { api_key: first.apiKey }, json: VALID_FIELDS }));
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });

  it('A accepts the key as the api_key member of a JSON body', async () => {
    const r = await whoPaid(() => call(server.baseUrl, A, { method: 'POST', json: { ...VALID_FIELDS, api_key: first.apiKey } }));
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });

  it('A accepts the key as Authorization: Bearer (GET and POST)', async () => {
    const headers = { Authorization: `Bearer ${first.apiKey}` };
    expect(await whoPaid(() => call(server.baseUrl, A, { query: VALID_FIELDS, headers }))).toMatchObject({ status: 200, payer: 'first' });
    expect(await whoPaid(() => call(server.baseUrl, A, { method: 'POST', json: VALID_FIELDS, headers }))).toMatchObject({
      status: 200,
      payer: 'first',
    });
  });

  it('A accepts the key as X-API-Key (GET and POST)', async () => {
    const headers = { 'X-API-Key': first.apiKey };
    expect(await whoPaid(() => call(server.baseUrl, A, { query: VALID_FIELDS, headers }))).toMatchObject({ status: 200, payer: 'first' });
    expect(await whoPaid(() => call(server.baseUrl, A, { method: 'POST', json: VALID_FIELDS, headers }))).toMatchObject({
      status: 200,
      payer: 'first',
    });
  });
});

describe('Variant B: two ways', () => {
  it('B accepts the key as Authorization: Bearer (GET and POST)', async () => {
    const headers = { Authorization: `Bearer ${first.apiKey}` };
    expect(await whoPaid(() => call(server.baseUrl, B, { query: VALID_FIELDS, headers }))).toMatchObject({ status: 200, payer: 'first' });
    expect(await whoPaid(() => call(server.baseUrl, B, { method: 'POST', json: VALID_FIELDS, headers }))).toMatchObject({
      status: 200,
      payer: 'first',
    });
  });

  it('B accepts the key as the api_key query parameter (GET and POST)', async () => {
    expect(await whoPaid(() => call(server.baseUrl, B, { query: { ...VALID_FIELDS, api_key: first.apiKey } }))).toMatchObject({
      status: 200,
      payer: 'first',
    });
    expect(
      await whoPaid(() => call(server.baseUrl, B, { method: 'POST', query: { api_key: first.apiKey }, json: VALID_FIELDS })),
    ).toMatchObject({
      status: 200,
      payer: 'first',
    });
  });
});

describe('precedence', () => {
  it('A: the URL parameter beats Authorization and X-API-Key', async () => {
    const headers = { Authorization: `Bearer ${second.apiKey}`, 'X-API-Key': second.apiKey };
    const r = await whoPaid(() => call(server.baseUrl, A, { query: { ...VALID_FIELDS, api_key: first.apiKey }, headers }));
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });

  it('A: the JSON body member beats Authorization and X-API-Key', async () => {
    const headers = { Authorization: `Bearer ${second.apiKey}`, 'X-API-Key': second.apiKey };
    const r = await whoPaid(() => call(server.baseUrl, A, { method: 'POST', json: { ...VALID_FIELDS, api_key: first.apiKey }, headers }));
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });

  it('A: an invalid URL parameter is not rescued by a valid header (the parameter is the key used)', async () => {
    const r = await whoPaid(() =>
      call(server.baseUrl, A, {
        query: { ...VALID_FIELDS, api_key: 'fp_not-a-key' },
        headers: { Authorization: `Bearer ${first.apiKey}` },
      }),
    );
    expect(r).toMatchObject({ status: 401, payer: 'nobody' });
  });

  it('A: Authorization beats X-API-Key when no parameter or body key is sent', async () => {
    const headers = { Authorization: `Bearer ${first.apiKey}`, 'X-API-Key': second.apiKey };
    expect(await whoPaid(() => call(server.baseUrl, A, { query: VALID_FIELDS, headers }))).toMatchObject({ status: 200, payer: 'first' });
  });

  it('B: Authorization beats the api_key query parameter', async () => {
    const r = await whoPaid(() =>
      call(server.baseUrl, B, { query: { ...VALID_FIELDS, api_key: second.apiKey }, headers: { Authorization: `Bearer ${first.apiKey}` } }),
    );
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });
});

describe('channels a variant does not accept count as absent', () => {
  it('B: an X-API-Key header alone is a 401 naming the accepted channels', async () => {
    const r = await whoPaid(() => call(server.baseUrl, B, { query: VALID_FIELDS, headers: { 'X-API-Key': first.apiKey } }));
    expect(r).toMatchObject({ status: 401, payer: 'nobody', body: { status: 'error', code: 'UNAUTHENTICATED' } });
    // the message names the header it ignored, not "required" alone.
    expect(r.body['message']).toBe(
      'API key required: send it in an Authorization: Bearer header or the api_key query parameter ' +
        '(an X-API-Key header was sent, but this path does not read it)',
    );
  });

  it('B: an api_key body member alone is a 401 that says the member is not read', async () => {
    const r = await whoPaid(() => call(server.baseUrl, B, { method: 'POST', json: { ...VALID_FIELDS, api_key: first.apiKey } }));
    expect(r).toMatchObject({ status: 401, payer: 'nobody' });
    expect(r.body['message']).toContain('the api_key member of a JSON body was sent, but this path does not read it');
  });

  it('an Authorization header that is not "Bearer <key>" is named in the 401', async () => {
    const r = await whoPaid(() => call(server.baseUrl, B, { query: VALID_FIELDS, headers: { Authorization: first.apiKey } }));
    expect(r).toMatchObject({ status: 401, payer: 'nobody' });
    expect(r.body['message']).toContain('the Authorization header was sent, but not as "Bearer <key>"');
  });

  it('B: an api_key body member next to a valid header is ignored, not validated', async () => {
    const r = await whoPaid(() =>
      call(server.baseUrl, B, {
        method: 'POST',
        json: { ...VALID_FIELDS, api_key: 12345 },
        headers: { Authorization: `Bearer ${first.apiKey}` },
      }),
    );
    expect(r).toMatchObject({ status: 200, payer: 'first' });
  });

  it('A: no key anywhere is a 401 naming all four channels', async () => {
    const r = await whoPaid(() => call(server.baseUrl, A, { query: VALID_FIELDS }));
    expect(r).toMatchObject({ status: 401, payer: 'nobody' });
    expect(r.body['message']).toContain(
      'the api_key query parameter, the api_key member of a JSON body, an Authorization: Bearer header or an X-API-Key header',
    );
  });

  it('A: an Authorization header that is not Bearer counts as absent', async () => {
    const r = await whoPaid(() => call(server.baseUrl, A, { query: VALID_FIELDS, headers: { Authorization: `Basic ${first.apiKey}` } }));
    expect(r).toMatchObject({ status: 401, payer: 'nobody' });
  });
});
