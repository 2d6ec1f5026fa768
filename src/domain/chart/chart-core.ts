/**
 * The calendar core of a chart: civil time → instant → pillars, plus the instants and local times the
 * result fields report. Pure: conventions come in with the request (docs/fields.md, "1. Request
 * fields"; the minute rule in "3. Calendar fields of both variants").
 *
 * Which clock drives which pillar: year and month compare the absolute birth instant with the
 * minute-rounded 節 instants; day and hour read the corrected local (solar) time.
 */
import { RISSHUN_INDEX } from '../astronomy/solar-term-names.ts';
import { equationOfTimeSec } from '../astronomy/equation-of-time.ts';
import { latestJieIndexAt, tableIndexOf, termCalendarIndex, termStartMinuteUnixSec, termYear } from '../astronomy/solar-terms.ts';
import { cycleIndexOf, mod, monthPillarOf, stemOf, yearPillarOf } from '../calendar/sexagenary.ts';
import { SEC_PER_DAY, UNIX_EPOCH_JDN, wallSecondsOf } from '../time/civil.ts';
import { zoneRules, type ZoneRules } from '../time/zone.ts';
import type { AnalysisInput } from './analysis-input.ts';
import { monthBranchShift } from './conventions.ts';
import type { FourPillars } from './pillars.ts';
import type { ChartRequest } from './request.ts';

/** Seconds of solar time per degree of longitude (4 minutes). */
const SEC_PER_LONGITUDE_DEG = 240;
/** Day cycle index = (JDN + 49) mod 60 with 甲子 = 0. Sources: [wikipedia-kanshi] 日の干支, [ffortune]. */
export const JDN_TO_DAY_CYCLE_OFFSET = 49;

export interface ChartCore extends AnalysisInput {
  readonly request: ChartRequest;
  readonly zone: ZoneRules;
  /** Birth instant, UT Unix seconds. */
  readonly birthUnixSec: number;
  /** Corrected local (true solar) wall clock, seconds since 1970-01-01 read as UTC; fractional. */
  readonly solarWallSec: number;
  /** Table index of the 立春 that opened the pillar year. */
  readonly springTermIndex: number;
  /** Table index of the 節 that opened the month pillar. */
  readonly monthTermIndex: number;
}

export function computeChartCore(request: ChartRequest): ChartCore {
  const zone = zoneRules(request.conventions.timezone);
  const birthDate = { year: request.year, month: request.month, day: request.day };
  return chartCoreAt(request, zone, zone.instantOf(wallSecondsOf(birthDate, request.hour, request.minute)));
}

/**
 * The chart of `request`'s place and conventions for a birth at another instant (UT Unix seconds):
 * what a birth time known only to a window could give. `request`'s civil fields are kept as the
 * request's; only the instant moves.
 */
export function chartCoreAt(request: ChartRequest, zone: ZoneRules, birthUnixSec: number): ChartCore {
  const { conventions } = request;

  let solarWallSec = birthUnixSec + request.longitudeDeg * SEC_PER_LONGITUDE_DEG;
  if (conventions.solarTime === 'apparent') solarWallSec += equationOfTimeSec(birthUnixSec);
  const solarDays = Math.floor(solarWallSec / SEC_PER_DAY);
  const solarHour = Math.floor((solarWallSec - solarDays * SEC_PER_DAY) / 3600);

  // Day: 子初換日 (23:00) moves the whole day pillar at 23:00; otherwise 23:xx keeps the date.
  const lateZi = solarHour === 23;
  const dayPillarJdn = solarDays + UNIX_EPOCH_JDN + (lateZi && conventions.dayBoundary === '23:00' ? 1 : 0);
  const day = (dayPillarJdn + JDN_TO_DAY_CYCLE_OFFSET) % 60;

  // Hour: 五鼠遁 from the stem of the day that owns the 子 hour; 23:xx belongs to the next day.
  const hourBranch = ((solarHour + 1) >> 1) % 12;
  const ziOwnerStem = lateZi && conventions.dayBoundary === '00:00' ? (stemOf(day) + 1) % 10 : stemOf(day);
  const hour = cycleIndexOf(((ziOwnerStem % 5) * 2 + hourBranch) % 10, hourBranch);

  // Year and month: the latest 節 at or before the birth instant (minute rule); the southern convention
  // takes the opposite season's month branch in the same pillar year.
  const monthTermIndex = latestJieIndexAt(birthUnixSec);
  const jieCalendarIndex = termCalendarIndex(monthTermIndex);
  const pillarYear = termYear(monthTermIndex) - (jieCalendarIndex < RISSHUN_INDEX ? 1 : 0);
  const year = yearPillarOf(pillarYear);
  const month = monthPillarOf(stemOf(year), mod(jieCalendarIndex / 2 - 1 + monthBranchShift(conventions), 12));

  // A caller who says the time is unknown gets three pillars; 12:00 only places the date.
  const pillars: FourPillars = { year, month, day, hour: request.timeUnknown === true ? null : hour };
  // 蔵干 day count (`date`): dates in the zone's standard time (summer time removed), as 万年暦 print 節入り;
  // (`elapsed`): whole days since the 節入り minute.
  const standardDays = (unixSec: number): number => Math.floor((unixSec + zone.standardOffsetAt(unixSec)) / SEC_PER_DAY);

  return {
    request,
    zone,
    birthUnixSec,
    solarWallSec,
    springTermIndex: tableIndexOf(pillarYear, RISSHUN_INDEX),
    monthTermIndex,
    pillars,
    dayPillarJdn,
    zokanDayCount:
      conventions.zokanCount === 'elapsed'
        ? Math.floor((birthUnixSec - termStartMinuteUnixSec(monthTermIndex)) / SEC_PER_DAY) + 1
        : standardDays(birthUnixSec) - standardDays(termStartMinuteUnixSec(monthTermIndex)) + 1,
    zokanTable: conventions.zokanTable,
  };
}
