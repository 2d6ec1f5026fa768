/**
 * The chart, declared once for every protocol: `GET|POST /v1/calculate` (Variant A),
 * `GET|POST /api/v1/calculate` (Variant B), `GET /v1/chart.svg` (the 命式表 as an image), the MCP
 * tool `calculate_chart` and the GraphQL mutation `calculate`. Price: `CREDIT_COST`.
 */
import { chartOperation, type CastChart, type ChartInput } from '../../application/operations/chart.ts';
import { refuse, succeed } from '../../application/outcome.ts';
import { refusals } from '../../application/refusals.ts';
import { meishikiOf } from '../../domain/chart/meishiki.ts';
import { meishikiSvg } from '../present/meishiki-svg.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import type { RequestField } from '../../domain/chart/request-contract.ts';
import type { Variant } from '../../domain/chart/variants.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import { unknownChartMembers } from '../chart-sections.ts';
import { chartRequestOnTheWire } from '../chart-json.ts';
import { answerVersionOf, VERSION_HEADERS, versionHeaders, type AnswerVersion } from '../answer-version.ts';
import { variantAEnvelope, variantBEnvelope } from '../envelope.ts';
import { optInMembers } from '../shapes/requests.ts';
import { EXAMPLE_REQUEST } from '../openapi-examples.ts';
import {
  CREDENTIAL_TEXT,
  errorResponse,
  json,
  paidResponses,
  parameterRef,
  requestIdHeader,
  responseRef,
  schemaRef,
  SECURITY,
} from '../openapi-parts.ts';
import type { OperationDeclaration, RestEndpoint } from './declaration.ts';
import { CHART_VIEWS, chartToolArguments, chartToolInput, takenElsewhere, versionedPresenter } from './chart-tools.ts';
import { priceText } from './declaration.ts';

type ChartEndpoint = RestEndpoint<ChartInput, CastChart>;

/** A JSON chart answer and the version it carries in headers (the body stays the contract's). */
interface VersionedResult<Result = object> {
  readonly result: Result;
  readonly version: AnswerVersion;
  /** Opted-in sections were presented: the answer may hold long arrays, and is written in slices when it does. */
  readonly sections?: true;
}

const envelopeOf = (variant: Variant) => (variant === 'A' ? variantAEnvelope : variantBEnvelope);

/** The query key `api_key` is a security scheme, not a parameter. */
const QUERY_PARAMETERS = (fields: readonly RequestField[]) => fields.filter((field) => !field.credential).map((f) => parameterRef(f.name));

