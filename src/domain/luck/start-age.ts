/**
 * 起運 (start of the first 大運): the interval between the birth and the reference 節, compressed
 * by 120 (3 days = 1 year), by each method of docs/fields.md's 起運 table ("8.1 `luck`"). Every method gets
 * the same two instants; they differ in what they measure (elapsed seconds, civil dates, 時辰
 * readings) and in how they round.
 *
 * Reference 節: forward, the first 節 after the birth; backward, the 節 that opened the birth month
 * (the one the month pillar was read from, by the minute rule). Instants are the term table's,
 * to the second.
 */
import { SEC_PER_DAY } from '../time/civil.ts';

export const LUCK_METHODS = ['EXACT', 'JP_DAY_COUNT', 'CLASSICAL', 'LUNAR_SECT1', 'LUNAR_SECT2', 'CHINA95'] as const;
export type LuckMethod = (typeof LUCK_METHODS)[number];
export const DEFAULT_LUCK_METHOD: LuckMethod = 'EXACT';

/** Luck time after birth at which the first 大運 starts; each part below its unit (months < 12, …). */
export interface StartAge {
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
}

export interface StartAgeInput {
  /** The earlier and later of (birth, reference 節), UT Unix seconds: forward birth → 節, backward 節 → birth. */
  readonly fromUnixSec: number;
  readonly toUnixSec: number;
  /**
   * The zone's standard-time offset (s) at an instant: what civil dates and 時辰 are read in. Asked
   * only by the methods that read them (LUNAR_SECT1, JP_DAY_COUNT): it scans a year of the zone.
   */
  readonly standardOffsetAt: (unixSec: number) => number;
  readonly forward: boolean;
}

const age = (years: number, months: number, days = 0, hours = 0, minutes = 0): StartAge => ({ years, months, days, hours, minutes });

/** Seconds of real time per unit of luck time (×120): 3 days → 1 year, 6 hours → 1 month, 12 minutes → 1 day, 30 s → 1 hour. */
const SEC_PER_LUCK_YEAR = 3 * SEC_PER_DAY;
const SEC_PER_LUCK_MONTH = SEC_PER_LUCK_YEAR / 12;
const SEC_PER_LUCK_DAY = SEC_PER_LUCK_MONTH / 30;
const SEC_PER_LUCK_HOUR = SEC_PER_LUCK_DAY / 24;

/** 2 hours (one 刻 / 時辰), the unit of the classical method and of lunar-javascript sect 1. */
const KE_SEC = 7200;

export function startAge(method: LuckMethod, input: StartAgeInput): StartAge {
  const seconds = Math.max(0, input.toUnixSec - input.fromUnixSec);
  switch (method) {
    case 'EXACT': {
      // Source: [tyme4ts] DefaultChildLimitProvider: seconds floored into years, months, days, hours; 1 s = 2 min.
      let rest = seconds;
      const years = Math.floor(rest / SEC_PER_LUCK_YEAR);
      rest -= years * SEC_PER_LUCK_YEAR;
      const months = Math.floor(rest / SEC_PER_LUCK_MONTH);
      rest -= months * SEC_PER_LUCK_MONTH;
      const days = Math.floor(rest / SEC_PER_LUCK_DAY);
      rest -= days * SEC_PER_LUCK_DAY;
      const hours = Math.floor(rest / SEC_PER_LUCK_HOUR);
      rest -= hours * SEC_PER_LUCK_HOUR;
      return age(years, months, days, hours, Math.floor(rest) * 2);
    }
    case 'CHINA95': {
      // Source: [tyme4ts] China95ChildLimitProvider: whole minutes; 4320 min = 1 year, 360 = 1 month, 12 = 1 day.
      const minutes = Math.floor(seconds / 60);
      return age(Math.floor(minutes / 4320), Math.floor((minutes % 4320) / 360), Math.floor((minutes % 360) / 12));
    }
    case 'LUNAR_SECT2': {
      // Source: [lunar-javascript] getYun(g, 2): each reading's seconds dropped, then as CHINA95 plus 1 min = 2 h.
      const minutes = Math.floor(input.toUnixSec / 60) - Math.floor(input.fromUnixSec / 60);
      const m = Math.max(0, minutes);
      return age(Math.floor(m / 4320), Math.floor((m % 4320) / 360), Math.floor((m % 360) / 12), (m % 12) * 2);
    }
    case 'CLASSICAL': {
      // 折除法 (Source: [shiawaseminna]): whole days (3 = 1 year, 1 = 4 months) and whole 刻 of the rest (1 刻 = 10 days, 30-day months).
      const wholeDays = Math.floor(seconds / SEC_PER_DAY);
      const ke = Math.floor((seconds - wholeDays * SEC_PER_DAY) / KE_SEC);
      const totalMonths = (wholeDays % 3) * 4 + Math.floor((ke * 10) / 30);
      return age(Math.floor(wholeDays / 3) + Math.floor(totalMonths / 12), totalMonths % 12, (ke * 10) % 30);
    }
    case 'LUNAR_SECT1': {
      // Source: [lunar-javascript] getYun(g, 1): civil-date difference and 時辰-index difference (23:xx counts as 亥).
      const from = standardWall(input.fromUnixSec, input.standardOffsetAt(input.fromUnixSec));
      const to = standardWall(input.toUnixSec, input.standardOffsetAt(input.toUnixSec));
      let hourDiff = sect1HourIndex(to.hour) - sect1HourIndex(from.hour);
      let dayDiff = to.day - from.day;
      if (hourDiff < 0) {
        hourDiff += 12;
        dayDiff -= 1;
      }
      const monthDiff = Math.floor((hourDiff * 10) / 30);
      const months = dayDiff * 4 + monthDiff;
      return age(Math.floor(months / 12), months % 12, hourDiff * 10 - monthDiff * 30);
    }
    case 'JP_DAY_COUNT': {
      // Source: [asahi-net]: forward counts the birth day up to the day before 節入り; backward counts both ends.
      const n =
        standardWall(input.toUnixSec, input.standardOffsetAt(input.toUnixSec)).day -
        standardWall(input.fromUnixSec, input.standardOffsetAt(input.fromUnixSec)).day;
      const count = input.forward ? n : n + 1;
      return age(Math.floor(count / 3), (count % 3) * 4);
    }
  }
}

/** Day number and hour of the standard-time wall clock. */
function standardWall(unixSec: number, offsetSec: number): { day: number; hour: number } {
  const wall = unixSec + offsetSec;
  const day = Math.floor(wall / SEC_PER_DAY);
  return { day, hour: Math.floor((wall - day * SEC_PER_DAY) / 3600) };
}

/** lunar-javascript's 時辰 index for sect 1: 01–02 → 1 … 21–22 → 11, 23 → 11 (its special case), 00 → 0. */
const sect1HourIndex = (hour: number): number => (hour === 23 ? 11 : Math.floor((hour + 1) / 2) % 12);

/** The start age in years as a fraction (months /12, days /360, …), for the integer "X歳運". */
export const startAgeInYears = (a: StartAge): number => a.years + a.months / 12 + a.days / 360 + a.hours / 8640 + a.minutes / 518_400;
