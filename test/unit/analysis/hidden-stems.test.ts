import { describe, expect, it } from 'vitest';
import { BRANCHES } from '../../../src/domain/calendar/branches.ts';
import { zokanStem } from '../../../src/domain/calendar/hidden-stems.ts';
import { STEMS } from '../../../src/domain/calendar/stems.ts';

const stemAt = (table: 'getsuritsu' | 'nijuhachigen', branch: string, day: number): string =>
  STEMS[zokanStem(table, BRANCHES.indexOf(branch as never), day)]!;

describe('蔵干 by day count', () => {
  it('J1 寅: 戊 through day 7, 丙 from day 8, 甲 from day 15', () => {
    expect([6, 7, 8, 14, 15, 31].map((n) => stemAt('getsuritsu', '寅', n))).toEqual(['戊', '戊', '丙', '丙', '甲', '甲']);
  });

  it('J1 午 has three stems (丙 1–10, 己 11–20, 丁 21–) while J2 午 has two (己 1–19, 丁 20–)', () => {
    expect([10, 11, 20, 21].map((n) => stemAt('getsuritsu', '午', n))).toEqual(['丙', '己', '己', '丁']);
    expect([1, 19, 20].map((n) => stemAt('nijuhachigen', '午', n))).toEqual(['己', '己', '丁']);
  });

  it('J2 子 卯 酉 keep one stem the whole month, where J1 starts with the carried-over 余気', () => {
    for (const [branch, carried, main] of [
      ['子', '壬', '癸'],
      ['卯', '甲', '乙'],
      ['酉', '庚', '辛'],
    ] as const) {
      expect(stemAt('getsuritsu', branch, 1)).toBe(carried);
      expect(stemAt('getsuritsu', branch, 11)).toBe(main);
      expect([1, 11, 31].map((n) => stemAt('nijuhachigen', branch, n))).toEqual([main, main, main]);
    }
  });

  it('day counts outside 1–32 clamp to the first or last stem instead of failing', () => {
    expect(stemAt('getsuritsu', '辰', 0)).toBe('乙');
    expect(stemAt('getsuritsu', '辰', 40)).toBe('戊');
  });
});
