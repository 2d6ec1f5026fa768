/**
 * The 大運 of a three-pillar chart (`time_unknown`) as the range over the birth day: the earliest and
 * latest starts are those of the day's own births (each cast as a request with that time would be,
 * through chartCoreAt), they span months, every minute of the day falls inside them, and a chart with
 * a time has no range and keeps its single start.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { chartCoreAt, computeChartCore, type ChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest, type ChartRequest } from '../../../src/domain/chart/request.ts';
import { luckJson } from '../../../src/wire/present/luck-json.ts';
import { luckRangeOf } from '../../../src/domain/luck/luck-range.ts';
import { luckOf, type Luck } from '../../../src/domain/luck/luck.ts';
import { wallSecondsOf } from '../../../src/domain/time/civil.ts';

const requestOf = (raw: Record<string, unknown>): ChartRequest => {
  const parsed = parseChartRequest(raw);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => i.message).join('; '));
  return parsed.request;
};
/** 2021-01-03 at 139.69°E, time unknown: the solar day (the day pillar) changes at 23:41 JST. */
const BIRTH = { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true };

/** The chart a birth at `hour:minute` of the request's civil day gives, as a request with that time casts it. */
function coreAtMinute(request: ChartRequest, hour: number, minute: number): ChartCore {
  const zone = computeChartCore(request).zone;
  const wall = wallSecondsOf({ year: request.year, month: request.month, day: request.day }, hour, minute);
  return chartCoreAt({ ...request, hour, minute }, zone, zone.instantOf(wall));
}
const luckAt = (request: ChartRequest, hour: number, minute: number): Luck => luckOf(coreAtMinute(request, hour, minute), request.luck!);
const samePillars = (a: ChartCore, b: ChartCore) =>
  a.pillars.year === b.pillars.year && a.pillars.month === b.pillars.month && a.pillars.day === b.pillars.day;
const DAYS = 86_400;

