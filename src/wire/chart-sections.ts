/**
 * Opt-in sections of the REST and CLI chart bodies: without `include` the legacy bodies
 * stay byte for byte as they were. `include` names what to append to `result`:
 *
 *   include=luck           `luck`: 大運 (and 歳運 / 月運 when asked for); needs `gender`
 *   include=relations      `relations`: 合冲刑害破 among the natal pillars
 *   include=special_stars  `special_stars`: the 神殺 present (schools chosen with `star_*` options)
 *   include=warnings       `warnings`: boundaries near the birth time, clock readings, no time given
 *   include=alternatives   `alternatives`: every chart within ± `uncertainty_minutes` (default 30)
 *   include=convention_differences  `convention_differences`: what another convention setting changes
 *   include=analysis       `analysis`: day-master strength by three classical methods (docs/analysis.md)
 *   include=void_periods   `void_periods`: the 天中殺 (空亡) years, months and 大運 (`void_years`: the span)
 *   include=palaces       `palaces`: 胎元・胎息・命宮・身宮, each with its other schools
 *
 * as a query parameter (`include=luck,relations`), or a body / CLI line member (`"include":
 * ["luck", "relations"]` or the same comma string). With `luck`: `luck_cycles` (1–12, default 10),
 * `luck_years` (`2024` or `2024-2030`, at most 150 years), `luck_months` (a pillar year). With
 * `special_stars`: `star_yang_blade`, `star_red_blossom`, … (one per option of SPECIAL_STAR_OPTIONS,
 * snake_case after `star_`; the booleans take `true` / `false`).
 */
import { alternativesJson, conventionDifferencesJson, warningsJson } from './present/certainty-json.ts';
import type { Catalogue } from '../domain/catalogue/index.ts';
import type { ChartCore } from '../domain/chart/chart-core.ts';
import { CHART_REQUEST_FIELDS, unknownFieldIssues } from '../domain/chart/request.ts';
import type { JsonSchema } from '../domain/chart/request-contract.ts';
import { luckJson, natalRelationsJson } from './present/luck-json.ts';
import { MAX_DAY_SPAN, MINOR_LUCK_SCHOOLS, parseCivilDate, type MinorLuckSchool } from '../domain/luck/fine-luck.ts';
import { DEFAULT_CYCLE_COUNT, LUCK_YEARS, MAX_CYCLE_COUNT, MAX_YEAR_SPAN, type LuckArguments } from '../domain/luck/luck.ts';
import { SPECIAL_STAR_OPTIONS, specialStarsOf, type SpecialStarOptions } from '../domain/stars/special-stars.ts';
import type { FieldIssue } from '../application/errors.ts';
import { once, Registry } from '../application/registry.ts';
import { ANALYSIS_SCHEMA } from './analysis-schema.ts';
import { analysisJson } from './present/analysis-json.ts';
import { VOID_PERIODS_SECTION } from './void-periods-section.ts';
import { PALACES_SECTION } from './palaces-section.ts';
import { EVIDENCE_SECTION } from './evidence-section.ts';

/** An option of a section: a query parameter, body member and CLI-line member, with its schema and its docs row. */
export interface SectionOption {
  readonly name: string;
  /** Its JSON Schema as a body member (and, but for `include`, as a query parameter), described. */
  readonly member: JsonSchema & { readonly description: string };
  /** docs/rest.md's row: the type in words and the rule. */
  readonly doc: { readonly type: string; readonly rule: string };
  /**
   * The MCP chart tool's words for it, where `member`'s are longer than a model needs on every session
   * (the books behind a school are in the docs resource); false: left out of the tool (its list has a
   * size budget; REST, the CLI and GraphQL keep it).
   */
  readonly mcp?: false | { readonly description: string };
}

/** Reads an option: a body or CLI-line member, else the query parameter; undefined when absent. */
export type ReadOption = (name: string) => unknown;

/**
 * An opt-in section of the chart, declared once: its `include` name, its options, the JSON it
 * appends to `result`, the schema of that JSON and its GraphQL field on `ChartResult`. REST
 * `include`, the CLI, the MCP chart tool, the OpenAPI document, the idempotency fingerprint and the
 * GraphQL schema follow the registry, in its order (the order the sections are appended).
 */
