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
 *
 * as a query parameter (`include=luck,relations`), or a body / CLI line member (`"include":
 * ["luck", "relations"]` or the same comma string). With `luck`: `luck_cycles` (1–12, default 10),
 * `luck_years` (`2024` or `2024-2030`, at most 150 years), `luck_months` (a pillar year). With
 * `special_stars`: `star_yang_blade`, `star_red_blossom`, … (one per option of SPECIAL_STAR_OPTIONS,
 * snake_case after `star_`; the booleans take `true` / `false`).
 */
import { alternativesJson, conventionDifferencesJson, warningsJson } from '../domain/chart/certainty-json.ts';
import type { ChartCore } from '../domain/chart/chart-core.ts';
import { CHART_REQUEST_FIELDS, unknownFieldIssues } from '../domain/chart/request.ts';
import { luckJson, natalRelationsJson } from '../domain/luck/luck-json.ts';
import { DEFAULT_CYCLE_COUNT, LUCK_YEARS, MAX_CYCLE_COUNT, MAX_YEAR_SPAN, type LuckArguments } from '../domain/luck/luck.ts';
import { SPECIAL_STAR_OPTIONS, specialStarsOf, type SpecialStarOptions } from '../domain/stars/special-stars.ts';
import type { FieldIssue } from '../application/errors.ts';

/** An opt-in section of a chart body: its `include` name, the component schema of its JSON, and how it is built. */
interface ChartSection {
  readonly name: string;
  /** The JSON Schema component (/openapi.json `components.schemas`) of the section's value. */
  readonly schema: string;
  readonly json: (core: ChartCore, extras: ChartExtras) => unknown;
}

/**
 * The opt-in sections, declared once: REST `include`, the CLI, the MCP chart tool, the OpenAPI
 * response schemas and the idempotency fingerprint all follow this list, in its order (the order the
 * sections are appended to `result`).
 */
export const CHART_SECTIONS = [
  {
    name: 'luck',
    schema: 'Luck',
    json: (core, extras) =>
      luckJson(core, core.request.luck, {
        cycles: extras.luckArguments.cycleCounts[0] ?? DEFAULT_CYCLE_COUNT,
        years: extras.luckYears,
        months: extras.luckMonths,
      }),
  },
  { name: 'relations', schema: 'Relations', json: (core) => natalRelationsJson(core) },
  { name: 'special_stars', schema: 'SpecialStars', json: (core, extras) => specialStarsOf(core.pillars, extras.starOptions) },
  { name: 'warnings', schema: 'ChartWarnings', json: (core) => warningsJson(core) },
  { name: 'alternatives', schema: 'ChartAlternatives', json: (core) => alternativesJson(core) },
  { name: 'convention_differences', schema: 'ConventionDifferences', json: (core) => conventionDifferencesJson(core) },
] as const satisfies readonly ChartSection[];

export type IncludeValue = (typeof CHART_SECTIONS)[number]['name'];
export const INCLUDE_VALUES: readonly IncludeValue[] = CHART_SECTIONS.map((section) => section.name);
/** `yangBlade` → `star_yang_blade`: the REST / CLI name of a special-star school option. */
export const starOptionName = (option: keyof SpecialStarOptions): string =>
  `star_${option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
const STAR_OPTION_NAMES = SPECIAL_STAR_OPTIONS.map((option) => starOptionName(option.name));

/** Every option this module reads (query parameters, body and CLI-line members). */
export const CHART_EXTRA_OPTIONS = ['include', 'luck_cycles', 'luck_years', 'luck_months', ...STAR_OPTION_NAMES] as const;
/** Every member a chart request may carry on REST and the CLI: the request fields and these options. */
export const CHART_MEMBER_NAMES: ReadonlySet<string> = new Set([
  ...CHART_REQUEST_FIELDS.map((field) => field.name),
  ...CHART_EXTRA_OPTIONS,
]);

/** The names a request sent that no chart request knows (query parameters and body members), as issues. */
export const unknownChartMembers = (params: URLSearchParams | null, body: Record<string, unknown> | null, known = CHART_MEMBER_NAMES) =>
  unknownFieldIssues(new Set([...(params?.keys() ?? []), ...(body === null ? [] : Object.keys(body))]), known);

/** What each option is, for the docs' request table (docs/rest.md is generated from it with the request fields). */
export const CHART_EXTRA_OPTION_DOCS: readonly { readonly name: string; readonly type: string; readonly rule: string }[] = [
  {
    name: 'include',
    type: 'string or array',
    rule: `sections to append to \`result\`: any of ${INCLUDE_VALUES.map((v) => `\`${v}\``).join(', ')}; a comma list or a JSON array`,
  },
  { name: 'luck_cycles', type: 'integer', rule: `with \`luck\`: how many 大運, 1–${MAX_CYCLE_COUNT} (default ${DEFAULT_CYCLE_COUNT})` },
  {
    name: 'luck_years',
    type: 'string',
    rule: `with \`luck\`: 歳運 of a pillar year or a range, \`2024\` or \`2024-2030\` (${LUCK_YEARS.first}–${LUCK_YEARS.last}, at most ${MAX_YEAR_SPAN} years)`,
  },
  { name: 'luck_months', type: 'integer', rule: 'with `luck`: 月運 of one pillar year' },
  ...SPECIAL_STAR_OPTIONS.map((option) => ({
    name: starOptionName(option.name),
    type: typeof option.default === 'boolean' ? 'boolean' : 'string',
    rule: `with \`special_stars\`: ${option.values.map((v) => `\`${String(v)}\``).join(' or ')} (default \`${String(option.default)}\`)`,
  })),
];

