import { describe, expect, it } from 'vitest';
import { dayNineStar, NINE_STARS } from '../../../src/domain/calendar/nine-star.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { julianDayNumber, Solar } from './lunar-oracle.ts';

/** lunar-javascript's NineStar index 0..8 is 一白..九紫, the order of NINE_STARS. */
const oracleStar = (year: number, month: number, day: number): string =>
  NINE_STARS[Solar.fromYmd(year, month, day).getLunar().getDayNineStar().getIndex()]!;

describe('日家九星 (day star)', () => {
  it('2024-01-01 is 一白水星 (first 甲子 of 陽遁, note.com S44)', () => {
    expect(dayNineStar(julianDayNumber(2024, 1, 1))).toBe('一白水星');
  });

  it('2024-06-28 and 2024-06-29 are both 九紫火星 (the star repeats at the 陰遁 switch)', () => {
    expect(dayNineStar(julianDayNumber(2024, 6, 28))).toBe('九紫火星');
    expect(dayNineStar(julianDayNumber(2024, 6, 29))).toBe('九紫火星');
    expect(dayNineStar(julianDayNumber(2024, 6, 30))).toBe('八白土星');
  });

  it('equals lunar-javascript getDayNineStar on 10,000 random days 1900–2100', { timeout: 180_000 }, () => {
    const random = mulberry32(9_009);
    const mismatches: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const year = randomInt(random, 1900, 2100);
      const month = randomInt(random, 1, 12);
      const day = randomInt(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
      const ours = dayNineStar(julianDayNumber(year, month, day));
      const theirs = oracleStar(year, month, day);
      if (ours !== theirs) mismatches.push(`${year}-${month}-${day}: ${ours} ≠ ${theirs}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('early January before a late 陽遁 start counts back from it (1986-01-18 → 二黒土星, as lunar-javascript)', () => {
    // 冬至 1985-12-22 is 乙未 (甲子 + 31), so 陽遁 starts at the next 甲子, 1986-01-20.
    expect(dayNineStar(julianDayNumber(1986, 1, 19))).toBe('一白水星');
    expect(dayNineStar(julianDayNumber(1986, 1, 18))).toBe('二黒土星');
    expect(dayNineStar(julianDayNumber(1986, 1, 20))).toBe('一白水星');
  });

  it('refuses dates outside the solstice table instead of guessing', () => {
    expect(() => dayNineStar(julianDayNumber(1898, 12, 31))).toThrow(RangeError);
    expect(() => dayNineStar(julianDayNumber(2102, 1, 1))).toThrow(RangeError);
  });
});
