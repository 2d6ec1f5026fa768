/**
 * The chart on the wire, once for every protocol that answers JSON (REST, MCP, the CLI): the chart
 * operation's input read from a request's members, and the `result` object presented from the cast
 * chart — the variant's legacy keys, then the opted-in sections.
 */
import {
  chartInputOptions,
  chartMemberNames,
  NO_EXTRAS,
  optionsWithoutTheirSection,
  parseChartExtras,
  unknownChartMembers,
  withExtraSections,
  type ChartExtras,
} from './chart-sections.ts';
import type { CastChart, ChartInput } from '../application/operations/chart.ts';
import { catalogueFor } from '../domain/catalogue/catalogues.ts';
import { buildVariantAResult, buildVariantBResult, type Variant } from '../domain/chart/variants.ts';
import { lunarInputJson } from '../domain/chart/lunar-input.ts';

/**
 * A chart's `result`: the variant's own keys, built from the chart core, in the words of the request's
 * language; a birth date given in a lunar calendar adds `lunar_input` after them, a birthplace named by
 * `place` or `place_id` adds `place`.
 */
const presentFully = ({ variant, core }: CastChart): object => {
  const result =
    variant === 'A'
      ? buildVariantAResult(core, catalogueFor(core.request.lang))
      : buildVariantBResult(core, catalogueFor(core.request.lang));
  const { lunarInput, place } = core.request;
  if (lunarInput !== undefined) Object.assign(result, { lunar_input: lunarInputJson(lunarInput, core.request) });
  return place === undefined ? result : Object.assign(result, { place });
};

/** The presenter of a request's answer: the legacy body (one shared function, no closure per request), or with its opted-in sections appended after the legacy keys. */
export const chartPresenter = (extras: ChartExtras): ((cast: CastChart) => object) =>
  extras === NO_EXTRAS
    ? presentFully
    : (cast) => withExtraSections(presentFully(cast), cast.core, extras, catalogueFor(cast.core.request.lang));

export interface ChartRequestOnTheWire {
  readonly input: ChartInput;
  readonly present: (cast: CastChart) => object;
}

/**
 * The chart operation's input from a request's members: `fields` (what is validated as the birth),
 * the query parameters and the body or line or arguments (where `include` and its options are read,
 * and whose names must all be known: `known`, the chart members by default).
 */
export function chartRequestOnTheWire(
  variant: Variant,
  fields: unknown,
  params: URLSearchParams | null,
  members: Record<string, unknown> | null,
  known: ReadonlySet<string> = chartMemberNames(),
): ChartRequestOnTheWire {
  // Opt-in sections (`include`): none by default, so a legacy body is unchanged byte for byte.
  const extras = params === null && (members === null || members['include'] == null) ? NO_EXTRAS : parseChartExtras(params, members);
  // Unknown members and parameters are refused with the request's other issues, after authentication.
  const unknown = unknownChartMembers(params, members, known);
  // Options whose section is missing; not when `include` itself is wrong (its issue says enough).
  const sectionless = extras.issues.some((issue) => issue.field === 'include')
    ? []
    : optionsWithoutTheirSection(params, members, extras.included);
  return {
    input: { fields, variant, ...chartInputOptions(extras), optionIssues: [...extras.issues, ...unknown, ...sectionless] },
    present: chartPresenter(extras),
  };
}
