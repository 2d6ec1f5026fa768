/**
 * Every row of the error table (docs/rest.md, Responses) reached through REST: status, the one error body, and no credits moved.
 * Failures the store cannot be made to produce for real (INTERNAL, RATE_LIMITED) are injected by a
 * store wrapper; the store outage row runs against a real Redis in store-outage.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/application/errors.ts';
import type { ChargeCommand, ChargeOutcome } from '../../src/application/ports/credit-store.ts';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { call, CALCULATE_PATH, VALID_FIELDS, type CallResult } from './support/client.ts';
import { openApiProblems } from './support/openapi-validator.ts';
import { rawRequest } from './support/raw-http.ts';
import { createStandardAccount, creditState, startRestServer, type RestTestServer, type TestAccount } from './support/server.ts';

/** The embedded store, with a failure to inject into the next charges (mocks only inject failures). */
class FailureInjectingStore extends MemoryCreditStore {
  chargeFailure: Error | null = null;
  override async charge(command: ChargeCommand): Promise<ChargeOutcome> {
    if (this.chargeFailure !== null) throw this.chargeFailure;
    return super.charge(command);
  }
}

let store: FailureInjectingStore;
let server: RestTestServer;
let account: TestAccount;
let poor: TestAccount;
let before: Awaited<ReturnType<typeof creditState>>;

beforeAll(async () => {
  store = new FailureInjectingStore();
  server = await startRestServer(store);
  account = await createStandardAccount(server.admin, 10_000);
  poor = await createStandardAccount(server.admin, 5);
});
afterAll(() => server.close());
beforeEach(async () => {
  store.chargeFailure = null;
  before = await creditState(server.admin, account.accountId);
});

const auth = () => ({ Authorization: `Bearer ${account.apiKey}` });

async function expectError(response: CallResult | Promise<CallResult>, status: number, code: string): Promise<CallResult> {
  const r = await response;
  expect(r.status).toBe(status);
  expect(Object.keys(r.body).sort()).toEqual(['code', 'message', 'status']);
  expect(r.body).toMatchObject({ status: 'error', code });
  expect(typeof r.body['message']).toBe('string');
  expect(await creditState(server.admin, account.accountId), 'no credits moved').toEqual(before);
  return r;
}

describe('400 BAD_USER_INPUT', () => {
  it('an invalid field (month=13), by GET', () =>
    expectError(call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, month: 13 }, headers: auth() }), 400, 'BAD_USER_INPUT'));

  it('an invalid field (month=13), by POST', () =>
    expectError(
      call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', json: { ...VALID_FIELDS, month: 13 }, headers: auth() }),
      400,
      'BAD_USER_INPUT',
    ));

  it('malformed JSON', async () => {
    const r = await expectError(
      call(server.baseUrl, CALCULATE_PATH.B, {
        method: 'POST',
        rawBody: '{"year": 1990,',
        headers: { ...auth(), 'Content-Type': 'application/json' },
      }),
      400,
      'BAD_USER_INPUT',
    );
    expect(r.body['message']).toContain('Malformed JSON');
  });

  it('an empty JSON body', () =>
    expectError(
      call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', rawBody: '', headers: { ...auth(), 'Content-Type': 'application/json' } }),
      400,
      'BAD_USER_INPUT',
    ));

  it('a body that is not UTF-8', () =>
    expectError(
      fetch(`${server.baseUrl}${CALCULATE_PATH.B}`, {
        method: 'POST',
        body: Buffer.from([0x7b, 0xff, 0x7d]),
        headers: { ...auth(), 'Content-Type': 'application/json' },
      }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown>, text: '' })),
      400,
      'BAD_USER_INPUT',
    ));

  it('a non-numeric number in the query string (year=19x0)', async () => {
    const r = await expectError(
      call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, year: '19x0' }, headers: auth() }),
      400,
      'BAD_USER_INPUT',
    );
    expect(r.body['message']).toContain('year');
  });

  it('an Idempotency-Key that is not printable ASCII', () =>
    expectError(
      call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS, headers: { ...auth(), 'Idempotency-Key': 'has space' } }),
      400,
      'BAD_USER_INPUT',
    ));
});

describe('401 UNAUTHENTICATED', () => {
  it('a revoked key', async () => {
    const extra = await server.admin.issueKey(account.accountId);
    expect(await server.admin.revokeKey(extra!.apiKey)).toBe(true);
    await expectError(
      call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, api_key: extra!.apiKey } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('comes before validation: an invalid field without a key is a 401', () =>
    expectError(call(server.baseUrl, CALCULATE_PATH.B, { query: { ...VALID_FIELDS, month: 13 } }), 401, 'UNAUTHENTICATED'));
});

describe('402 INSUFFICIENT_CREDITS', () => {
  it('a balance below the cost refuses the call and takes nothing', async () => {
    const poorBefore = await creditState(server.admin, poor.accountId);
    const r = await expectError(
      call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, api_key: poor.apiKey } }),
      402,
      'INSUFFICIENT_CREDITS',
    );
    expect(r.body['message']).toContain('costs 10');
    expect(await creditState(server.admin, poor.accountId)).toEqual(poorBefore);
  });
});

