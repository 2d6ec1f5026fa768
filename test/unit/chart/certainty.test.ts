/**
 * How sure a chart is: every warning code on a birth that should raise it (and not on
 * one that should not), the alternatives split exactly where the chart rule changes (the published
 * 2024 立春 minute, the hour edges of a date-only birth), and the convention differences.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { ganzhiName } from '../../../src/domain/calendar/sexagenary.ts';
import {
  chartAlternatives,
  chartWarnings,
  conventionDifferences,
  WARNING_CODES,
  type WarningCode,
} from '../../../src/domain/chart/certainty.ts';
import { chartCoreAt, computeChartCore, type ChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { formatIsoWithOffset } from '../../../src/domain/time/format.ts';
import { SOLAR_TERMS, isJie } from '../../../src/domain/astronomy/solar-term-names.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { readPublishedTerms } from '../../support/published-terms.ts';

const core = (raw: Record<string, unknown>): ChartCore => {
  const parsed = parseChartRequest(raw);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => i.message).join('; '));
  return computeChartCore(parsed.request);
};
const codes = (c: ChartCore) => chartWarnings(c, JA_CATALOGUE.warnings).map((w) => w.code);
const warning = (c: ChartCore, code: WarningCode) => chartWarnings(c, JA_CATALOGUE.warnings).find((w) => w.code === code);
const iso = (c: ChartCore, unixSec: number) => formatIsoWithOffset(unixSec, c.zone.offsetAt(unixSec));
/** Pillars as text, year to hour. */
const pillarsOf = (p: { year: number; month: number; day: number; hour: number | null }) =>
  [p.year, p.month, p.day, p.hour].map((pillar) => (pillar === null ? '—' : ganzhiName(pillar))).join(' ');

/** 2024 立春: 2024-02-04 17:27 JST (NAOJ, to the minute). */
const RISSHUN_2024 = { year: 2024, month: 2, day: 4, location: 139.69 };

