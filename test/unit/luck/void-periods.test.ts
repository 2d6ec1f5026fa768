/**
 * 天中殺 (空亡) periods: the pair of every day and year pillar against the published table (typed
 * here from the source), the years and months against the luck section's 歳運 and 月運 (the same
 * 立春 and 節入り instants, consecutive, the branch in the pair), the 大運天中殺 against the luck
 * section's 大運, the span rules, and the published 天中殺 years and months of 算命学 pages.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { RISSHUN_INDEX } from '../../../src/domain/astronomy/solar-term-names.ts';
import { tableIndexOf, termStartMinuteUnixSec } from '../../../src/domain/astronomy/solar-terms.ts';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { computeChartCore, type ChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { genderFreeLuckOf, luckOf, LUCK_YEARS } from '../../../src/domain/luck/luck.ts';
import { voidPeriodsJson } from '../../../src/wire/sections/void-periods/json.ts';
import { readYearSpan, voidPeriodsOf } from '../../../src/domain/luck/void-periods.ts';
import { formatUtcIso } from '../../../src/domain/time/format.ts';

/**
 * The six 天中殺 groups and the ten day pillars of each, as published.
 * Source: [yukimitsuki] 六種の天中殺 (the same table as [touyou-unseigakkai] 空亡 of each 旬).
 */
const PUBLISHED_GROUPS: Readonly<Record<string, string>> = {
  戌亥: '甲子/乙丑/丙寅/丁卯/戊辰/己巳/庚午/辛未/壬申/癸酉',
  申酉: '甲戌/乙亥/丙子/丁丑/戊寅/己卯/庚辰/辛巳/壬午/癸未',
  午未: '甲申/乙酉/丙戌/丁亥/戊子/己丑/庚寅/辛卯/壬辰/癸巳',
  辰巳: '甲午/乙未/丙申/丁酉/戊戌/己亥/庚子/辛丑/壬寅/癸卯',
  寅卯: '甲辰/乙巳/丙午/丁未/戊申/己酉/庚戌/辛亥/壬子/癸丑',
  子丑: '甲寅/乙卯/丙辰/丁巳/戊午/己未/庚申/辛酉/壬戌/癸亥',
};
const PUBLISHED_PAIR = new Map(
  Object.entries(PUBLISHED_GROUPS).flatMap(([pair, pillars]) => pillars.split('/').map((pillar) => [pillar, pair] as const)),
);

const coreOf = (birth: Record<string, unknown>): ChartCore => {
  const parsed = parseChartRequest({ time: '12:00', location: 139.69, ...birth });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return computeChartCore(parsed.request);
};
/** The births of the 60 days from 1990-02-28 (甲子) to 1990-04-28 (癸亥). */
const sixtyDays = () =>
  Array.from({ length: 60 }, (_, i) => {
    const date = new Date(Date.UTC(1990, 1, 28 + i));
    return coreOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
  });
const day = (json: ReturnType<typeof voidPeriodsJson>) => json.schools[0]!;
const year = (json: ReturnType<typeof voidPeriodsJson>) => json.schools[1]!;

describe('the 空亡 pair', () => {
  it('of each of the 60 day pillars is the published 天中殺 group', () => {
    const seen = new Set<string>();
    for (const core of sixtyDays()) {
      const school = day(voidPeriodsJson(core, { from: 2024, to: 2024 }, JA_CATALOGUE));
      seen.add(school.pillar);
      expect(school.basis).toBe('day');
      expect(school.branches.join(''), school.pillar).toBe(PUBLISHED_PAIR.get(school.pillar));
      expect(school.xun, school.pillar).toBe(PUBLISHED_GROUPS[school.branches.join('')]!.slice(0, 2));
    }
    expect(seen.size).toBe(60);
  });

  it('of each of the 60 year pillars (the year school) is the same table read from the year pillar', () => {
    const seen = new Set<string>();
    for (let y = 1960; y < 2020; y++) {
      const school = year(voidPeriodsJson(coreOf({ year: y, month: 7, day: 1 }), { from: 2024, to: 2024 }, JA_CATALOGUE));
      seen.add(school.pillar);
      expect(school.basis).toBe('year');
      expect(school.branches.join(''), school.pillar).toBe(PUBLISHED_PAIR.get(school.pillar));
    }
    expect(seen.size).toBe(60);
  });

  it('is named in every language, with its reading', () => {
    const json = (lang: keyof typeof CATALOGUES) => voidPeriodsJson(coreOf({ year: 1990, month: 5, day: 15 }), undefined, CATALOGUES[lang]);
    expect(json('ja').schools.map((s) => [s.label, s.reading])).toEqual([
      ['日柱空亡', 'にっちゅうくうぼう'],
      ['年柱空亡', 'ねんちゅうくうぼう'],
    ]);
    expect(json('en').schools.map((s) => s.label)).toEqual(['Day-Pillar Void', 'Year-Pillar Void']);
    expect(json('ko').schools.map((s) => s.label)).toEqual(['일주 공망', '연주 공망']);
    expect(json('zh-Hans').schools[0]!.reading).toBe('rìzhù kōngwáng');
  });
});

