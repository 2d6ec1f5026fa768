/**
 * The calendar part of each variant's `result` (docs/fields.md, "3. Calendar fields of both
 * variants"): pillars, input echo, true solar time, and the term moments that bound the chart, in each
 * variant's exact string formats.
 */
import { GANZHI_NAMES } from '../calendar/sexagenary.ts';
import { termCalendarIndex, termLongitudeDeg, termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { julianDateOf } from '../time/civil.ts';
import { formatCivilMinute, formatWall } from '../time/format.ts';
import type { ChartCore } from './chart-core.ts';

/**
 * Fields both variants carry; only the date layout of the term moments and `julian_day` differ. In a
 * three-pillar chart (the birth time unknown, `time_unknown`) `input_date` is the date alone and the fields
 * that hold a time of birth or the hour pillar are null.
 */
interface CalendarFields {
  input_date: string;
  true_solar_time: string | null;
  spring_date: string;
  year_ganzhi: string;
  month_ganzhi: string;
  day_ganzhi: string;
  time_ganzhi: string | null;
  month_ganzhi_date: string;
  month_ganzhi_biko: string;
  julian_day: number;
}

export interface CalendarFieldsA extends CalendarFields {
  input_longitude: number;
}

export interface CalendarFieldsB extends CalendarFields {
  true_solar_time_raw: string | null;
}

/** Term start (minute-rounded) as wall-clock seconds in the request zone. */
function termStartWallSec(core: ChartCore, tableIndex: number): number {
  const unixSec = termStartMinuteUnixSec(tableIndex);
  return unixSec + core.zone.offsetAt(unixSec);
}

const inputDate = ({ request: r }: ChartCore): string =>
  r.timeUnknown === true
    ? formatCivilMinute(r.year, r.month, r.day, 0, 0).slice(0, 10)
    : formatCivilMinute(r.year, r.month, r.day, r.hour, r.minute);
/** `立夏(45°)`; a name in words takes a space before its longitude: `Start of Summer (45°)`. */
const biko = (core: ChartCore, c: Catalogue): string => {
  const name = c.labels.jieqi[termCalendarIndex(core.monthTermIndex)]!;
  return `${name}${/[A-Za-z]$/.test(name) ? ' ' : ''}(${termLongitudeDeg(core.monthTermIndex)}°)`;
};
const JULIAN_DATE_DECIMALS = 1e6;

function calendarFields(core: ChartCore, c: Catalogue, dateSeparator: '-' | '/', julianDay: number): CalendarFields {
  const { pillars } = core;
  const ganzhi = GANZHI_NAMES;
  return {
    input_date: inputDate(core),
    true_solar_time: pillars.hour === null ? null : formatWall(core.solarWallSec, '-'),
    spring_date: formatWall(termStartWallSec(core, core.springTermIndex), dateSeparator),
    year_ganzhi: ganzhi[pillars.year]!,
    month_ganzhi: ganzhi[pillars.month]!,
    day_ganzhi: ganzhi[pillars.day]!,
    time_ganzhi: pillars.hour === null ? null : ganzhi[pillars.hour]!,
    month_ganzhi_date: formatWall(termStartWallSec(core, core.monthTermIndex), dateSeparator),
    month_ganzhi_biko: biko(core, c),
    julian_day: julianDay,
  };
}

/** Variant A: dashes, the longitude echo, and the JDN of the day-pillar date as `julian_day`. */
export function calendarFieldsA(core: ChartCore, c: Catalogue): CalendarFieldsA {
  const fields = calendarFields(core, c, '-', core.dayPillarJdn) as CalendarFieldsA;
  fields.input_longitude = core.request.longitudeDeg;
  return fields;
}

/** Variant B: slashes in term dates, the raw solar time with seconds, and the Julian Date (UT) of the birth. */
export function calendarFieldsB(core: ChartCore, c: Catalogue): CalendarFieldsB {
  const julianDate = Math.round(julianDateOf(core.birthUnixSec) * JULIAN_DATE_DECIMALS) / JULIAN_DATE_DECIMALS;
  const fields = calendarFields(core, c, '/', julianDate) as CalendarFieldsB;
  fields.true_solar_time_raw = core.pillars.hour === null ? null : formatWall(core.solarWallSec, '-', true);
  return fields;
}
