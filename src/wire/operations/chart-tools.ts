/**
 * The chart operation's MCP tools: `calculate_chart` (every argument, either variant) and its views,
 * each a chart at the chart's price answering what a question needs and no more:
 * - `chart_analysis`: 旺衰, 格局 with 成敗, 用神, 合化 (the `analysis` section);
 * - `chart_luck`: a year's 歳運 and 月運 with the 大運 in force ("what does my 2026 look like");
 * - `chart_certainty`: how sure the chart is (`warnings`, `alternatives`, `convention_differences`).
 * A view's birth arguments are calculate_chart's, listed with their types but without their words
 * (the tool list is read on every session; calculate_chart describes them once).
 */
import type { CastChart, ChartInput } from '../../application/operations/chart.ts';
import { refuse, succeed } from '../../application/outcome.ts';
import type { FieldIssue } from '../../application/errors.ts';
import { refusals } from '../../application/refusals.ts';
import { LUCK_YEARS } from '../../domain/luck/luck.ts';
import { answerVersionOf, MCP_VERSION_META, type AnswerVersion } from '../answer-version.ts';
import { chartRequestOnTheWire } from '../chart-json.ts';
import { mcpExcludedOptions, mcpOptionDescriptions, unknownChartMembers } from '../chart-sections.ts';
import { variantBEnvelope } from '../envelope.ts';
import { once } from '../../application/registry.ts';
import { bareArgument, MCP_UNLISTED_FIELDS, rooted, toolDef } from '../tool-schemas.ts';
import type { McpTool } from './declaration.ts';

type JsonSchema = Record<string, unknown>;
type ChartTool = McpTool<ChartInput, CastChart>;

/** Request fields whose REST words are longer than a model needs on every session: the tool's own (the enum says the values). */
const TOOL_WORDS: Readonly<Record<string, string>> = {
  include: 'Sections to add, a list or a comma-separated string (大運 need `gender`); none: the legacy body.',
  hemisphere: 'south: a minority convention, the month branch of the opposite season.',
  time_unknown: 'true: three pillars, no hour; not with a time.',
  zokan_count: '蔵干 day count: by dates (default) or elapsed days since the 節入り.',
};

/** The chart tool's input: Variant B's body and `variant`; options with shorter MCP words take them. */
export const chartToolInput = once(() => {
  const body = toolDef('CalculateRequestB');
  const shorter = mcpOptionDescriptions();
  return rooted({
    ...body,
    description:
      'The birth, its conventions and the opt-in sections; an argument not listed is refused, naming the nearest. `variant` picks the answer’s shape (default B).',
    properties: {
      // Options marked `mcp: false` are left out (the tool list's size budget): REST, the CLI and GraphQL take them.
      ...Object.fromEntries(
        Object.entries(body['properties'] as Record<string, JsonSchema>)
          .filter(([name]) => !mcpExcludedOptions().has(name) && !MCP_UNLISTED_FIELDS.has(name))
          .map(([name, schema]) => [name, { ...schema, description: shorter.get(name) ?? TOOL_WORDS[name] ?? schema['description'] }]),
      ),
      variant: { enum: ['A', 'B'], default: 'B', description: 'A: /v1/calculate’s answer; B: /api/v1/calculate’s.' },
    },
  });
});

/** The chart tool's arguments but `variant`, which the tool reads itself; `hour` and `minute` too, though unlisted. */
export const chartToolArguments = once(
  (): ReadonlySet<string> =>
    new Set([...Object.keys(chartToolInput()['properties'] as object).filter((name) => name !== 'variant'), ...MCP_UNLISTED_FIELDS]),
);

/** A presenter that remembers the version of the answer it presented, for the tool result's `_meta`. */
export function versionedPresenter(present: (cast: CastChart) => unknown, sections: unknown) {
  let version: AnswerVersion | undefined;
  return {
    present: (cast: CastChart) => {
      version = answerVersionOf(cast.core.request, sections);
      return present(cast);
    },
    meta: (): Record<string, unknown> => (version === undefined ? {} : { [MCP_VERSION_META]: version }),
  };
}