export interface ChartSection<Options = unknown> {
  readonly name: string;
  /** The component schema (/openapi.json `components.schemas`) of the section's value; `definition` when the section brings it. */
  readonly schema: string;
  readonly definition?: JsonSchema;
  /**
   * The GraphQL field on `ChartResult`. `typed`: defined with its own types in src/graphql/schema (a
   * test checks it exists); otherwise served as JSON, this JSON, with the options' defaults.
   */
  readonly graphql: { readonly field: string; readonly typed: boolean; readonly description?: string };
  readonly options?: readonly SectionOption[];
  /**
   * Reads and checks the options (whenever `include` is given; `included` says whether this section
   * is), pushing an issue per bad value.
   */
  readonly readOptions?: (read: ReadOption, issues: FieldIssue[], included: boolean) => Options;
  /** The options as plain data in the idempotency fingerprint, under `key`, when the section is included. */
  readonly fingerprint?: { readonly key: string; readonly of: (options: Options) => unknown };
  /** The section's JSON, in the catalogue's words. */
  readonly json: (core: ChartCore, options: Options, catalogue: Catalogue) => unknown;
}

type AnySection = ChartSection<any>;

const SECTION_REGISTRY = new Registry<AnySection>('chart section');

/** Registers an opt-in section (at start-up: a registration after the first read throws). */
export const registerChartSection = <Options>(section: ChartSection<Options>): void => {
  SECTION_REGISTRY.register(section);
};

/** Every opt-in section, in the order they are appended to `result`. */
export const chartSections = (): readonly AnySection[] => SECTION_REGISTRY.all();

const YEARS = /^(\d{4})(?:-(\d{4}))?$/;
const INTEGER = /^-?\d+$/;

/** An integer option: a JSON integer or a strictly written decimal string. */
function readInteger(read: ReadOption, name: string, issues: FieldIssue[]): number | undefined {
  const value = read(name);
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && INTEGER.test(value)) return Number(value);
  issues.push({ field: name, message: `${name} must be an integer` });
  return undefined;
}

/** The luck section's options: what to compute (checked by the chart operation before the charge). */
export interface LuckOptions {
  readonly arguments: LuckArguments;
  readonly cycles: number;
  readonly years?: readonly [number, number] | undefined;
  readonly months?: number | undefined;
  readonly minor?: MinorLuckSchool | undefined;
  readonly days?: readonly [number, number] | undefined;
  readonly hours?: number | undefined;
}

