/**
 * The Chinese, Korean and Japanese lunisolar calendars, 1900–2100, derived at start-up from two
 * generated tables: the new moons (./new-moons.generated.ts) and the solar terms (the 中気).
 *
 * The common rule (GB/T 33661-2017 農曆的編算和頒行; Korean 時憲曆 practice; the Japanese 天保暦 as
 * codified by 平山清次): a month starts on the civil day, in the calendar's zone, that holds a new
 * moon; the month holding 冬至 is month 11; when thirteen months run from one month 11 to the next,
 * the first of them without a 中気 is a leap month and repeats the number before it. The 中気 are the
 * terms at multiples of 30°: 雨水 starts month 1's numbering, 春分 2, … 冬至 11, 大寒 12.
 *
 * The calendars differ in their zone. Sources: [gbt-33661] and [ytliu0-calendar] (China), [kasi-lunar] (Korea).
 * Source: [naoj-2033] (Japan).
 * - `lunar_cn`: UTC+8, with the three month starts the 1912–28 almanacs set a day earlier on the
 *   Beijing meridian (1914-11-17, 1916-02-03, 1920-11-10).
 * - `lunar_kr`: KASI's data: UTC+8 before 1912 (the Chinese dates), then Korea's standard time —
 *   UTC+9, UTC+8:30 from 1954-03-21 to 1961-08-10 — summer time ignored.
 * - `lunar_jp`: UTC+9. The 天保暦 rule cannot number 2033's months (two months without 中気 and only one
 *   month between 秋分 and 冬至); the 閏11月 reading the Japan Calendar Association recommended in 2015
 *   is the Chinese rule's answer, which this computation gives.
 *
 * A lunar year is named by the Gregorian year in which its month 1 starts.
 */
import { NEW_MOONS_UNIX_SEC } from './new-moons.generated.ts';
import { TERM_INSTANTS_UNIX_SEC } from '../astronomy/solar-terms.generated.ts';

export const LUNAR_CALENDARS = ['lunar_cn', 'lunar_kr', 'lunar_jp'] as const;
export type LunarCalendar = (typeof LUNAR_CALENDARS)[number];

export interface LunarMonth {
  /** The lunar year: the Gregorian year its month 1 starts in. */
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly leap: boolean;
  /** Its first civil day, as days since 1970-01-01, and its length (29 or 30). */
  readonly startDay: number;
  readonly days: number;
  /**
   * Its new moon falls within three minutes of the zone's midnight at a date whose ΔT is a model, not
   * an observation (after 2023): another ephemeris or ΔT may start it a day earlier or later.
   */
  readonly uncertain: boolean;
}

export interface LunarDate {
  readonly calendar: LunarCalendar;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly leap: boolean;
  /** Its month's start is uncertain (see LunarMonth). */
  readonly uncertain: boolean;
}

const SEC_PER_DAY = 86_400;
const HOUR = 3600;
/** The Gregorian year of a civil day (days since 1970-01-01). */
const yearOfDay = (day: number): number => new Date(day * SEC_PER_DAY * 1000).getUTCFullYear();
const unixSecOfDate = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / 1000;

/** The calendar's zone offset (seconds east of UTC) at an instant. */
const OFFSETS: Readonly<Record<LunarCalendar, (unixSec: number) => number>> = {
  lunar_cn: () => 8 * HOUR,
  lunar_kr: (t) =>
    t < unixSecOfDate(1912, 1, 1)
      ? 8 * HOUR
      : t >= unixSecOfDate(1954, 3, 20) + 15 * HOUR && t < unixSecOfDate(1961, 8, 9) + 15 * HOUR + 30 * 60
        ? 8.5 * HOUR
        : 9 * HOUR,
  lunar_jp: () => 9 * HOUR,
};

/** Month starts the almanacs set a day before the computation (days since the epoch of the computed start → the printed one). */
const ALMANAC_STARTS: Readonly<Record<LunarCalendar, ReadonlyMap<number, number>>> = {
  lunar_cn: new Map(
    [
      [1914, 11, 18],
      [1916, 2, 4],
      [1920, 11, 11],
    ].map(([y, m, d]) => [unixSecOfDate(y!, m!, d!) / SEC_PER_DAY, unixSecOfDate(y!, m!, d!) / SEC_PER_DAY - 1]),
  ),
  lunar_kr: new Map(),
  lunar_jp: new Map(),
};

/** The ΔT of the term and new-moon tables is observed up to here (scripts/lib/delta-t.ts), a model after. */
const MODELLED_FROM = unixSecOfDate(2023, 8, 1);
const UNCERTAIN_SEC = 180;

const civilDay = (unixSec: number, offset: number): number => Math.floor((unixSec + offset) / SEC_PER_DAY);

