/**
 * The free reverse lookup as every protocol takes and answers it (REST `/v1/pillars-to-dates`,
 * GraphQL `pillarsToDates`, MCP `pillars_to_dates`, CLI `bazi dates`): the pillars as two-character
 * strings (`year_pillar`, `month_pillar`, `day_pillar`, optional `hour_pillar`), the chart's
 * longitude and conventions (`location`, `timezone`, `solar_time`, `day_boundary`, read by the chart
 * request's own rules), and the intervals in UT, in the zone's civil time and on the chart clock.
 */
import { formatUtcIso, formatWall } from '../../domain/time/format.ts';
import { zoneRules } from '../../domain/time/zone.ts';
import { parseChartRequest, unknownFieldIssues, type ChartRequest, type RequestIssue } from '../../domain/chart/request.ts';
import { parsePillar, pillarIssues, pillarsToDates, type PillarsQuery } from '../../domain/chart/pillars-to-dates.ts';
import { GANZHI_NAMES } from '../../domain/calendar/sexagenary.ts';
import { equationOfTimeSec } from '../../domain/astronomy/equation-of-time.ts';
import type { IntervalJson } from '../shapes/birth-interval.ts';

export const PILLARS_TO_DATES_FIELDS = [
  'year_pillar',
  'month_pillar',
  'day_pillar',
  'hour_pillar',
  'location',
  'timezone',
  'solar_time',
  'day_boundary',
] as const;
const KNOWN: ReadonlySet<string> = new Set(PILLARS_TO_DATES_FIELDS);
const CONVENTIONS = ['location', 'timezone', 'solar_time', 'day_boundary'] as const;

export type { IntervalJson } from '../shapes/birth-interval.ts';

export interface PillarsToDatesAnswer {
  readonly pillars: { readonly year: string; readonly month: string; readonly day: string; readonly hour: string | null };
  readonly location: number;
  readonly timezone: string;
  readonly solar_time: 'mean' | 'apparent';
  readonly day_boundary: '00:00' | '23:00';
  /** Every interval [from, to) of births 1900–2100 with these pillars, in time order. */
  readonly intervals: readonly IntervalJson[];
}

const wall = (wallSec: number) => formatWall(Math.floor(wallSec), '-', true);

/** The lookup, or every issue with the query (each naming its field and rule). */
export function pillarsToDatesOf(
  raw: Record<string, unknown>,
): { ok: true; answer: PillarsToDatesAnswer } | { ok: false; issues: RequestIssue[] } {
  const issues: RequestIssue[] = unknownFieldIssues(Object.keys(raw), KNOWN);
  const parsed = (['year_pillar', 'month_pillar', 'day_pillar'] as const).map((field) =>
    raw[field] == null ? { ok: false as const, issue: { field, message: `${field} is required` } } : parsePillar(field, raw[field]),
  );
  const hour = raw['hour_pillar'] == null ? null : parsePillar('hour_pillar', raw['hour_pillar']);
  for (const p of [...parsed, ...(hour === null ? [] : [hour])]) if (!p.ok) issues.push(p.issue);
  // The conventions by the chart request's rules (a date is needed to read them; it is not used).
  const conventions = parseChartRequest({
    year: 2000,
    month: 1,
    day: 1,
    ...Object.fromEntries(CONVENTIONS.flatMap((name) => (raw[name] === undefined ? [] : [[name, raw[name]]]))),
  });
  if (!conventions.ok) issues.push(...conventions.issues);
  if (issues.length > 0 || !conventions.ok) return { ok: false, issues };
  const [year, month, day] = parsed.map((p) => (p as { index: number }).index) as [number, number, number];
  const query: PillarsQuery = { year, month, day, hour: hour === null ? null : (hour as { index: number }).index };
  const request: ChartRequest = conventions.request;
  const contradictions = pillarIssues(query, request.conventions.dayBoundary).map((i) => ({ ...i, field: `${i.field}_pillar` }));
  if (contradictions.length > 0) return { ok: false, issues: contradictions };
  const zone = zoneRules(request.conventions.timezone);
  const apparent = request.conventions.solarTime === 'apparent';
  const solar = (t: number) => t + request.longitudeDeg * 240 + (apparent ? equationOfTimeSec(t) : 0);
  return {
    ok: true,
    answer: {
      pillars: {
        year: GANZHI_NAMES[year]!,
        month: GANZHI_NAMES[month]!,
        day: GANZHI_NAMES[day]!,
        hour: query.hour === null ? null : GANZHI_NAMES[query.hour]!,
      },
      location: request.longitudeDeg,
      timezone: request.conventions.timezone,
      solar_time: request.conventions.solarTime,
      day_boundary: request.conventions.dayBoundary,
      intervals: pillarsToDates(query, request).map(({ from, to }) => ({
        from_utc: formatUtcIso(from),
        to_utc: formatUtcIso(to),
        from_local: wall(from + zone.offsetAt(from)),
        to_local: wall(to + zone.offsetAt(to)),
        from_solar: wall(solar(from)),
        to_solar: wall(solar(to)),
      })),
    },
  };
}
