/**
 * Worked examples of the luck cycles, births in JST.
 * The worked examples' term instants are lunar-javascript's, which can differ from our table by a
 * second or two: EXACT figures (1 s = 2 luck minutes) are compared to within 4 luck minutes, and
 * every other method exactly.
 */
import { describe, expect, it } from 'vitest';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { LUCK_YEARS, luckArgumentIssues, luckOf, type Gender } from '../../../src/domain/luck/luck.ts';
import { startAgeInYears, type LuckMethod } from '../../../src/domain/luck/start-age.ts';
import { JA } from '../../../src/domain/vocabulary/ja.ts';
import { labelOf } from '../../../src/domain/vocabulary/labels.ts';

/** A code as the Japanese catalogue says it (the sources print the Japanese names). */
const ja = (code: Parameters<typeof labelOf>[1]): string => labelOf(JA, code);

function luck(date: string, time: string, gender: Gender, method: LuckMethod = 'EXACT') {
  const [year, month, day] = date.split('-').map(Number);
  const parsed = parseChartRequest({ year, month, day, time, location: 139.69 });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return luckOf(computeChartCore(parsed.request), { gender, method });
}

const ymd = (a: { years: number; months: number; days: number }) => `${a.years}y${a.months}m${a.days}d`;
const jst = (unixSec: number) => new Date((unixSec + 9 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');
const luckMinutes = (a: Parameters<typeof startAgeInYears>[0]) => Math.round(startAgeInYears(a) * 518_400);

describe('起運: the worked example, 1994-07-05 21:05 JST, every method', () => {
  it('male (順行, 1 d 20 h 14 m 22 s to 小暑)', () => {
    expect(luck('1994-07-05', '21:05', 'male').direction).toBe('FORWARD');
    expect(ymd(luck('1994-07-05', '21:05', 'male', 'JP_DAY_COUNT').startAge)).toBe('0y8m0d');
    expect(ymd(luck('1994-07-05', '21:05', 'male', 'CLASSICAL').startAge)).toBe('0y7m10d');
    expect(ymd(luck('1994-07-05', '21:05', 'male', 'LUNAR_SECT1').startAge)).toBe('0y7m10d');
    expect(luck('1994-07-05', '21:05', 'male', 'LUNAR_SECT2').startAge).toEqual({ years: 0, months: 7, days: 11, hours: 4, minutes: 0 });
    expect(ymd(luck('1994-07-05', '21:05', 'male', 'CHINA95').startAge)).toBe('0y7m11d');
    const exact = luck('1994-07-05', '21:05', 'male');
    expect(
      Math.abs(luckMinutes(exact.startAge) - luckMinutes({ years: 0, months: 7, days: 11, hours: 4, minutes: 44 })),
    ).toBeLessThanOrEqual(4);
    expect(jst(exact.startsAtUnixSec)).toMatch(/^1995-02-17 01:4\d$/);
    expect(exact.startAgeRounded).toBe(1);
  });

  it('female (逆行, 29 d 14 h 0 m 8 s from 芒種)', () => {
    expect(luck('1994-07-05', '21:05', 'female').direction).toBe('BACKWARD');
    expect(ymd(luck('1994-07-05', '21:05', 'female', 'JP_DAY_COUNT').startAge)).toBe('10y0m0d');
    expect(ymd(luck('1994-07-05', '21:05', 'female', 'CLASSICAL').startAge)).toBe('9y10m10d');
    expect(ymd(luck('1994-07-05', '21:05', 'female', 'LUNAR_SECT1').startAge)).toBe('9y10m10d');
    expect(luck('1994-07-05', '21:05', 'female', 'LUNAR_SECT2').startAge).toEqual({ years: 9, months: 10, days: 10, hours: 2, minutes: 0 });
    expect(ymd(luck('1994-07-05', '21:05', 'female', 'CHINA95').startAge)).toBe('9y10m10d');
    const exact = luck('1994-07-05', '21:05', 'female');
    expect(
      Math.abs(luckMinutes(exact.startAge) - luckMinutes({ years: 9, months: 10, days: 10, hours: 0, minutes: 16 })),
    ).toBeLessThanOrEqual(4);
    expect(jst(exact.startsAtUnixSec)).toMatch(/^2004-05-15 21:(1\d|2\d)$/);
  });
});

describe('the 大運 of 1994-07-05 21:05 JST (甲戌 庚午 壬辰 辛亥, day stem 壬)', () => {
  it('male: 辛未 壬申 癸酉 甲戌 乙亥 丙子 with their 通変星 and 十二運', () => {
    const cycles = luck('1994-07-05', '21:05', 'male').cycles(6);
    expect(cycles.map((c) => `${c.ganzhi} ${ja(c.stemTenGod)} ${ja(c.lifeStage)}`)).toEqual([
      '辛未 印綬 養',
      '壬申 比肩 長生',
      '癸酉 劫財 沐浴',
      '甲戌 食神 冠帯',
      '乙亥 傷官 建禄',
      '丙子 偏財 帝旺',
    ]);
  });

  it('female: 己巳 戊辰 丁卯 丙寅 乙丑 甲子 (偏官 is written 七殺 in this API, as in the chart)', () => {
    const cycles = luck('1994-07-05', '21:05', 'female').cycles(6);
    expect(cycles.map((c) => `${c.ganzhi} ${ja(c.stemTenGod)} ${ja(c.lifeStage)}`)).toEqual([
      '己巳 正官 絶',
      '戊辰 七殺 墓',
      '丁卯 正財 死',
      '丙寅 偏財 病',
      '乙丑 傷官 衰',
      '甲子 食神 帝旺',
    ]);
  });
});

describe('cross-method vectors (JST): JP_DAY_COUNT (a1) exactly, EXACT (d1) to 4 luck minutes, 交運 and 大運1', () => {
  const VECTORS = [
    ['1994-07-05', '21:05', 'male', 'FORWARD', '0y8m0d', [0, 7, 11, 4, 44], '1995-02-17 01:49', '辛未'],
    ['1994-07-05', '21:05', 'female', 'BACKWARD', '10y0m0d', [9, 10, 10, 0, 16], '2004-05-15 21:21', '己巳'],
    ['1993-02-03', '17:30', 'male', 'FORWARD', '0y4m0d', [0, 1, 25, 14, 18], '1993-03-29 07:48', '甲寅'],
    ['1993-02-03', '17:30', 'female', 'BACKWARD', '10y0m0d', [9, 8, 2, 18, 58], '2002-10-06 12:28', '壬子'],
    ['2000-07-14', '12:00', 'female', 'BACKWARD', '2y8m0d', [2, 5, 8, 20, 8], '2002-12-23 08:08', '壬午'],
    ['1978-06-08', '03:00', 'female', 'BACKWARD', '1y0m0d', [0, 6, 23, 1, 50], '1978-12-31 04:50', '丁巳'],
    ['1972-10-09', '11:01', 'male', 'FORWARD', '9y8m0d', [9, 8, 28, 4, 46], '1982-07-07 15:47', '辛亥'],
    ['1939-01-03', '01:15', 'female', 'BACKWARD', '9y0m0d', [8, 7, 19, 10, 4], '1947-08-22 11:19', '癸亥'],
    ['2006-12-22', '01:30', 'male', 'FORWARD', '5y0m0d', [5, 0, 5, 20, 20], '2011-12-27 21:50', '辛丑'],
    ['2006-12-22', '01:30', 'female', 'BACKWARD', '5y4m0d', [4, 9, 20, 6, 22], '2011-10-12 07:52', '己亥'],
  ] as const;

  it.each(VECTORS)('%s %s %s', (date, time, gender, direction, a1, d1, startsAt, first) => {
    const exact = luck(date, time, gender);
    expect(exact.direction).toBe(direction);
    expect(ymd(luck(date, time, gender, 'JP_DAY_COUNT').startAge)).toBe(a1);
    const [years, months, days, hours, minutes] = d1;
    expect(Math.abs(luckMinutes(exact.startAge) - luckMinutes({ years, months, days, hours, minutes }))).toBeLessThanOrEqual(4);
    const startsAtMinute = Date.parse(`${startsAt.replace(' ', 'T')}:00+09:00`) / 1000;
    expect(Math.abs(exact.startsAtUnixSec - startsAtMinute)).toBeLessThanOrEqual(5 * 60);
    expect(exact.cycles(1)[0]!.ganzhi).toBe(first);
  });
});

describe('Japanese sources', () => {
  it('yorozu-uranai Daiun: 1983-05-17 18:15 JST woman — 大運 戊午 己未 庚申 辛酉 壬戌 癸亥 甲子 with 通変星 and 十二運', () => {
    const l = luck('1983-05-17', '18:15', 'female');
    expect(l.preLuck.ganzhi).toBe('丁巳');
    expect(l.cycles(7).map((c) => `${c.ganzhi} ${ja(c.stemTenGod)} ${ja(c.lifeStage)}`)).toEqual([
      '戊午 正財 長生',
      '己未 偏財 養',
      '庚申 正官 胎',
      '辛酉 七殺 絶',
      '壬戌 印綬 墓',
      '癸亥 偏印 死',
      '甲子 劫財 病',
    ]);
    expect(ja(l.cycles(1)[0]!.branchTenGod)).toBe('食神');
  });

  it('yorozu-uranai Saiun: the same birth, 歳運 2021–2025', () => {
    const years = luck('1983-05-17', '18:15', 'female').years(2021, 2025);
    expect(years.map((y) => `${y.year} ${y.ganzhi} ${ja(y.stemTenGod)} ${ja(y.lifeStage)}`)).toEqual([
      '2021 辛丑 七殺 衰',
      '2022 壬寅 印綬 帝旺',
      '2023 癸卯 偏印 建禄',
      '2024 甲辰 劫財 冠帯',
      '2025 乙巳 比肩 沐浴',
    ]);
  });

  it('lemongrass: 1972-10-09 11:01 man 順行 from 庚戌; 1939-01-03 01:15 woman 逆行 from 甲子', () => {
    expect(luck('1972-10-09', '11:01', 'male').cycles(1)[0]!.ganzhi).toBe('辛亥');
    expect(luck('1939-01-03', '01:15', 'female').cycles(1)[0]!.ganzhi).toBe('癸亥');
  });
});

describe('歳運 and 月運 for day stem 壬 (1994-07-05 21:05)', () => {
  const l = luck('1994-07-05', '21:05', 'male');

  it('歳運 2024–2026 switch at 立春 (JST minutes) with 通変星 / 十二運', () => {
    expect(l.years(2024, 2026).map((y) => `${jst(y.fromUnixSec)} ${y.ganzhi} ${ja(y.stemTenGod)} ${ja(y.lifeStage)}`)).toEqual([
      '2024-02-04 17:27 甲辰 食神 墓',
      '2025-02-03 23:10 乙巳 傷官 絶',
      '2026-02-04 05:02 丙午 偏財 胎',
    ]);
  });

  it('月運 of 2025 switch at each 節入り (the note prints lunar-javascript minutes, truncated; ours are rounded: ≤ 1 min apart)', () => {
    const NOTE = [
      ['立春', '2025-02-03 23:10', '戊寅 七殺 病'],
      ['啓蟄', '2025-03-05 17:07', '己卯 正官 死'],
      ['清明', '2025-04-04 21:48', '庚辰 偏印 墓'],
      ['立夏', '2025-05-05 14:57', '辛巳 印綬 絶'],
      ['芒種', '2025-06-05 18:56', '壬午 比肩 胎'],
      ['小暑', '2025-07-07 05:04', '癸未 劫財 養'],
      ['立秋', '2025-08-07 14:51', '甲申 食神 長生'],
      ['白露', '2025-09-07 17:51', '乙酉 傷官 沐浴'],
      ['寒露', '2025-10-08 09:41', '丙戌 偏財 冠帯'],
      ['立冬', '2025-11-07 13:04', '丁亥 正財 建禄'],
      ['大雪', '2025-12-07 06:04', '戊子 七殺 帝旺'],
      ['小寒', '2026-01-05 17:23', '己丑 正官 衰'],
    ] as const;
    const months = l.months(2025);
    expect(months.map((m) => `${ja(m.term)} ${m.ganzhi} ${ja(m.stemTenGod)} ${ja(m.lifeStage)}`)).toEqual(
      NOTE.map(([term, , pillar]) => `${term} ${pillar}`),
    );
    months.forEach((m, i) => {
      const noted = Date.parse(`${NOTE[i]![1].replace(' ', 'T')}:00+09:00`) / 1000;
      expect(m.fromUnixSec - noted).toBeGreaterThanOrEqual(0);
      expect(m.fromUnixSec - noted).toBeLessThanOrEqual(60);
      expect(m.toUnixSec).toBe(months[i + 1]?.fromUnixSec ?? m.toUnixSec);
    });
  });

  it('each 歳運 knows the 大運 in force at its 立春', () => {
    const first = l.cycles(1)[0]!;
    const years = l.years(1994, 2006);
    // The first 大運 starts 1995-02-17, after 1995's 立春 (02-04): 1995 is still before it.
    expect(years.find((y) => y.year === 1995)!.majorIndex).toBeNull();
    expect(years.find((y) => y.year === 1996)!.majorIndex).toBe(1);
    expect(years.find((y) => y.year === 2005)!.majorIndex).toBe(1);
    expect(years.find((y) => y.year === 2006)!.majorIndex).toBe(2);
    expect(first.fromUnixSec).toBe(l.startsAtUnixSec);
  });
});

describe('the ends of the term table', () => {
  const names = { cycles: 'luck_cycles', years: 'luck_years', months: 'luck_months' };
  it('歳運 and 月運 run 1899–2100, every year a chart can be cast in: each needs its pillar year’s 立春 and the next one (the table ends with 2101’s 立春)', () => {
    expect(LUCK_YEARS).toEqual({ first: 1899, last: 2100 });
    expect(luckArgumentIssues({ cycleCounts: [10], yearRanges: [[2000, 2100]], monthYears: [1899, 2100], names })).toEqual([]);
    expect(luckArgumentIssues({ cycleCounts: [10], yearRanges: [[2000, 2101]], monthYears: [2101], names }).map((i) => i.field)).toEqual([
      'luck_years',
      'luck_months',
    ]);
  });

  it('births at both ends chart their luck: 1900-01-01 00:00 and 2100-12-31 23:59 JST', () => {
    const first = luck('1900-01-01', '00:00', 'female');
    // Before 1900's 小寒 and 立春: the 1899 己亥 year (yin), so a woman runs forward, to 小寒 1900.
    expect(first.direction).toBe('FORWARD');
    expect(first.years(1899, 1899)[0]!.ganzhi).toBe('己亥');
    expect(first.months(1899)).toHaveLength(12);
    const last = luck('2100-12-31', '23:59', 'male');
    expect(last.direction).toBe('FORWARD');
    expect(jst(last.referenceTermUnixSec)).toBe('2101-01-05 22:06');
    expect(last.cycles(12).at(-1)!.toUnixSec).toBeGreaterThan(last.startsAtUnixSec);
    expect(last.years(2099, 2099)[0]!.majorIndex).toBeNull();
    expect(last.months(2099).at(-1)!.term).toBe('jieqi.xiao_han');
    // The 2100 庚申 pillar year, the birth's own, runs to 2101's 立春 (it stopped at 2099).
    const year2100 = last.years(2100, 2100)[0]!;
    expect([year2100.ganzhi, jst(year2100.toUnixSec).slice(0, 10)]).toEqual([
      '庚申',
      jst(last.months(2100).at(-1)!.toUnixSec).slice(0, 10),
    ]);
    expect(last.months(2100)).toHaveLength(12);
  });
});

describe('one age convention for the 大運 labels', () => {
  it('labels cycle k with the X歳運 + 10(k − 1); a 9-year-8-month start is a 10歳運 whose cycles read 10, 20, …', () => {
    for (let m = 1; m <= 12; m++) {
      for (const day of [1, 8, 15, 22]) {
        for (const gender of ['male', 'female'] as const) {
          const l = luck(`1987-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`, '12:00', gender);
          const cycles = l.cycles(3);
          expect(cycles.map((c) => c.labelAge)).toEqual([l.startAgeRounded, l.startAgeRounded + 10, l.startAgeRounded + 20]);
          // The label rounds the start age; the completed age at the start is the same or one less.
          for (const c of cycles) expect(c.labelAge - c.ageFrom).toBe(l.startAge.months >= 6 ? 1 : 0);
        }
      }
    }
    // 1987-01-06 12:00, a man (丙寅 year, yang, forward): 9 years 8 months to the 交運.
    const l = luck('1987-01-06', '12:00', 'male');
    expect([l.startAge.years, l.startAge.months]).toEqual([9, 8]);
    expect([l.startAgeRounded, l.cycles(2).map((c) => [c.ageFrom, c.labelAge])]).toEqual([
      10,
      [
        [9, 10],
        [19, 20],
      ],
    ]);
  });
});
