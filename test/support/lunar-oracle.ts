/**
 * lunar-javascript (dev dependency) as an oracle, fed the way the lunar-javascript tests prescribe:
 * it works in Beijing time (UTC+8), so year and month pillars come from the birth instant written
 * as a UTC+8 wall clock; day and hour pillars come from the corrected local wall clock.
 */
import lunar from 'lunar-javascript';
import { civilDateTimeOf } from '../../src/domain/time/civil.ts';

const { Solar } = lunar;
const BEIJING_OFFSET_SEC = 8 * 3600;

function solarOfWall(wallSec: number) {
  const t = civilDateTimeOf(wallSec);
  return Solar.fromYmdHms(t.year, t.month, t.day, t.hour, t.minute, t.second);
}

/** Year and month pillars of an instant (UT Unix seconds). */
export function oracleYearMonth(birthUnixSec: number): { year: string; month: string } {
  const chart = solarOfWall(birthUnixSec + BEIJING_OFFSET_SEC)
    .getLunar()
    .getEightChar();
  return { year: chart.getYear(), month: chart.getMonth() };
}

/** Day and hour pillars of a local wall clock; sect 2 = day changes at 00:00, sect 1 = at 23:00. */
export function oracleDayHour(localWallSec: number, sect: 1 | 2): { day: string; hour: string } {
  const chart = solarOfWall(localWallSec).getLunar().getEightChar();
  chart.setSect(sect);
  return { day: chart.getDay(), hour: chart.getTime() };
}
