/**
 * The timeline search, declared once for every protocol: `POST /v1/timeline` (Variant B's key
 * channels and envelope), the MCP tool `timeline_search`, the GraphQL mutation `timeline` (generic:
 * its input as the tool's arguments, its `result` as JSON) and `bazi timeline` on the CLI. Price:
 * `TIMELINE_COST`.
 */
import { timelineOperation, type CastTimeline, type TimelineInput } from '../../application/operations/timeline.ts';
import { succeed } from '../../application/outcome.ts';
import { once } from '../../application/registry.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { variantBEnvelope } from '../envelope.ts';
import {
  CREDENTIAL_TEXT,
  postOnlyResponse,
  json,
  paidResponses,
  parameterRef,
  requestIdHeader,
  schemaRef,
  SECURITY,
} from '../openapi-parts.ts';
import { timelineResultJson } from '../present/timeline-json.ts';
import { timelineRequestSchema } from '../shapes/timeline.ts';
import { priceText, type OperationDeclaration } from './declaration.ts';

export const TIMELINE_PATH = '/v1/timeline';

/** A body or tool arguments as the operation's input: its members by name, and every name it carried. */
const inputOf = (members: Record<string, unknown>, queryNames: Iterable<string> = [], queryLang?: string | null): TimelineInput => ({
  birth: members['birth'],
  level: members['level'],
  from: members['from'],
  to: members['to'],
  after: members['after'],
  limit: members['limit'],
  where: members['where'],
  lang: members['lang'] ?? queryLang ?? undefined,
  members: [...Object.keys(members), ...queryNames],
});

/**
 * The tool's input, kept small (an assistant reads the tool list on every session): the birth as the
 * chart tool's arguments, and the condition's grammar as the resource `four-pillars://docs/timeline.md`
 * and the error that names the member at fault, not repeated here.
 */
const toolInput = once(() => {
  const body = timelineRequestSchema({ type: 'object', description: 'calculate_chart’s arguments' }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  const { level, limit, lang } = body.properties;
  return {
    type: 'object',
    required: ['birth', 'level'],
    properties: {
      birth: body.properties['birth'],
      level: { enum: level!['enum'] },
      from: { type: 'string', description: 'YYYY-MM-DD' },
      to: { type: 'string', description: 'YYYY-MM-DD' },
      after: { type: 'string', description: 'a starts_at' },
      limit: { type: 'integer', minimum: limit!['minimum'], maximum: limit!['maximum'] },
      where: {
        type: 'object',
        description: '{"ten_god":"zheng_cai"} …: four-pillars://docs/timeline.md',
      },
      lang: { enum: lang!['enum'] },
    },
  };
});

const EXAMPLE = {
  birth: { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' },
  level: 'annual',
  from: '2026-01-01',
  where: { ten_god: 'zheng_cai' },
  limit: 3,
};

export const timelineDeclaration: OperationDeclaration<TimelineInput, unknown, CastTimeline> = {
  operation: timelineOperation,
  price: { setting: 'TIMELINE_COST', default: 5 },
  rest: [
    {
      path: TIMELINE_PATH,
      methods: ['POST'],
      credentials: 'B',
      queryFields: CHART_REQUEST_FIELDS.filter((field) => field.credential || field.name === 'lang'),
      read: ({ query, body }) => ({
        input: inputOf(isPlainObject(body) ? body : {}, query.params?.keys() ?? [], query.params?.get('lang')),
        present: timelineResultJson,
      }),
      answer: ({ result, receipt }) => ({ contentType: 'application/json', body: JSON.stringify(variantBEnvelope(result, receipt)) }),
      openapi: (price) => ({
        post: {
          tags: ['Timeline'],
          operationId: 'timelinePost',
          summary: 'Search a chart’s luck periods (大運, 歳運, 月運, 日運) by condition',
          description: `The periods of one level, inside a range of dates, that a structured condition holds for (ten gods, relations to a natal pillar, 伏吟・反吟, 天中殺, special stars, pillars; all / any / not), each with its instants and why it matched: docs/timeline.md. A search scans at most 2,500 periods: a wider one is refused (400) before any charge. Costs ${priceText(price)}, charged once and never on an error. ${CREDENTIAL_TEXT.B}`,
          security: SECURITY.B,
          parameters: [parameterRef('IdempotencyKey')],
          requestBody: {
            required: true,
            content: json(schemaRef('TimelineRequest'), {
              next_zheng_cai: { summary: 'The next three 正財 years from 2026', value: EXAMPLE },
            }),
          },
          responses: paidResponses(
            { description: 'The matching periods', headers: { ...requestIdHeader }, content: json(schemaRef('SuccessTimeline')) },
            postOnlyResponse(),
            true,
          ),
        },
      }),
    },
  ],
  mcp: {
    name: 'timeline_search',
    title: 'Luck periods by condition',
    description: (cost) =>
      '大運/歳運/月運/日運 matching a condition (ten god, relation, 天中殺, star; all/any/not), with instants and why.' + cost,
    get inputSchema() {
      return toolInput();
    },
    read: (args) =>
      succeed({
        input: inputOf(args),
        present: timelineResultJson,
        envelope: variantBEnvelope,
      }),
  },
  graphql: { field: 'timeline', typed: true },
};
