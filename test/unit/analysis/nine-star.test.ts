/**
 * 日家九星 against its rule and against published 日盤: one step a day in the current direction, a
 * switch only on a 甲子 (or, in a 閏, 甲午) day near a solstice, and the dates almanacs print.
 */
import { describe, expect, it } from 'vitest';
import { dayCycleIndex, dayNineStar, NINE_STAR_COVERAGE, NINE_STAR_SWITCHES, NINE_STARS } from '../../../src/domain/calendar/nine-star.ts';
import { TERM_INSTANTS_UNIX_SEC } from '../../../src/domain/astronomy/solar-terms.generated.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { julianDayNumber, Solar } from './lunar-oracle.ts';
import { budgetMs } from '../../support/time-budget.ts';

const star = (year: number, month: number, day: number): string => dayNineStar(julianDayNumber(year, month, day));
const indexOf = (name: string): number => NINE_STARS.indexOf(name as (typeof NINE_STARS)[number]);
const dateOf = (jdn: number): string => new Date((jdn - 2440588) * 86_400_000).toISOString().slice(0, 10);

/** Civil dates (JST) of every 夏至 and 冬至 in the solar-term table, read independently of the module. */
const solsticeJdns: number[] = TERM_INSTANTS_UNIX_SEC.flatMap((t, i) =>
  i % 24 === 11 || i % 24 === 23 ? [Math.floor((t + 9 * 3600) / 86_400) + 2440588] : [],
);

describe('日家九星: published 日盤', () => {
  it('the 2014 陽遁 and 2015 陰遁 switches as kyusei.co3.jp prints them (日盤算出方法と閏について)', () => {
    expect([16, 17, 18, 19, 20, 21].map((d) => star(2014, 12, d))).toEqual([
      '三碧木星',
      '二黒土星',
      '一白水星',
      '一白水星', // 甲子: 陽遁 begins
      '二黒土星',
      '三碧木星',
    ]);
    expect([14, 15, 16, 17, 18, 19].map((d) => star(2015, 6, d))).toEqual([
      '七赤金星',
      '八白土星',
      '九紫火星',
      '九紫火星', // 甲子: 陰遁 begins
      '八白土星',
      '七赤金星',
    ]);
  });

  it('2008 閏: 冬至 2008-12-21 is 乙未, so 陽遁 opens on the 甲午 before it as 七赤 (hokuto-hei, kyusei.co3.jp)', () => {
    expect(dayCycleIndex(julianDayNumber(2008, 12, 20))).toBe(30); // 甲午
    expect(star(2008, 12, 19)).toBe('七赤金星'); // the last 陰遁 day
    expect(star(2008, 12, 20)).toBe('七赤金星'); // 甲午, 陽遁 from here
    expect(star(2008, 12, 21)).toBe('八白土星');
    // The days lunar-javascript breaks on run straight through: …九紫, 一白 on the 甲子 of 2009-01-19 …
    expect(star(2008, 12, 31)).toBe('九紫火星');
    expect(star(2009, 1, 1)).toBe('一白水星');
    expect(star(2009, 1, 19)).toBe('一白水星');
  });

  it('2020 閏: almanacs on sale put it at the 甲午 of 夏至 2020 (shibiroom), 三碧, 陰遁 on to the 甲子 of 7-20 as 九紫', () => {
    expect(dayCycleIndex(julianDayNumber(2020, 6, 20))).toBe(30);
    expect(star(2020, 6, 19)).toBe('三碧木星');
    expect(star(2020, 6, 20)).toBe('三碧木星');
    expect(star(2020, 6, 21)).toBe('二黒土星');
    expect(star(2020, 7, 19)).toBe('一白水星');
    expect(star(2020, 7, 20)).toBe('九紫火星'); // 甲子
  });

  it('2021-01-09 (丁巳) is 七赤 in a published daily almanac (ameblo seishiroh-i, 本日の暦), after the 2020 閏', () => {
    expect(dayCycleIndex(julianDayNumber(2021, 1, 9))).toBe(53); // 丁巳
    expect(star(2021, 1, 9)).toBe('七赤金星');
  });

  it('2024-01-01 is 一白水星 and 2024-06-28/29 both 九紫火星 (note.com S44)', () => {
    expect(star(2024, 1, 1)).toBe('一白水星');
    expect(star(2024, 6, 28)).toBe('九紫火星');
    expect(star(2024, 6, 29)).toBe('九紫火星');
    expect(star(2024, 6, 30)).toBe('八白土星');
  });

  it('閏 periods 1900–2100: 18, every ~11.5 years, opening on these 甲午 days', () => {
    const leaps = NINE_STAR_SWITCHES.filter((s) => s.leap).map(
      (s) => `${dateOf(s.jdn)} ${s.ascending ? '陽遁' : '陰遁'} ${NINE_STARS[s.star]}`,
    );
    // lunar-javascript (no 閏) breaks the sequence 30 days later, on the following 甲子: 1906-01, 1917-07,
    // 1929-01, 1940-01, 1952-01, 1963-01, 1974-07, 1986-01, 1997-07, 2009-01, 2020-07 …
    expect(leaps).toEqual([
      '1905-12-21 陽遁 七赤金星',
      '1917-06-21 陰遁 三碧木星',
      '1928-12-20 陽遁 七赤金星',
      '1939-12-23 陽遁 七赤金星',
      '1951-12-20 陽遁 七赤金星',
      '1962-12-22 陽遁 七赤金星',
      '1974-06-22 陰遁 三碧木星',
      '1985-12-21 陽遁 七赤金星',
      '1997-06-21 陰遁 三碧木星',
      '2008-12-20 陽遁 七赤金星',
      '2020-06-20 陰遁 三碧木星',
      '2031-12-20 陽遁 七赤金星',
      '2042-12-22 陽遁 七赤金星',
      '2054-12-19 陽遁 七赤金星',
      '2065-12-21 陽遁 七赤金星',
      '2077-06-21 陰遁 三碧木星',
      '2088-12-20 陽遁 七赤金星',
      '2100-06-21 陰遁 三碧木星',
    ]);
  });
});