/** Every view takes the birth: its date (or lunar date), time, place or longitude, zone and language. */
const BIRTH = ['year', 'month', 'day', 'time', 'time_unknown', 'location', 'place', 'timezone', 'calendar', 'leap_month', 'lang'];
/** Every view answers the pillars and the true solar time. */
const PILLAR_KEYS = ['input_date', 'true_solar_time', 'year_ganzhi', 'month_ganzhi', 'day_ganzhi', 'time_ganzhi'];

interface ChartView {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** calculate_chart's arguments it takes besides the birth. */
  readonly arguments: readonly string[];
  /** Its own arguments (not calculate_chart's), with their schemas. */
  readonly own?: Readonly<Record<string, JsonSchema>>;
  /** What the view asks of the chart: `include` and the sections' options, from its own arguments. */
  members(own: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** The answer's keys besides the pillars. */
  readonly keys: readonly string[];
}

/** What is wrong with a view's own argument (required, an integer within its bounds), or null. */
function ownArgumentProblem(name: string, schema: JsonSchema, value: unknown): string | null {
  if (value === undefined || value === null) return schema['required'] === true ? `${name} is required` : null;
  if (schema['type'] === 'integer') {
    const { minimum, maximum } = schema as { minimum: number; maximum: number };
    if (!Number.isInteger(value) || (value as number) < minimum || (value as number) > maximum)
      return `${name} must be an integer from ${minimum} to ${maximum}`;
  }
  return null;
}

function chartView(view: ChartView): ChartTool {
  const chartArguments = [...BIRTH, ...view.arguments];
  const own = view.own ?? {};
  /** What a caller may send (the schema's properties); the chart is then asked for the view's members too. */
  const allowed = once((): ReadonlySet<string> => new Set([...chartArguments, ...Object.keys(own)]));
  const sample = Object.fromEntries(Object.keys(own).map((name) => [name, 0]));
  const known = once((): ReadonlySet<string> => new Set([...chartArguments, ...Object.keys(view.members(sample))]));
  const input = once(() => {
    const properties = chartToolInput()['properties'] as Record<string, unknown>;
    return {
      type: 'object',
      description: 'As calculate_chart’s; others refused.',
      required: ['year', 'month', 'day', ...Object.keys(own).filter((name) => own[name]!['required'] === true)],
      properties: {
        ...Object.fromEntries(chartArguments.map((name) => [name, bareArgument(properties[name])])),
        ...Object.fromEntries(Object.entries(own).map(([name, { required: _required, ...schema }]) => [name, schema])),
      },
      additionalProperties: false,
    };
  });
  const answerKeys = [...PILLAR_KEYS, ...view.keys];
  return {
    name: view.name,
    title: view.title,
    description: (cost) => view.description + cost,
    get inputSchema() {
      return input();
    },
    read: (args) => {
      if ('include' in args)
        return refuse(
          refusals.invalidField(
            'include',
            `include is not an argument of ${view.name}: it answers its own sections; calculate_chart takes include`,
          ),
        );
      // An argument the schema does not list is refused with the nearest name, never dropped or overridden.
      const unknown = unknownChartMembers(null, args, allowed());
      if (unknown.length > 0) return refuse(refusals.invalidRequest(unknown.map((issue) => takenElsewhere(view.name, issue))));
      for (const [name, schema] of Object.entries(own)) {
        const problem = ownArgumentProblem(name, schema, args[name]);
        if (problem !== null) return refuse(refusals.invalidField(name, problem));
      }
      const ownValues = Object.fromEntries(Object.keys(own).map((name) => [name, args[name]]));
      const birth = Object.fromEntries(Object.entries(args).filter(([name]) => !(name in own)));
      const members = { ...birth, ...view.members(ownValues) };
      const chart = chartRequestOnTheWire('B', members, null, members, known());
      const present = (cast: CastChart) => {
        const full = chart.present(cast) as Record<string, unknown>;
        return Object.fromEntries(answerKeys.filter((key) => key in full).map((key) => [key, full[key]]));
      };
      const versioned = versionedPresenter(present, chart.input.sections);
      return succeed({ input: chart.input, present: versioned.present, envelope: variantBEnvelope, meta: versioned.meta });
    },
  };
}

/** `chart_analysis`: the classical analysis of a birth (旺衰, 格局 with 成敗, 用神, 合化). */
const analysisView = chartView({
  name: 'chart_analysis',
  title: 'Classical analysis (旺衰・格局・用神・合化)',
  description:
    '旺衰 (4 methods), 格局 with 成敗, 用神 and five gods (4 schools), 合化, each with evidence and confidence. Answers the pillars and `analysis`.',
  arguments: ['uncertainty_minutes', 'analysis_sensitivity'],
  members: () => ({ include: ['analysis'] }),
  keys: ['analysis'],
});

/** `chart_luck`: one pillar year's 歳運 and 月運, with the 大運 in force when a gender is given. */
const luckView = chartView({
  name: 'chart_luck',
  title: 'A year’s luck (歳運・月運・大運)',
  description:
    '歳運 of `luck_year` (立春 to 立春), its 12 月運 and, with `gender`, the 12 大運: ten gods, 十二運, 空亡, relations to the chart. Answers the pillars and `luck`.',
  arguments: ['gender', 'luck_method', 'hemisphere'],
  own: {
    luck_year: {
      type: 'integer',
      minimum: LUCK_YEARS.first,
      maximum: LUCK_YEARS.last,
      description: 'The pillar year to read, e.g. 2026.',
      required: true,
    },
  },
  members: ({ luck_year }) => ({ include: ['luck'], luck_cycles: 12, luck_years: String(luck_year), luck_months: luck_year }),
  keys: ['luck'],
});

/** `chart_certainty`: what the birth time's uncertainty and the schools' conventions do to the chart. */
const certaintyView = chartView({
  name: 'chart_certainty',
  title: 'How sure the chart is (節入り, 時刻, 流派)',
  description:
    'Boundaries (節, hour, day) near the birth, the charts the window holds, what other conventions change. Answers the pillars, `warnings`, `alternatives`, `convention_differences`.',
  arguments: ['uncertainty_minutes', 'solar_time', 'day_boundary', 'zokan_table', 'zokan_count', 'hemisphere'],
  members: () => ({ include: ['warnings', 'alternatives', 'convention_differences'] }),
  keys: ['warnings', 'alternatives', 'convention_differences'],
});

export const CHART_VIEWS: readonly ChartTool[] = [analysisView, luckView, certaintyView];

/** Each argument's tools: calculate_chart's and every view's, so a refusal can say where an argument belongs. */
const toolsTaking = once((): ReadonlyMap<string, readonly string[]> => {
  const taking = new Map<string, string[]>();
  const add = (tool: string, names: Iterable<string>): void => {
    for (const name of names) taking.set(name, [...(taking.get(name) ?? []), tool]);
  };
  add('calculate_chart', chartToolArguments());
  for (const view of CHART_VIEWS) add(view.name, Object.keys((view.inputSchema as { properties: object }).properties));
  return taking;
});

/** A chart tool's refusal of an argument another chart tool takes (`gender` on chart_analysis) names those tools. */
export function takenElsewhere(tool: string, issue: FieldIssue): FieldIssue {
  const others = toolsTaking().get(issue.field);
  if (others === undefined || others.includes(tool)) return issue;
  return {
    field: issue.field,
    message: `${issue.field} is not an argument of ${tool}: ${others.join(' and ')} take${others.length === 1 ? 's' : ''} it`,
  };
}
