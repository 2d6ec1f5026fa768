/**
 * Operations: one JSON access-log line per request (never the key), `/metrics` in Prometheus
 * format, and a landing page at `/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin } from '../support/time-budget.ts';
import { createStandardAccount, startRestServer, type RestTestServer, type TestAccount } from './support/server.ts';

const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

describe('access log, metrics, landing page', () => {
  let server: RestTestServer;
  let account: TestAccount;
  beforeAll(async () => {
    server = await startRestServer();
    account = await createStandardAccount(server.admin, 1000);
  });
  afterAll(() => server.close());

  const linesOf = (logId: string) =>
    server.logLines.filter((line) => line.includes(logId)).map((line) => JSON.parse(line) as Record<string, unknown>);

  it('one access line per request, 2xx and 4xx alike, with route, status, duration, log id and account; never the key', async () => {
    const ok = await fetch(`${server.baseUrl}/api/v1/calculate?api_key=${account.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
    });
    const bad = await fetch(`${server.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const graphql = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query Balance { account { totalCredits } }' }),
    });
    // Each access line is written when its response closes: wait for all three.
    for (const response of [ok, bad, graphql])
      await expect.poll(() => linesOf(response.headers.get('x-request-id')!).length, pollWithin(1000)).toBeGreaterThan(0);
    const [okLine] = linesOf(ok.headers.get('x-request-id')!);
    expect(linesOf(ok.headers.get('x-request-id')!)).toHaveLength(1);
    expect(okLine).toMatchObject({
      level: 'info',
      message: 'request',
      method: 'POST',
      path: '/api/v1/calculate',
      status: 200,
      accountId: account.accountId,
    });
    expect(okLine!['durationMs']).toEqual(expect.any(Number));
    expect(linesOf(bad.headers.get('x-request-id')!)).toEqual([expect.objectContaining({ status: 400, path: '/api/v1/calculate' })]);
    expect(linesOf(graphql.headers.get('x-request-id')!)).toEqual([
      expect.objectContaining({ status: 200, path: '/graphql', operation: 'Balance' }),
    ]);
    expect(server.logLines.join('\n')).not.toContain(account.apiKey);
  });

  it('/metrics answers in Prometheus format: requests by route and status, charges, store calls, event-loop delay', async () => {
    await fetch(`${server.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: BODY,
    });
    await fetch(`${server.baseUrl}/no/such/path/${'x'.repeat(10)}`);
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/fp_http_requests_total\{route="\/api\/v1\/calculate",status="200"\} \d+/);
    expect(text).toMatch(/fp_http_requests_total\{route="other",status="404"\} \d+/);
    expect(text).toMatch(/fp_charges_total\{outcome="charged"\} \d+/);
    expect(text).toMatch(/fp_store_call_duration_seconds_count\{operation="charge"\} \d+/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('/ is a landing page linking GraphQL, the OpenAPI document and the health endpoints', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    for (const link of ['/graphql', '/openapi.json', '/health', '/metrics']) expect(html).toContain(`href="${link}"`);
  });

  it('every docs link on the landing page answers, with the right type; other /docs paths are 404', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const links = [...html.matchAll(/href="(\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links).toEqual(expect.arrayContaining(['/docs/fields.md', '/docs/samples/variant-a.json', '/docs/samples/variant-b.json']));
    for (const link of links) {
      const response = await fetch(`${server.baseUrl}${link}`);
      expect(response.status, link).toBe(200);
      const body = await response.text();
      if (link.endsWith('.json')) {
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(JSON.parse(body)).toMatchObject({ status: 'success' });
      } else {
        expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
        expect(body).toMatch(/^# /);
      }
    }
    for (const path of ['/docs/', '/docs/../package.json', '/docs/%2e%2e/package.json', '/docs/samples/', '/docs/nope.md']) {
      expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${server.baseUrl}/docs/rest.md`, { method: 'POST' })).status).toBe(405);
  });
});