describe('天中殺 years and months', () => {
  const core = coreOf({ year: 1990, month: 5, day: 15, time: '10:30', gender: 'male' });
  const luck = genderFreeLuckOf(core);

  it('the years are the 歳運 whose branch is in the pair, each from its 立春 to the next, as the luck section dates them', () => {
    const span = { from: LUCK_YEARS.first, to: LUCK_YEARS.last };
    const periods = voidPeriodsOf(core, span);
    const json = voidPeriodsJson(core, span, JA_CATALOGUE);
    const annual = luck.years(span.from, span.to);
    for (const [s, school] of periods.schools.entries()) {
      const flagged = annual.filter((y) => school.branches.includes(y.pillar % 12));
      expect(school.years.map((y) => [y.year, y.fromUnixSec, y.toUnixSec])).toEqual(
        flagged.map((y) => [y.year, y.fromUnixSec, y.toUnixSec]),
      );
      expect(json.schools[s]!.years.map((y) => [y.starts_at, y.ends_at])).toEqual(flagged.map((y) => [y.startsAt, y.endsAt]));
      expect(json.schools[s]!.years.every((y) => json.schools[s]!.branches.includes(y.ganzhi[1]!))).toBe(true);
      for (const y of school.years) {
        expect(y.fromUnixSec).toBe(termStartMinuteUnixSec(tableIndexOf(y.year, RISSHUN_INDEX)));
        expect(y.toUnixSec).toBe(termStartMinuteUnixSec(tableIndexOf(y.year + 1, RISSHUN_INDEX)));
      }
      // Two consecutive years in every twelve, the second starting where the first ends.
      const years = school.years.map((y) => y.year);
      for (let from = span.from; from + 11 <= span.to; from++) expect(years.filter((y) => y >= from && y < from + 12)).toHaveLength(2);
      for (const [i, y] of school.years.entries()) {
        const next = school.years[i + 1];
        if (next !== undefined && next.year === y.year + 1) expect(next.fromUnixSec).toBe(y.toUnixSec);
        else if (next !== undefined) expect(next.year - y.year).toBe(11);
      }
    }
    // The day school's years are the 歳運 the luck section marks `isVoid`.
    expect(periods.schools[0]!.years.map((y) => y.year)).toEqual(annual.filter((y) => y.isVoid).map((y) => y.year));
  });

  it('the months are the 月運 whose branch is in the pair, each from its 節入り to the next, the two side by side', () => {
    const periods = voidPeriodsOf(core, { from: 2089, to: 2100 });
    const json = voidPeriodsJson(core, { from: 2089, to: 2100 }, JA_CATALOGUE);
    for (const [s, school] of periods.schools.entries()) {
      expect(school.months).toHaveLength(24);
      for (let y = 2089; y <= 2100; y++) {
        const flagged = luck.months(y).filter((m) => school.branches.includes(m.pillar % 12));
        const mine = school.months!.filter((m) => m.year === y);
        expect(mine.map((m) => [m.pillar, m.term, m.fromUnixSec, m.toUnixSec])).toEqual(
          flagged.map((m) => [m.pillar, m.term, m.fromUnixSec, m.toUnixSec]),
        );
        expect(mine[1]!.fromUnixSec).toBe(mine[0]!.toUnixSec);
        expect(json.schools[s]!.months!.filter((m) => m.year === y).map((m) => [m.starts_at, m.ends_at])).toEqual(
          flagged.map((m) => [m.startsAt, m.endsAt]),
        );
      }
      expect(json.schools[s]!.months![0]!.starts_at_utc).toBe(formatUtcIso(school.months![0]!.fromUnixSec));
      expect(json.schools[s]!.months!.every((m) => json.schools[s]!.branches.includes(m.ganzhi[1]!))).toBe(true);
    }
  });

  it('months are listed for at most 12 years; the default span is the birth’s pillar year and the 100 after, cut at 2100', () => {
    expect(voidPeriodsJson(core, { from: 2024, to: 2036 }, JA_CATALOGUE).schools.map((s) => s.months)).toEqual([null, null]);
    expect(voidPeriodsJson(core, { from: 2024, to: 2035 }, JA_CATALOGUE).schools.map((s) => s.months!.length)).toEqual([24, 24]);
    expect(voidPeriodsJson(core, undefined, JA_CATALOGUE)).toMatchObject({ from_year: 1990, to_year: 2090 });
    // One minute before 立春 1990 (04 Feb 1990 00:14 JST) is pillar year 1989.
    expect(voidPeriodsJson(coreOf({ year: 1990, month: 2, day: 4, time: '00:13' }), undefined, JA_CATALOGUE)).toMatchObject({
      from_year: 1989,
      to_year: 2089,
    });
    expect(voidPeriodsJson(coreOf({ year: 2050, month: 6, day: 1 }), undefined, JA_CATALOGUE)).toMatchObject({
      from_year: 2050,
      to_year: 2100,
    });
  });
});

