/** Operational routes, response headers and Idempotency-Key through REST. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CALCULATE_PATH, VALID_FIELDS } from './support/client.ts';
import { createStandardAccount, creditState, startRestServer, type RestTestServer, type TestAccount } from './support/server.ts';

let server: RestTestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startRestServer();
  account = await createStandardAccount(server.admin, 10_000);
});
afterAll(() => server.close());

describe('operational routes', () => {
  it('GET /health is 200 {"status":"ok"}', async () => {
    const r = await call(server.baseUrl, '/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });

  it('GET /ready is 200 while the store answers, with the state of each background duty', async () => {
    const r = await call(server.baseUrl, '/ready');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ok',
      store: 'reachable',
      // A store made by the test: the gateway's heartbeat is its only duty (no sweep, no archiver).
      duties: {
        gateway_heartbeat: {
          state: 'ok',
          last_success_at: expect.any(String),
          lag_seconds: expect.any(Number),
          failures: 0,
          failures_in_a_row: 0,
          failing_since: null,
          last_error_kind: null,
        },
      },
    });
  });

  it('HEAD /health is 200 without a body', async () => {
    const r = await fetch(`${server.baseUrl}/health`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  it('an unknown path is a JSON 404 naming the path but not the query string', async () => {
    const r = await call(server.baseUrl, '/nope', { query: { api_key: 'fp_secret' } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: 'error', message: 'No route for GET /nope', code: 'NOT_FOUND' });
  });
});

describe('response headers', () => {
  it('calculate responses carry Cache-Control: no-store and X-Request-Id equal to log_id', async () => {
    const r = await call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, api_key: account.apiKey } });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body['log_id']).toBe(r.headers.get('x-request-id'));
    expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
  });

  it('error responses carry Cache-Control: no-store too', async () => {
    const r = await call(server.baseUrl, CALCULATE_PATH.A, { query: VALID_FIELDS });
    expect(r.status).toBe(401);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('keep-alive connections survive error responses with small bodies', async () => {
    const headers = { 'Content-Type': 'text/plain', Authorization: `Bearer ${account.apiKey}` };
    const first = await call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', rawBody: 'hello', headers });
    expect(first.status).toBe(415);
    expect(first.headers.get('connection')).not.toBe('close');
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and request returns the first response and charges once', async () => {
    const headers = { Authorization: `Bearer ${account.apiKey}`, 'Idempotency-Key': `retry-${Date.now()}` };
    const before = await creditState(server.admin, account.accountId);
    const first = await call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', json: VALID_FIELDS, headers });
    const retry = await call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', json: VALID_FIELDS, headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.body['log_id']).toBe(first.headers.get('x-request-id'));
    // X-Request-Id = log_id on every response, so a replay answers with the first call's id.
    expect(retry.headers.get('x-request-id')).toBe(retry.body['log_id']);
    const after = await creditState(server.admin, account.accountId);
    expect(after.ledger).toBe(before.ledger + 1);
    expect(after.monthly).toBe(before.monthly - 10);
  });

  it('GET and POST of the same fields are the same request for idempotency', async () => {
    const headers = { Authorization: `Bearer ${account.apiKey}`, 'Idempotency-Key': `cross-${Date.now()}` };
    const byGet = await call(server.baseUrl, CALCULATE_PATH.A, { query: VALID_FIELDS, headers });
    const byPost = await call(server.baseUrl, CALCULATE_PATH.A, { method: 'POST', json: VALID_FIELDS, headers });
    expect(byPost.body['transaction_id']).toBe(byGet.body['transaction_id']);
  });
});

describe('enterprise plan', () => {
  it('consumes 0 credits and reports transaction_id null', async () => {
    const enterprise = await server.admin.createAccount({
      plan: 'enterprise',
      monthlyAllowance: 0,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    const r = await call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, api_key: enterprise.apiKey } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_consumed: 0, transaction_id: null, credits_used_from: { monthly: 0, auto: 0 } });
  });
});