describe('warnings', () => {
  it('NEAR_SOLAR_TERM: 17:20 is 420 s before the 2024 立春 at 17:27 JST; 16:50 is outside the 30-minute window, 17:27 on it', () => {
    const w = warning(core({ ...RISSHUN_2024, time: '17:20' }), 'NEAR_SOLAR_TERM');
    expect(w).toMatchObject({ distanceSeconds: -420, fields: expect.arrayContaining(['yearGanzhi', 'monthGanzhi']) });
    expect(w!.message).toContain('立春の節入り（2024-02-04 17:27）の7分前');
    expect(warning(core({ ...RISSHUN_2024, time: '17:27' }), 'NEAR_SOLAR_TERM')!.distanceSeconds).toBe(0);
    expect(warning(core({ ...RISSHUN_2024, time: '16:56' }), 'NEAR_SOLAR_TERM')).toBeUndefined();
    expect(warning(core({ ...RISSHUN_2024, time: '16:56', uncertainty_minutes: 32 }), 'NEAR_SOLAR_TERM')!.distanceSeconds).toBe(-31 * 60);
    // Exactly the window away is outside it, as for the alternatives ([birth − window, birth + window)).
    expect(warning(core({ ...RISSHUN_2024, time: '16:57' }), 'NEAR_SOLAR_TERM')).toBeUndefined();
    const at1657 = core({ ...RISSHUN_2024, time: '16:57' });
    expect(chartAlternatives(at1657).map((a) => iso(at1657, a.fromUnixSec))).not.toContain('2024-02-04T17:27:00+09:00');
    // A 節 that is not 立春 names the month pillar only: 2024 啓蟄 2024-03-05 11:23 JST.
    const keichitsu = warning(core({ year: 2024, month: 3, day: 5, time: '11:40', location: 139.69 }), 'NEAR_SOLAR_TERM');
    expect(keichitsu).toMatchObject({ distanceSeconds: 17 * 60 });
    expect(keichitsu!.fields).not.toContain('yearGanzhi');
  });

  it('NEAR_HOUR_EDGE: solar time 10:55 at 135°E is 5 minutes before the 巳/午 edge at 11:00', () => {
    expect(warning(core({ year: 2024, month: 6, day: 1, time: '10:55', location: 135 }), 'NEAR_HOUR_EDGE')).toMatchObject({
      distanceSeconds: -300,
    });
    // 139.69°E adds 18 min 45.6 s: 10:50 is solar 11:08:45.6, 526 s after the edge.
    expect(warning(core({ year: 2024, month: 6, day: 1, time: '10:50', location: 139.69 }), 'NEAR_HOUR_EDGE')).toMatchObject({
      distanceSeconds: 526,
    });
    expect(warning(core({ year: 2024, month: 6, day: 1, time: '12:00', location: 135 }), 'NEAR_HOUR_EDGE')).toBeUndefined();
  });

  it('23:30 under both conventions: ZI_HOUR_CONVENTION names the other convention’s pillars, NEAR_DAY_EDGE only under 00:00', () => {
    // A 45-minute window: 0:00 (30 minutes on) and the 23:00 edge (30 minutes back) both inside it.
    const birth = { year: 2024, month: 2, day: 4, time: '23:30', location: 135, uncertainty_minutes: 45 };
    const midnight = core(birth);
    const zi = core({ ...birth, day_boundary: '23:00' });
    expect([pillarsOf(midnight.pillars), pillarsOf(zi.pillars)]).toEqual(['甲辰 丙寅 戊戌 甲子', '甲辰 丙寅 己亥 甲子']);
    expect(warning(midnight, 'ZI_HOUR_CONVENTION')!.message).toContain('日柱 己亥・時柱 甲子');
    expect(warning(zi, 'ZI_HOUR_CONVENTION')!.message).toContain('日柱 戊戌・時柱 甲子');
    expect(warning(midnight, 'NEAR_DAY_EDGE')).toMatchObject({ distanceSeconds: -1800 });
    expect(warning(zi, 'NEAR_DAY_EDGE')).toBeUndefined();
    expect(warning(zi, 'NEAR_HOUR_EDGE')!.fields).toContain('dayGanzhi');
    // 00:30 is the 子 hour too, but both conventions agree there.
    expect(codes(core({ ...birth, time: '00:30' }))).not.toContain('ZI_HOUR_CONVENTION');
  });

  it('NONEXISTENT_LOCAL_TIME and SUMMER_TIME_IN_EFFECT: 1948-05-02 00:30 Tokyo lies in the summer-time gap', () => {
    const gap = core({ year: 1948, month: 5, day: 2, time: '00:30', location: 139.69 });
    expect(codes(gap)).toEqual(expect.arrayContaining(['NONEXISTENT_LOCAL_TIME', 'SUMMER_TIME_IN_EFFECT']));
    expect(warning(gap, 'NONEXISTENT_LOCAL_TIME')!.message).toContain('1948-05-02 01:30（+10:00）');
    expect(iso(gap, gap.birthUnixSec)).toBe('1948-05-02T01:30:00+10:00');
    // A summer-time birth outside the gap: only SUMMER_TIME_IN_EFFECT.
    const summer = codes(core({ year: 1949, month: 7, day: 1, time: '12:00', location: 139.69 }));
    expect(summer).toContain('SUMMER_TIME_IN_EFFECT');
    expect(summer).not.toContain('NONEXISTENT_LOCAL_TIME');
  });

  it('AMBIGUOUS_LOCAL_TIME: 1949-09-11 00:30 Tokyo occurred twice; the earlier (summer-time) one is used', () => {
    const twice = core({ year: 1949, month: 9, day: 11, time: '00:30', location: 139.69 });
    expect(warning(twice, 'AMBIGUOUS_LOCAL_TIME')!.message).toContain('60 分後');
    expect(iso(twice, twice.birthUnixSec)).toBe('1949-09-11T00:30:00+10:00');
  });

  it('LONGITUDE_FAR_FROM_ZONE: 75°E read in Asia/Tokyo (135°E meridian) is 60° away', () => {
    const far = warning(core({ year: 2000, month: 1, day: 1, time: '12:00', location: 75 }), 'LONGITUDE_FAR_FROM_ZONE');
    expect(far).toMatchObject({ distanceSeconds: -60 * 240 });
    expect(codes(core({ year: 2000, month: 1, day: 1, time: '12:00', location: 75, timezone: 'Asia/Kolkata' }))).not.toContain(
      'LONGITUDE_FAR_FROM_ZONE',
    );
    // Across the antimeridian: Samoa (UTC+13, meridian 195° = −165°) at −171.75° is 6.75° off, not 366°; Fiji (UTC+12) at −179.9°.
    for (const [location, timezone] of [
      [-171.75, 'Pacific/Apia'],
      [-179.9, 'Pacific/Fiji'],
    ] as const) {
      expect(codes(core({ year: 2020, month: 6, day: 1, time: '12:00', location, timezone }))).not.toContain('LONGITUDE_FAR_FROM_ZONE');
    }
    // And far is still far on the other side: 150°W read as Pacific/Kiritimati (UTC+14, meridian 210° = −150°) is near; as Asia/Tokyo it is not.
    expect(
      warning(core({ year: 2020, month: 6, day: 1, time: '12:00', location: -150, timezone: 'Asia/Tokyo' }), 'LONGITUDE_FAR_FROM_ZONE'),
    ).toMatchObject({
      // Solar time at −150° runs 19 h behind JST: the chart's true solar time is that much earlier (it said 5 h later).
      distanceSeconds: -19 * 3600,
      message: expect.stringContaining('真太陽時は地方時の 19時間前'),
    });
    // The issue's case: 74°W read in Tokyo is 13 h 56 min earlier, as trueSolarTime shows.
    const newYork = core({ year: 1990, month: 5, day: 15, time: '10:30', location: -74 });
    expect(warning(newYork, 'LONGITUDE_FAR_FROM_ZONE')).toMatchObject({ distanceSeconds: -(13 * 3600 + 56 * 60) });
  });

  it('TIME_NOT_GIVEN without a time; NEAR_ZOKAN_SWITCH on a switch day of the chosen table', () => {
    expect(codes(core({ year: 1990, month: 5, day: 15, location: 139.69 }))).toContain('TIME_NOT_GIVEN');
    expect(codes(core({ year: 1990, month: 5, day: 15, hour: 12, location: 139.69 }))).not.toContain('TIME_NOT_GIVEN');
    // 1990 立夏 is 1990-05-06 (day 1); 巳 switches 戊 → 庚 after day 7 under J1 (月律分野): day 8 is 05-13.
    const day8 = core({ year: 1990, month: 5, day: 13, time: '12:00', location: 139.69 });
    expect(day8.zokanDayCount).toBe(8);
    const w = warning(day8, 'NEAR_ZOKAN_SWITCH');
    expect(w!.fields).toContain('zokan.month');
    expect(w!.distanceSeconds).toBe(12 * 3600);
    expect(warning(core({ year: 1990, month: 5, day: 12, time: '06:00', location: 139.69 }), 'NEAR_ZOKAN_SWITCH')!.distanceSeconds).toBe(
      -18 * 3600,
    );
    expect(warning(core({ year: 1990, month: 5, day: 10, time: '12:00', location: 139.69 }), 'NEAR_ZOKAN_SWITCH')).toBeUndefined();
  });

  it('a lunar birth date: the calendars that put it on another day are named; a month whose start is uncertain is said', () => {
    // Lunar New Year 1997: 02-07 in China, 02-08 in Korea and Japan.
    const chinese = warning(
      core({ year: 1997, month: 1, day: 1, time: '10:00', location: 139.69, calendar: 'lunar_cn' }),
      'LUNAR_CALENDARS_DISAGREE',
    );
    expect(chinese?.message).toBe(
      '中国の農暦でこの日は 1997-02-07 です。同じ旧暦の日付は、韓国の陰暦では 1997-02-08、日本の旧暦では 1997-02-08 です。どの暦で数えた誕生日かで日柱（と時柱）が変わります。',
    );
    expect(chinese?.fields).toEqual(['dayGanzhi', 'timeGanzhi']);
    // 2017: China's leap month is the 6th, Korea's the 5th; Korean 閏5-1 does not exist in China.
    const korean = warning(
      core({ year: 2017, month: 5, day: 1, leap_month: true, location: 126.98, calendar: 'lunar_kr' }),
      'LUNAR_CALENDARS_DISAGREE',
    );
    expect(korean?.message).toContain('中国の農暦では存在しない日付');
    expect(korean?.fields).toContain('monthGanzhi');
    // 2024-01-01 in Korea is the same day everywhere: no warning.
    expect(
      warning(core({ year: 2024, month: 1, day: 1, location: 126.98, calendar: 'lunar_kr' }), 'LUNAR_CALENDARS_DISAGREE'),
    ).toBeUndefined();
    // 2057-09-29 (China): the new moon at 00:00:25 UTC+8.
    const uncertain = warning(
      core({ year: 2057, month: 9, day: 1, location: 116.4, calendar: 'lunar_cn', timezone: 'Asia/Shanghai' }),
      'LUNAR_MONTH_UNCERTAIN',
    );
    expect(uncertain?.message).toContain('2057-09-29');
  });

  it('LUCK_START_RANGE: a three-pillar chart with a gender dates its 大運 start as a range; without a gender or with a time, none', () => {
    const threePillars = { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true };
    const w = warning(core({ ...threePillars, gender: 'male' }), 'LUCK_START_RANGE');
    expect(w).toMatchObject({ fields: [], distanceSeconds: null });
    expect(w?.message).toContain('交運は 2021-07-07 から 2021-11-04 の間');
    expect(codes(core(threePillars))).not.toContain('LUCK_START_RANGE');
    expect(codes(core({ year: 2021, month: 1, day: 3, time: '12:00', location: 139.69, gender: 'male' }))).not.toContain(
      'LUCK_START_RANGE',
    );
  });

  it('every warning code is raised by some birth above (the list is complete)', () => {
    const seen = new Set<string>();
    for (const raw of [
      { ...RISSHUN_2024, time: '17:20' },
      { year: 2024, month: 2, day: 4, time: '23:30', location: 135 },
      { year: 1948, month: 5, day: 2, time: '00:30', location: 139.69 },
      { year: 1949, month: 9, day: 11, time: '00:30', location: 139.69 },
      { year: 2000, month: 1, day: 1, time: '12:00', location: 75 },
      { year: 1990, month: 5, day: 13, location: 139.69 },
      { year: 1990, month: 5, day: 13, location: 139.69, time_unknown: true, gender: 'female' },
      { year: 1997, month: 1, day: 1, location: 139.69, calendar: 'lunar_cn' },
      { year: 2057, month: 9, day: 1, location: 116.4, calendar: 'lunar_cn' },
    ]) {
      for (const code of codes(core(raw))) seen.add(code);
    }
    expect([...seen].toSorted()).toEqual([...WARNING_CODES].toSorted());
  });
});