describe('404 NOT_FOUND', () => {
  it.each(['/v2/calculate', '/v1/calculate/', '/api/v1/calculate/extra', '/index.html', '/graphql-not'])('%s', async (path) => {
    await expectError(call(server.baseUrl, path, { query: VALID_FIELDS, headers: auth() }), 404, 'NOT_FOUND');
  });
});

describe('405 METHOD_NOT_ALLOWED', () => {
  it.each(['PUT', 'PATCH', 'OPTIONS'])('%s on both calculate paths, with Allow: GET, POST', async (method) => {
    for (const path of [CALCULATE_PATH.A, CALCULATE_PATH.B]) {
      const r = await expectError(call(server.baseUrl, path, { method, headers: auth() }), 405, 'METHOD_NOT_ALLOWED');
      expect(r.headers.get('allow')).toBe('GET, POST');
    }
  });

  it('HEAD is refused too (a GET here spends credits) and charges nothing', async () => {
    const response = await fetch(
      `${server.baseUrl}${CALCULATE_PATH.B}?${new URLSearchParams(Object.entries(VALID_FIELDS).map(([k, v]) => [k, String(v)]))}`,
      {
        method: 'HEAD',
        headers: auth(),
      },
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(await creditState(server.admin, account.accountId)).toEqual(before);
  });

  it('POST on /health answers 405 with Allow: GET, HEAD', async () => {
    const r = await call(server.baseUrl, '/health', { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('409 IDEMPOTENCY_CONFLICT', () => {
  it('the same Idempotency-Key with a different request', async () => {
    const headers = { ...auth(), 'Idempotency-Key': `conflict-${Date.now()}` };
    expect((await call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS, headers })).status).toBe(200);
    before = await creditState(server.admin, account.accountId);
    await expectError(
      call(server.baseUrl, CALCULATE_PATH.B, { query: { ...VALID_FIELDS, day: 16 }, headers }),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
  });
});

describe('413 PAYLOAD_TOO_LARGE', () => {
  const big = JSON.stringify({ ...VALID_FIELDS, padding: 'x'.repeat(17 * 1024) });

  it('a body over 16 KiB', () =>
    expectError(
      call(server.baseUrl, CALCULATE_PATH.B, { method: 'POST', rawBody: big, headers: { ...auth(), 'Content-Type': 'application/json' } }),
      413,
      'PAYLOAD_TOO_LARGE',
    ));

  it('a body of exactly 16 KiB is read', async () => {
    // Padded with JSON whitespace: an unknown member would be refused.
    const body = JSON.stringify(VALID_FIELDS);
    const exact = `${body.slice(0, -1)}${' '.repeat(16 * 1024 - body.length)}}`;
    expect(Buffer.byteLength(exact)).toBe(16 * 1024);
    const r = await call(server.baseUrl, CALCULATE_PATH.B, {
      method: 'POST',
      rawBody: exact,
      headers: { ...auth(), 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(200);
  });

  it('a declared Content-Length over 16 KiB is refused before the body is sent', async () => {
    const head = [
      `POST ${CALCULATE_PATH.B} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Content-Length: 1000000',
      `Authorization: Bearer ${account.apiKey}`,
    ].join('\r\n');
    const r = await rawRequest(server.port, head, ['{"year":']);
    expect(r.status).toBe(413);
    expect(r.headers['connection']).toBe('close');
    expect(JSON.parse(r.body)).toMatchObject({ status: 'error', code: 'PAYLOAD_TOO_LARGE' });
    expect(await creditState(server.admin, account.accountId)).toEqual(before);
  });

  it('a chunked body is counted while streaming and refused once past 16 KiB, without waiting for its end', async () => {
    const head = [
      `POST ${CALCULATE_PATH.A} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      `X-API-Key: ${account.apiKey}`,
    ].join('\r\n');
    const chunk = 'x'.repeat(8 * 1024);
    const framed = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    const r = await rawRequest(server.port, head, [framed, framed, framed]);
    expect(r.status).toBe(413);
    const body = JSON.parse(r.body) as unknown;
    expect(openApiProblems({ path: CALCULATE_PATH.A, method: 'POST', status: 413, headers: new Headers({ ...r.headers }), body })).toEqual(
      [],
    );
    expect(await creditState(server.admin, account.accountId)).toEqual(before);
  });
});

describe('415 UNSUPPORTED_MEDIA_TYPE', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=iso-8859-1', 'application/jsonp'])(
    'Content-Type: %s',
    async (contentType) => {
      const body = JSON.stringify(VALID_FIELDS);
      await expectError(
        call(server.baseUrl, CALCULATE_PATH.A, { method: 'POST', rawBody: body, headers: { ...auth(), 'Content-Type': contentType } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    },
  );

  it('no Content-Type at all', async () => {
    const response = await fetch(`${server.baseUrl}${CALCULATE_PATH.B}`, {
      method: 'POST',
      body: new Uint8Array(Buffer.from(JSON.stringify(VALID_FIELDS))),
      headers: auth(),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', 'application/json; foo=bar'])(
    'Content-Type: %s is JSON',
    async (contentType) => {
      const r = await call(server.baseUrl, CALCULATE_PATH.A, {
        method: 'POST',
        rawBody: JSON.stringify(VALID_FIELDS),
        headers: { ...auth(), 'Content-Type': contentType },
      });
      expect(r.status).toBe(200);
    },
  );
});

describe('429 RATE_LIMITED (no limit is configurable yet: injected)', () => {
  it('answers 429 with Retry-After', async () => {
    store.chargeFailure = new DomainError('RATE_LIMITED', 'Too many requests: retry in 3 s', { retryAfterSeconds: 3 });
    const r = await expectError(call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS, headers: auth() }), 429, 'RATE_LIMITED');
    expect(r.headers.get('retry-after')).toBe('3');
  });
});

describe('500 INTERNAL', () => {
  it('an unexpected failure is masked, names the log id, and is logged with it (without the key)', async () => {
    store.chargeFailure = new Error('disk on fire at /secret/path');
    const r = await expectError(
      call(server.baseUrl, CALCULATE_PATH.A, { query: { ...VALID_FIELDS, api_key: account.apiKey } }),
      500,
      'INTERNAL',
    );
    const logId = r.headers.get('x-request-id')!;
    expect(r.body['message']).toBe(`Internal error (log_id ${logId})`);
    expect(r.text).not.toContain('disk on fire');
    const logged = server.logLines.filter((line) => line.includes(logId));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('disk on fire');
    expect(logged[0]).not.toContain(account.apiKey);
  });
});

describe('503 STORE_UNAVAILABLE (thrown by the store)', () => {
  it('answers 503 and logs a warning with the log id', async () => {
    store.chargeFailure = new DomainError('STORE_UNAVAILABLE', 'Credit store unavailable');
    const r = await expectError(call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS, headers: auth() }), 503, 'STORE_UNAVAILABLE');
    const lines = server.logLines.filter((line) => line.includes(r.headers.get('x-request-id')!));
    // One line for the failed request, at warn level, without a stack trace (an expected error).
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"warn"');
    expect(lines[0]).not.toMatch(/\\n\s+at /);
  });
});

describe('the access log names every error answer', () => {
  it('a 400, 401, 405 and 409 line each carries the error code and message, at info level', async () => {
    const answers = [
      await call(server.baseUrl, CALCULATE_PATH.B, { query: { ...VALID_FIELDS, year: 1800 }, headers: auth() }),
      await call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS }),
      await call(server.baseUrl, CALCULATE_PATH.B, { method: 'PUT', headers: auth() }),
    ];
    const key = { 'Idempotency-Key': `log-${Date.now()}` };
    await call(server.baseUrl, CALCULATE_PATH.B, { query: VALID_FIELDS, headers: { ...auth(), ...key } });
    answers.push(await call(server.baseUrl, CALCULATE_PATH.B, { query: { ...VALID_FIELDS, day: 16 }, headers: { ...auth(), ...key } }));
    expect(answers.map((answer) => answer.status)).toEqual([400, 401, 405, 409]);
    for (const answer of answers) {
      const code = (answer.body as { code: string }).code;
      const logId = answer.headers.get('x-request-id')!;
      await expect.poll(() => server.logLines.some((line) => line.includes(logId))).toBe(true);
      const line = JSON.parse(server.logLines.find((candidate) => candidate.includes(logId))!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 'info', status: answer.status, error: expect.stringMatching(new RegExp(`^${code}: `)) });
    }
  });
});

describe('keys never appear in logs', () => {
  it('no log line written by these tests contains an API key', () => {
    expect(server.logLines.length).toBeGreaterThan(0);
    for (const line of server.logLines) {
      expect(line).not.toContain(account.apiKey);
      expect(line).not.toContain(poor.apiKey);
    }
  });
});
