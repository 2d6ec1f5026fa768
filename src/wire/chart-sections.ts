/**
 * Opt-in sections of the REST and CLI chart bodies: without `include` the legacy bodies
 * stay byte for byte as they were. `include` names what to append to `result` (`include=luck,relations`
 * as a query parameter, or a body / CLI line member `"include": ["luck", "relations"]` or the same comma
 * string), each with its options.
 *
 * A section is a folder, `sections/<name>/`: its declaration (`section.ts`: name, schema, options and
 * their reader, its check of the request, fingerprint, JSON, GraphQL field) and, when only it presents
 * it, its presenter. This module is the registry and what every section shares: one import and one
 * registration per section below, in the order they are appended.
 */
import type { Catalogue } from '../domain/catalogue/index.ts';
import type { ChartCore } from '../domain/chart/chart-core.ts';
import type { ChartRequest } from '../domain/chart/request.ts';
import { CHART_REQUEST_FIELDS, unknownFieldIssues } from '../domain/chart/request.ts';
import type { FieldIssue } from '../application/errors.ts';
import { once, Registry } from '../application/registry.ts';
import type { ChartSection } from './sections/declaration.ts';
import { LUCK_SECTION } from './sections/luck/section.ts';
import { RELATIONS_SECTION } from './sections/relations/section.ts';
import { SPECIAL_STARS_SECTION } from './sections/special-stars/section.ts';
import { WARNINGS_SECTION } from './sections/warnings/section.ts';
import { ALTERNATIVES_SECTION } from './sections/alternatives/section.ts';
import { CONVENTION_DIFFERENCES_SECTION } from './sections/convention-differences/section.ts';
import { ANALYSIS_SECTION } from './sections/analysis/section.ts';
import { VOID_PERIODS_SECTION } from './sections/void-periods/section.ts';
import { PALACES_SECTION } from './sections/palaces/section.ts';
import { EVIDENCE_SECTION } from './sections/evidence/section.ts';

export type { ChartSection, ReadOption, SectionOption } from './sections/declaration.ts';

type AnySection = ChartSection<any>;

const SECTION_REGISTRY = new Registry<AnySection>('chart section');

/** Registers an opt-in section (at start-up: a registration after the first read throws). */
export const registerChartSection = <Options>(section: ChartSection<Options>): void => {
  SECTION_REGISTRY.register(section);
};

/** Every opt-in section, in the order they are appended to `result`. */
export const chartSections = (): readonly AnySection[] => SECTION_REGISTRY.all();

// `include=luck`: 大運 (and 歳運 / 月運 / 小運 / 日運 / 時運 when asked for); the 大運 need `gender`.
registerChartSection(LUCK_SECTION);
// `include=relations`: 合冲刑害破 among the natal pillars.
registerChartSection(RELATIONS_SECTION);
// `include=special_stars`: the 神殺 present (schools chosen with `star_*` options).
registerChartSection(SPECIAL_STARS_SECTION);
// `include=warnings`: boundaries near the birth time, clock readings, no time given.
registerChartSection(WARNINGS_SECTION);
// `include=alternatives`: every chart within ± `uncertainty_minutes` (default 30).
registerChartSection(ALTERNATIVES_SECTION);
// `include=convention_differences`: what another convention setting changes.
registerChartSection(CONVENTION_DIFFERENCES_SECTION);
// `include=analysis`: day-master strength by three classical methods (docs/analysis.md).
registerChartSection(ANALYSIS_SECTION);
// `include=void_periods`: the 天中殺 (空亡) years, months and 大運 (`void_years`: the span).
registerChartSection(VOID_PERIODS_SECTION);
// `include=palaces`: 胎元・胎息・命宮・身宮, each with its other schools.
registerChartSection(PALACES_SECTION);
// `include=evidence`: the conclusions to quote, with their rules, sources and confidence.
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

/** The chart operation's input fields for these options: the included sections' checks, the option issues and what they add. */
export const chartInputOptions = (extras: ChartExtras) => ({
  checks: checksOf(extras),
  optionIssues: extras.issues,
  sections: extras === NO_EXTRAS ? undefined : sectionsOf(extras),
});

/** The included sections' checks of the request (`validate`), in the registry's order; undefined when none has one. */
function checksOf({ included, options }: ChartExtras): ((request: ChartRequest | undefined) => readonly FieldIssue[]) | undefined {
  const checking = chartSections().filter((section) => included.has(section.name) && section.validate !== undefined);
  return checking.length === 0
    ? undefined
    : (request) => checking.flatMap((section) => section.validate!(request, options.get(section.name)));
}

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
