/**
 * What Node's HTTP layer refuses before any route runs still answers like every other error: the
 * JSON error body and an X-Request-Id. And the server carries the configured timeouts and cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { compose } from '../../src/composition.ts';
import { createHttpServer } from '../../src/http/server.ts';
import { rawRequest } from './support/raw-http.ts';
import { startRestServer, type RestTestServer } from './support/server.ts';

describe('HTTP parser errors answer the JSON error body', () => {
  let server: RestTestServer;
  beforeAll(async () => {
    server = await startRestServer();
  });
  afterAll(() => server.close());

  it('oversized headers: 431 REQUEST_HEADERS_TOO_LARGE with X-Request-Id', async () => {
    const r = await rawRequest(server.port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n`, ['\r\n']);
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(r.body)).toEqual({ status: 'error', message: expect.any(String), code: 'REQUEST_HEADERS_TOO_LARGE' });
  });

  it('a Content-Length that is not a number: 400 BAD_USER_INPUT with X-Request-Id', async () => {
    const r = await rawRequest(server.port, 'POST /api/v1/calculate HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n', ['\r\n']);
    expect(r.status).toBe(400);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(r.body)).toMatchObject({ status: 'error', code: 'BAD_USER_INPUT' });
  });
});

describe('the HTTP server carries the configured limits', () => {
  it('request and header timeouts and the connection cap come from the environment', async () => {
    const env = { HTTP_REQUEST_TIMEOUT_MS: '7000', HTTP_HEADERS_TIMEOUT_MS: '3000', HTTP_MAX_CONNECTIONS: '12' };
    const { app, config, close } = await compose({ env });
    const server = createHttpServer(app, config.http);
    // The connection cap is the server's own count (test/rest/connection-pressure.test.ts), not Node's,
    // which dropped every connection over it whoever it came from.
    expect(config.http.maxConnections).toBe(12);
    expect({ request: server.requestTimeout, headers: server.headersTimeout, max: server.maxConnections }).toEqual({
      request: 7000,
      headers: 3000,
      max: undefined,
    });
    await close();
  });

  it('defaults: 10 s per request, 5 s for headers, 1,000 connections (64 per address), 10 s of shutdown grace, 15 s to take an answer, 65 s idle', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 10_000,
      headersTimeoutMs: 5_000,
      maxConnections: 1_000,
      shutdownGraceMs: 10_000,
      writeTimeoutMs: 15_000,
      idleTimeoutMs: 65_000,
      maxConnectionsPerAddress: 64,
    });
  });
});
