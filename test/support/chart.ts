import { calendarFieldsA, calendarFieldsB } from '../../src/domain/chart/calendar-fields.ts';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { computeChartCore, type ChartCore } from '../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';

/** Chart core of a raw request (spec field names); throws on invalid input. */
export function chartOf(raw: Record<string, unknown>): ChartCore {
  const parsed = parseChartRequest(raw);
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return computeChartCore(parsed.request);
}

export const fieldsA = (raw: Record<string, unknown>) => calendarFieldsA(chartOf(raw), JA_CATALOGUE);
export const fieldsB = (raw: Record<string, unknown>) => calendarFieldsB(chartOf(raw), JA_CATALOGUE);

/** "年 月 日 時" pillars as one string, e.g. "甲辰 丙寅 戊戌 辛酉". */
export function pillarsOf(raw: Record<string, unknown>): string {
  const f = fieldsA(raw);
  return `${f.year_ganzhi} ${f.month_ganzhi} ${f.day_ganzhi} ${f.time_ganzhi}`;
}
