/**
 * The 鑑定書, declared once: `GET|POST /v1/report.pdf` (Variant A's key channels, like the chart
 * image) answering the PDF's bytes with the credit and version headers, and the GraphQL mutation
 * `report` (typed: src/graphql/schema/report.ts) answering it as base64, and the MCP tool `chart_report`
 * answering it as an embedded resource (the JSON says its name, size and version; the bytes stay out of
 * the text a model reads). Price: `REPORT_COST`.
 */
import { reportOperation, type CastReport, type ReportInput } from '../../application/operations/report.ts';
import type { PresentContext } from '../../application/paid/paid-operation.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { compatibilityResultJson } from '../../application/operations/compatibility.ts';
import { answerVersionOf, VERSION_HEADERS, versionHeaders, type AnswerVersion } from '../answer-version.ts';
import { unknownChartMembers } from '../chart-sections.ts';
import { CREDENTIAL_TEXT, errorResponse, paidResponses, parameterRef, requestIdHeader, SECURITY } from '../openapi-parts.ts';
import { reportDocument } from '../report-layout.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import { priceText, type OperationDeclaration } from './declaration.ts';
import { reportEnvelope } from '../envelope.ts';
import { succeed } from '../../application/outcome.ts';

export const REPORT_PATH = '/v1/report.pdf';

/** The report's own members beside the birth's fields. */
const OWN_MEMBERS = ['luck_year', 'partner'] as const;
// `subject_id`: a saved subject in place of the birth's fields (docs/subjects.md).
const QUERY_MEMBERS: ReadonlySet<string> = new Set([...CHART_REQUEST_FIELDS.map((field) => field.name), 'luck_year', 'subject_id']);
const BODY_MEMBERS: ReadonlySet<string> = new Set([...QUERY_MEMBERS, 'partner']);
const TOOL_MEMBERS: ReadonlySet<string> = new Set(['birth', 'luck_year', 'partner']);

/** The presented report: its bytes and the version its headers carry. */
export interface PresentedReport {
  readonly pdf: Buffer;
  readonly version: AnswerVersion;
  readonly fileName: string;
}

/**
 * The PDF of a computed report, in the birth's language: described here (report-layout.ts), drawn by
 * the context's renderer, queued with the account's other reports (an in-process caller's: the
 * empty account's).
 */
export async function presentReport(cast: CastReport, context?: PresentContext): Promise<PresentedReport> {
  if (context === undefined) throw new Error('a report is drawn by the renderer its present context carries: none was given');
  const version = answerVersionOf(cast.core.request);
  const pair = cast.compatibility === undefined ? undefined : compatibilityResultJson(cast.compatibility);
  const partner = cast.compatibility?.b.core.request;
  const document = reportDocument({
    core: cast.core,
    catalogue: catalogueFor(cast.core.request.lang),
    luckYear: cast.luckYear,
    version,
    ...(pair === undefined || partner === undefined
      ? {}
      : {
          compatibility: {
            partnerBirth:
              `${partner.year}-${String(partner.month).padStart(2, '0')}-${String(partner.day).padStart(2, '0')} ${pair.b.year_ganzhi} ${pair.b.month_ganzhi} ${pair.b.day_ganzhi} ${pair.b.time_ganzhi ?? ''}`.trimEnd(),
            score: pair.score,
            level: pair.level,
            items: pair.items.map((item) => ({ text: item.explanation, points: item.points })),
          },
        }),
  });
  const pdf = await context.reports.render(context.accountId, document);
  const { year, month, day } = cast.core.request;
  return {
    pdf,
    version,
    fileName: `report-${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}-${cast.luckYear}.pdf`,
  };
}

/** The operation's input from a query (GET) or a JSON body (POST): the birth's fields, `luck_year`, `partner`. */
function reportInput(params: URLSearchParams | null, queryFields: Record<string, unknown>, body: unknown): ReportInput {
  if (body === undefined) {
    const { luck_year: _own, ...fields } = queryFields;
    const subjectId = params?.get('subject_id') ?? null;
    return {
      fields: subjectId === null ? fields : { ...fields, subject_id: subjectId },
      luckYear: params?.get('luck_year') ?? undefined,
      optionIssues: unknownChartMembers(params, null, QUERY_MEMBERS),
    };
  }
  const members = isPlainObject(body) ? body : {};
  const fields = Object.fromEntries(
    Object.entries(members).filter(([name]) => !(OWN_MEMBERS as readonly string[]).includes(name) && name !== 'api_key'),
  );
  return {
    fields,
    luckYear: members['luck_year'],
    ...('partner' in members ? { partner: members['partner'] } : {}),
    optionIssues: unknownChartMembers(params, members, BODY_MEMBERS),
  };
}

const pdfHeaders = (
  presented: PresentedReport,
  receipt: { cost: number; monthlyCredits: number; autoCredits: number; transactionId: string | null },
) => ({
  'X-Credits-Consumed': String(receipt.cost),
  'X-Credits-Remaining': String(receipt.monthlyCredits + receipt.autoCredits),
  ...(receipt.transactionId === null ? {} : { 'X-Transaction-Id': receipt.transactionId }),
  ...versionHeaders(presented.version),
  'Content-Disposition': `inline; filename="${presented.fileName}"`,
});

