/**
 * The `void_periods` section as REST, the CLI and MCP print it (snake_case; GraphQL `voidPeriods`
 * serves the same values in camelCase): per school its 空亡 pair and the dated 天中殺 years, months
 * and 大運, each boundary in the request zone and in UTC.
 */
import { BRANCHES } from '../../../domain/calendar/branches.ts';
import { ganzhiName } from '../../../domain/calendar/sexagenary.ts';
import type { ChartCore } from '../../../domain/chart/chart-core.ts';
import type { Catalogue } from '../../../domain/catalogue/index.ts';
import { TERM_COUNT, termStartMinuteUnixSec } from '../../../domain/astronomy/solar-terms.ts';
import { formatUtcIso, isoFormatterFor } from '../../../domain/time/format.ts';
import { labelOf, readingOf } from '../../../domain/vocabulary/labels.ts';
import { voidPeriodsOf, type YearSpan } from '../../../domain/luck/void-periods.ts';

/** UTC texts of the term start minutes, made when first read (every chart's 天中殺 starts at the same instants). */
const UTC_BY_TERM = Array.from<string | undefined>({ length: TERM_COUNT });
const termUtc = (tableIndex: number): string => (UTC_BY_TERM[tableIndex] ??= formatUtcIso(termStartMinuteUnixSec(tableIndex)));

/** The section's JSON for the pillar years `span` (default: the birth's pillar year and the hundred after). */
export function voidPeriodsJson(core: ChartCore, span: YearSpan | undefined, catalogue: Catalogue) {
  const periods = voidPeriodsOf(core, span);
  const format = isoFormatterFor(core.zone);
  return {
    from_year: periods.span.from,
    to_year: periods.span.to,
    schools: periods.schools.map((school) => {
      const code = `void_basis.${school.basis}` as const;
      return {
        basis: school.basis,
        label: labelOf(catalogue.labels, code),
        reading: readingOf(catalogue, code),
        pillar: ganzhiName(school.pillar),
        xun: ganzhiName(school.xun),
        branches: school.branches.map((branch): string => BRANCHES[branch]!),
        years: school.years.map((y) => ({
          year: y.year,
          ganzhi: ganzhiName(y.pillar),
          starts_at: format.termStart(y.startTermIndex),
          ends_at: format.termStart(y.endTermIndex),
          starts_at_utc: termUtc(y.startTermIndex),
          ends_at_utc: termUtc(y.endTermIndex),
        })),
        months:
          school.months?.map((m) => ({
            year: m.year,
            term: labelOf(catalogue.labels, m.term),
            ganzhi: ganzhiName(m.pillar),
            starts_at: format.termStart(m.startTermIndex),
            ends_at: format.termStart(m.endTermIndex),
            starts_at_utc: termUtc(m.startTermIndex),
            ends_at_utc: termUtc(m.endTermIndex),
          })) ?? null,
        cycles:
          school.cycles?.map((c) => ({
            index: c.index,
            ganzhi: c.ganzhi,
            starts_at: c.startsAt,
            ends_at: c.endsAt,
            starts_at_utc: formatUtcIso(c.fromUnixSec),
            ends_at_utc: formatUtcIso(c.toUnixSec),
            age_from: c.ageFrom,
            age_to: c.ageTo,
          })) ?? null,
      };
    }),
  };
}

export type VoidPeriodsJson = ReturnType<typeof voidPeriodsJson>;
