/**
 * The OpenAPI 3.1 document of the REST shims, served at `/openapi.json`. The request parts (query
 * parameters, bodies) are derived from the request contract; the rest is written beside the code
 * it describes. test/rest checks it against the OpenAPI 3.1 schema and every response the tests
 * receive against it.
 */
import { VERSION_HEADERS } from '../../wire/answer-version.ts';
import { describeField, type RequestField } from '../../domain/chart/request-contract.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { MAX_BODY_BYTES } from '../../wire/body.ts';
import { EXAMPLE_SUCCESS_A, EXAMPLE_SUCCESS_B } from '../../wire/openapi-examples.ts';
import { componentSchemas } from '../../wire/shapes/components.ts';
import { fieldSchema, includePattern, optInMembers } from '../../wire/shapes/requests.ts';
import { freeOpenApiPath } from '../../wire/operations/free.ts';
import { freeOperations, operationPrices, paidOperations } from '../../wire/operations/index.ts';
import { once } from '../../application/registry.ts';
import { subjectOpenApiPaths } from './subjects-openapi.ts';
import { errorResponse, json, PARSER_REFUSALS, requestIdHeader, schemaRef } from '../../wire/openapi-parts.ts';

/** The opt-in sections' options (wire/chart-sections.ts), as query parameters; POST also takes them as body members. */
const optInParameters = () =>
  Object.fromEntries(
    Object.entries(optInMembers()).map(([name, { description, ...schema }]) => [
      name,
      {
        name,
        in: 'query',
        required: false,
        description,
        schema: name === 'include' ? { type: 'string', pattern: includePattern() } : schema,
      },
    ]),
  );

const readOnly = (operationId: string, summary: string, responses: Record<string, unknown>) => ({
  get: { tags: ['Operations'], operationId, summary, security: [], responses: { ...responses, ...PARSER_REFUSALS } },
});

/**
 * The document for a request contract (a test builds it from a changed contract to show the
 * derivation) and the configured prices (each operation's default where none is given).
 */
export function buildOpenApiDocument(contract: readonly RequestField[], prices: Readonly<Record<string, number>> = operationPrices({})) {
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
      { name: 'Timeline', description: 'A chart’s luck periods searched by condition (docs/timeline.md).' },
      { name: 'Subjects', description: 'Births saved under the account, sealed at rest, named by id in paid calls (docs/subjects.md).' },
      { name: 'Places', description: 'Birthplaces by name and the data’s attribution; free and without a key.' },
      { name: 'Calendars', description: 'Date conversion between the Gregorian and the lunar calendars; free and without a key.' },
      { name: 'Operations', description: 'Liveness, readiness and this document; free and without a key.' },
    ],
    paths: {
      ...Object.fromEntries(
        paidOperations().flatMap(({ operation, rest }) =>
          rest.map((endpoint) => [endpoint.path, endpoint.openapi(prices[operation.name]!)]),
        ),
      ),
      ...subjectOpenApiPaths(),
      '/health': readOnly('getHealth', 'Liveness', {
        '200': { description: 'Alive', headers: requestIdHeader, content: json(schemaRef('Health')) },
      }),
      '/ready': readOnly('getReadiness', 'Readiness: the credit store answers and no background duty has failed', {
        '200': { description: 'Ready', headers: requestIdHeader, content: json(schemaRef('Ready')) },
        '503': {
          description: 'The credit store is not reachable, or a background duty has failed past its threshold',
          headers: requestIdHeader,
          content: json(schemaRef('NotReady')),
        },
      }),
      ...Object.fromEntries(freeOperations().flatMap((free) => (free.rest === undefined ? [] : [[free.rest.path, freeOpenApiPath(free)]]))),
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
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Variant A and the saved subjects' },
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
        ...optInParameters(),
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
          headers: { ...requestIdHeader, ...VERSION_HEADERS },
          content: json(schemaRef('SuccessA'), { chart: { summary: '1990-05-15 10:30 at 139.69°E', value: EXAMPLE_SUCCESS_A } }),
        },
        SuccessB: {
          description: 'Chart, Variant B (docs/fields.md, sections 2, 3, 5 and 6)',
          headers: { ...requestIdHeader, ...VERSION_HEADERS },
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

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const DOCUMENTS = new WeakMap<object, { document: OpenApiDocument; json: string }>();
const documentFor = (prices: Readonly<Record<string, number>>) => {
  let built = DOCUMENTS.get(prices);
  if (built === undefined) {
    const document = buildOpenApiDocument(CHART_REQUEST_FIELDS, prices);
    built = { document, json: JSON.stringify(document) };
    DOCUMENTS.set(prices, built);
  }
  return built;
};
const defaultPrices = once(() => operationPrices({}));

/** The document served, for these prices (the defaults without): built once per price list. */
export const openApiDocument = (prices: Readonly<Record<string, number>> = defaultPrices()): OpenApiDocument =>
  documentFor(prices).document;
/** The same, serialized once. */
export const openApiJson = (prices: Readonly<Record<string, number>> = defaultPrices()): string => documentFor(prices).json;
