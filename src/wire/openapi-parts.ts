/**
 * The pieces of OpenAPI operation objects that every paid path shares (security by variant, the
 * error responses by reference), so a paid operation's declaration can describe its own paths and
 * the document (http/rest/openapi.ts) assembles them.
 */
import type { Variant } from '../domain/chart/variants.ts';
import type { JsonSchema } from '../domain/chart/request-contract.ts';

export const json = (schema: JsonSchema, examples?: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema, ...(examples === undefined ? {} : { examples }) },
});
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });
export const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

export function errorResponse(description: string, code: string, message: string, headers: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...requestIdHeader, ...headers },
    content: json(schemaRef('ErrorBody'), { [code]: { summary: code, value: { status: 'error', message, code } } }),
  };
}

/** The 405 of a path served by POST only (a GET, a PUT …), with its `Allow`. */
export const postOnlyResponse = () =>
  errorResponse('Only POST', 'METHOD_NOT_ALLOWED', 'Method GET is not allowed: use POST', {
    Allow: { description: '`POST`', schema: { type: 'string', const: 'POST' } },
  });

/**
 * Refusals of Node's HTTP parser, before any route runs (src/http/server.ts): any request on any
 * path can get them, so every operation lists them.
 */
export const PARSER_REFUSALS = {
  '408': responseRef('RequestTimeout'),
  '431': responseRef('RequestHeadersTooLarge'),
};

/** Security alternatives in precedence order (docs/rest.md, Credentials). */
export const SECURITY: Record<Variant, readonly Record<string, []>[]> = {
  A: [{ apiKeyQuery: [] }, { bearer: [] }, { apiKeyHeader: [] }],
  B: [{ bearer: [] }, { apiKeyQuery: [] }],
};

export const CREDENTIAL_TEXT: Record<Variant, string> = {
  A: 'Key: `?api_key=`, the JSON body member `api_key` (POST), `Authorization: Bearer` or `X-API-Key`. The query parameter or body member takes precedence over the headers.',
  B: 'Key: `Authorization: Bearer` (preferred) or `?api_key=`; the header takes precedence. Keys on other channels count as missing.',
};

/** The responses every paid path can give besides its 200 and 405, in status order. */
export function paidResponses(success: unknown, methodNotAllowed: unknown, withBody: boolean) {
  return {
    '200': success,
    '400': responseRef('BadUserInput'),
    '401': responseRef('Unauthenticated'),
    '402': responseRef('InsufficientCredits'),
    '405': methodNotAllowed,
    '408': PARSER_REFUSALS['408'],
    '409': responseRef('IdempotencyConflict'),
    ...(withBody ? { '413': responseRef('PayloadTooLarge'), '415': responseRef('UnsupportedMediaType') } : {}),
    '429': responseRef('RateLimited'),
    '431': PARSER_REFUSALS['431'],
    '500': responseRef('Internal'),
    '503': responseRef('StoreUnavailable'),
  };
}
