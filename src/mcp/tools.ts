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
import { compatibilityResultJson } from '../application/operations/compatibility.ts';
import { OPERATIONS } from '../application/operations/index.ts';
import { compatibilityEnvelope, variantAEnvelope, variantBEnvelope } from '../wire/envelope.ts';
import { errorBody, type DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import type { Outcome } from '../application/outcome.ts';
import type { PaidCall, PaidOperationRunner } from '../application/paid-operation.ts';
import { LISTABLE_YEARS, solarTermsOfYear } from '../domain/astronomy/term-listing.ts';
import type { Variant } from '../domain/chart/variants.ts';
import { chartRequestOnTheWire } from '../wire/chart-json.ts';
import { canonicalZoneName, zoneRules } from '../domain/time/zone.ts';
import { CHART_REQUEST_FIELDS } from '../domain/chart/request.ts';
import { componentSchemas } from '../wire/json-schemas.ts';
import { isPlainObject } from '../domain/plain-object.ts';

type JsonSchema = Record<string, unknown>;

/** An MCP tool result: the answer as text and as structured content, or our error body. */
export interface ToolResult {
  readonly [key: string]: unknown;
  readonly content: { type: 'text'; text: string }[];
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
  readonly annotations: { readonly readOnlyHint: boolean; readonly idempotentHint: boolean; readonly openWorldHint: false };
}

/** How tools run: paid through the pipeline (HTTP), or computed locally without a charge (stdio). */
export type ToolMode = { readonly kind: 'paid'; readonly paid: PaidOperationRunner; readonly call: PaidCall } | { readonly kind: 'local' };

const COMPONENTS = componentSchemas(CHART_REQUEST_FIELDS);
/** `#/components/schemas/X` → `#/$defs/X`: the OpenAPI components as a standalone JSON Schema's definitions. */
const DEFS = JSON.parse(JSON.stringify(COMPONENTS).replaceAll('#/components/schemas/', '#/$defs/')) as Record<string, JsonSchema>;
const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
/** The definitions a schema reaches through `$ref`, transitively. */
function reachedDefs(schema: unknown, into: Record<string, JsonSchema> = {}): Record<string, JsonSchema> {
  for (const [, name] of JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)) {
    if (name === undefined || name in into) continue;
    into[name] = DEFS[name]!;
    reachedDefs(DEFS[name], into);
  }
  return into;
}
/** An object schema with the component definitions it uses (MCP wants `type: object` at the root). */
const rooted = (schema: JsonSchema): JsonSchema => ({ type: 'object', ...schema, $defs: reachedDefs(schema) });

const CHART_INPUT = (() => {
  const body = DEFS['CalculateRequestB']!;
  return rooted({
    ...body,
    description: `${String(body['description'])} \`variant\` picks the answer's shape (default B).`,
    properties: {
      ...(body['properties'] as Record<string, JsonSchema>),
      variant: { enum: ['A', 'B'], default: 'B', description: 'A: the chart as /v1/calculate answers it; B: as /api/v1/calculate does.' },
    },
  });
})();

/** The chart tool's arguments but `variant`, which the tool reads itself. */
const CHART_ARGUMENTS: ReadonlySet<string> = new Set(
  Object.keys(CHART_INPUT['properties'] as Record<string, JsonSchema>).filter((name) => name !== 'variant'),
);

const TERMS_INPUT: JsonSchema = {
  type: 'object',
  required: ['year'],
  properties: {
    year: { type: 'integer', minimum: LISTABLE_YEARS.first, maximum: LISTABLE_YEARS.last, description: 'Gregorian year.' },
    timezone: { type: 'string', default: 'Asia/Tokyo', description: 'IANA zone for the `local` times.' },
  },
};
const TERMS_OUTPUT: JsonSchema = {
  type: 'object',
  required: ['terms'],
  properties: {
    terms: {
      type: 'array',
      minItems: 24,
      maxItems: 24,
      items: {
        type: 'object',
        required: ['name', 'longitude', 'utc', 'local'],
        properties: { name: { type: 'string' }, longitude: { type: 'integer' }, utc: { type: 'string' }, local: { type: 'string' } },
      },
    },
  },
};

/** The tool list of each mode, built once. */
const TOOL_DEFINITIONS = new Map<ToolMode['kind'], ToolDefinition[]>();
export const toolDefinitions = (mode: ToolMode['kind']): ToolDefinition[] => {
  let tools = TOOL_DEFINITIONS.get(mode);
  if (tools === undefined) {
    tools = buildToolDefinitions(mode);
    TOOL_DEFINITIONS.set(mode, tools);
  }
  return tools;
};

