/**
 * The free date conversion (REST `GET /v1/lunar-dates`, GraphQL `lunarDates`, MCP `lunar_dates`, CLI
 * `bazi lunar`): a Gregorian date → its date in the three lunar calendars, or a lunar date in one of
 * them → its Gregorian date and the other two readings of that day. Every refusal names the field.
 */
import { LUNAR_CALENDARS, lunarDateOf, type LunarCalendar } from './lunisolar.ts';
import { gregorianOfLunar } from '../chart/lunar-input.ts';
import type { RequestIssue } from '../chart/request.ts';
import { daysInMonth } from '../time/civil.ts';

export interface LunarDatesQuery {
  /** `YYYY-MM-DD`: a Gregorian date to convert. */
  readonly date?: unknown;
  /** With `year`, `month`, `day` (and `leap_month`): a lunar date to convert. */
  readonly calendar?: unknown;
  readonly year?: unknown;
  readonly month?: unknown;
  readonly day?: unknown;
  readonly leap_month?: unknown;
}

export interface LunarReading {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly leap_month: boolean;
  /** Its month starts with a new moon within three minutes of midnight where ΔT is a forecast. */
  readonly month_start_uncertain: boolean;
}

export interface LunarDatesAnswer {
  readonly gregorian_date: string;
  readonly lunar: Readonly<Record<LunarCalendar, LunarReading>>;
  /** The three calendars read the day alike. */
  readonly calendars_agree: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FIRST = '1900-01-31';
const LAST = '2100-12-31';
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function readingOf(calendar: LunarCalendar, y: number, m: number, d: number): LunarReading {
  const l = lunarDateOf(calendar, y, m, d)!;
  return { year: l.year, month: l.month, day: l.day, leap_month: l.leap, month_start_uncertain: l.uncertain };
}

function answerFor(y: number, m: number, d: number): LunarDatesAnswer {
  const lunar = Object.fromEntries(LUNAR_CALENDARS.map((c) => [c, readingOf(c, y, m, d)])) as Record<LunarCalendar, LunarReading>;
  const key = (r: LunarReading) => `${r.year}-${r.month}-${r.leap_month}-${r.day}`;
  return { gregorian_date: iso(y, m, d), lunar, calendars_agree: LUNAR_CALENDARS.every((c) => key(lunar[c]) === key(lunar.lunar_cn)) };
}

const isInteger = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The conversion, or every issue with the query (each naming its field). */
export function lunarDates(query: LunarDatesQuery): { ok: true; answer: LunarDatesAnswer } | { ok: false; issues: RequestIssue[] } {
  const lunarGiven = [query.calendar, query.year, query.month, query.day, query.leap_month].some((v) => v !== undefined);
  if (query.date !== undefined && lunarGiven)
    return {
      ok: false,
      issues: [{ field: 'date', message: 'give either date (Gregorian) or calendar, year, month and day (lunar), not both' }],
    };
  if (query.date !== undefined) {
    const match = typeof query.date === 'string' ? DATE.exec(query.date) : null;
    const [y, m, d] = match === null ? [0, 0, 0] : [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match === null || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m))
      return { ok: false, issues: [{ field: 'date', message: 'date must be an existing Gregorian date YYYY-MM-DD' }] };
    const at = iso(y, m, d);
    if (at < FIRST || at > LAST) return { ok: false, issues: [{ field: 'date', message: `date must be from ${FIRST} to ${LAST}` }] };
    return { ok: true, answer: answerFor(y, m, d) };
  }
  const issues: RequestIssue[] = [];
  if (!lunarGiven) return { ok: false, issues: [{ field: 'date', message: 'give date (YYYY-MM-DD), or calendar, year, month and day' }] };
  if (typeof query.calendar !== 'string' || !(LUNAR_CALENDARS as readonly string[]).includes(query.calendar))
    issues.push({ field: 'calendar', message: 'calendar must be one of "lunar_cn", "lunar_kr", "lunar_jp"' });
  if (!isInteger(query.year, 1900, 2100)) issues.push({ field: 'year', message: 'year must be an integer from 1900 to 2100' });
  if (!isInteger(query.month, 1, 12)) issues.push({ field: 'month', message: 'month must be an integer from 1 to 12' });
  if (!isInteger(query.day, 1, 30)) issues.push({ field: 'day', message: 'day must be an integer from 1 to 30' });
  if (query.leap_month !== undefined && typeof query.leap_month !== 'boolean')
    issues.push({ field: 'leap_month', message: 'leap_month must be a boolean (true or false)' });
  if (issues.length > 0) return { ok: false, issues };
  const input = {
    calendar: query.calendar as LunarCalendar,
    year: query.year as number,
    month: query.month as number,
    day: query.day as number,
    leap: query.leap_month === true,
  };
  const converted = gregorianOfLunar(input);
  if (!converted.ok) return { ok: false, issues: [{ field: converted.field, message: converted.message }] };
  return { ok: true, answer: answerFor(converted.date.year, converted.date.month, converted.date.day) };
}
