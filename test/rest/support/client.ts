/**
 * One HTTP call to the test server, over the real socket, with every response checked against
 * /openapi.json (status declared, body schema, declared headers). Also pins what every REST
 * response carries: `X-Request-Id`.
 */
import { expect } from 'vitest';
import { openApiProblems } from './openapi-validator.ts';

export interface CallOptions {
  readonly method?: string;
  /** Appended as `?…` (URLSearchParams or a literal string for malformed cases). */
  readonly query?: Record<string, string | number> | string;
  /** Serialized as JSON with `Content-Type: application/json` unless `rawBody` is given. */
  readonly json?: unknown;
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body (every REST response is JSON). */
  readonly body: Record<string, unknown>;
  readonly text: string;
}

export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const method = options.method ?? 'GET';
  const search =
    options.query === undefined
      ? ''
      : typeof options.query === 'string'
        ? options.query
        : new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = {
    ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...options.headers,
  };
  const body = options.rawBody ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
  const response = await fetch(`${baseUrl}${path}${search === '' ? '' : `?${search}`}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const parsed = method === 'HEAD' ? {} : (JSON.parse(text) as Record<string, unknown>);
  expect(response.headers.get('x-request-id'), 'X-Request-Id on every response').toMatch(/^[0-9a-f-]{36}$/);
  if (method !== 'HEAD') {
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(
      openApiProblems({ path, method, status: response.status, headers: response.headers, body: parsed }),
      `${method} ${path} → ${response.status} matches /openapi.json`,
    ).toEqual([]);
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** The request fields of a valid request: 1990-05-15 10:30 at 139.69°E. */
export const VALID_FIELDS = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 } as const;

export const CALCULATE_PATH = { A: '/v1/calculate', B: '/api/v1/calculate' } as const;
