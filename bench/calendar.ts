/**
 * Calendar core: µs per chart for 100,000 random requests — validation, civil → instant,
 * pillars and the formatted calendar fields — beside lunar-javascript's EightChar for the same inputs.
 */
import lunar from 'lunar-javascript';
import { JA_CATALOGUE } from '../src/domain/catalogue/index.ts';
import { calendarFieldsB } from '../src/domain/chart/calendar-fields.ts';
import { computeChartCore } from '../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../src/domain/chart/request.ts';
import { daysInMonth } from '../src/domain/time/civil.ts';
import { mulberry32, randomInt } from '../test/support/prng.ts';
import { measure, printRows, type BenchRow } from './harness.ts';

export interface RawRequest {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  location: number;
}

export function randomRawRequests(count: number, seed = 42): RawRequest[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const year = randomInt(random, 1900, 2100);
    const month = randomInt(random, 1, 12);
    return {
      year,
      month,
      day: randomInt(random, 1, daysInMonth(year, month)),
      hour: randomInt(random, 0, 23),
      minute: randomInt(random, 0, 59),
      location: Math.round((122 + random() * 32) * 100) / 100,
    };
  });
}

export function lunarEightChar(r: RawRequest): string {
  const chart = lunar.Solar.fromYmdHms(r.year, r.month, r.day, r.hour, r.minute, 0).getLunar().getEightChar();
  return chart.getYear() + chart.getMonth() + chart.getDay() + chart.getTime();
}

export function benchCalendar(count = 100_000): BenchRow[] {
  const requests = randomRawRequests(count);
  const lunarRow = measure('lunar-javascript EightChar (4 pillars)', requests, lunarEightChar, 1);
  const ours = measure('calendar core: validate + pillars + calendar fields', requests, (raw) => {
    const parsed = parseChartRequest(raw);
    return parsed.ok ? calendarFieldsB(computeChartCore(parsed.request), JA_CATALOGUE) : undefined;
  });
  const parsedRequests = requests.map((r) => {
    const parsed = parseChartRequest(r);
    if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
    return parsed.request;
  });
  const coreOnly = measure('calendar core without validation', parsedRequests, (r) => calendarFieldsB(computeChartCore(r), JA_CATALOGUE));
  const rows = [lunarRow, ours, coreOnly];
  printRows(
    `Calendar core, ${count.toLocaleString('en')} random requests (ours: median of 7 passes; lunar-javascript: 1 pass)`,
    rows,
    lunarRow,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchCalendar();