describe('大運天中殺', () => {
  it('the 大運 of the first twelve whose branch is in the pair: the luck section’s own, two consecutive ones', () => {
    for (const gender of ['male', 'female'] as const) {
      const core = coreOf({ year: 1990, month: 5, day: 15, time: '10:30', gender, luck_method: 'jp_day_count' });
      const cycles = luckOf(core, core.request.luck!).cycles(12);
      const json = voidPeriodsJson(core, undefined, JA_CATALOGUE);
      for (const school of voidPeriodsOf(core).schools) {
        const flagged = cycles.filter((c) => school.branches.includes(c.pillar % 12));
        expect(school.cycles!.map((c) => c.index)).toEqual(flagged.map((c) => c.index));
        // Twelve 大運 reach every branch once: two, consecutive unless the month branch is in the pair (then the 1st and the 12th).
        expect(flagged).toHaveLength(2);
        expect(flagged[1]!.index - flagged[0]!.index).toBe(school.branches.includes(core.pillars.month % 12) ? 11 : 1);
      }
      expect(json.schools[0]!.cycles!.map((c) => [c.index, c.ganzhi, c.starts_at, c.ends_at, c.age_from])).toEqual(
        cycles.filter((c) => c.isVoid).map((c) => [c.index, c.ganzhi, c.startsAt, c.endsAt, c.ageFrom]),
      );
    }
  });

  it('when the month branch is in the pair, the 1st and the 12th 大運', () => {
    // 1990-10-15: year 庚午 (甲子旬: 戌亥), month 丙戌; forward (庚 yang, male): 丁亥, 戊子, … 戊戌.
    const core = coreOf({ year: 1990, month: 10, day: 15, gender: 'male' });
    const yearPair = voidPeriodsJson(core, undefined, JA_CATALOGUE).schools[1]!;
    expect([yearPair.pillar, yearPair.branches.join('')]).toEqual(['庚午', '戌亥']);
    expect(yearPair.cycles!.map((c) => [c.index, c.ganzhi])).toEqual([
      [1, '丁亥'],
      [12, '戊戌'],
    ]);
  });

  it('without a gender there is no direction: no 大運', () => {
    expect(voidPeriodsJson(coreOf({ year: 1990, month: 5, day: 15 }), undefined, JA_CATALOGUE).schools.map((s) => s.cycles)).toEqual([
      null,
      null,
    ]);
  });
});

