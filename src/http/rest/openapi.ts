/**
 * The OpenAPI 3.1 document of the REST shims, served at `/openapi.json`. The request parts (query
 * parameters, bodies) are derived from the request contract; the rest is written beside the code
 * it describes. test/rest checks it against the OpenAPI 3.1 schema and every response the tests
 * receive against it.
 */
import { describeField, type JsonSchema, type RequestField } from '../../domain/chart/request-contract.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import type { Variant } from '../../domain/chart/variants.ts';
import { MAX_BODY_BYTES } from '../../wire/body.ts';
import { EXAMPLE_REQUEST, EXAMPLE_SUCCESS_A, EXAMPLE_SUCCESS_B } from './openapi-examples.ts';
import { componentSchemas, fieldSchema, INCLUDE_PATTERN, OPT_IN_MEMBERS } from '../../wire/json-schemas.ts';

const json = (schema: JsonSchema, examples?: Record<string, { summary: string; value: unknown }>) => ({
  'application/json': { schema, ...(examples === undefined ? {} : { examples }) },
});
const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

function errorResponse(description: string, code: string, message: string, headers: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...requestIdHeader, ...headers },
    content: json(schemaRef('ErrorBody'), { [code]: { summary: code, value: { status: 'error', message, code } } }),
  };
}

/**
 * Refusals of Node's HTTP parser, before any route runs (src/http/server.ts): any request on any
 * path can get them, so every operation lists them.
 */
const PARSER_REFUSALS = {
  '408': responseRef('RequestTimeout'),
  '431': responseRef('RequestHeadersTooLarge'),
};

/** Security alternatives in precedence order (docs/rest.md, Credentials). */
const SECURITY: Record<Variant, readonly Record<string, []>[]> = {
  A: [{ apiKeyQuery: [] }, { bearer: [] }, { apiKeyHeader: [] }],
  B: [{ bearer: [] }, { apiKeyQuery: [] }],
};

const CREDENTIAL_TEXT: Record<Variant, string> = {
  A: 'Key: `?api_key=`, the JSON body member `api_key` (POST), `Authorization: Bearer` or `X-API-Key`. The query parameter or body member takes precedence over the headers.',
  B: 'Key: `Authorization: Bearer` (preferred) or `?api_key=`; the header takes precedence. Keys on other channels count as missing.',
};

function operation(queryFields: readonly RequestField[], variant: Variant, method: 'get' | 'post') {
  const success = variant === 'A' ? 'SuccessA' : 'SuccessB';
  const common = {
    tags: [variant === 'A' ? 'Variant A' : 'Variant B'],
    operationId: `calculate${variant}${method === 'get' ? 'Get' : 'Post'}`,
    summary: `Four pillars chart, Variant ${variant} (${method.toUpperCase()})`,
    description: `${method === 'get' ? 'Request fields as query parameters.' : 'Request fields as a JSON object (at most 16 KiB).'} Costs 10 credits (enterprise: none). ${CREDENTIAL_TEXT[variant]}`,
    // POST may carry the Variant A key in the body, which no security scheme can express.
    security: variant === 'A' && method === 'post' ? [...SECURITY.A, {}] : SECURITY[variant],
    responses: {
      '200': responseRef(success),
      '400': responseRef('BadUserInput'),
      '401': responseRef('Unauthenticated'),
      '402': responseRef('InsufficientCredits'),
      '405': responseRef('MethodNotAllowed'),
      '408': PARSER_REFUSALS['408'],
      '409': responseRef('IdempotencyConflict'),
      ...(method === 'post' ? { '413': responseRef('PayloadTooLarge'), '415': responseRef('UnsupportedMediaType') } : {}),
      '429': responseRef('RateLimited'),
      '431': PARSER_REFUSALS['431'],
      '500': responseRef('Internal'),
      '503': responseRef('StoreUnavailable'),
    },
  };
  const idempotency = { $ref: '#/components/parameters/IdempotencyKey' };
  const options = Object.keys(OPT_IN_PARAMETERS).map((name) => ({ $ref: `#/components/parameters/${name}` }));
  if (method === 'get') {
    return { ...common, parameters: [...queryFields.map((f) => ({ $ref: `#/components/parameters/${f.name}` })), ...options, idempotency] };
  }
  return {
    ...common,
    parameters: [...options, idempotency],
    requestBody: {
      required: true,
      content: json(schemaRef(variant === 'A' ? 'CalculateRequestA' : 'CalculateRequestB'), {
        chart: { summary: '1990-05-15 10:30 at 139.69°E', value: EXAMPLE_REQUEST },
      }),
    },
  };
}