registerChartSection<LuckOptions>({
  name: 'luck',
  schema: 'Luck',
  graphql: { field: 'luck', typed: true },
  options: [
    {
      name: 'luck_cycles',
      member: { description: 'With `include=luck`: how many 大運 (1–12, default 10).', type: 'integer', minimum: 1, maximum: 12 },
      doc: { type: 'integer', rule: `with \`luck\`: how many 大運, 1–${MAX_CYCLE_COUNT} (default ${DEFAULT_CYCLE_COUNT})` },
    },
    {
      name: 'luck_years',
      member: {
        description: `With \`include=luck\`: 歳運 of these pillar years, \`2024\` or \`2024-2030\` (at most 150 years, ${LUCK_YEARS.first}–${LUCK_YEARS.last}).`,
        type: 'string',
        pattern: '^\\d{4}(-\\d{4})?$',
      },
      doc: {
        type: 'string',
        rule: `with \`luck\`: 歳運 of a pillar year or a range, \`2024\` or \`2024-2030\` (${LUCK_YEARS.first}–${LUCK_YEARS.last}, at most ${MAX_YEAR_SPAN} years)`,
      },
    },
    {
      name: 'luck_months',
      member: {
        description: `With \`include=luck\`: 月運 of this pillar year (${LUCK_YEARS.first}–${LUCK_YEARS.last}).`,
        type: 'integer',
        minimum: LUCK_YEARS.first,
        maximum: LUCK_YEARS.last,
      },
      doc: { type: 'integer', rule: 'with `luck`: 月運 of one pillar year' },
    },
    {
      name: 'luck_minor',
      member: { description: 'With `include=luck`: 小運 school.', type: 'string', enum: [...MINOR_LUCK_SCHOOLS] },
      doc: {
        type: 'string',
        rule: 'with `luck`: 小運 per year of age, `hour_pillar` (the hour pillar stepped as the 大運) or `sanming` (三命通会: 男 丙寅 forward, 女 壬申 backward); needs `gender` and a birth time (refused with `time_unknown`)',
      },
    },
    {
      name: 'luck_days',
      member: { description: 'With `include=luck`: 日運 of `YYYY-MM-DD` or `YYYY-MM-DD..YYYY-MM-DD` (≤ 366 days).', type: 'string' },
      doc: {
        type: 'string',
        rule: `with \`luck\`: 日運 of a civil date or a range, \`2025-01-01\` or \`2025-01-01..2025-12-31\` (at most ${MAX_DAY_SPAN} days)`,
      },
    },
    {
      name: 'luck_hours',
      member: { description: 'With `include=luck`: the 12 時運 of `YYYY-MM-DD`.', type: 'string' },
      doc: { type: 'string', rule: 'with `luck`: 時運, the 12 時辰 of a civil date `YYYY-MM-DD` on the chart’s solar clock' },
    },
  ],
  readOptions: (read, issues) => {
    const cycles = readInteger(read, 'luck_cycles', issues) ?? DEFAULT_CYCLE_COUNT;
    let years: [number, number] | undefined;
    const rawYears = read('luck_years');
    if (rawYears !== undefined) {
      const match = typeof rawYears === 'string' || typeof rawYears === 'number' ? YEARS.exec(String(rawYears)) : null;
      if (match === null)
        issues.push({ field: 'luck_years', message: 'luck_years must be a year or a range of years, e.g. "2024" or "2024-2030"' });
      else years = [Number(match[1]), Number(match[2] ?? match[1])];
    }
    const months = readInteger(read, 'luck_months', issues);
    const minor = read('luck_minor');
    const rawDays = read('luck_days');
    const dayRange = typeof rawDays === 'string' ? (rawDays.split('..') as [string, string?]) : undefined;
    const dayTexts = dayRange === undefined ? undefined : ([dayRange[0], dayRange[1] ?? dayRange[0]] as const);
    const hours = read('luck_hours');
    const genderFree = ['luck_years', 'luck_months', 'luck_days', 'luck_hours'];
    return {
      arguments: {
        cycleCounts: [cycles],
        yearRanges: years === undefined ? [] : [years],
        monthYears: months === undefined ? [] : [months],
        names: { cycles: 'luck_cycles', years: 'luck_years', months: 'luck_months' },
        minorSchools: minor === undefined ? [] : [minor],
        dayRanges: rawDays === undefined ? [] : [dayTexts ?? [rawDays, rawDays]],
        hourDates: hours === undefined ? [] : [hours],
        // 歳運, 月運, 日運 or 時運 alone (no luck_cycles, no luck_minor) need no gender; the 大運 and 小運 do.
        needsGender: read('luck_cycles') !== undefined || minor !== undefined || genderFree.every((name) => read(name) === undefined),
      },
      cycles,
      years,
      months,
      minor: minor as MinorLuckSchool | undefined,
      days: dayTexts === undefined ? undefined : ([parseCivilDate(dayTexts[0])!, parseCivilDate(dayTexts[1])!] as const),
      hours: typeof hours === 'string' ? parseCivilDate(hours) : undefined,
    };
  },
  fingerprint: {
    key: 'luck',
    of: (options) => ({
      cycles: options.cycles,
      years: options.years ?? null,
      months: options.months ?? null,
      // Present only when asked for: the digests of requests without them stay as they were.
      ...(options.minor === undefined ? {} : { minor: options.minor }),
      ...(options.days === undefined ? {} : { days: options.days }),
      ...(options.hours === undefined ? {} : { hours: options.hours }),
    }),
  },
  json: (core, options, catalogue) =>
    luckJson(
      core,
      core.request.luck,
      {
        cycles: options?.cycles ?? DEFAULT_CYCLE_COUNT,
        years: options?.years,
        months: options?.months,
        minor: options?.minor,
        days: options?.days,
        hours: options?.hours,
      },
      catalogue,
    ),
});

registerChartSection({
  name: 'relations',
  schema: 'Relations',
  graphql: { field: 'relations', typed: true },
  json: (core, _options, catalogue) => natalRelationsJson(core, catalogue),
});

/** `yangBlade` → `star_yang_blade`: the REST / CLI name of a special-star school option. */
export const starOptionName = (option: keyof SpecialStarOptions): string =>
  `star_${option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

registerChartSection<Partial<SpecialStarOptions>>({
  name: 'special_stars',
  schema: 'SpecialStars',
  graphql: { field: 'specialStars', typed: true },
  options: SPECIAL_STAR_OPTIONS.map((option) => ({
    name: starOptionName(option.name),
    member: {
      // The books and tables behind each setting are in docs/fields.md, not in a text a client or a model reads.
      description: `With \`include=special_stars\`: ${option.description} Default \`${String(option.default)}\`.`,
      ...(typeof option.default === 'boolean' ? { type: 'boolean' } : { type: 'string', enum: [...option.values] }),
    },
    // The default is the enum's first value (the tool list is read on every session).
    mcp: { description: `[special_stars] ${option.brief}.` },
    doc: {
      type: typeof option.default === 'boolean' ? 'boolean' : 'string',
      rule: `with \`special_stars\`: ${option.values.map((v) => `\`${String(v)}\``).join(' or ')} (default \`${String(option.default)}\`)`,
    },
  })),
  readOptions: (read, issues, included) => {
    const starOptions: Record<string, string | boolean> = {};
    // The school options are read (and checked) only when the stars are asked for.
    for (const option of included ? SPECIAL_STAR_OPTIONS : []) {
      const name = starOptionName(option.name);
      const value = read(name);
      if (value === undefined || value === '') continue;
      const chosen =
        typeof option.default === 'boolean'
          ? value === true || value === 'true'
            ? true
            : value === false || value === 'false'
              ? false
              : undefined
          : value;
      if (chosen === undefined || !option.values.includes(chosen as string | boolean)) {
        issues.push({
          field: name,
          message: `${name} must be one of ${option.values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ')}`,
        });
      } else starOptions[option.name] = chosen as string | boolean;
    }
    return starOptions;
  },
  fingerprint: { key: 'stars', of: (options) => options },
  json: (core, options, catalogue) => specialStarsOf(core.pillars, catalogue, options ?? {}, core.request.luck?.gender ?? null),
});