describe('alternatives', () => {
  it('the 2024 立春 birth at 17:20 ±30 min splits exactly at the published minute 17:27', () => {
    const c = core({ ...RISSHUN_2024, time: '17:20' });
    const alternatives = chartAlternatives(c);
    expect(alternatives.map((a) => [iso(c, a.fromUnixSec), iso(c, a.toUnixSec), pillarsOf(a.pillars), a.isBirthChart])).toEqual([
      ['2024-02-04T16:50:00+09:00', '2024-02-04T17:27:00+09:00', '癸卯 乙丑 戊戌 辛酉', true],
      ['2024-02-04T17:27:00+09:00', '2024-02-04T17:50:00+09:00', '甲辰 丙寅 戊戌 辛酉', false],
    ]);
    expect(alternatives.map((a) => a.share)).toEqual([37 / 60, 23 / 60]);
  });

  it('a date only with 720 minutes: every hour pillar of the day, split at the solar hour edges, and the day change', () => {
    const c = core({ year: 1990, month: 5, day: 15, location: 139.69, uncertainty_minutes: 720 });
    const alternatives = chartAlternatives(c);
    const hours = new Set(alternatives.map((a) => a.pillars.hour % 12));
    expect(hours.size).toBe(12);
    // 139.69°E: solar time runs 18 min 45.6 s ahead of JST, so the edges fall at xx:41:15 JST (seconds rounded up).
    expect(alternatives.slice(1, 3).map((a) => iso(c, a.fromUnixSec))).toEqual(['1990-05-15T00:41:15+09:00', '1990-05-15T02:41:15+09:00']);
    expect(iso(c, alternatives[0]!.fromUnixSec)).toBe('1990-05-15T00:00:00+09:00');
    expect(iso(c, alternatives.at(-1)!.toUnixSec)).toBe('1990-05-16T00:00:00+09:00');
    expect(alternatives.filter((a) => a.isBirthChart)).toHaveLength(1);
  });

  it('on random births and windows: contiguous, shares sum to 1, each sub-window is one chart and the next second is another', () => {
    const random = mulberry32(16);
    for (let i = 0; i < 150; i++) {
      const year = randomInt(random, 1901, 2099);
      const c = core({
        year,
        month: randomInt(random, 1, 12),
        day: randomInt(random, 1, 28),
        time: `${String(randomInt(random, 0, 23)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`,
        location: 120 + random() * 30,
        uncertainty_minutes: randomInt(random, 0, 720),
        solar_time: random() < 0.5 ? 'mean' : 'apparent',
        day_boundary: random() < 0.5 ? '00:00' : '23:00',
      });
      const alternatives = chartAlternatives(c);
      const key = (unixSec: number) => {
        const at = chartCoreAt(c.request, c.zone, unixSec);
        return `${pillarsOf(at.pillars)} ${at.zokanDayCount}`;
      };
      expect(alternatives.reduce((sum, a) => sum + a.share, 0)).toBeCloseTo(1, 9);
      for (let k = 0; k < alternatives.length; k++) {
        const a = alternatives[k]!;
        if (k > 0) {
          expect(a.fromUnixSec).toBe(alternatives[k - 1]!.toUnixSec);
          expect(pillarsOf(chartCoreAt(c.request, c.zone, a.fromUnixSec - 1).pillars) + alternatives[k - 1]!.zokan.join()).not.toBe(
            pillarsOf(a.pillars) + a.zokan.join(),
          );
        }
        expect(pillarsOf(chartCoreAt(c.request, c.zone, a.fromUnixSec).pillars)).toBe(pillarsOf(a.pillars));
        if (a.toUnixSec > a.fromUnixSec)
          expect(
            key(a.toUnixSec - 1)
              .split(' ')
              .slice(0, 4)
              .join(' '),
          ).toBe(pillarsOf(a.pillars));
      }
      expect(alternatives.filter((a) => a.isBirthChart).length).toBe(1);
    }
  });
});

