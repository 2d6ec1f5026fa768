/**
 * Proleptic Gregorian calendar arithmetic on plain integers (no Date, no host zone).
 * Days are counted from 1970-01-01 (day 0); algorithms from H. Hinnant, "chrono-Compatible Low-Level
 * Date Algorithms" (days_from_civil / civil_from_days).
 */
export const SEC_PER_DAY = 86_400;
/** Julian Day Number of 1970-01-01 (the JD at its noon). */
export const UNIX_EPOCH_JDN = 2_440_588;
/** Julian Date of 1970-01-01T00:00Z. */
export const UNIX_EPOCH_JD = 2_440_587.5;

export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface CivilDateTime extends CivilDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Wall-clock seconds since 1970-01-01T00:00 of a civil date-time, read as if it were UTC. */
export const wallSecondsOf = (date: CivilDate, hour: number, minute: number, second = 0): number =>
  daysFromCivil(date.year, date.month, date.day) * SEC_PER_DAY + hour * 3600 + minute * 60 + second;

/** Civil date-time of wall-clock seconds (as produced by {@link wallSecondsOf}); seconds truncated. */
export function civilDateTimeOf(wallSeconds: number): CivilDateTime {
  const days = Math.floor(wallSeconds / SEC_PER_DAY);
  const secondOfDay = Math.floor(wallSeconds - days * SEC_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
  };
}

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const daysInMonth = (year: number, month: number): number => (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

/** Julian Day Number (the integer JD at noon) of a civil date. */
export const julianDayNumber = (date: CivilDate): number => daysFromCivil(date.year, date.month, date.day) + UNIX_EPOCH_JDN;

/** Julian Date (UT) of an instant given in Unix seconds. */
export const julianDateOf = (unixSeconds: number): number => unixSeconds / SEC_PER_DAY + UNIX_EPOCH_JD;
