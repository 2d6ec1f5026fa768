/**
 * Three-pillar charts (docs/fields.md, "Three-pillar charts"): a caller who says the birth time is unknown gets no hour
 * pillar anywhere and nothing computed from one; the alternatives spread over the whole birth day.
 * Without the flag the contract's 12:00 stands, with its warning.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { chartAlternatives, chartWarnings } from '../../../src/domain/chart/certainty.ts';
import { meishikiOf } from '../../../src/domain/chart/meishiki.ts';
import { meishikiSvg } from '../../../src/wire/present/meishiki-svg.ts';
import { profileOf } from '../../../src/domain/chart/analysis/profile.ts';
import { natalRelationsOf } from '../../../src/domain/chart/relations.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { buildVariantAResult, buildVariantBResult } from '../../../src/domain/chart/variants.ts';
import { specialStarsOf } from '../../../src/domain/stars/special-stars.ts';
import { luckOf } from '../../../src/domain/luck/luck.ts';
import { chartOf } from '../../support/chart.ts';

const DATE_ONLY = { year: 2021, month: 1, day: 3, location: 139.69 };
const UNKNOWN = { ...DATE_ONLY, time_unknown: true };

describe('the request', () => {
  it('accepts time_unknown and keeps it only when true', () => {
    const parsed = parseChartRequest(UNKNOWN);
    expect(parsed.ok && parsed.request.timeUnknown).toBe(true);
    expect(parsed.ok && parsed.request.timeGiven).toBe(false);
    const off = parseChartRequest({ ...DATE_ONLY, time_unknown: false });
    expect(off.ok && 'timeUnknown' in off.request).toBe(false);
  });

  it.each([
    [{ time: '10:00' }, 'time_unknown', 'time_unknown cannot be true when time is given'],
    [{ hour: 10 }, 'time_unknown', 'time_unknown cannot be true when hour is given'],
    [{ minute: 5 }, 'time_unknown', 'time_unknown cannot be true when minute is given'],
    [{ uncertainty_minutes: 30 }, 'uncertainty_minutes', 'the window of an unknown time is the whole birth day'],
  ])('refuses time_unknown with %o', (extra, field, message) => {
    const parsed = parseChartRequest({ ...UNKNOWN, ...extra });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues).toContainEqual({ field, message: expect.stringContaining(message) });
  });

  it('refuses a time_unknown that is not a boolean', () => {
    const parsed = parseChartRequest({ ...DATE_ONLY, time_unknown: 'yes' });
    expect(!parsed.ok && parsed.issues).toEqual([{ field: 'time_unknown', message: 'time_unknown must be a boolean (true or false)' }]);
  });
});

describe('a chart without a time', () => {
  it('has no hour pillar in either variant, and null where one would be', () => {
    const core = chartOf(UNKNOWN);
    expect(core.pillars.hour).toBeNull();
    const a = buildVariantAResult(core, JA_CATALOGUE) as unknown as Record<string, any>;
    expect([
      a['time_ganzhi'],
      a['true_solar_time'],
      a['ten_gods'].time,
      a['zokan'].time,
      a['zokan_ten_gods'].time,
      a['juniun'].time,
    ]).toEqual([null, null, null, null, null, null]);
    expect(a['input_date']).toBe('2021-01-03');
    expect([a['year_ganzhi'], a['month_ganzhi'], a['day_ganzhi']]).toEqual(['庚子', '戊子', '辛亥']);
    const b = buildVariantBResult(core, JA_CATALOGUE) as unknown as Record<string, any>;
    expect([b['time_ganzhi'], b['true_solar_time_raw'], b['ten_gods'].hour_pillar, b['nayin'].hour_pillar]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // The contract's 12:00 without the flag: a full chart whose hour is 甲午.
    expect(buildVariantAResult(chartOf(DATE_ONLY), JA_CATALOGUE).time_ganzhi).toBe('甲午');
  });

  it('puts no star on an hour it does not have (2021-01-03: 天乙貴人 sat on the invented 甲午 hour)', () => {
    const withNoon = specialStarsOf(chartOf(DATE_ONLY).pillars, JA_CATALOGUE);
    expect(withNoon.find((star) => star.code === 'tenotsu_kijin')?.positions).toContainEqual({ pillar: 'hour', part: 'branch' });
    const stars = specialStarsOf(chartOf(UNKNOWN).pillars, JA_CATALOGUE);
    expect(stars.flatMap((star) => star.positions).filter((p) => p.pillar === 'hour')).toEqual([]);
    const shensha = (buildVariantBResult(chartOf(UNKNOWN), JA_CATALOGUE) as unknown as Record<string, any>)['shensha'];
    for (const key of ['tianyi_guiren', 'wenchang_guiren', 'taohua', 'huagai', 'kongwang']) {
      expect(shensha[key].locations.map((l: { pillar: string }) => l.pillar)).not.toContain('時柱');
    }
  });

  it('counts six characters, five ten-god positions, and weighs strength over what it has', () => {
    const profile = profileOf(chartOf(UNKNOWN));
    expect(profile.elementCounts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(profile.tenGodCounts.reduce((a, b) => a + b, 0)).toBe(5);
    expect(profile.categoryCounts.reduce((a, b) => a + b, 0)).toBe(5);
    const full = profileOf(chartOf(DATE_ONLY));
    expect(full.elementCounts.reduce((a, b) => a + b, 0)).toBe(8);
    // 辛 day master; 庚 (year stem, 金) supports, 戊 (month stem, 土) supports; branches 子 亥 (水) do not: 20 of 70.
    expect(profile.strengthScore).toBe(Math.round((100 * 20) / 70));
  });

  it('relates only the three pillars it has', () => {
    const relations = natalRelationsOf(chartOf(UNKNOWN).pillars);
    expect(relations.flatMap((r) => r.members.map((m) => m.pillar)).filter((p) => p === 'hour')).toEqual([]);
    const luck = luckOf(chartOf(UNKNOWN), { gender: 'male', method: 'EXACT' });
    const luckRelations = [...luck.cycles(10), ...luck.years(2021, 2060)].flatMap((pillar) => pillar.relations);
    expect(luckRelations.length).toBeGreaterThan(0);
    expect(luckRelations.flatMap((r) => r.members.map((m) => m.pillar))).not.toContain('hour');
  });

  it('draws three columns and no 時柱, with a 空亡 row', () => {
    const table = meishikiOf(chartOf(UNKNOWN), JA_CATALOGUE);
    expect(table.columns).toEqual(['日柱', '月柱', '年柱']);
    expect(table.rows.every((row) => row.cells.length === 3)).toBe(true);
    expect(table.birth).toBe('2021-01-03 時刻不明 東経139.69°');
    expect(table.trueSolarTime).toBeNull();
    // 辛亥 (旬 甲辰: 寅卯 void), 戊子 (甲申: 午未), 庚子 (甲午: 辰巳).
    expect(table.rows.find((row) => row.label === '空亡')?.cells).toEqual(['寅卯', '午未', '辰巳']);
    const svg = meishikiSvg(table, JA_CATALOGUE);
    expect(svg).not.toContain('class="head">時柱');
    expect(svg).toContain('時刻不明');
    expect(meishikiOf(chartOf(DATE_ONLY), JA_CATALOGUE).columns).toEqual(['時柱', '日柱', '月柱', '年柱']);
  });
});

describe('warnings and alternatives over the whole day', () => {
  it('says the chart has three pillars, never names an hour field, and finds the 節 and the day change inside the day', () => {
    // 2021-01-05: 小寒 at 12:23 JST; at 139.69°E the solar day changes at 23:41:15 JST.
    const core = chartOf({ year: 2021, month: 1, day: 5, location: 139.69, time_unknown: true });
    const warnings = chartWarnings(core, JA_CATALOGUE.warnings);
    expect(warnings.map((w) => w.code)).toEqual(['TIME_UNKNOWN', 'NEAR_SOLAR_TERM', 'NEAR_DAY_EDGE']);
    expect(warnings.flatMap((w) => w.fields)).not.toContain('timeGanzhi');
    expect(warnings.flatMap((w) => w.fields)).not.toContain('zokan.time');
    expect(warnings[1]!.message).toContain('12:23 に小寒の節入り');
    expect(warnings[2]!.message).toContain('23:41 に日が変わります');
    // A day without a boundary (other than the solar day change) has no 節 warning.
    expect(chartWarnings(chartOf(UNKNOWN), JA_CATALOGUE.warnings).map((w) => w.code)).toEqual(['TIME_UNKNOWN', 'NEAR_DAY_EDGE']);
    // At the zone's own meridian the solar day is the civil day.
    expect(chartWarnings(chartOf({ ...UNKNOWN, location: 135 }), JA_CATALOGUE.warnings).map((w) => w.code)).toEqual(['TIME_UNKNOWN']);
  });

  it('spreads over the 12 時辰 of the civil day, from 00:00 to the next 00:00', () => {
    const core = chartOf({ ...UNKNOWN, location: 135 });
    const alternatives = chartAlternatives(core);
    const offset = 9 * 3600;
    const midnight = Date.UTC(2021, 0, 3) / 1000 - offset;
    expect(alternatives[0]!.fromUnixSec).toBe(midnight);
    expect(alternatives.at(-1)!.toUnixSec).toBe(midnight + 86_400);
    expect(alternatives.reduce((sum, a) => sum + a.share, 0)).toBeCloseTo(1, 12);
    // 00:00–01:00 and 23:00–24:00 are both 子 (the day's 戊子 and, after 23:00 under 夜子時, the next day's 庚子).
    expect(new Set(alternatives.map((a) => a.pillars.hour % 12)).size).toBe(12);
    expect(alternatives).toHaveLength(13);
    expect(alternatives.filter((a) => a.isBirthChart)).toHaveLength(1);
    expect(alternatives.every((a) => a.pillars.day === core.pillars.day)).toBe(true);
  });
});