function buildToolDefinitions(mode: ToolMode['kind']): ToolDefinition[] {
  const paid = mode === 'paid';
  const cost = paid
    ? ' Charged like the REST call (a chart 10 credits, a compatibility 20 by default; enterprise 0), never on an error.'
    : ' Computed locally, not charged.';
  return [
    {
      name: 'calculate_chart',
      title: 'Four pillars chart (四柱推命 命式)',
      description:
        'Casts the four pillars of a birth (date, optional time, longitude, conventions) and answers the chart in Variant A or B, ' +
        'with the opt-in sections `include`: luck (大運・歳運・月運; the 大運 need gender), relations, special_stars, warnings, alternatives, convention_differences. ' +
        '`time_unknown: true` gives a three-pillar chart (no hour pillar). ' +
        (paid
          ? 'Answers REST’s body: the envelope with the chart as `result` (schemas SuccessA / SuccessB of /openapi.json).'
          : 'Answers the chart (`result` of REST’s body; schemas ResultA / ResultB of /openapi.json).') +
        cost,
      inputSchema: CHART_INPUT,
      annotations: { readOnlyHint: !paid, idempotentHint: !paid, openWorldHint: false },
    },
    {
      name: 'solar_terms',
      title: 'The 24 solar terms of a year (二十四節気)',
      description: `The 24 solar terms of a Gregorian year (${LISTABLE_YEARS.first}–${LISTABLE_YEARS.last}) to the second, in UT and in a zone. Free.`,
      inputSchema: TERMS_INPUT,
      outputSchema: TERMS_OUTPUT,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'compatibility',
      title: '相性 of two births',
      description:
        'Compares two births (day stems both ways as 通変星, 干合, the spouse stars when both genders are given, branch relations, 五行 complement, 空亡) and scores them 0–100 with every item explained.' +
        cost,
      inputSchema: rooted(DEFS['CompatibilityRequest']!),
      outputSchema: rooted(paid ? ref('SuccessCompatibility') : ref('CompatibilityResult')),
      annotations: { readOnlyHint: !paid, idempotentHint: !paid, openWorldHint: false },
    },
  ];
}

const ok = (value: Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});
/** Our error body (`status`, `message`, `code`) as an MCP tool error. */
export const toolError = (error: DomainError): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(errorBody(error)) }],
  isError: true,
});

/** Runs a tool by name; refusals come back as tool errors, anything else thrown is for the caller. */
export async function callTool(name: string, args: unknown, mode: ToolMode): Promise<ToolResult> {
  const input = isPlainObject(args) ? args : {};
  switch (name) {
    case 'calculate_chart': {
      const { variant: rawVariant = 'B', ...fields } = input;
      if (rawVariant !== 'A' && rawVariant !== 'B') return toolError(refusals.invalidField('variant', 'variant must be "A" or "B"'));
      const variant: Variant = rawVariant;
      // An argument the tool's input schema does not name is refused (with the nearest name), never dropped.
      const chart = chartRequestOnTheWire(variant, fields, null, fields, CHART_ARGUMENTS);
      if (mode.kind === 'local') {
        const order = OPERATIONS.chart.validate(chart.input);
        return order.ok ? ok({ ...chart.present(OPERATIONS.chart.compute(order.value)) }) : toolError(order.error);
      }
      const outcome = await mode.paid.run(OPERATIONS.chart, chart.input, mode.call, chart.present);
      return answered(outcome, ({ result, receipt }) =>
        variant === 'A' ? variantAEnvelope(result, receipt) : variantBEnvelope(result, receipt),
      );
    }
    case 'compatibility': {
      const compatibilityInput = { a: input['a'], b: input['b'], otherMembers: Object.keys(input) };
      if (mode.kind === 'local') {
        const order = OPERATIONS.compatibility.validate(compatibilityInput);
        return order.ok ? ok({ ...compatibilityResultJson(OPERATIONS.compatibility.compute(order.value)) }) : toolError(order.error);
      }
      const outcome = await mode.paid.run(OPERATIONS.compatibility, compatibilityInput, mode.call, compatibilityResultJson);
      return answered(outcome, ({ result, receipt }) => compatibilityEnvelope(result, receipt));
    }
    case 'solar_terms': {
      const year = input['year'];
      const zone = canonicalZoneName(typeof input['timezone'] === 'string' ? input['timezone'] : 'Asia/Tokyo');
      const issues = [
        ...(Number.isInteger(year) && (year as number) >= LISTABLE_YEARS.first && (year as number) <= LISTABLE_YEARS.last
          ? []
          : [{ field: 'year', message: `year must be an integer from ${LISTABLE_YEARS.first} to ${LISTABLE_YEARS.last}` }]),
        ...(zone === undefined ? [{ field: 'timezone', message: 'timezone must be an IANA time zone name such as "Asia/Tokyo"' }] : []),
      ];
      if (issues.length > 0) return toolError(refusals.invalidRequest(issues));
      return ok({ terms: solarTermsOfYear(year as number, zoneRules(zone!)) });
    }
    default:
      return toolError(refusals.invalidField('name', `unknown tool "${name}": calculate_chart, solar_terms or compatibility`));
  }
}

function answered<T>(outcome: Outcome<T>, envelope: (value: T) => object): ToolResult {
  return outcome.ok ? ok({ ...envelope(outcome.value) }) : toolError(outcome.error);
}
