import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError, errorBody, toHttpStatus } from '../../../src/application/errors.ts';
import { toDomainError } from '../../../src/application/refusals.ts';

describe('the error table (docs/rest.md, Responses)', () => {
  it('has exactly the fourteen codes with their HTTP statuses', () => {
    expect(Object.fromEntries(DOMAIN_ERROR_CODES.map((code) => [code, toHttpStatus(code)]))).toEqual({
      BAD_USER_INPUT: 400,
      UNAUTHENTICATED: 401,
      INSUFFICIENT_CREDITS: 402,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      REQUEST_TIMEOUT: 408,
      IDEMPOTENCY_CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      REQUEST_HEADERS_TOO_LARGE: 431,
      RATE_LIMITED: 429,
      STORE_UNAVAILABLE: 503,
      INTERNAL: 500,
    });
  });

  it('a DomainError carries its code and status, and its body has the spec shape plus the code', () => {
    const error = new DomainError('INSUFFICIENT_CREDITS', 'Insufficient credits');
    expect(error.httpStatus).toBe(402);
    expect(errorBody(error)).toEqual({ status: 'error', message: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' });
  });

  it('anything else becomes INTERNAL with its details masked', () => {
    const masked = toDomainError(new Error('secret connection string'), 'log-1');
    expect(masked.code).toBe('INTERNAL');
    expect(masked.message).not.toContain('secret');
    expect(masked.message).toContain('log-1');
  });

  it('a refusal captures no stack frames (a flood of refusals stays cheap); INTERNAL keeps its own, and other errors are untouched', () => {
    const frames = /\n\s+at /;
    expect(new DomainError('UNAUTHENTICATED', 'Invalid or revoked API key').stack).not.toMatch(frames);
    expect(new DomainError('BAD_USER_INPUT', 'bad').stack).not.toMatch(frames);
    expect(new DomainError('INTERNAL', 'a bug').stack).toMatch(frames);
    expect(new Error('after').stack).toMatch(frames);
  });
});