describe('convention differences', () => {
  it('23:30: the day pillar under day_boundary; a date where the tables differ: the 蔵干 under zokan_table', () => {
    const c = core({ year: 2024, month: 2, day: 4, time: '23:30', location: 135 });
    expect(conventionDifferences(c).find((d) => d.field === 'dayGanzhi')).toEqual({
      field: 'dayGanzhi',
      convention: 'day_boundary',
      values: [
        { setting: '00:00', value: '戊戌', requested: true },
        { setting: '23:00', value: '己亥', requested: false },
      ],
    });
    expect(conventionDifferences(c).filter((d) => d.convention === 'zokan_table').length).toBeGreaterThan(0);
    // Noon, mid-month, with tables that agree on the branches: nothing differs.
    const quiet = core({ year: 2024, month: 6, day: 20, time: '12:00', location: 135 });
    expect(conventionDifferences(quiet).filter((d) => d.convention !== 'zokan_table')).toEqual([]);
  });

  it('solar_time: apparent time moves the hour pillar when the equation of time crosses an edge (mid-February, −14 min)', () => {
    const c = core({ year: 2024, month: 2, day: 12, time: '11:05', location: 135 });
    expect(conventionDifferences(c).find((d) => d.convention === 'solar_time')).toMatchObject({
      field: 'timeGanzhi',
      values: [
        { setting: 'mean', requested: true },
        { setting: 'apparent', requested: false },
      ],
    });
  });
});