export interface ChartExtras {
  /** The sections asked for. */
  readonly included: ReadonlySet<IncludeValue>;
  /** The schools asked for (the domain's defaults for the others). */
  readonly starOptions: Partial<SpecialStarOptions>;
  /** With `luck`: what to compute (checked by the chart operation before the charge). */
  readonly luckArguments: LuckArguments;
  readonly luckYears?: readonly [number, number] | undefined;
  readonly luckMonths?: number | undefined;
  /** Malformed options, reported with the request's own issues. */
  readonly issues: readonly FieldIssue[];
}

export const NO_EXTRAS: ChartExtras = {
  included: new Set(),
  starOptions: {},
  luckArguments: { cycleCounts: [], yearRanges: [], monthYears: [] },
  issues: [],
};

const YEARS = /^(\d{4})(?:-(\d{4}))?$/;
const INTEGER = /^-?\d+$/;

/** Reads the options from query parameters and/or a JSON object's members (the object wins). */
export function parseChartExtras(query: URLSearchParams | null, body: Record<string, unknown> | null): ChartExtras {
  const read = (name: string): unknown => (body !== null && body[name] != null ? body[name] : (query?.get(name) ?? undefined));
  const issues: FieldIssue[] = [];
  const raw = read('include');
  if (raw === undefined || raw === '') return NO_EXTRAS;
  const names = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : Array.isArray(raw) ? raw : null;
  if (names === null || names.some((n) => typeof n !== 'string' || !(INCLUDE_VALUES as readonly string[]).includes(n))) {
    issues.push({ field: 'include', message: `include must list some of ${INCLUDE_VALUES.map((v) => `"${v}"`).join(', ')}` });
    return { ...NO_EXTRAS, issues };
  }
  const integer = (name: string): number | undefined => {
    const value = read(name);
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && INTEGER.test(value)) return Number(value);
    issues.push({ field: name, message: `${name} must be an integer` });
    return undefined;
  };
  const cycles = integer('luck_cycles') ?? DEFAULT_CYCLE_COUNT;
  let luckYears: [number, number] | undefined;
  const years = read('luck_years');
  if (years !== undefined) {
    const match = typeof years === 'string' || typeof years === 'number' ? YEARS.exec(String(years)) : null;
    if (match === null)
      issues.push({ field: 'luck_years', message: 'luck_years must be a year or a range of years, e.g. "2024" or "2024-2030"' });
    else luckYears = [Number(match[1]), Number(match[2] ?? match[1])];
  }
  const luckMonths = integer('luck_months');
  const starOptions: Record<string, string | boolean> = {};
  // The school options are read (and checked) only when the stars are asked for.
  for (const option of names.includes('special_stars') ? SPECIAL_STAR_OPTIONS : []) {
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
  return {
    included: new Set(names as IncludeValue[]),
    starOptions,
    luckArguments: {
      cycleCounts: [cycles],
      yearRanges: luckYears === undefined ? [] : [luckYears],
      monthYears: luckMonths === undefined ? [] : [luckMonths],
      names: { cycles: 'luck_cycles', years: 'luck_years', months: 'luck_months' },
      // 歳運 or 月運 alone (no luck_cycles) need no gender; the 大運 do.
      needsGender: read('luck_cycles') !== undefined || (read('luck_years') === undefined && read('luck_months') === undefined),
    },
    luckYears,
    luckMonths,
    issues,
  };
}

/** The chart operation's input fields for these options: the luck check, the option issues and what they add. */
export const chartInputOptions = (extras: ChartExtras) => ({
  luck: extras.included.has('luck') ? { arguments: extras.luckArguments } : undefined,
  optionIssues: extras.issues,
  sections: extras === NO_EXTRAS ? undefined : sectionsOf(extras),
});

/**
 * What the options add to the answer, as plain data: part of the request's identity for
 * idempotency (a retry that asks for other sections is another request, not a replay).
 */
function sectionsOf(extras: ChartExtras): unknown {
  const { included } = extras;
  return {
    include: INCLUDE_VALUES.filter((name) => included.has(name)),
    ...(included.has('luck')
      ? { luck: { cycles: extras.luckArguments.cycleCounts[0], years: extras.luckYears ?? null, months: extras.luckMonths ?? null } }
      : {}),
    ...(included.has('special_stars') ? { stars: extras.starOptions } : {}),
  };
}

/** `result` with the opted-in sections appended after its own keys, in the registry's order (the same object, returned). */
export function withExtraSections<T extends object>(result: T, core: ChartCore, extras: ChartExtras): T {
  const added: Record<string, unknown> = {};
  for (const section of CHART_SECTIONS) if (extras.included.has(section.name)) added[section.name] = section.json(core, extras);
  return Object.assign(result, added);
}