function calculateOpenApi(variant: Variant, method: 'get' | 'post', price: number) {
  const common = {
    tags: [variant === 'A' ? 'Variant A' : 'Variant B'],
    operationId: `calculate${variant}${method === 'get' ? 'Get' : 'Post'}`,
    summary: `Four pillars chart, Variant ${variant} (${method.toUpperCase()})`,
    description: `${method === 'get' ? 'Request fields as query parameters.' : 'Request fields as a JSON object (at most 16 KiB).'} Costs ${priceText(price)}. ${CREDENTIAL_TEXT[variant]}`,
    // POST may carry the Variant A key in the body, which no security scheme can express.
    security: variant === 'A' && method === 'post' ? [...SECURITY.A, {}] : SECURITY[variant],
    responses: paidResponses(responseRef(variant === 'A' ? 'SuccessA' : 'SuccessB'), responseRef('MethodNotAllowed'), method === 'post'),
  };
  const idempotency = parameterRef('IdempotencyKey');
  const options = Object.keys(optInMembers()).map(parameterRef);
  if (method === 'get') return { ...common, parameters: [...QUERY_PARAMETERS(CHART_REQUEST_FIELDS), ...options, idempotency] };
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

const calculateEndpoint = (path: string, variant: Variant): ChartEndpoint => ({
  path,
  methods: ['GET', 'POST'],
  credentials: variant,
  queryFields: CHART_REQUEST_FIELDS,
  read: ({ method, query, body }) => {
    let fields: unknown = query.fields;
    let members: Record<string, unknown> | null = null;
    let bodyKey: string | null = null;
    if (method === 'POST') {
      fields = body;
      if (isPlainObject(body)) {
        members = body;
        // Variant A reads a body key; B does not, but its 401 then says one was sent.
        if (typeof body['api_key'] === 'string') bodyKey = body['api_key'];
        if (variant === 'B' && 'api_key' in body) {
          // Not a Variant B channel: the member is neither a credential nor a field to validate.
          const { api_key: _ignored, ...rest } = body;
          fields = rest;
        }
      }
    }
    const chart = chartRequestOnTheWire(variant, fields, query.params, members);
    const { sections } = chart.input;
    const present = (cast: CastChart): VersionedResult => ({
      result: chart.present(cast),
      version: answerVersionOf(cast.core.request, sections),
      ...(sections === undefined ? {} : { sections: true as const }),
    });
    return { input: chart.input, present, bodyKey };
  },
  answer: ({ result, receipt }) => {
    const versioned = result as VersionedResult;
    const envelope = envelopeOf(variant)(versioned.result, receipt);
    const headers = versionHeaders(versioned.version);
    // The legacy body is a few KB: serialized at once. With sections it may be hundreds (a year of 日運).
    return versioned.sections === true
      ? { contentType: 'application/json', json: envelope, headers }
      : { contentType: 'application/json', body: JSON.stringify(envelope), headers };
  },
  openapi: (price) => ({ get: calculateOpenApi(variant, 'get', price), post: calculateOpenApi(variant, 'post', price) }),
});

/** The image takes the request fields only (no opt-in sections). */
const SVG_PARAMETERS: ReadonlySet<string> = new Set(CHART_REQUEST_FIELDS.map((field) => field.name));

const chartSvgEndpoint: ChartEndpoint = {
  path: '/v1/chart.svg',
  methods: ['GET'],
  credentials: 'A',
  queryFields: CHART_REQUEST_FIELDS,
  read: ({ query }) => ({
    // The image is its own presentation: a retry key used for a JSON chart does not replay as an image.
    input: {
      fields: query.fields,
      variant: 'A',
      sections: { format: 'svg' },
      optionIssues: unknownChartMembers(query.params, null, SVG_PARAMETERS),
    },
    present: ({ core }): VersionedResult<string> => ({
      result: meishikiSvg(meishikiOf(core, catalogueFor(core.request.lang)), catalogueFor(core.request.lang)),
      version: answerVersionOf(core.request),
    }),
  }),
  answer: ({ result, receipt }) => {
    const versioned = result as VersionedResult<string>;
    return {
      contentType: 'image/svg+xml; charset=utf-8',
      body: versioned.result,
      headers: {
        'X-Credits-Consumed': String(receipt.cost),
        'X-Credits-Remaining': String(receipt.monthlyCredits + receipt.autoCredits),
        ...(receipt.transactionId === null ? {} : { 'X-Transaction-Id': receipt.transactionId }),
        ...versionHeaders(versioned.version),
      },
    };
  },
  openapi: (price) => ({
    get: {
      tags: ['Variant A'],
      operationId: 'chartSvg',
      summary: '命式表 as SVG',
      description: `The chart as the traditional Japanese table (columns 時柱 日柱 月柱 年柱; rows 天干, 地支, 蔵干, 通変星, 蔵干通変星, 十二運, 納音, 特殊星), with the true solar time, the 節 that bound the chart and the five elements as bars: a standalone SVG for \`<img src>\`. Costs like a chart (${priceText(price)}); the credits are reported in headers. ${CREDENTIAL_TEXT.A}`,
      security: SECURITY.A,
      parameters: [...QUERY_PARAMETERS(CHART_REQUEST_FIELDS), parameterRef('IdempotencyKey')],
      responses: paidResponses(
        {
          description: 'The 命式表',
          headers: {
            ...requestIdHeader,
            'X-Credits-Consumed': { description: 'Credits charged for this call', schema: { type: 'string' } },
            'X-Credits-Remaining': { description: 'Credits left (monthly + auto)', schema: { type: 'string' } },
            ...VERSION_HEADERS,
          },
          content: { 'image/svg+xml': { schema: { type: 'string' } } },
        },
        errorResponse('Only GET (HEAD included: a GET here spends credits)', 'METHOD_NOT_ALLOWED', 'Method HEAD is not allowed: use GET', {
          Allow: { description: '`GET`', schema: { type: 'string', const: 'GET' } },
        }),
        false,
      ),
    },
  }),
};

export const chartDeclaration: OperationDeclaration<ChartInput, unknown, CastChart> = {
  operation: chartOperation,
  price: { setting: 'CREDIT_COST', default: 10 },
  rest: [calculateEndpoint('/v1/calculate', 'A'), calculateEndpoint('/api/v1/calculate', 'B'), chartSvgEndpoint],
  mcp: {
    name: 'calculate_chart',
    title: 'Four pillars chart (四柱推命 命式)',
    description: (cost, paid) =>
      'A birth’s four pillars in Variant A or B, with the opt-in sections of `include` (大運 need `gender`); ' +
      // The section names are the `include` enum's; not repeated here (the tool list is read on every session).
      (paid ? 'Answers REST’s body.' : 'Answers REST’s `result` (ResultA / ResultB of /openapi.json).') +
      cost,
    get inputSchema() {
      return chartToolInput();
    },
    read: (args) => {
      const { variant = 'B', ...fields } = args;
      if (variant !== 'A' && variant !== 'B') return refuse(refusals.invalidField('variant', 'variant must be "A" or "B"'));
      // An argument the tool's input schema does not name is refused (with the nearest name), never dropped.
      const chart = chartRequestOnTheWire(variant, fields, null, fields, chartToolArguments());
      const versioned = versionedPresenter(chart.present, chart.input.sections);
      const optionIssues = (chart.input.optionIssues ?? []).map((issue) => takenElsewhere('calculate_chart', issue));
      return succeed({
        input: { ...chart.input, optionIssues },
        present: versioned.present,
        envelope: envelopeOf(variant),
        meta: versioned.meta,
      });
    },
  },
  mcpViews: CHART_VIEWS,
  graphql: { field: 'calculate', typed: true },
};