const published = readPublishedTerms();
const describePublished = published ? describe : describe.skip;

describePublished('against published 節入り minutes (../shared/published-solar-terms, NAOJ)', () => {
  it('a birth 7 minutes before each published 節 warns at −420 s and its alternatives split at the published minute (≥ 98 %)', () => {
    const jie = published!.filter(
      (t) =>
        t.source === 'naoj_longterm' && t.year >= 1900 && t.year <= 2051 && isJie(SOLAR_TERMS.findIndex((term) => term.name === t.name)),
    );
    expect(jie.length).toBeGreaterThan(120);
    const request = core({ year: 2000, month: 1, day: 1, time: '12:00', location: 135 }).request;
    const base = core({ year: 2000, month: 1, day: 1, time: '12:00', location: 135 });
    let agree = 0;
    for (const term of jie) {
      const c = chartCoreAt(request, base.zone, term.minuteUnixSec - 420);
      const near = chartWarnings(c, JA_CATALOGUE.warnings, 30).find((w) => w.code === 'NEAR_SOLAR_TERM');
      const splits = chartAlternatives(c, 30).map((a) => a.fromUnixSec);
      if (near?.distanceSeconds === -420 && splits.includes(term.minuteUnixSec)) agree++;
    }
    // As test/unit/astronomy: 1900–2051 (later NAOJ minutes rest on another ΔT extrapolation); the
    // misses are the published minutes our table rounds the other way, each within 2 s of a half-minute.
    expect(agree / jie.length).toBeGreaterThanOrEqual(0.98);
  });
});
