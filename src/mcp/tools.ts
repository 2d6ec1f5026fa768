/**
 * The MCP tools: the chart (either variant, every option and opt-in section), the solar
 * terms of a year, and 相性. Their input and output JSON Schemas are the OpenAPI document's
 * component schemas (the REST contract, itself derived from the request contract GraphQL shares),
 * so MCP, REST and GraphQL describe one API.
 *
 * Two ways to run a tool:
 * - `paid` (Streamable HTTP at /mcp): through the one paid-operation pipeline with the caller's key,
 *   answering REST's body (envelope and result), charged exactly like REST;
 * - `local` (stdio, `npm run -s mcp`): the same validation and computation unpaid, answering the
 *   `result` alone, like the CLI.
 */
import { errorBody, type DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import type { PaidCall, PaidOperationRunner } from '../application/paid-operation.ts';
import { LISTABLE_YEARS, solarTermsOfYear } from '../domain/astronomy/term-listing.ts';
import { catalogueFor } from '../domain/catalogue/catalogues.ts';
import { DEFAULT_LANG, LANGS, langOf, langRule } from '../domain/catalogue/lang.ts';
import { canonicalZoneName, zoneRules } from '../domain/time/zone.ts';
import { isPlainObject } from '../domain/plain-object.ts';
import { lunarDates } from '../domain/calendar/lunar-dates.ts';
import { pillarsToDatesOf } from '../domain/chart/pillars-to-dates-json.ts';
import { unknownFieldIssues } from '../domain/chart/request.ts';
import '../application/places-data.ts';
import { placeJson, searchPlaces } from '../domain/places/gazetteer.ts';
import type { Outcome } from '../application/outcome.ts';
import type { AnyOperationDeclaration, McpTool, ToolRead } from '../wire/operations/declaration.ts';
import { priceText } from '../wire/operations/declaration.ts';
import { operationPrices, paidOperations } from '../wire/operations/index.ts';
import { once } from '../wire/registry.ts';
import { compactSchema } from './compact-schema.ts';

type JsonSchema = Record<string, unknown>;

/** A file a tool answers beside its JSON (the report's PDF): an embedded resource, base64. */
type EmbeddedFile = { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

/** An MCP tool result: the answer as text and as structured content (and a file, for the report), or our error body. */
export interface ToolResult {
  readonly [key: string]: unknown;
  readonly content: [{ type: 'text'; text: string }, ...EmbeddedFile[]];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** Only where it helps an assistant: the chart's answer is REST's body, described by /openapi.json (26 KB as a schema). */
  readonly outputSchema?: JsonSchema;
  /** A hint at its default (`readOnlyHint` and `idempotentHint` false) is left out: the list is read on every session. */
  readonly annotations: { readonly readOnlyHint?: true; readonly idempotentHint?: true; readonly openWorldHint: false };
}

/**
 * How tools run: paid through the pipeline (HTTP, at the configured prices), or computed locally
 * without a charge (stdio).
 */
export type ToolMode =
  | {
      readonly kind: 'paid';
      readonly paid: PaidOperationRunner;
      readonly call: PaidCall;
      readonly prices: Readonly<Record<string, number>>;
    }
  | { readonly kind: 'local' };

const TERMS_INPUT: JsonSchema = {
  type: 'object',
  required: ['year'],
  properties: {
    year: { type: 'integer', minimum: LISTABLE_YEARS.first, maximum: LISTABLE_YEARS.last, description: 'Gregorian year.' },
    timezone: { type: 'string', default: 'Asia/Tokyo', description: 'IANA zone for the `local` times.' },
    lang: { type: 'string', enum: [...LANGS], description: 'Language of the names (default ja).' },
  },
};

const LUNAR_DATES_ARGUMENTS: ReadonlySet<string> = new Set(['date', 'calendar', 'year', 'month', 'day', 'leap_month']);
const LUNAR_DATES_TOOL: ToolDefinition = {
  name: 'lunar_dates',
  title: 'Lunar ↔ Gregorian dates (農曆・음력・旧暦)',
  description: 'Gregorian `date` ↔ Chinese, Korean, Japanese lunar dates (`calendar`, year, month, day, leap_month), 1900–2100. Free.',
  inputSchema: {
    type: 'object',
    properties: {
      date: { type: 'string', description: 'Gregorian YYYY-MM-DD.' },
      calendar: { enum: ['lunar_cn', 'lunar_kr', 'lunar_jp'] },
      year: { type: 'integer' },
      month: { type: 'integer', minimum: 1, maximum: 12 },
      day: { type: 'integer', minimum: 1, maximum: 30 },
      leap_month: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

const PILLAR = { $ref: '#/$defs/P' } as const;
const PILLARS_TO_DATES_TOOL: ToolDefinition = {
  name: 'pillars_to_dates',
  title: 'Pillars → birth dates (四柱から生年月日)',
  description: 'Birth intervals 1900–2100 whose chart has these pillars (hour_pillar optional), to the second. Free.',
  inputSchema: {
    type: 'object',
    required: ['year_pillar', 'month_pillar', 'day_pillar', 'location'],
    properties: {
      year_pillar: PILLAR,
      month_pillar: PILLAR,
      day_pillar: PILLAR,
      hour_pillar: PILLAR,
      location: { type: 'number', minimum: -180, maximum: 180, description: 'East longitude: sets the solar time of day and hour.' },
      timezone: { type: 'string', description: 'IANA zone (default Asia/Tokyo).' },
      solar_time: { enum: ['mean', 'apparent'] },
      day_boundary: { enum: ['00:00', '23:00'] },
    },
    additionalProperties: false,
    $defs: { P: { type: 'string', pattern: '^[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]$', description: 'A pillar, e.g. 甲子.' } },
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

type PaidTool = { readonly declaration: AnyOperationDeclaration; readonly tool: McpTool<any, any> };

/** The paid operations that have a tool, by tool name. */
const paidTools = once(
  (): ReadonlyMap<string, PaidTool> =>
    new Map(
      paidOperations().flatMap((declaration) =>
        [...(declaration.mcp === undefined ? [] : [declaration.mcp]), ...(declaration.mcpViews ?? [])].map(
          (tool) => [tool.name, { declaration, tool }] as const,
        ),
      ),
    ),
);

const PLACES_ARGUMENTS: ReadonlySet<string> = new Set(['q', 'limit']);
const PLACES_TOOL: ToolDefinition = {
  name: 'find_places',
  title: 'Birthplaces by name (出生地)',
  description: 'Places by name or its start, any script: id, longitude, zone (chart tools take `place_id`). Free.',
  inputSchema: {
    type: 'object',
    required: ['q'],
    properties: { q: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

const SOLAR_TERMS_TOOL: ToolDefinition = {
  name: 'solar_terms',
  title: 'The 24 solar terms of a year (二十四節気)',
  description: `The 24 solar terms of a Gregorian year (${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}) to the second, in UT and in a zone. Free.`,
  inputSchema: TERMS_INPUT,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

/** The tool list of each price list (paid) or of the local mode, built once each. */
const TOOL_DEFINITIONS = new WeakMap<object, ToolDefinition[]>();
const LOCAL = {};
const defaultPrices = once(() => operationPrices({}));
/** The tools of a mode; paid ones priced by `prices` (each operation's default price without). */
export const toolDefinitions = (kind: ToolMode['kind'], prices: Readonly<Record<string, number>> = defaultPrices()): ToolDefinition[] => {
  const key = kind === 'paid' ? prices : LOCAL;
  let tools = TOOL_DEFINITIONS.get(key);
  if (tools === undefined) {
    tools = buildToolDefinitions(kind === 'paid' ? prices : null);
    TOOL_DEFINITIONS.set(key, tools);
  }
  return tools;
};

/** The paid operations' tools in registration order, the free solar-terms tool second (where it has always been). */
function buildToolDefinitions(prices: Readonly<Record<string, number>> | null): ToolDefinition[] {
  const paid = prices !== null;
  const definitions = [...paidTools().values()].map(({ declaration, tool }): ToolDefinition => {
    const price = prices?.[declaration.operation.name] ?? declaration.price.default;
    const cost = paid ? ` Costs ${priceText(price)} a call; errors are free.` : ' Computed locally, not charged.';
    const outputSchema = tool.outputSchema?.(paid);
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description(cost, paid),
      inputSchema: compactSchema(tool.inputSchema),
      ...(outputSchema === undefined ? {} : { outputSchema }),
      // A paid call spends credits (not read-only) and a second one spends again (not idempotent).
      annotations: paid ? { openWorldHint: false } : { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    };
  });
  return [...definitions.slice(0, 1), SOLAR_TERMS_TOOL, LUNAR_DATES_TOOL, PILLARS_TO_DATES_TOOL, ...definitions.slice(1), PLACES_TOOL];
}

/** Results whose structured content is their first text's JSON (made by `ok`): written without serializing the answer again. */
const TEXT_IS_STRUCTURED = new WeakSet<ToolResult>();

const ok = (
  value: Record<string, unknown>,
  meta: Record<string, unknown> = {},
  file?: { readonly uri: string; readonly mimeType: string; readonly blob: string },
): ToolResult => {
  const result: ToolResult = {
    content: [
      { type: 'text', text: JSON.stringify(value) },
      ...(file === undefined ? [] : [{ type: 'resource' as const, resource: { ...file } }]),
    ],
    structuredContent: value,
    ...(Object.keys(meta).length === 0 ? {} : { _meta: meta }),
  };
  TEXT_IS_STRUCTURED.add(result);
  return result;
};

/** A CallToolResult's members in the order of the SDK's schema, which its answers follow; any other member after them. */
const RESULT_MEMBERS: readonly string[] = ['_meta', 'content', 'structuredContent', 'isError'];

/**
 * A tool result's JSON exactly as the SDK writes it (it re-reads every result through its
 * CallToolResult schema, so members come in the schema's order), with the answer serialized once:
 * the structured content of `ok`'s results is the text already made.
 */
export function toolResultJson(result: ToolResult): string {
  const members: string[] = [];
  const write = (key: string, value: unknown): void => {
    if (value !== undefined) members.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  };
  write('_meta', result['_meta']);
  write('content', result.content);
  if (result.structuredContent !== undefined) {
    members.push(
      `"structuredContent":${TEXT_IS_STRUCTURED.has(result) ? result.content[0].text : JSON.stringify(result.structuredContent)}`,
    );
  }
  write('isError', result.isError);
  for (const key of Object.keys(result)) if (!RESULT_MEMBERS.includes(key)) write(key, result[key]);
  return `{${members.join(',')}}`;
}
/** Our error body (`status`, `message`, `code`) as an MCP tool error. */
export const toolError = (error: DomainError): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(errorBody(error)) }],
  isError: true,
});

/** Runs a tool by name; refusals come back as tool errors, anything else thrown is for the caller. */
export async function callTool(name: string, args: unknown, mode: ToolMode): Promise<ToolResult> {
  const input = isPlainObject(args) ? args : {};
  if (name === SOLAR_TERMS_TOOL.name) return solarTerms(input);
  if (name === PILLARS_TO_DATES_TOOL.name) {
    const answer = pillarsToDatesOf(input);
    return answer.ok ? ok({ ...answer.answer }) : toolError(refusals.invalidRequest(answer.issues));
  }
  if (name === LUNAR_DATES_TOOL.name) {
    const unknown = unknownFieldIssues(Object.keys(input), LUNAR_DATES_ARGUMENTS);
    const answer = lunarDates(input);
    if (unknown.length > 0 || !answer.ok) return toolError(refusals.invalidRequest([...unknown, ...(answer.ok ? [] : answer.issues)]));
    return ok({ ...answer.answer });
  }
  if (name === PLACES_TOOL.name) return findPlaces(input);
  const found = paidTools().get(name);
  if (found === undefined) {
    const names = [...paidTools().keys(), SOLAR_TERMS_TOOL.name, LUNAR_DATES_TOOL.name, PILLARS_TO_DATES_TOOL.name, PLACES_TOOL.name];
    return toolError(refusals.invalidField('name', `unknown tool "${name}": ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`));
  }
  const { operation } = found.declaration;
  const read: Outcome<ToolRead<unknown, unknown>> = found.tool.read(input);
  if (!read.ok) return toolError(read.error);
  const { input: operationInput, present, envelope, meta, attachment } = read.value;
  if (mode.kind === 'local') {
    const order = operation.validate(operationInput);
    if (!order.ok) return toolError(order.error);
    const presented = (await present(operation.compute(order.value))) as object;
    return ok({ ...presented }, meta?.(), attachment?.());
  }
  const outcome = await mode.paid.run(operation, operationInput, mode.call, present);
  return outcome.ok ? ok({ ...envelope(outcome.value.result, outcome.value.receipt) }, meta?.(), attachment?.()) : toolError(outcome.error);
}

/** `find_places`: the gazetteer's search, as `GET /v1/places` answers it. */
function findPlaces(input: Record<string, unknown>): ToolResult {
  const issues = unknownFieldIssues(Object.keys(input), PLACES_ARGUMENTS);
  const q = input['q'];
  const limit = input['limit'] ?? 10;
  if (typeof q !== 'string' || q.trim() === '')
    issues.push({ field: 'q', message: 'q is required: a place name or its beginning, e.g. "札幌"' });
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 50)
    issues.push({ field: 'limit', message: 'limit must be an integer from 1 to 50' });
  if (issues.length > 0) return toolError(refusals.invalidRequest(issues));
  return ok({ query: q, places: searchPlaces(q as string, limit as number).map(placeJson) });
}

function solarTerms(input: Record<string, unknown>): ToolResult {
  const year = input['year'];
  const zone = canonicalZoneName(typeof input['timezone'] === 'string' ? input['timezone'] : 'Asia/Tokyo');
  const issues = [
    ...(Number.isInteger(year) && (year as number) >= LISTABLE_YEARS.first && (year as number) <= LISTABLE_YEARS.last
      ? []
      : [{ field: 'year', message: `year must be an integer from ${LISTABLE_YEARS.first} to ${LISTABLE_YEARS.last}` }]),
    ...(zone === undefined ? [{ field: 'timezone', message: 'timezone must be an IANA time zone name such as "Asia/Tokyo"' }] : []),
  ];
  const langValue = input['lang'];
  const lang = langValue == null ? DEFAULT_LANG : typeof langValue === 'string' ? langOf(langValue) : undefined;
  if (lang === undefined) issues.push({ field: 'lang', message: langRule('lang', langValue) });
  if (issues.length > 0) return toolError(refusals.invalidRequest(issues));
  return ok({ terms: solarTermsOfYear(year as number, zoneRules(zone!), catalogueFor(lang).labels.jieqi) });
}
