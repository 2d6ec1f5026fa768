/**
 * The certainty sections as REST and the CLI print them (snake_case, like the legacy bodies; GraphQL
 * exposes the same values in camelCase). Appended to `result` only when the caller opts in with
 * `include=warnings,alternatives,convention_differences` (wire/chart-sections.ts).
 */
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { ganzhiName } from '../../domain/calendar/sexagenary.ts';
import { STEMS } from '../../domain/calendar/stems.ts';
import { isoFormatterFor } from '../../domain/time/format.ts';
import {
  chartAlternatives,
  chartWarnings,
  conventionDifferences,
  type ChartAlternative,
  type ChartField,
} from '../../domain/chart/certainty.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';

/** `yearGanzhi` → `year_ganzhi`, `zokan.day` as it is: a chart field in REST's spelling. */
export const restFieldName = (field: ChartField): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const warningsJson = (core: ChartCore, c: Catalogue) =>
  chartWarnings(core, c.warnings).map((w) => ({
    code: w.code,
    message: w.message,
    fields: w.fields.map(restFieldName),
    distance_seconds: w.distanceSeconds,
  }));

/** The 蔵干 of the four branches as Variant A's `zokan` object writes them. */
export const zokanJson = (alternative: ChartAlternative) => ({
  year: STEMS[alternative.zokan[0]!]!,
  month: STEMS[alternative.zokan[1]!]!,
  day: STEMS[alternative.zokan[2]!]!,
  time: STEMS[alternative.zokan[3]!]!,
});

export function alternativesJson(core: ChartCore) {
  const iso = isoFormatterFor(core.zone).instant;
  return chartAlternatives(core).map((a) => ({
    from: iso(a.fromUnixSec),
    to: iso(a.toUnixSec),
    share: a.share,
    year_ganzhi: ganzhiName(a.pillars.year),
    month_ganzhi: ganzhiName(a.pillars.month),
    day_ganzhi: ganzhiName(a.pillars.day),
    time_ganzhi: ganzhiName(a.pillars.hour),
    zokan: zokanJson(a),
    is_birth_chart: a.isBirthChart,
  }));
}

export const conventionDifferencesJson = (core: ChartCore) =>
  conventionDifferences(core).map((d) => ({ field: restFieldName(d.field), convention: d.convention, values: d.values }));
