/**
 * Pillars → dates: for 20,000 random births (zones, longitudes, both day boundaries, mean and apparent
 * solar time, a fifth of them three-pillar) the lookup of their pillars holds the birth instant, and
 * every interval's ends are where the forward chart's pillars change (checked at ±1 s); the cases
 * the peers miss (the part of an hour before a 節, a 子 hour on the day before one, a 節 day read on
 * three pillars); every (year, month) pair's 3 or 4 intervals; impossible combinations refused.
 */
import { describe, expect, it } from 'vitest';
import { chartCoreAt, computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest, type ChartRequest } from '../../../src/domain/chart/request.ts';
import { jieMonthsOf, pillarIssues, pillarsToDates } from '../../../src/domain/chart/pillars-to-dates.ts';
import { pillarsToDatesOf } from '../../../src/wire/present/pillars-to-dates-json.ts';
import { monthPillarOf } from '../../../src/domain/calendar/sexagenary.ts';
import { zoneRules } from '../../../src/domain/time/zone.ts';

const request = (raw: Record<string, unknown>): ChartRequest => {
  const parsed = parseChartRequest(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.request;
};

let seed = 20_251_125;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

describe('pillars to dates', () => {
  it('20,000 random births: the lookup holds the birth; every end flips a pillar at ±1 s', () => {
    const zones = ['Asia/Tokyo', 'Asia/Shanghai', 'Asia/Seoul', 'America/New_York', 'Europe/London', 'Australia/Sydney'];
    let births = 0;
    let intervals = 0;
    const problems: string[] = [];
    while (births < 20_000) {
      const raw = {
        year: 1900 + Math.floor(random() * 201),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        location: Math.round((-180 + random() * 360) * 100) / 100,
        timezone: pick(zones),
        day_boundary: pick(['00:00', '23:00']),
        solar_time: pick(['mean', 'apparent']),
        ...(random() < 0.2
          ? { time_unknown: true }
          : { time: `${String(Math.floor(random() * 24)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}` }),
      };
      const r = request(raw);
      const core = computeChartCore(r);
      const found = pillarsToDates({ ...core.pillars }, r);
      births++;
      intervals += found.length;
      if (!found.some((i) => i.from <= core.birthUnixSec && core.birthUnixSec < i.to)) problems.push(`not held: ${JSON.stringify(raw)}`);
      const zone = zoneRules(r.conventions.timezone);
      const same = (t: number) => {
        const { timeUnknown: _threePillars, ...withHour } = r;
        const p = chartCoreAt(withHour, zone, t).pillars;
        const q = core.pillars;
        return p.year === q.year && p.month === q.month && p.day === q.day && (q.hour === null || p.hour === q.hour);
      };
      const first = zone.instantOf(Date.UTC(1900, 0, 1) / 1000);
      const last = zone.instantOf(Date.UTC(2101, 0, 1) / 1000);
      for (const i of found) {
        if (!same(i.from) || !same(i.to - 1)) problems.push(`end outside: ${JSON.stringify(raw)} ${i.from}–${i.to}`);
        if ((i.from > first && same(i.from - 1)) || (i.to < last && same(i.to)))
          problems.push(`end not a change: ${JSON.stringify(raw)} ${i.from}–${i.to}`);
      }
    }
    expect(problems).toEqual([]);
    // Four pillars recur once in about 60 years: 1–4 intervals; three pillars about as often.
    expect(intervals / births).toBeGreaterThan(1.5);
    expect(intervals / births).toBeLessThan(3);
  });

  it('the part of an hour before a 節: 1955-06-06 19:00–19:43 in UTC+8 is 乙未 辛巳 戊戌 壬戌 (芒種 at 19:43)', () => {
    const answer = pillarsToDatesOf({
      year_pillar: '乙未',
      month_pillar: '辛巳',
      day_pillar: '戊戌',
      hour_pillar: '壬戌',
      location: 120,
      timezone: 'Asia/Shanghai',
    });
    expect(answer.ok && answer.answer.intervals[0]).toMatchObject({ from_local: '1955-06-06 19:00:00', to_local: '1955-06-06 19:43:00' });
  });

  it('a 子 hour on the day before a 節: 1942-12-08 00:00–01:00 (UTC+8) is 壬午 辛亥 乙未 丙子; Shanghai kept summer time then (01:00–02:00)', () => {
    const pillars = { year_pillar: '壬午', month_pillar: '辛亥', day_pillar: '乙未', hour_pillar: '丙子', location: 120 };
    const fixed = pillarsToDatesOf({ ...pillars, timezone: 'Etc/GMT-8' });
    expect(fixed.ok && fixed.answer.intervals[0]).toMatchObject({ from_local: '1942-12-08 00:00:00', to_local: '1942-12-08 01:00:00' });
    const shanghai = pillarsToDatesOf({ ...pillars, timezone: 'Asia/Shanghai' });
    expect(shanghai.ok && shanghai.answer.intervals[0]).toMatchObject({
      from_local: '1942-12-08 01:00:00',
      to_local: '1942-12-08 02:00:00',
    });
  });

  it('three pillars on a 節 day: 2024-02-04 before 立春 (17:27) is 癸卯 乙丑 戊戌, after it 甲辰 丙寅 戊戌', () => {
    const before = pillarsToDatesOf({ year_pillar: '癸卯', month_pillar: '乙丑', day_pillar: '戊戌', location: 135 });
    const after = pillarsToDatesOf({ year_pillar: '甲辰', month_pillar: '丙寅', day_pillar: '戊戌', location: 135 });
    expect(before.ok && before.answer.intervals.find((i) => i.from_local.startsWith('2024-02-04'))).toMatchObject({
      from_local: '2024-02-04 00:00:00',
      to_local: '2024-02-04 17:27:00',
    });
    expect(after.ok && after.answer.intervals.find((i) => i.from_local.startsWith('2024-02-04'))).toMatchObject({
      from_local: '2024-02-04 17:27:00',
      to_local: '2024-02-05 00:00:00',
    });
  });

  it('every valid (year, month) pair opens 3 or 4 節 months in 1900–2100 (468 pairs 3, 252 pairs 4)', () => {
    const first = Date.UTC(1900, 0, 1) / 1000;
    const last = Date.UTC(2101, 0, 1) / 1000;
    // Months opening in 1900–2100.
    const counts = [0, 0, 0, 0, 0, 0];
    for (let year = 0; year < 60; year++) {
      for (let sinceYin = 0; sinceYin < 12; sinceYin++) {
        const months = jieMonthsOf(year, monthPillarOf(year % 10, sinceYin)).filter(
          ([from]: [number, number]) => from >= first && from < last,
        );
        counts[months.length]!++;
      }
    }
    expect(counts).toEqual([0, 0, 0, 468, 252, 0]);
  });

  it('intervals stop at the 1900–2100 range, not a second past it', () => {
    const late = pillarsToDatesOf({
      year_pillar: '庚申',
      month_pillar: '戊子',
      day_pillar: '戊申',
      hour_pillar: '壬子',
      location: 135,
      day_boundary: '23:00',
    });
    expect(late.ok && late.answer.intervals.at(-1)!.to_local).toBe('2101-01-01 00:00:00');
    const early = pillarsToDatesOf({ year_pillar: '己亥', month_pillar: '丙子', day_pillar: '甲戌', hour_pillar: '甲子', location: 139.7 });
    expect(early.ok && early.answer.intervals[0]!.from_local).toBe('1900-01-01 00:00:00');
  });

  it('refuses impossible combinations with the reason', () => {
    expect(pillarIssues({ year: 0, month: 14, day: 0, hour: null }, '00:00')).toEqual([
      { field: 'month', message: "month 戊寅 cannot follow year 甲子: a 甲 year's 寅 month is 丙寅 (五虎遁)" },
    ]);
    const bad = pillarsToDatesOf({ year_pillar: '甲子', month_pillar: '丙寅', day_pillar: '甲子', hour_pillar: '戊子', location: 135 });
    expect(bad).toEqual({
      ok: false,
      issues: [
        {
          field: 'hour_pillar',
          message: 'hour 戊子 cannot be on a 甲 day: its 子 hour is 甲子 (or 丙子 from 23:00 with day_boundary 00:00) (五鼠遁)',
        },
      ],
    });
    // 丙子 on a 甲 day is the late 子 hour (23:00–24:00) under day_boundary 00:00; under 23:00 it is refused.
    const late = pillarsToDatesOf({
      year_pillar: '甲子',
      month_pillar: '丙寅',
      day_pillar: '甲子',
      hour_pillar: '丙子',
      location: 135,
      day_boundary: '00:00',
    });
    expect(late.ok).toBe(true);
    const refused = pillarsToDatesOf({
      year_pillar: '甲子',
      month_pillar: '丙寅',
      day_pillar: '甲子',
      hour_pillar: '丙子',
      location: 135,
      day_boundary: '23:00',
    });
    expect(refused.ok).toBe(false);
    expect(pillarsToDatesOf({ year_pillar: '甲丑', month_pillar: 'x', day_pillar: '甲子', location: 135 })).toEqual({
      ok: false,
      issues: [
        {
          field: 'year_pillar',
          message: 'year_pillar "甲丑" is no pillar: a yang stem pairs with a yang branch and a yin stem with a yin one (甲子, 乙丑, …)',
        },
        { field: 'month_pillar', message: 'month_pillar must be a pillar of two characters, a stem and a branch, e.g. "甲子"' },
      ],
    });
  });
});
