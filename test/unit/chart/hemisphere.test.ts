/**
 * `hemisphere=south`: the minority convention that reads the month branch from the opposite season
 * (destiny-core's 「南半球月令是否對沖」: the month branch + 6, its stem by 五虎遁 from the same year
 * stem). The year, day and hour pillars and the 節 boundaries stay; what reads the month pillar
 * follows it: 蔵干, 大運 (stepping from it), 月運, 胎元, the 天中殺 months.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { ganzhiName } from '../../../src/domain/calendar/sexagenary.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { palacesOf } from '../../../src/domain/chart/palaces.ts';
import { buildVariantAResult } from '../../../src/domain/chart/variants.ts';
import { luckOf } from '../../../src/domain/luck/luck.ts';
import { voidPeriodsOf } from '../../../src/domain/luck/void-periods.ts';
import { answerVersionOf } from '../../../src/wire/answer-version.ts';
import { chartOf, pillarsOf } from '../../support/chart.ts';

// 2024-02-10 12:00 in Sydney: after 立春 (02-04), so 甲辰 year, 寅 month in the north.
const SYDNEY = { year: 2024, month: 2, day: 10, time: '12:00', location: 151.21, timezone: 'Australia/Sydney' };
const names = (pillars: readonly number[]) => pillars.map((p) => ganzhiName(p as never)).join(' ');

describe('hemisphere', () => {
  it('south swaps the month branch for its 対冲 and takes the stem by 五虎遁 of the same year; the other pillars stay', () => {
    expect(pillarsOf(SYDNEY)).toBe('甲辰 丙寅 甲辰 庚午');
    expect(pillarsOf({ ...SYDNEY, hemisphere: 'north' })).toBe('甲辰 丙寅 甲辰 庚午');
    // 甲 year: 丙寅 … 壬申 (the 7th month); 寅 ↔ 申.
    expect(pillarsOf({ ...SYDNEY, hemisphere: 'south' })).toBe('甲辰 壬申 甲辰 庚午');
    // Every month of a 甲 year: 子 (丙子 in the north) reads 午 with 甲's 午 stem 庚; 午 (庚午) reads 子 (丙子).
    const southMonth = (month: number, day: number) =>
      pillarsOf({ year: 2024, month, day, time: '12:00', location: 151.21, timezone: 'Australia/Sydney', hemisphere: 'south' }).split(
        ' ',
      )[1];
    expect([southMonth(12, 20), southMonth(6, 20), southMonth(8, 20)]).toEqual(['庚午', '丙子', '丙寅']);
  });

  it('keeps the 節 boundary: the month changes at the same minute, to the opposite branches', () => {
    // 立春 2024: 02-04 17:27 JST (NAOJ) = 19:27 in Sydney (AEDT, UTC+11).
    const before = { ...SYDNEY, day: 4, time: '19:26', hemisphere: 'south' };
    const after = { ...SYDNEY, day: 4, time: '19:27', hemisphere: 'south' };
    expect(pillarsOf(before).split(' ').slice(0, 2)).toEqual(['癸卯', '己未']); // north: 癸卯 乙丑
    expect(pillarsOf(after).split(' ').slice(0, 2)).toEqual(['甲辰', '壬申']);
  });

  it('moves what reads the month: 蔵干, the 大運 (from the month pillar), the 月運, 胎元 and the 天中殺 months', () => {
    const north = chartOf({ ...SYDNEY, gender: 'male' });
    const south = chartOf({ ...SYDNEY, gender: 'male', hemisphere: 'south' });
    // 蔵干 (月律分野) on day 17 after 立春: the 寅 row gives 甲, the 申 row 庚.
    const day20 = (hemisphere: string) => buildVariantAResult(chartOf({ ...SYDNEY, day: 20, hemisphere }), JA_CATALOGUE).zokan.month;
    expect([day20('north'), day20('south')]).toEqual(['甲', '庚']);
    // Yang year, male: forward from the month pillar.
    expect(
      names(
        luckOf(north, north.request.luck!)
          .cycles(3)
          .map((c) => c.pillar),
      ),
    ).toBe('丁卯 戊辰 己巳');
    expect(
      names(
        luckOf(south, south.request.luck!)
          .cycles(3)
          .map((c) => c.pillar),
      ),
    ).toBe('癸酉 甲戌 乙亥');
    // The 起運 age reads the 節 distance, which does not change.
    expect(luckOf(south, south.request.luck!).startAge).toEqual(luckOf(north, north.request.luck!).startAge);
    expect(
      names(
        luckOf(south, south.request.luck!)
          .months(2024)
          .map((m) => m.pillar),
      ),
    ).toBe('壬申 癸酉 甲戌 乙亥 丙子 丁丑 丙寅 丁卯 戊辰 己巳 庚午 辛未');
    // 胎元: month stem + 1, branch + 3.
    expect(palacesOf(south).find((p) => p.code === 'palace.tai_yuan')?.pillar).toBe(59); // 癸亥
    // 甲辰 day: 旬 甲午, void 寅卯; the 寅 and 卯 months are now those opened by 立秋 and 白露.
    const months = voidPeriodsOf(south, { from: 2024, to: 2024 }).schools[0]!.months!;
    expect(months.map((m) => [ganzhiName(m.pillar), m.term])).toEqual([
      ['丙寅', 'jieqi.li_qiu'],
      ['丁卯', 'jieqi.bai_lu'],
    ]);
  });

  it('is a validated option, absent from the request and the rules digest unless south', () => {
    const north = parseChartRequest({ ...SYDNEY, hemisphere: 'north' });
    const plain = parseChartRequest(SYDNEY);
    const south = parseChartRequest({ ...SYDNEY, hemisphere: 'south' });
    if (!north.ok || !plain.ok || !south.ok) throw new Error('valid requests');
    expect('hemisphere' in north.request.conventions).toBe(false);
    expect(answerVersionOf(north.request).rules).toBe(answerVersionOf(plain.request).rules);
    expect(answerVersionOf(south.request).rules).not.toBe(answerVersionOf(plain.request).rules);
    const bad = parseChartRequest({ ...SYDNEY, hemisphere: 'southern' });
    expect(!bad.ok && bad.issues).toEqual([{ field: 'hemisphere', message: 'hemisphere must be one of "north", "south"' }]);
  });
});