registerChartSection({
  name: 'warnings',
  schema: 'ChartWarnings',
  graphql: { field: 'warnings', typed: true },
  json: (core, _options, catalogue) => warningsJson(core, catalogue),
});
registerChartSection({
  name: 'alternatives',
  schema: 'ChartAlternatives',
  graphql: { field: 'alternatives', typed: true },
  json: (core) => alternativesJson(core),
});
registerChartSection({
  name: 'convention_differences',
  schema: 'ConventionDifferences',
  graphql: { field: 'conventionDifferences', typed: true },
  json: (core) => conventionDifferencesJson(core),
});

registerChartSection<{ readonly sensitivity: boolean }>({
  name: 'analysis',
  options: [
    {
      name: 'analysis_sensitivity',
      member: {
        type: 'boolean',
        // Short: the MCP tool list carries it on every session.
        description: 'With include=analysis: add `sensitivity`, the verdicts over the birth window.',
      },
      doc: {
        type: 'boolean',
        rule: 'with `analysis`: `true` adds `sensitivity`, the verdicts over the birth-time window (default `false`)',
      },
    },
  ],
  readOptions: (read, issues, included) => {
    const value = included ? read('analysis_sensitivity') : undefined;
    if (value === undefined || value === '') return { sensitivity: false };
    if (value === true || value === 'true') return { sensitivity: true };
    if (value === false || value === 'false') return { sensitivity: false };
    issues.push({ field: 'analysis_sensitivity', message: 'analysis_sensitivity must be true or false' });
    return { sensitivity: false };
  },
  fingerprint: { key: 'analysis', of: (options) => options },
  schema: 'Analysis',
  definition: ANALYSIS_SCHEMA,
  graphql: { field: 'analysis', typed: true },
  json: (core, options, catalogue) => analysisJson(core, catalogue, options?.sensitivity ?? false),
});

// 天中殺 (空亡) periods: declared in its own module.
registerChartSection(VOID_PERIODS_SECTION);

// 胎元・胎息・命宮・身宮: declared in its own module.
registerChartSection(PALACES_SECTION);

// The conclusions to quote, with their rules, sources and confidence: declared in its own module.
registerChartSection(EVIDENCE_SECTION);

/** The `include` values, in the registry's order. */
export const includeValues = once((): readonly string[] => chartSections().map((section) => section.name));

/** The options the MCP chart tool leaves out (`mcp: false`). */
export const mcpExcludedOptions = once(
  (): ReadonlySet<string> =>
    new Set(chartSections().flatMap((section) => (section.options ?? []).filter((o) => o.mcp === false).map((o) => o.name))),
);

/** The MCP chart tool's shorter words for an option, by its name. */
export const mcpOptionDescriptions = once(
  (): ReadonlyMap<string, string> =>
    new Map(
      chartSections().flatMap((section) =>
        (section.options ?? []).flatMap((o) => (o.mcp === undefined || o.mcp === false ? [] : [[o.name, o.mcp.description] as const])),
      ),
    ),
);

/** Every option this module reads (query parameters, body and CLI-line members). */
export const chartExtraOptions = once((): readonly string[] => [
  'include',
  ...chartSections().flatMap((section) => (section.options ?? []).map((option) => option.name)),
]);
/** Every member a chart request may carry on REST and the CLI: the request fields and the options. */
export const chartMemberNames = once(
  (): ReadonlySet<string> => new Set([...CHART_REQUEST_FIELDS.map((field) => field.name), ...chartExtraOptions()]),
);

