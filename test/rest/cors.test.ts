/**
 * One CORS policy for REST and GraphQL: listed origins only, never credentials, preflights answered
 * for both; with no origins configured no CORS header at all (GraphQL no longer reflects any Origin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningApp } from '../support/app-server.ts';

const APP = 'https://app.example';
const EVIL = 'https://evil.example';

describe('CORS with CORS_ORIGINS set', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { CORS_ORIGINS: `${APP}, http://localhost:5173` } });
  });
  afterAll(() => app.close());

  for (const path of ['/api/v1/calculate', '/v1/calculate', '/graphql']) {
    it(`${path}: a listed origin may read the answer and X-Request-Id; no credentials`, async () => {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { origin: APP, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
      expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('vary')).toContain('Origin');
    });

    it(`${path}: another origin gets no CORS header`, async () => {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { origin: EVIL, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });

    it(`${path}: a preflight from a listed origin is answered 204 with the methods and headers a client needs`, async () => {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*Idempotency-Key/);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it(`${path}: a preflight from another origin is answered without permission`, async () => {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: EVIL, 'access-control-request-method': 'POST' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
    });
  }
});

describe('CORS by default (no CORS_ORIGINS)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  it('no origin is reflected, on either protocol', async () => {
    for (const path of ['/api/v1/calculate', '/graphql']) {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { origin: APP, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('a bad CORS_ORIGINS stops the start with the reason', async () => {
    await expect(startAppServer({ env: { CORS_ORIGINS: 'app.example/path' } })).rejects.toThrow(
      /CORS_ORIGINS: "app.example\/path" is not an origin/,
    );
  });
});
