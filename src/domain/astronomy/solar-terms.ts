/**
 * Solar-term lookups over the generated table: no ephemeris at run time.
 *
 * Boundaries follow the minute rule (docs/fields.md, "3. Calendar fields of both variants"): a birth
 * belongs to the new period iff its instant is ≥ the term instant rounded to the nearest minute, as
 * NAOJ publishes it (Sources: [naoj], [suchowan]: 29捨30入), so the table is read through its
 * minute-rounded copy.
 */
import { SOLAR_TERMS, TERMS_PER_YEAR, isJie } from './solar-term-names.ts';
import { FIRST_TERM_YEAR, TERM_INSTANTS_UNIX_SEC } from './solar-terms.generated.ts';

const TERM_START_MINUTE_UNIX_SEC = Float64Array.from(TERM_INSTANTS_UNIX_SEC, (t) => Math.floor((t + 30) / 60) * 60);
const FIRST_INSTANT = TERM_START_MINUTE_UNIX_SEC[0]!;
const MEAN_TERM_SEC = (TERM_START_MINUTE_UNIX_SEC.at(-1)! - FIRST_INSTANT) / (TERM_START_MINUTE_UNIX_SEC.length - 1);

export const FIRST_TABLE_YEAR = FIRST_TERM_YEAR;
/** How many term instants the table holds. */
export const TERM_COUNT = TERM_INSTANTS_UNIX_SEC.length;
export const LAST_TABLE_YEAR = FIRST_TERM_YEAR + Math.floor((TERM_INSTANTS_UNIX_SEC.length - 1) / TERMS_PER_YEAR);

// A term occurrence is addressed by its table index: (year − FIRST_TABLE_YEAR)·24 + calendar index (0 = 小寒).
export const termYear = (tableIndex: number): number => FIRST_TERM_YEAR + Math.floor(tableIndex / TERMS_PER_YEAR);
export const termCalendarIndex = (tableIndex: number): number => tableIndex % TERMS_PER_YEAR;
export const termName = (tableIndex: number): string => SOLAR_TERMS[tableIndex % TERMS_PER_YEAR]!.name;
export const termLongitudeDeg = (tableIndex: number): number => SOLAR_TERMS[tableIndex % TERMS_PER_YEAR]!.longitudeDeg;

export function tableIndexOf(year: number, calendarIndex: number): number {
  const i = (year - FIRST_TERM_YEAR) * TERMS_PER_YEAR + calendarIndex;
  if (i < 0 || i >= TERM_INSTANTS_UNIX_SEC.length) throw new RangeError(`no solar term ${calendarIndex} in ${year}`);
  return i;
}

/** Instant of a term, UT Unix seconds truncated to the second. */
export const termInstantUnixSec = (tableIndex: number): number => TERM_INSTANTS_UNIX_SEC[tableIndex]!;
/** Instant of a term rounded to the nearest minute (the boundary the minute rule uses). */
export const termStartMinuteUnixSec = (tableIndex: number): number => TERM_START_MINUTE_UNIX_SEC[tableIndex]!;

/**
 * Table index of the term whose minute-rounded instant is exactly `unixSec`, or -1: which luck
 * boundaries (歳運 at 立春, 月運 at 節入り) are table instants. Terms stray less than two mean
 * spacings from a uniform spread, so a look either side of the estimate finds them.
 */
export function termIndexStartingAt(unixSec: number): number {
  // Whole minutes only (no `%`: the instants exceed the small-integer range, where `%` is a slow float remainder).
  if (Math.floor(unixSec / 60) * 60 !== unixSec) return -1;
  const estimate = Math.floor((unixSec - FIRST_INSTANT) / MEAN_TERM_SEC);
  const starts = TERM_START_MINUTE_UNIX_SEC;
  for (let i = Math.max(0, estimate - 2); i <= estimate + 2 && i < starts.length; i++) if (starts[i] === unixSec) return i;
  return -1;
}

/** Table index of the latest term whose minute-rounded instant is ≤ `unixSec`. */
export function latestTermIndexAt(unixSec: number): number {
  const starts = TERM_START_MINUTE_UNIX_SEC;
  let i = Math.floor((unixSec - FIRST_INSTANT) / MEAN_TERM_SEC);
  if (i < 0 || unixSec < FIRST_INSTANT) throw new RangeError(`instant ${unixSec} precedes the solar-term table`);
  if (i >= starts.length) i = starts.length - 1;
  while (i > 0 && starts[i]! > unixSec) i--;
  while (i + 1 < starts.length && starts[i + 1]! <= unixSec) i++;
  if (i + 1 >= starts.length) throw new RangeError(`instant ${unixSec} is past the solar-term table`);
  return i;
}

/** Table index of the latest 節 (jie, month-opening term) at or before `unixSec` (minute rule). */
export function latestJieIndexAt(unixSec: number): number {
  const i = latestTermIndexAt(unixSec);
  return isJie(termCalendarIndex(i)) ? i : i - 1;
}