describe('as 算命学 pages publish them', () => {
  // Source: [zakuro1] a 子丑天中殺 person's 月運天中殺: 甲子 month from 12/7 and 乙丑 month from 1/6, to 2/3; 2019 starts on 2/4.
  it('子丑: the months of pillar year 2018 are 甲子 from 2018-12-07 and 乙丑 from 2019-01-06, up to 立春 2019-02-04', () => {
    const ziChou = coreOf({ year: 1990, month: 4, day: 19 }); // 甲寅
    const school = day(voidPeriodsJson(ziChou, { from: 2018, to: 2018 }, JA_CATALOGUE));
    expect(school.pillar).toBe('甲寅');
    expect(school.months!.map((m) => [m.ganzhi, m.term, m.starts_at.slice(0, 10), m.ends_at.slice(0, 10)])).toEqual([
      ['甲子', '大雪', '2018-12-07', '2019-01-06'],
      ['乙丑', '小寒', '2019-01-06', '2019-02-04'],
    ]);
  });

  // Source: [zakuro1] 戌亥天中殺 is in its second 天中殺 year from 2019-02-04 (己亥); 寅卯天中殺 has 丙寅 and 丁卯 months from then.
  it('戌亥: 2018 戊戌 and 2019 己亥 are the 天中殺 years; 寅卯: 2019’s 丙寅 and 丁卯 months start at 立春, 2019-02-04', () => {
    const xuHai = day(voidPeriodsJson(coreOf({ year: 1990, month: 2, day: 28 }), { from: 2013, to: 2024 }, JA_CATALOGUE)); // 甲子
    expect(xuHai.years.map((y) => [y.year, y.ganzhi])).toEqual([
      [2018, '戊戌'],
      [2019, '己亥'],
    ]);
    expect(xuHai.years[1]!.starts_at.slice(0, 10)).toBe('2019-02-04');
    const yinMao = day(voidPeriodsJson(coreOf({ year: 1990, month: 4, day: 9 }), { from: 2019, to: 2019 }, JA_CATALOGUE)); // 甲辰
    expect(yinMao.pillar).toBe('甲辰');
    expect(yinMao.months!.map((m) => [m.ganzhi, m.starts_at.slice(0, 10)])).toEqual([
      ['丙寅', '2019-02-04'],
      ['丁卯', '2019-03-06'],
    ]);
  });

  // Source: [zired] 辰巳天中殺: the next 天中殺 years 2024–2025; the 天中殺 months the 辰 and 巳 months, to about the first week of June.
  it('辰巳: 2024 and 2025 are the 天中殺 years after 2023; the months are 辰 and 巳, from 清明 to 芒種', () => {
    const school = day(voidPeriodsJson(coreOf({ year: 1990, month: 3, day: 30 }), { from: 2023, to: 2030 }, JA_CATALOGUE)); // 甲午
    expect(school.branches).toEqual(['辰', '巳']);
    expect(school.years.map((y) => y.year)).toEqual([2024, 2025]);
    const months2024 = school.months!.filter((m) => m.year === 2024);
    expect(months2024.map((m) => [m.ganzhi, m.term])).toEqual([
      ['戊辰', '清明'],
      ['己巳', '立夏'],
    ]);
    expect(months2024[1]!.ends_at.slice(0, 10)).toBe('2024-06-05');
  });

  // Source: [sanmeigakukantei] a 子丑天中殺 person: 2021 辛丑 is a 天中殺 year.
  it('子丑: 2021 辛丑 is a 天中殺 year', () => {
    const school = day(voidPeriodsJson(coreOf({ year: 1990, month: 4, day: 19 }), { from: 2020, to: 2021 }, JA_CATALOGUE)); // 甲寅
    expect(school.years.map((y) => [y.year, y.ganzhi])).toEqual([
      [2020, '庚子'],
      [2021, '辛丑'],
    ]);
  });
});

describe('reading a span', () => {
  it('takes a year, a range and an integer', () => {
    expect(readYearSpan('2024', 'void_years')).toEqual({ ok: true, span: { from: 2024, to: 2024 } });
    expect(readYearSpan(' 2024-2030 ', 'void_years')).toEqual({ ok: true, span: { from: 2024, to: 2030 } });
    expect(readYearSpan(2024, 'void_years')).toEqual({ ok: true, span: { from: 2024, to: 2024 } });
    expect(readYearSpan(`${LUCK_YEARS.first}-${LUCK_YEARS.last}`, 'void_years').ok).toBe(true);
  });

  it('names a bad value with the nearest good one', () => {
    const message = (value: unknown) => {
      const reading = readYearSpan(value, 'void_years');
      return reading.ok ? null : reading.message;
    };
    const rule = 'void_years must be a pillar year or a range of them from 1899 to 2100, e.g. "2024" or "2024-2030"';
    expect(message('2030-2024')).toBe(`${rule} (got "2030-2024": did you mean "2024-2030"?)`);
    expect(message('1890-1900')).toBe(`${rule} (got "1890-1900": did you mean "1899-1900"?)`);
    expect(message('2024–2030')).toBe(`${rule} (got "2024–2030": did you mean "2024-2030"?)`);
    expect(message('3000')).toBe(`${rule} (got "3000": did you mean "2100"?)`);
    expect(message('soon')).toBe(`${rule} (got "soon")`);
    expect(message(true)).toBe(`${rule} (got true)`);
  });
});