/** The names a request sent that no chart request knows (query parameters and body members), as issues. */
export const unknownChartMembers = (
  params: URLSearchParams | null,
  body: Record<string, unknown> | null,
  known: ReadonlySet<string> = chartMemberNames(),
) => unknownFieldIssues(new Set([...(params?.keys() ?? []), ...(body === null ? [] : Object.keys(body))]), known);

/** What each option is, for the docs' request table (docs/rest.md is generated from it with the request fields). */
export const chartExtraOptionDocs = once((): readonly { readonly name: string; readonly type: string; readonly rule: string }[] => [
  {
    name: 'include',
    type: 'string or array',
    rule: `sections to append to \`result\`: any of ${includeValues()
      .map((v) => `\`${v}\``)
      .join(', ')}; a comma list or a JSON array`,
  },
  ...chartSections().flatMap((section) => (section.options ?? []).map((option) => ({ name: option.name, ...option.doc }))),
]);

export interface ChartExtras {
  /** The sections asked for. */
  readonly included: ReadonlySet<string>;
  /** Each section's options as read (every section with options, whenever `include` was given). */
  readonly options: ReadonlyMap<string, unknown>;
  /** Malformed options, reported with the request's own issues. */
  readonly issues: readonly FieldIssue[];
}

export const NO_EXTRAS: ChartExtras = { included: new Set(), options: new Map(), issues: [] };

/** Reads the options from query parameters and/or a JSON object's members (the object wins). */
export function parseChartExtras(query: URLSearchParams | null, body: Record<string, unknown> | null): ChartExtras {
  const read = (name: string): unknown => (body !== null && body[name] != null ? body[name] : (query?.get(name) ?? undefined));
  const issues: FieldIssue[] = [];
  const raw = read('include');
  if (raw === undefined || raw === '') return NO_EXTRAS;
  const names = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : Array.isArray(raw) ? raw : null;
  const known = includeValues();
  if (names === null || names.some((n) => typeof n !== 'string' || !known.includes(n))) {
    issues.push({ field: 'include', message: `include must list some of ${known.map((v) => `"${v}"`).join(', ')}` });
    return { ...NO_EXTRAS, issues };
  }
  const included: ReadonlySet<string> = new Set(names as string[]);
  const options = new Map<string, unknown>();
  for (const section of chartSections()) {
    if (section.readOptions !== undefined) options.set(section.name, section.readOptions(read, issues, included.has(section.name)));
  }
  return { included, options, issues };
}

/**
 * A section's options sent without the section (`luck_cycles` without `include=luck`): each refused,
 * naming the `include` it needs, since an option we would otherwise ignore is an answer the caller
 * did not get.
 */
export function optionsWithoutTheirSection(
  query: URLSearchParams | null,
  body: Record<string, unknown> | null,
  included: ReadonlySet<string>,
): FieldIssue[] {
  const given = (name: string): boolean => (body !== null && body[name] != null) || query?.has(name) === true;
  return chartSections().flatMap((section) =>
    included.has(section.name)
      ? []
      : (section.options ?? [])
          .filter((option) => given(option.name))
          .map((option) => ({
            field: option.name,
            message: `${option.name} is an option of the ${section.name} section: it needs include=${section.name}`,
          })),
  );
}

/** The chart operation's input fields for these options: the luck check, the option issues and what they add. */
export const chartInputOptions = (extras: ChartExtras) => ({
  luck: extras.included.has('luck') ? { arguments: (extras.options.get('luck') as LuckOptions).arguments } : undefined,
  optionIssues: extras.issues,
  sections: extras === NO_EXTRAS ? undefined : sectionsOf(extras),
});

/**
 * What the options add to the answer, as plain data: part of the request's identity for
 * idempotency (a retry that asks for other sections is another request, not a replay).
 */
function sectionsOf({ included, options }: ChartExtras): unknown {
  const sections = chartSections().filter((section) => included.has(section.name));
  return {
    include: sections.map((section) => section.name),
    ...Object.fromEntries(
      sections.flatMap(({ name, fingerprint }) =>
        fingerprint === undefined ? [] : [[fingerprint.key, fingerprint.of(options.get(name))]],
      ),
    ),
  };
}

/** `result` with the opted-in sections appended after its own keys, in the registry's order (the same object, returned). */
export function withExtraSections<T extends object>(result: T, core: ChartCore, extras: ChartExtras, catalogue: Catalogue): T {
  const added: Record<string, unknown> = {};
  for (const section of chartSections()) {
    if (extras.included.has(section.name)) added[section.name] = section.json(core, extras.options.get(section.name), catalogue);
  }
  return Object.assign(result, added);
}