function buildMonths(calendar: LunarCalendar): LunarMonth[] {
  const offsetAt = OFFSETS[calendar];
  const overrides = ALMANAC_STARTS[calendar];
  const starts = NEW_MOONS_UNIX_SEC.map((t) => {
    const day = civilDay(t, offsetAt(t));
    return overrides.get(day) ?? day;
  });
  const uncertain = NEW_MOONS_UNIX_SEC.map((t) => {
    if (t < MODELLED_FROM) return false;
    const local = t + offsetAt(t);
    const fromMidnight = local - Math.round(local / SEC_PER_DAY) * SEC_PER_DAY;
    return Math.abs(fromMidnight) < UNCERTAIN_SEC;
  });
  // The 中気 each month holds, by number (odd term indices: 大寒 12, 雨水 1, … 冬至 11).
  const zhongqi: number[][] = starts.map(() => []);
  let month = 0;
  for (let i = 1; i < TERM_INSTANTS_UNIX_SEC.length; i += 2) {
    const t = TERM_INSTANTS_UNIX_SEC[i]!;
    const day = civilDay(t, offsetAt(t));
    while (month + 1 < starts.length && starts[month + 1]! <= day) month++;
    if (day < starts[0]! || month + 1 >= starts.length) continue;
    const index = i % 24;
    zhongqi[month]!.push(index === 1 ? 12 : (index - 1) / 2);
  }
  const elevens = zhongqi.flatMap((numbers, k) => (numbers.includes(11) ? [k] : []));
  const months: LunarMonth[] = [];
  const push = (k: number, year: number, number: number, leap: boolean) =>
    months.push({ year, month: number, leap, startDay: starts[k]!, days: starts[k + 1]! - starts[k]!, uncertain: uncertain[k]! });
  for (let e = 0; e + 1 < elevens.length; e++) {
    const [from, to] = [elevens[e]!, elevens[e + 1]!];
    const leapYear = to - from === 13;
    let number = 11;
    let leapDone = false;
    // The 冬至 closing the span is in December of the lunar year its month 1 starts.
    const solsticeYear = yearOfDay(starts[to]!);
    for (let k = from; k < to; k++) {
      const leap = leapYear && !leapDone && k > from && zhongqi[k]!.length === 0;
      if (k > from && !leap) number = (number % 12) + 1;
      if (leap) leapDone = true;
      push(k, number >= 11 && k - from < 3 ? solsticeYear - 1 : solsticeYear, number, leap);
    }
  }
  // After the last 冬至 (2100): its month 11 and the next, which holds 大寒 (month 12) — enough for 2100-12-31.
  const last = elevens.at(-1)!;
  const lastYear = yearOfDay(starts[last]!);
  push(last, lastYear, 11, false);
  if (zhongqi[last + 1]!.includes(12)) push(last + 1, lastYear, 12, false);
  return months;
}

interface CalendarTable {
  readonly months: readonly LunarMonth[];
  /** By year × 32 + month × 2 + leap. */
  readonly byLabel: ReadonlyMap<number, LunarMonth>;
  readonly years: ReadonlySet<number>;
}
const labelKey = (year: number, month: number, leap: boolean): number => year * 32 + month * 2 + (leap ? 1 : 0);

const TABLES = new Map<LunarCalendar, CalendarTable>();
function tableOf(calendar: LunarCalendar): CalendarTable {
  let table = TABLES.get(calendar);
  if (table === undefined) {
    const months = Object.freeze(buildMonths(calendar).map((m) => Object.freeze(m)));
    table = {
      months,
      byLabel: new Map(months.map((m) => [labelKey(m.year, m.month, m.leap), m])),
      years: new Set(months.map((m) => m.year)),
    };
    TABLES.set(calendar, table);
  }
  return table;
}

/** Every month of a calendar from the 冬至 month of 1899 to the month holding 2100-12-31, in order. */
export const lunarMonths = (calendar: LunarCalendar): readonly LunarMonth[] => tableOf(calendar).months;

const dayNumber = (year: number, month: number, day: number): number => unixSecOfDate(year, month, day) / SEC_PER_DAY;

/** The month holding a civil day (days since the epoch), or undefined outside the table. */
function monthHolding(months: readonly LunarMonth[], day: number): LunarMonth | undefined {
  let lo = 0;
  let hi = months.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = months[mid]!;
    if (day < m.startDay) hi = mid - 1;
    else if (day >= m.startDay + m.days) lo = mid + 1;
    else return m;
  }
  return undefined;
}

/** A Gregorian date's lunar date in a calendar (undefined outside the table). */
export function lunarDateOf(calendar: LunarCalendar, year: number, month: number, day: number): LunarDate | undefined {
  const n = dayNumber(year, month, day);
  const m = monthHolding(lunarMonths(calendar), n);
  return m === undefined
    ? undefined
    : { calendar, year: m.year, month: m.month, day: n - m.startDay + 1, leap: m.leap, uncertain: m.uncertain };
}

/** Why a lunar date does not exist in a calendar, naming what does. */
export type LunarRefusal =
  | { readonly kind: 'no_such_leap_month'; readonly leapMonth: number | null }
  | { readonly kind: 'short_month'; readonly days: number }
  | { readonly kind: 'out_of_range' };

export type GregorianDate = { readonly year: number; readonly month: number; readonly day: number };

/** A lunar date's Gregorian date and its month, or why it does not exist. */
export function gregorianDateOf(
  calendar: LunarCalendar,
  year: number,
  month: number,
  day: number,
  leap: boolean,
): { ok: true; date: GregorianDate; month: LunarMonth } | { ok: false; refusal: LunarRefusal } {
  const table = tableOf(calendar);
  const found = table.byLabel.get(labelKey(year, month, leap));
  if (found === undefined) {
    if (!table.byLabel.has(labelKey(year, month, !leap))) return { ok: false, refusal: { kind: 'out_of_range' } };
    return { ok: false, refusal: { kind: 'no_such_leap_month', leapMonth: leapMonthOf(calendar, year) } };
  }
  if (day > found.days) return { ok: false, refusal: { kind: 'short_month', days: found.days } };
  const at = new Date((found.startDay + day - 1) * SEC_PER_DAY * 1000);
  return { ok: true, date: { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }, month: found };
}

/** The leap month of a lunar year in a calendar (null: none). */
export const leapMonthOf = (calendar: LunarCalendar, year: number): number | null =>
  lunarMonths(calendar).find((m) => m.year === year && m.leap)?.month ?? null;
