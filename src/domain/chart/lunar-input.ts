/**
 * A birth date given in a lunar calendar (`calendar`: `lunar_cn`, `lunar_kr`, `lunar_jp`, with
 * `leap_month`): its check, its Gregorian date, and what the answer says of it (`lunar_input`): the
 * Gregorian date used, the same lunar date in the other two calendars when they put it elsewhere,
 * and whether its month's start is uncertain (docs/fields.md, "Lunar dates").
 */
import {
  gregorianDateOf,
  LUNAR_CALENDARS,
  lunarDateOf,
  type GregorianDate,
  type LunarCalendar,
  type LunarRefusal,
} from '../calendar/lunisolar.ts';

export const CALENDARS = ['gregorian', ...LUNAR_CALENDARS] as const;
export type CalendarName = (typeof CALENDARS)[number];

/** The lunar date as given: present on a request only when a lunar calendar was named. */
export interface LunarInput {
  readonly calendar: LunarCalendar;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly leap: boolean;
}

const FIRST_DAY = Date.UTC(1900, 0, 1);
const LAST_DAY = Date.UTC(2100, 11, 31);
const isoOf = ({ year, month, day }: GregorianDate): string => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const monthName = (year: number, month: number, leap: boolean): string => `${year} ${leap ? 'leap month' : 'month'} ${month}`;

export type LunarConversion =
  { readonly ok: true; readonly date: GregorianDate } | { readonly ok: false; readonly field: string; readonly message: string };

/** The Gregorian date of a lunar date, or the field to blame and why (naming what exists). */
export function gregorianOfLunar(input: LunarInput): LunarConversion {
  const { calendar, year, month, day, leap } = input;
  const found = gregorianDateOf(calendar, year, month, day, leap);
  if (!found.ok) return { ok: false, ...refusalText(found.refusal, input) };
  const at = Date.UTC(found.date.year, found.date.month - 1, found.date.day);
  if (at < FIRST_DAY || at > LAST_DAY)
    return {
      ok: false,
      field: 'year',
      message: `${calendar} ${monthName(year, month, leap)} day ${day} is ${isoOf(found.date)}, outside 1900-01-01 … 2100-12-31, the dates charts cover`,
    };
  return { ok: true, date: found.date };
}

function refusalText(refusal: LunarRefusal, { calendar, year, month, day, leap }: LunarInput): { field: string; message: string } {
  switch (refusal.kind) {
    case 'short_month':
      return {
        field: 'day',
        message: `day must exist in the month: ${calendar} ${monthName(year, month, leap)} has ${refusal.days} days`,
      };
    case 'no_such_leap_month':
      return {
        field: 'leap_month',
        message: `${calendar} ${year} has no leap month ${month} (${refusal.leapMonth === null ? 'that year has no leap month' : `its leap month is ${refusal.leapMonth}`})`,
      };
    case 'out_of_range':
      return {
        field: 'year',
        message: `${calendar} ${monthName(year, month, leap)} day ${day} is outside the lunar tables, which cover 1900-01-31 … 2100-12-31`,
      };
  }
}

export interface LunarDateJson {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly leap_month: boolean;
}
export interface LunarInputJson {
  readonly calendar: LunarCalendar;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly leap_month: boolean;
  /** The Gregorian date the chart was cast for. */
  readonly gregorian_date: string;
  /** The month's new moon is within three minutes of midnight where ΔT is a model: the date may be a day off. */
  readonly month_start_uncertain: boolean;
  /** The other two calendars: the same lunar date's Gregorian date (null where it does not exist), and this day's lunar date there. */
  readonly other_calendars: readonly {
    readonly calendar: LunarCalendar;
    readonly gregorian_date: string | null;
    readonly lunar_date_of_this_day: LunarDateJson;
  }[];
  /** Another calendar puts this lunar date on another day. */
  readonly calendars_disagree: boolean;
}

const lunarJson = (calendar: LunarCalendar, date: GregorianDate): LunarDateJson => {
  const l = lunarDateOf(calendar, date.year, date.month, date.day)!;
  return { year: l.year, month: l.month, day: l.day, leap_month: l.leap };
};

/** What the answer says of a lunar birth date (`lunar_input`). */
export function lunarInputJson(input: LunarInput, date: GregorianDate): LunarInputJson {
  const used = isoOf(date);
  const found = gregorianDateOf(input.calendar, input.year, input.month, input.day, input.leap);
  const others = LUNAR_CALENDARS.filter((c) => c !== input.calendar).map((calendar) => {
    const there = gregorianDateOf(calendar, input.year, input.month, input.day, input.leap);
    return { calendar, gregorian_date: there.ok ? isoOf(there.date) : null, lunar_date_of_this_day: lunarJson(calendar, date) };
  });
  return {
    calendar: input.calendar,
    year: input.year,
    month: input.month,
    day: input.day,
    leap_month: input.leap,
    gregorian_date: used,
    month_start_uncertain: found.ok && found.month.uncertain,
    other_calendars: others,
    calendars_disagree: others.some((o) => o.gregorian_date !== used),
  };
}
