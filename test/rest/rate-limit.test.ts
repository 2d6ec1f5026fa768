/**
 * Rate limit per API key (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST): 429 RATE_LIMITED with
 * Retry-After on both protocols, never charged; other keys are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { createStandardAccount, creditState } from './support/server.ts';

const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

describe('rate limit per API key', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '2' } });
  });
  afterAll(() => app.close());

  const post = (apiKey: string) =>
    fetch(`${app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: BODY,
    });

  it('REST: the burst is served, the next call is 429 with Retry-After and charges nothing; another key is unaffected', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    expect((await post(account.apiKey)).status).toBe(200);
    expect((await post(account.apiKey)).status).toBe(200);
    const limited = await post(account.apiKey);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ status: 'error', message: expect.stringContaining('Too many requests'), code: 'RATE_LIMITED' });
    expect(await creditState(app.admin, account.accountId)).toEqual({ monthly: 980, auto: 0, ledger: 2 });
    const other = await createStandardAccount(app.admin, 1000);
    expect((await post(other.apiKey)).status).toBe(200);
  });

  it("a paid call's token is taken with its charge: a malformed call is answered 400 and spends none", async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const bad = await fetch(`${app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ year: 1990, month: 13, day: 15, location: 139.69 }),
    });
    expect(bad.status).toBe(400);
    expect((await post(account.apiKey)).status).toBe(200);
    expect((await post(account.apiKey)).status).toBe(200);
    expect((await post(account.apiKey)).status).toBe(429);
    expect(await creditState(app.admin, account.accountId)).toEqual({ monthly: 980, auto: 0, ledger: 2 });
  });

  it('GraphQL: the same limit, RATE_LIMITED with retryAfterSeconds and a Retry-After header', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const query = 'query { account { totalCredits } }';
    const ask = () =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    await ask();
    await ask();
    const limited = await ask();
    const reply = (await limited.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(reply.errors[0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(limited.headers.get('retry-after')).toBe('1');
  });
});