/** The opt-in sections' options (wire/chart-sections.ts), as query parameters; POST also takes them as body members. */
const OPT_IN_PARAMETERS = Object.fromEntries(
  Object.entries(OPT_IN_MEMBERS).map(([name, { description, ...schema }]) => [
    name,
    {
      name,
      in: 'query',
      required: false,
      description,
      schema: name === 'include' ? { type: 'string', pattern: INCLUDE_PATTERN } : schema,
    },
  ]),
);

/** `POST /api/v1/compatibility`: Variant B's key channels and error table. */
const compatibilityOperation = {
  tags: ['Compatibility'],
  operationId: 'compatibilityPost',
  summary: '相性: compare two births',
  description: `Two births as \`{ "a": {…}, "b": {…} }\` (at most 16 KiB), compared by the rule in docs/scores.md. Costs 20 credits by default (\`COMPATIBILITY_COST\`; enterprise: none), charged once and never on an error. ${CREDENTIAL_TEXT.B}`,
  security: SECURITY.B,
  parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
  requestBody: {
    required: true,
    content: json(schemaRef('CompatibilityRequest'), {
      pair: {
        summary: '1973-12-19 (a man) and 1973-10-13 (a woman), dates only: the spouse stars (score 67)',
        value: {
          a: { year: 1973, month: 12, day: 19, location: 139.69, gender: 'male' },
          b: { year: 1973, month: 10, day: 13, location: 139.69, gender: 'female' },
        },
      },
    }),
  },
  responses: {
    '200': { description: 'The compatibility', headers: requestIdHeader, content: json(schemaRef('SuccessCompatibility')) },
    '400': responseRef('BadUserInput'),
    '401': responseRef('Unauthenticated'),
    '402': responseRef('InsufficientCredits'),
    '405': errorResponse('Only POST', 'METHOD_NOT_ALLOWED', 'Method GET is not allowed: use POST', {
      Allow: { description: '`POST`', schema: { type: 'string', const: 'POST' } },
    }),
    '408': PARSER_REFUSALS['408'],
    '409': responseRef('IdempotencyConflict'),
    '413': responseRef('PayloadTooLarge'),
    '415': responseRef('UnsupportedMediaType'),
    '429': responseRef('RateLimited'),
    '431': PARSER_REFUSALS['431'],
    '500': responseRef('Internal'),
    '503': responseRef('StoreUnavailable'),
  },
};

/** `GET /v1/chart.svg`: the 命式表 as an image; the chart's query parameters and Variant A's key channels. */
const chartSvgOperation = (queryFields: readonly RequestField[]) => ({
  tags: ['Variant A'],
  operationId: 'chartSvg',
  summary: '命式表 as SVG',
  description: `The chart as the traditional Japanese table (columns 時柱 日柱 月柱 年柱; rows 天干, 地支, 蔵干, 通変星, 蔵干通変星, 十二運, 納音, 特殊星), with the true solar time, the 節 that bound the chart and the five elements as bars: a standalone SVG for \`<img src>\`. Costs like a chart (10 credits; enterprise: none); the credits are reported in headers. ${CREDENTIAL_TEXT.A}`,
  security: SECURITY.A,
  parameters: [
    ...queryFields.map((f) => ({ $ref: `#/components/parameters/${f.name}` })),
    { $ref: '#/components/parameters/IdempotencyKey' },
  ],
  responses: {
    '200': {
      description: 'The 命式表',
      headers: {
        ...requestIdHeader,
        'X-Credits-Consumed': { description: 'Credits charged for this call', schema: { type: 'string' } },
        'X-Credits-Remaining': { description: 'Credits left (monthly + auto)', schema: { type: 'string' } },
      },
      content: { 'image/svg+xml': { schema: { type: 'string' } } },
    },
    '400': responseRef('BadUserInput'),
    '401': responseRef('Unauthenticated'),
    '402': responseRef('InsufficientCredits'),
    '405': errorResponse(
      'Only GET (HEAD included: a GET here spends credits)',
      'METHOD_NOT_ALLOWED',
      'Method HEAD is not allowed: use GET',
      {
        Allow: { description: '`GET`', schema: { type: 'string', const: 'GET' } },
      },
    ),
    '408': PARSER_REFUSALS['408'],
    '409': responseRef('IdempotencyConflict'),
    '429': responseRef('RateLimited'),
    '431': PARSER_REFUSALS['431'],
    '500': responseRef('Internal'),
    '503': responseRef('StoreUnavailable'),
  },
});

