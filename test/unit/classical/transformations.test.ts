/**
 * 合化 against 子平真詮's charts: 李參政 and 毛狀元 bind the 七殺 庚 with 乙 (合煞), the 一品貴格 is 丁壬
 * 化木 with the day master; and the conditions over every legal chart.
 */
import { describe, expect, it } from 'vitest';
import { everyChart, parts } from '../../support/legal-charts.ts';
import { transformationsOf } from '../../../src/domain/classical/transformations.ts';
import { budgetMs } from '../../support/time-budget.ts';

describe('合化 on the book’s charts', () => {
  it('李參政 (庚寅 乙酉 甲子 戊辰) and 毛狀元 (乙酉 庚辰 甲午 戊辰): 乙合庚 binds the 七殺 (合煞), even in the 金 month', () => {
    const [li] = transformationsOf(parts('庚寅 乙酉 甲子 戊辰'));
    expect(li).toMatchObject({ slots: [0, 1], element: 3, adjacent: true, monthSupports: true, dayMaster: false });
    expect(li!.verdicts).toEqual({ shiping: 'bound', japanese: 'transforms' });
    const [mao] = transformationsOf(parts('乙酉 庚辰 甲午 戊辰'));
    expect(mao!.verdicts).toEqual({ shiping: 'bound', japanese: 'bound' });
  });

  it('一品貴格 (甲戌 丁卯 壬寅 甲辰): the day master 壬 with 丁 in a 卯 month transforms to 木, with a 辰 (逢龍)', () => {
    const [hua] = transformationsOf(parts('甲戌 丁卯 壬寅 甲辰'));
    expect(hua).toMatchObject({ slots: [1, 2], element: 0, monthSupports: true, dragon: true, brokenBy: [], rivals: [], dayMaster: true });
    expect(hua!.verdicts.shiping).toBe('transforms');
  });

  it('far apart is distant; a rival (two 辛 for one 丙) or a breaker keeps the day master’s pair from transforming', () => {
    expect(transformationsOf(parts('甲子 丙寅 戊辰 己未'))[0]!.verdicts).toEqual({ shiping: 'distant', japanese: 'no_effect' });
    const rival = transformationsOf(parts('辛亥 庚子 丙子 辛卯'));
    // 辛 (year) and 丙 (day) are far apart; 丙 (day) and 辛 (hour) side by side, with the year's 辛 as a rival.
    expect(rival.map((t) => t.verdicts.shiping)).toEqual(['distant', 'own']);
    expect(rival[1]!.rivals).toEqual([0]);
  });
});

describe('invariants over every legal chart', () => {
  it(
    'a pair only where the stems combine; transforms only with every condition; the verdicts from their vocabularies',
    () => {
      const verdicts = new Set(['transforms', 'bound', 'distant', 'own', 'no_effect']);
      let transforming = 0;
      for (const chart of everyChart()) {
        for (const t of transformationsOf(chart)) {
          if (Math.abs(t.stems[0] - t.stems[1]) !== 5) throw new Error('not a 干合');
          if (!verdicts.has(t.verdicts.shiping) || !verdicts.has(t.verdicts.japanese)) throw new Error('verdict');
          if (
            t.verdicts.shiping === 'transforms' &&
            !(t.adjacent && t.dayMaster && t.monthSupports && t.brokenBy.length === 0 && t.rivals.length === 0)
          ) {
            throw new Error(`transforms without its conditions: ${JSON.stringify(chart)}`);
          }
          if (t.verdicts.shiping === 'transforms') transforming++;
        }
      }
      // 化気 happens, and rarely (the day master's pair in its month with nothing against it).
      expect(transforming).toBeGreaterThan(0);
      expect(transforming / 518_400).toBeLessThan(0.05);
    },
    budgetMs(120_000),
  );
});
