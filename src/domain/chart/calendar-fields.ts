/**
 * The calendar part of each variant's `result` (spec §2.3 / §2.4): pillars, input echo, true solar
 * time, and the term moments that bound the chart, in each variant's exact string formats.
 */
import { termLongitudeDeg, termName, termStartMinuteUnixSec } from '../astronomy/solar-terms.js';
import { ganzhiName } from '../calendar/sexagenary.js';
import { julianDateOf } from '../time/civil.js';
import { formatCivilMinute, formatWall } from '../time/format.js';
import type { ChartCore } from './chart-core.js';

export interface CalendarFieldsA {
  input_date: string;
  input_longitude: number;
  true_solar_time: string;
  spring_date: string;
  year_ganzhi: string;
  month_ganzhi: string;
  day_ganzhi: string;
  time_ganzhi: string;
  month_ganzhi_date: string;
  month_ganzhi_biko: string;
  julian_day: number;
}

export interface CalendarFieldsB {
  input_date: string;
  true_solar_time_raw: string;
  true_solar_time: string;
  spring_date: string;
  year_ganzhi: string;
  month_ganzhi: string;
  day_ganzhi: string;
  time_ganzhi: string;
  month_ganzhi_date: string;
  month_ganzhi_biko: string;
  julian_day: number;
}

/** Term start (minute-rounded) as wall-clock seconds in the request zone. */
function termStartWallSec(core: ChartCore, tableIndex: number): number {
  const unixSec = termStartMinuteUnixSec(tableIndex);
  return unixSec + core.zone.offsetAt(unixSec);
}

const inputDate = ({ request: r }: ChartCore): string => formatCivilMinute(r.year, r.month, r.day, r.hour, r.minute);
const biko = (core: ChartCore): string => `${termName(core.monthTermIndex)}(${termLongitudeDeg(core.monthTermIndex)}°)`;
const JULIAN_DATE_DECIMALS = 1e6;

export function calendarFieldsA(core: ChartCore): CalendarFieldsA {
  const { pillars } = core;
  return {
    input_date: inputDate(core),
    input_longitude: core.request.longitudeDeg,
    true_solar_time: formatWall(core.solarWallSec, '-'),
    spring_date: formatWall(termStartWallSec(core, core.springTermIndex), '-'),
    year_ganzhi: ganzhiName(pillars.year),
    month_ganzhi: ganzhiName(pillars.month),
    day_ganzhi: ganzhiName(pillars.day),
    time_ganzhi: ganzhiName(pillars.hour),
    month_ganzhi_date: formatWall(termStartWallSec(core, core.monthTermIndex), '-'),
    month_ganzhi_biko: biko(core),
    julian_day: core.dayPillarJdn,
  };
}

export function calendarFieldsB(core: ChartCore): CalendarFieldsB {
  const { pillars } = core;
  return {
    input_date: inputDate(core),
    true_solar_time_raw: formatWall(core.solarWallSec, '-', true),
    true_solar_time: formatWall(core.solarWallSec, '-'),
    spring_date: formatWall(termStartWallSec(core, core.springTermIndex), '/'),
    year_ganzhi: ganzhiName(pillars.year),
    month_ganzhi: ganzhiName(pillars.month),
    day_ganzhi: ganzhiName(pillars.day),
    time_ganzhi: ganzhiName(pillars.hour),
    month_ganzhi_date: formatWall(termStartWallSec(core, core.monthTermIndex), '/'),
    month_ganzhi_biko: biko(core),
    julian_day: Math.round(julianDateOf(core.birthUnixSec) * JULIAN_DATE_DECIMALS) / JULIAN_DATE_DECIMALS,
  };
}