const readOnly = (operationId: string, summary: string, responses: Record<string, unknown>) => ({
  get: { tags: ['Operations'], operationId, summary, security: [], responses: { ...responses, ...PARSER_REFUSALS } },
});

/** The document for a request contract (a test builds it from a changed contract to show the derivation). */
export function buildOpenApiDocument(contract: readonly RequestField[]) {
  // The query key `api_key` is a security scheme, not a parameter.
  const queryFields = contract.filter((field) => !field.credential);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Four Pillars chart API (REST)',
      version: '1.0.0',
      description:
        'REST paths of the Four Pillars service: Variant A at `/v1/calculate`, Variant B at `/api/v1/calculate`, 相性 at `/api/v1/compatibility`. ' +
        'Errors share one body `{"status":"error","message":…,"code":…}`; every response carries `X-Request-Id` (= `log_id`).',
      // SPDX has no identifier for a proprietary license; `LicenseRef-` is its form for one it does not list.
      license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [
      {
        name: 'Variant A',
        description: 'The chart as `/v1/calculate` answers it; the envelope also carries the balances and the autocharge details.',
      },
      { name: 'Variant B', description: 'The chart as `/api/v1/calculate` answers it, with 納音, 神殺 and an extended summary.' },
      { name: 'Compatibility', description: '相性 of two births, with Variant B’s envelope, key channels and errors.' },
      { name: 'Operations', description: 'Liveness, readiness and this document; free and without a key.' },
    ],
    paths: {
      '/v1/calculate': { get: operation(queryFields, 'A', 'get'), post: operation(queryFields, 'A', 'post') },
      '/api/v1/calculate': { get: operation(queryFields, 'B', 'get'), post: operation(queryFields, 'B', 'post') },
      '/api/v1/compatibility': { post: compatibilityOperation },
      '/v1/chart.svg': { get: chartSvgOperation(queryFields) },
      '/health': readOnly('getHealth', 'Liveness', {
        '200': { description: 'Alive', headers: requestIdHeader, content: json(schemaRef('Health')) },
      }),
      '/ready': readOnly('getReadiness', 'Readiness: the credit store answers', {
        '200': { description: 'Ready', headers: requestIdHeader, content: json(schemaRef('Ready')) },
        '503': responseRef('StoreUnavailable'),
      }),
      '/openapi.json': readOnly('getOpenApiDocument', 'This document', {
        '200': {
          description: 'OpenAPI 3.1 document',
          headers: requestIdHeader,
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      }),
    },
    components: {
      securitySchemes: {
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Variants A and B' },
        bearer: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <API_KEY>`, variants A and B' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Variant A only' },
      },
      headers: {
        'X-Request-Id': {
          description: 'Log id of this request; equals `log_id` except on an idempotent replay',
          schema: { type: 'string' },
        },
      },
      parameters: {
        ...Object.fromEntries(
          queryFields.map((field) => {
            const { description: _summary, ...schema } = fieldSchema(field);
            return [field.name, { name: field.name, in: 'query', required: field.required, description: describeField(field), schema }];
          }),
        ),
        ...OPT_IN_PARAMETERS,
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A retry with the same key within 24 h returns the first response and charges nothing; the same key with another request is a 409.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        },
      },
      schemas: componentSchemas(contract),
      responses: {
        SuccessA: {
          description: 'Chart, Variant A (docs/fields.md, sections 2–4)',
          headers: requestIdHeader,
          content: json(schemaRef('SuccessA'), { chart: { summary: '1990-05-15 10:30 at 139.69°E', value: EXAMPLE_SUCCESS_A } }),
        },
        SuccessB: {
          description: 'Chart, Variant B (docs/fields.md, sections 2, 3, 5 and 6)',
          headers: requestIdHeader,
          content: json(schemaRef('SuccessB'), { chart: { summary: '1990-05-15 10:30 at 139.69°E', value: EXAMPLE_SUCCESS_B } }),
        },
        BadUserInput: errorResponse(
          'Missing or invalid field, malformed JSON, non-numeric number, repeated query parameter',
          'BAD_USER_INPUT',
          'Invalid request: year must be an integer from 1900 to 2100',
        ),
        Unauthenticated: errorResponse(
          'No key on an accepted channel, or an unknown or revoked key',
          'UNAUTHENTICATED',
          'Invalid or revoked API key',
        ),
        InsufficientCredits: errorResponse(
          'Balance below the cost; nothing charged',
          'INSUFFICIENT_CREDITS',
          'Insufficient credits: this call costs 10, the balance is 0',
        ),
        MethodNotAllowed: errorResponse(
          'Only GET and POST (HEAD and OPTIONS included: a GET here spends credits)',
          'METHOD_NOT_ALLOWED',
          'Method PUT is not allowed: use GET or POST',
          {
            Allow: { description: '`GET, POST`', schema: { type: 'string', const: 'GET, POST' } },
          },
        ),
        IdempotencyConflict: errorResponse(
          'Idempotency-Key already used with a different request',
          'IDEMPOTENCY_CONFLICT',
          'Idempotency-Key was already used with a different request',
        ),
        PayloadTooLarge: errorResponse(
          `Body over ${MAX_BODY_BYTES} bytes; refused without reading it, connection closed`,
          'PAYLOAD_TOO_LARGE',
          `Request body must be at most ${MAX_BODY_BYTES} bytes (16 KiB)`,
        ),
        UnsupportedMediaType: errorResponse(
          'POST body not `application/json` (UTF-8)',
          'UNSUPPORTED_MEDIA_TYPE',
          'Content-Type must be application/json',
        ),
        RateLimited: errorResponse(
          'More calls on this API key than its rate limit allows (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST); nothing charged',
          'RATE_LIMITED',
          'Too many requests for this API key: retry in 1 s',
          {
            'Retry-After': { description: 'Seconds', schema: { type: 'string' } },
          },
        ),
        RequestTimeout: errorResponse(
          'The request (headers and body) did not arrive within the server timeout (HTTP_REQUEST_TIMEOUT_MS); connection closed',
          'REQUEST_TIMEOUT',
          'The request did not arrive in time',
        ),
        RequestHeadersTooLarge: errorResponse(
          'Request headers over the Node.js limit (16 KiB unless `--max-http-header-size` says otherwise); connection closed',
          'REQUEST_HEADERS_TOO_LARGE',
          'Request headers are too large',
        ),
        Internal: errorResponse(
          'Unexpected failure; details masked and logged with the log id',
          'INTERNAL',
          'Internal error (log_id 6f1c2a4e-0b7d-4a53-9d8e-3c2f1e0a9b71)',
        ),
        StoreUnavailable: errorResponse(
          'Credit store down or timing out; nothing charged',
          'STORE_UNAVAILABLE',
          'Credit store unavailable',
          {
            'Retry-After': { description: 'Seconds, when known', schema: { type: 'string' } },
          },
        ),
      },
    },
  } as const;
}

export const OPENAPI_DOCUMENT = buildOpenApiDocument(CHART_REQUEST_FIELDS);

/** Serialized once at start-up. */
export const OPENAPI_JSON = JSON.stringify(OPENAPI_DOCUMENT);