describe('the 大運 of a three-pillar chart over its birth day', () => {
  it('forward (male, 庚子 year): earliest is the last birth with the chart’s pillars (23:41), latest the first (00:00)', () => {
    const request = requestOf({ ...BIRTH, gender: 'male' });
    const core = computeChartCore(request);
    // The day's bounds: 00:00, and 23:41, the last minute before the solar day (and the day pillar) changes.
    expect(samePillars(coreAtMinute(request, 23, 41), core)).toBe(true);
    expect(samePillars(coreAtMinute(request, 23, 42), core)).toBe(false);
    const [first, last] = [luckAt(request, 0, 0), luckAt(request, 23, 41)];

    const range = luckRangeOf(core, request.luck!)!;
    expect(range.earliest.startsAt).toBe(last.startsAt);
    expect(range.latest.startsAt).toBe(first.startsAt);
    expect([range.earliest.startAge, range.latest.startAge]).toEqual([last.startAge, first.startAge]);
    expect(range.startsAt).toEqual({ earliest: '2021-07-07T12:31:00+09:00', latest: '2021-11-04T22:50:00+09:00' });
    expect(range.births).toEqual({ earliest: '2021-01-03T00:00:00+09:00', latest: '2021-01-03T23:41:00+09:00' });
    // Months apart, not one minute: what the 12:00 chart alone would have stated.
    expect(range.latest.startsAtUnixSec - range.earliest.startsAtUnixSec).toBeGreaterThan(100 * DAYS);
    const noon = luckOf(core, request.luck!);
    expect(noon.startsAtUnixSec).toBeGreaterThan(range.earliest.startsAtUnixSec);
    expect(noon.startsAtUnixSec).toBeLessThan(range.latest.startsAtUnixSec);
  });

  it('backward (female): earliest is the day’s first birth, latest its last; the ages differ by a year', () => {
    const request = requestOf({ ...BIRTH, gender: 'female' });
    const range = luckRangeOf(computeChartCore(request), request.luck!)!;
    expect(range.earliest.startsAt).toBe(luckAt(request, 0, 0).startsAt);
    expect(range.latest.startsAt).toBe(luckAt(request, 23, 41).startsAt);
    expect(range.cycles(2)).toEqual([
      {
        startsAt: { earliest: '2029-12-27T05:00:00+09:00', latest: '2030-04-26T14:41:00+09:00' },
        endsAt: { earliest: '2039-12-27T05:00:00+09:00', latest: '2040-04-26T14:41:00+09:00' },
        ageFrom: [8, 9],
        ageTo: [17, 18],
        kazoeFrom: [9, 10],
        kazoeTo: [18, 19],
        labelAge: [9, 9],
      },
      {
        startsAt: { earliest: '2039-12-27T05:00:00+09:00', latest: '2040-04-26T14:41:00+09:00' },
        endsAt: { earliest: '2049-12-27T05:00:00+09:00', latest: '2050-04-26T14:41:00+09:00' },
        ageFrom: [18, 19],
        ageTo: [27, 28],
        kazoeFrom: [19, 20],
        kazoeTo: [28, 29],
        labelAge: [19, 19],
      },
    ]);
  });

  // Every minute of the day cast on its own: the range is exactly their smallest and largest start and age.
  it.each([
    { name: 'EXACT forward', raw: { ...BIRTH, gender: 'male' } },
    { name: 'EXACT backward', raw: { ...BIRTH, gender: 'female' } },
    // 2-hour 刻 steps: forward, the extremes are a step inside the day (22:24 and 00:23), not at its ends.
    { name: 'CLASSICAL forward', raw: { ...BIRTH, gender: 'male', luck_method: 'classical' } },
    { name: 'JP_DAY_COUNT backward', raw: { ...BIRTH, gender: 'female', luck_method: 'jp_day_count' } },
    // The day pillar begins at 00:56 EDT; at 00:59 the age reaches whole months and, a luck month being 30 days
    // and February 28, the start falls back 2 days, below 00:56's.
    {
      name: 'EXACT into a February',
      raw: { year: 1971, month: 10, day: 28, location: -74, timezone: 'America/New_York', time_unknown: true, gender: 'male' },
    },
    // 2024 立春 at 17:27 JST: the range stops at the 節 (the year and month pillars change there).
    { name: '立春 on the birth day', raw: { year: 2024, month: 2, day: 4, location: 139.69, time_unknown: true, gender: 'female' } },
  ])('$name: every minute of the day with the chart’s pillars starts inside the range, its ends reached', ({ raw }) => {
    const request = requestOf(raw);
    const core = computeChartCore(request);
    const range = luckRangeOf(core, request.luck!)!;
    const starts: number[] = [];
    const years: number[] = [];
    for (let minute = 0; minute < 1440; minute++) {
      const at = coreAtMinute(request, Math.floor(minute / 60), minute % 60);
      if (!samePillars(at, core)) continue;
      const luck = luckOf(at, request.luck!);
      starts.push(luck.startsAtUnixSec);
      years.push(luck.startAge.years);
    }
    expect([range.earliest.startsAtUnixSec, range.latest.startsAtUnixSec]).toEqual([Math.min(...starts), Math.max(...starts)]);
    expect(range.cycles(1)[0]!.ageFrom).toEqual([Math.min(...years), Math.max(...years)]);
    // A day count gives every birth of a day one age: its start moves only with the wall clock, under a day.
    expect(range.latest.startsAtUnixSec - range.earliest.startsAtUnixSec).toBeGreaterThan(0);
  });

  it('REST `luck`: the single start, each cycle’s dates and ages null beside their ranges', () => {
    const request = requestOf({ ...BIRTH, gender: 'male' });
    const core = computeChartCore(request);
    const range = luckRangeOf(core, request.luck!)!;
    const json = luckJson(core, request.luck, { cycles: 1 }, JA_CATALOGUE) as Record<string, any>;
    expect(json).toMatchObject({ start_age: null, start_age_rounded: null, starts_at: null });
    expect(json['start_range']).toEqual({
      earliest: { start_age: range.earliest.startAge, start_age_rounded: 1, starts_at: '2021-07-07T12:31:00+09:00' },
      latest: { start_age: range.latest.startAge, start_age_rounded: 1, starts_at: '2021-11-04T22:50:00+09:00' },
    });
    expect(json['pre_luck']).toMatchObject({ starts_at: null, ends_at: null, start_range: range.births, end_range: range.startsAt });
    expect(json['cycles'][0]).toMatchObject({
      starts_at: null,
      ends_at: null,
      age_from: null,
      age_to: null,
      kazoe_from: null,
      kazoe_to: null,
      label_age: null,
      start_range: range.startsAt,
      end_range: { earliest: '2031-07-07T12:31:00+09:00', latest: '2031-11-04T22:50:00+09:00' },
      age_range: { from: [0, 0], to: [9, 9], kazoe_from: [1, 1], kazoe_to: [10, 10], label: [1, 1] },
    });
  });

  it('a chart with a time has no range: one start, and the luck JSON has its legacy members only', () => {
    const request = requestOf({ year: 2021, month: 1, day: 3, time: '12:00', location: 139.69, gender: 'male' });
    const core = computeChartCore(request);
    expect(luckRangeOf(core, request.luck!)).toBeUndefined();
    const json = luckJson(core, request.luck, { cycles: 1 }, JA_CATALOGUE) as Record<string, any>;
    const luck = luckOf(core, request.luck!);
    expect(Object.keys(json)).toEqual([
      'direction',
      'method',
      'start_age',
      'start_age_rounded',
      'starts_at',
      'reference_term',
      'reference_term_at',
      'pre_luck',
      'cycles',
    ]);
    expect(json).toMatchObject({ start_age_rounded: luck.startAgeRounded, starts_at: luck.startsAt });
    expect(Object.keys(json['pre_luck'])).not.toContain('start_range');
    expect(Object.keys(json['cycles'][0])).toEqual([
      'index',
      'ganzhi',
      'stem_ten_god',
      'branch_ten_god',
      'life_stage',
      'nayin',
      'is_void',
      'starts_at',
      'ends_at',
      'relations',
      'age_from',
      'age_to',
      'kazoe_from',
      'kazoe_to',
      'label_age',
    ]);
  });
});