export const reportDeclaration: OperationDeclaration<ReportInput, unknown, CastReport> = {
  operation: reportOperation,
  price: { setting: 'REPORT_COST', default: 50 },
  rest: [
    {
      path: REPORT_PATH,
      methods: ['GET', 'POST'],
      credentials: 'A',
      queryFields: CHART_REQUEST_FIELDS,
      read: ({ method, query, body }) => {
        const fields = query.fields;
        const input = reportInput(query.params ?? null, fields, method === 'POST' ? body : undefined);
        const bodyKey = method === 'POST' && isPlainObject(body) && typeof body['api_key'] === 'string' ? body['api_key'] : null;
        return { input, present: presentReport, bodyKey };
      },
      answer: ({ result, receipt }) => {
        const presented = result as PresentedReport;
        return { contentType: 'application/pdf', body: presented.pdf, headers: pdfHeaders(presented, receipt) };
      },
      openapi: (price) => {
        const responses = (method: 'GET' | 'POST') =>
          paidResponses(
            {
              description: 'The 鑑定書: A4, three or four pages, fonts embedded',
              headers: {
                ...requestIdHeader,
                'X-Credits-Consumed': { description: 'Credits charged for this call', schema: { type: 'string' } },
                'X-Credits-Remaining': { description: 'Credits left (monthly + auto)', schema: { type: 'string' } },
                ...VERSION_HEADERS,
                'Content-Disposition': {
                  description: '`inline; filename="report-YYYY-MM-DD-<luck_year>.pdf"`',
                  schema: { type: 'string' },
                },
              },
              content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
            },
            errorResponse('Only GET and POST', 'METHOD_NOT_ALLOWED', 'Method PUT is not allowed: use GET or POST', {
              Allow: { description: '`GET, POST`', schema: { type: 'string', const: 'GET, POST' } },
            }),
            method === 'POST',
          );
        const description = `The 鑑定書 of a birth as a PDF (docs/report.md): the 命式表, the five elements, the warnings, the 大運, the 歳運 and 月運 of \`luck_year\`, the classical analysis and, with \`partner\` (POST), the 相性. In the language of \`lang\` (Japanese by default). The same request gives the same bytes. Costs ${priceText(price)}; the credits are reported in headers. ${CREDENTIAL_TEXT.A}`;
        return {
          get: {
            tags: ['Report'],
            operationId: 'reportGet',
            summary: '鑑定書 (PDF)',
            description,
            security: SECURITY.A,
            parameters: [
              ...CHART_REQUEST_FIELDS.filter((field) => !field.credential).map((field) => parameterRef(field.name)),
              {
                name: 'luck_year',
                in: 'query',
                required: true,
                description: 'The pillar year of the 歳運 and 月運 (1899–2100).',
                schema: { type: 'integer', minimum: 1899, maximum: 2100 },
              },
              parameterRef('IdempotencyKey'),
            ],
            responses: responses('GET'),
          },
          post: {
            tags: ['Report'],
            operationId: 'reportPost',
            summary: '鑑定書 (PDF) of a birth, with a partner for the 相性',
            description,
            security: [...SECURITY.A, {}],
            parameters: [parameterRef('IdempotencyKey')],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    description: 'The birth’s request fields (as /v1/calculate), `luck_year`, and optionally `partner` (a birth’s fields).',
                    required: ['year', 'month', 'day', 'luck_year'],
                    properties: {
                      year: { type: 'integer', description: 'As /v1/calculate’s, like every request field of the birth.' },
                      month: { type: 'integer' },
                      day: { type: 'integer' },
                      luck_year: { type: 'integer', minimum: 1899, maximum: 2100 },
                      partner: { $ref: '#/components/schemas/Birth' },
                    },
                    additionalProperties: true,
                  },
                  example: {
                    year: 1990,
                    month: 5,
                    day: 15,
                    time: '10:30',
                    place: '東京都',
                    gender: 'female',
                    luck_year: 2026,
                    partner: { year: 1988, month: 8, day: 8, place: '大阪市', gender: 'male' },
                  },
                },
              },
            },
            responses: responses('POST'),
          },
        };
      },
    },
  ],
  mcp: {
    name: 'chart_report',
    title: '鑑定書 (PDF)',
    description: (cost) =>
      'The printable report of `birth` (A4 PDF, an embedded resource): chart, 大運, `luck_year`, analysis, `partner`’s 相性.' + cost,
    inputSchema: {
      type: 'object',
      required: ['birth', 'luck_year'],
      properties: { birth: { type: 'object' }, luck_year: { type: 'integer' }, partner: { type: 'object' } },
      additionalProperties: false,
    },
    read: (args) => {
      let presented: PresentedReport | undefined;
      return succeed({
        input: {
          fields: args['birth'],
          luckYear: args['luck_year'],
          ...('partner' in args ? { partner: args['partner'] } : {}),
          optionIssues: unknownChartMembers(null, args, TOOL_MEMBERS),
        },
        present: async (cast: CastReport, context?: PresentContext) => {
          presented = await presentReport(cast, context);
          return { file_name: presented.fileName, byte_length: presented.pdf.length, version: presented.version };
        },
        envelope: reportEnvelope,
        attachment: () =>
          presented === undefined
            ? undefined
            : { uri: `four-pillars://report/${presented.fileName}`, mimeType: 'application/pdf', blob: presented.pdf.toString('base64') },
      });
    },
  },
  graphql: { field: 'report', typed: true },
};