describe('日家九星: the rule, every day 1900–2100', () => {
  const first = julianDayNumber(1899, 12, 31);
  const last = julianDayNumber(2101, 1, 1);

  it('moves one step a day in its direction, and repeats only on a switch day', () => {
    const switchDays = new Map(NINE_STAR_SWITCHES.map((s) => [s.jdn, s]));
    let ascending = NINE_STAR_SWITCHES.filter((s) => s.jdn <= first).at(-1)!.ascending;
    const breaks: string[] = [];
    for (let jdn = first + 1; jdn <= last; jdn++) {
      const before = indexOf(dayNineStar(jdn - 1));
      const today = indexOf(dayNineStar(jdn));
      const switching = switchDays.get(jdn);
      if (switching !== undefined) {
        if (today !== before) breaks.push(`${dateOf(jdn)}: a switch day must repeat the star`);
        ascending = switching.ascending;
      } else if (today !== (before + (ascending ? 1 : 8)) % 9) {
        breaks.push(`${dateOf(jdn)}: ${NINE_STARS[before]} → ${NINE_STARS[today]}`);
      }
    }
    expect(breaks).toEqual([]);
  });

  it('switches only on a 甲子 (一白 / 九紫) or 甲午 (七赤 / 三碧) day within 30 days of its solstice, alternating', () => {
    const problems: string[] = [];
    NINE_STAR_SWITCHES.forEach((s, i) => {
      const g = dayCycleIndex(s.jdn);
      const opens = NINE_STARS[s.star];
      const expected = g === 0 ? (s.ascending ? '一白水星' : '九紫火星') : g === 30 ? (s.ascending ? '七赤金星' : '三碧木星') : undefined;
      if (opens !== expected) problems.push(`${dateOf(s.jdn)}: cycle day ${g} opens ${opens}`);
      const nearest = Math.min(...solsticeJdns.map((d) => Math.abs(d - s.jdn)));
      if (nearest > 30) problems.push(`${dateOf(s.jdn)}: ${nearest} days from a solstice`);
      if (i > 0 && NINE_STAR_SWITCHES[i - 1]!.ascending === s.ascending) problems.push(`${dateOf(s.jdn)}: does not alternate`);
      if (i > 0 && ![180, 210].includes(s.jdn - NINE_STAR_SWITCHES[i - 1]!.jdn)) problems.push(`${dateOf(s.jdn)}: gap`);
    });
    expect(problems).toEqual([]);
    expect(NINE_STAR_SWITCHES.filter((s) => s.leap).every((s) => dayCycleIndex(s.jdn) === 30)).toBe(true);
  });

  it(
    'agrees with lunar-javascript getDayNineStar outside the 閏 periods, where it has no 閏 (5,000 random days)',
    { timeout: budgetMs(120_000) },
    () => {
      // A 閏 changes the stars from its 甲午 to the next switch (210 days); lunar-javascript also reads
      // solstices in Beijing time, so it may differ for a few more days there.
      const leapSpans = NINE_STAR_SWITCHES.flatMap((s, i) =>
        s.leap ? [[s.jdn - 30, NINE_STAR_SWITCHES[i + 1]?.jdn ?? Infinity] as const] : [],
      );
      const random = mulberry32(9_009);
      const mismatches: string[] = [];
      let compared = 0;
      while (compared < 5_000) {
        const year = randomInt(random, 1900, 2100);
        const month = randomInt(random, 1, 12);
        const day = randomInt(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
        const jdn = julianDayNumber(year, month, day);
        if (leapSpans.some(([from, to]) => jdn >= from && jdn < to)) continue;
        compared++;
        const theirs = NINE_STARS[Solar.fromYmd(year, month, day).getLunar().getDayNineStar().getIndex()];
        if (dayNineStar(jdn) !== theirs) mismatches.push(`${year}-${month}-${day}: ${dayNineStar(jdn)} ≠ ${theirs}`);
      }
      expect(mismatches).toEqual([]);
    },
  );

  it('refuses dates outside the solstice table instead of guessing', () => {
    expect(() => dayNineStar(NINE_STAR_COVERAGE.firstJdn - 1)).toThrow(RangeError);
    expect(() => dayNineStar(NINE_STAR_COVERAGE.endJdn)).toThrow(RangeError);
    expect(() => dayNineStar(julianDayNumber(1899, 12, 31))).not.toThrow();
    expect(() => dayNineStar(julianDayNumber(2101, 1, 1))).not.toThrow();
  });
});
