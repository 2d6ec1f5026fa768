/**
 * 格局 against the books: 子平真詮's own example charts (the 格 each chapter files them under) and
 * Japanese teaching charts of 外格; then invariants over every legal chart.
 */
import { describe, expect, it } from 'vitest';
import { everyChart, parts, STEMS } from '../../support/legal-charts.ts';
import {
  INNER_PATTERNS,
  OUTER_PATTERNS,
  outerChecks,
  outerPatternOf,
  shipingPattern,
  STRONG_SIDE_PATTERNS,
} from '../../../src/domain/classical/pattern.ts';
import { budgetMs } from '../../support/time-budget.ts';

const patternOf = (pillars: string): string => {
  const chart = parts(pillars);
  const inner = shipingPattern(chart);
  return (outerPatternOf(outerChecks(chart), inner, 'shiping')?.pattern ?? inner.pattern).slice('pattern.'.length);
};

/** 子平真詮's 正格 examples: 論正官, 論財, 論印綬, 論食神, 論偏官, 論傷官, 論建祿月劫, 論陽刃. */
// prettier-ignore
const INNER: readonly (readonly [id: string, pillars: string, book: string])[] = [
  ['Z01 薛相公', '甲申 壬申 乙巳 戊寅', 'zheng_guan'], ['Z02 金狀元', '乙卯 丁亥 丁未 庚戌', 'zheng_guan'],
  ['Z03 宣參國', '己卯 辛未 壬寅 辛亥', 'zheng_guan'], ['Z04 李參政', '庚寅 乙酉 甲子 戊辰', 'zheng_guan'],
  ['Z05 范太傅', '丁丑 壬寅 己巳 丙寅', 'zheng_guan'], ['Z06 葛參政', '壬申 壬子 戊午 乙卯', 'cai'],
  ['Z07 楊侍郎', '壬寅 壬寅 庚辰 辛巳', 'cai'], ['Z08 曾參政', '乙未 甲申 丙申 庚寅', 'cai'],
  ['Z09 毛狀元', '乙酉 庚辰 甲午 戊辰', 'cai'], ['Z10 李御史', '庚辰 戊子 戊寅 甲寅', 'cai'],
  ['Z11 張參政', '丙寅 戊戌 辛酉 戊子', 'yin'], ['Z12 李狀元', '戊戌 乙卯 丙午 乙亥', 'yin'],
  ['Z13 茅狀元', '己巳 癸酉 癸未 庚申', 'yin'], ['Z14 馬參政', '壬寅 戊申 壬辰 壬寅', 'yin'],
  ['Z15 汪侍郎', '辛酉 丙申 壬申 辛亥', 'yin'], ['Z16 梁丞相', '丁未 癸卯 癸亥 癸丑', 'shi_shen'],
  ['Z17 常國公', '辛卯 辛卯 癸酉 己未', 'shi_shen'], ['Z18 岳統制', '癸卯 丁巳 庚寅 庚辰', 'qi_sha'],
  ['Z19 史春芳', '壬午 己酉 戊午 庚申', 'shang_guan'], ['Z20 孛羅平章', '壬申 丙午 甲午 壬申', 'shang_guan'],
  ['Z21 蔡貴妃', '己未 丙子 庚子 丙子', 'shang_guan'], ['Z22 金丞相', '庚戌 戊子 癸酉 癸亥', 'jian_lu'],
  ['Z23 張狀元', '甲子 丙寅 甲子 丙寅', 'jian_lu'], ['Z24 婁參政', '丁巳 壬子 癸卯 己未', 'jian_lu'],
  ['Z25 丞相命', '己酉 丙子 壬寅 丙午', 'yang_ren'], ['Z26 賈平章', '甲寅 庚午 戊申 甲寅', 'yang_ren'],
];

/** 外格: 子平真詮 論雜格 and Japanese teaching pages (sityuu.com 従旺格, sudechi 一行得気格). */
// prettier-ignore
const OUTER: readonly (readonly [id: string, pillars: string, book: string])[] = [
  ['Z27 吳相公 (五行一方秀氣)', '癸亥 乙卯 乙未 壬午', 'qu_zhi'], ['Z29 王十萬 (棄命從財)', '庚申 乙酉 丙申 乙丑', 'cong_cai'],
  ['Z30 李侍郎 (棄命從煞)', '乙酉 乙酉 乙酉 甲申', 'cong_sha'], ['J02 sityuu 従旺格', '戊戌 己未 戊午 丙辰', 'cong_wang'],
  ['J03 sudechi 曲直格', '癸未 甲寅 甲辰 丁卯', 'qu_zhi'], ['J04 sudechi 炎上格', '乙未 辛巳 丙午 甲午', 'yan_shang'],
];

describe('子平真詮 取格 on the book’s charts', () => {
  it('names the book’s 格 on all 26 正格 charts (薛相公 and 馬參政 after the unexposed 本気, as the book does)', () => {
    const misses = INNER.filter(([, pillars, book]) => patternOf(pillars) !== book).map(([id, pillars]) => `${id}: ${patternOf(pillars)}`);
    expect(misses).toEqual([]);
    // The exposed stems of 薛相公's 申 month are reported beside the 格.
    const z01 = shipingPattern(parts('甲申 壬申 乙巳 戊寅'));
    expect(z01.candidates.filter((c) => c.exposed).map((c) => STEMS[c.stem])).toEqual(['壬', '戊']);
  });

  it('names the 外格 of all seven charts, the 一品貴格 as 化木 (丁壬, the day master in a 卯 month)', () => {
    const misses = OUTER.filter(([, pillars, book]) => patternOf(pillars) !== book).map(([id, pillars]) => `${id}: ${patternOf(pillars)}`);
    expect(misses).toEqual([]);
    expect(patternOf('甲戌 丁卯 壬寅 甲辰')).toBe('hua_mu');
    // Its 正格 reading stays beside it.
    expect(shipingPattern(parts('甲戌 丁卯 壬寅 甲辰')).pattern).toBe('pattern.shang_guan');
  });

  it('陽刃 only for the yang stems, 建禄 on the 禄 branch whatever its 本気, 月劫 by the 本気 (丁 in 巳)', () => {
    expect(shipingPattern(parts('甲寅 庚午 戊申 甲寅')).pattern).toBe('pattern.yang_ren');
    // 辛 in 申: the 本気 庚 is 劫財 (月劫), not a 陽刃 (子平真詮 gives 刃 to yang stems only).
    expect(shipingPattern(parts('丙午 丙申 辛巳 癸巳')).pattern).toBe('pattern.yue_jie');
    expect(shipingPattern(parts('壬午 乙巳 丁亥 癸卯')).pattern).toBe('pattern.yue_jie');
    expect(shipingPattern(parts('丁卯 丙午 己巳 庚午')).pattern).toBe('pattern.jian_lu');
  });
});

describe('一行得気 and 従旺 read as the books read them', () => {
  it('the frame’s own branches are not 官殺 against it: 潤下 through 亥子丑 (丑’s 己), 従革 through 巳酉丑 (巳’s 丙)', () => {
    // 癸 day in a 子 month, 亥子丑 complete, no 土 stem: 滴天髓 形象 "水日…無土" is met; 丑 is the frame.
    const runXia = outerChecks(parts('癸亥 甲子 癸丑 壬子')).find((c) => c.pattern === 'pattern.run_xia')!;
    expect(runXia.conditions).toEqual({ rules_month: true, complete_direction_or_frame: true, no_officer: true });
    expect(patternOf('癸亥 甲子 癸丑 壬子')).toBe('run_xia');
    // 辛 day in a 酉 month, 巳酉丑 complete, no 火 stem.
    expect(patternOf('己丑 癸酉 辛巳 戊子')).toBe('cong_ge');
    // A 火 stem still breaks 従革, and a second 丑 beside 亥子丑 is 土 again: no 潤下.
    expect(outerChecks(parts('己丑 丁酉 辛巳 戊子')).find((c) => c.pattern === 'pattern.cong_ge')!.conditions['no_officer']).toBe(false);
    expect(outerChecks(parts('癸丑 甲子 癸亥 癸丑')).find((c) => c.pattern === 'pattern.run_xia')!.conditions['no_officer']).toBe(false);
  });

  it('従旺 weighs what drains the day master: two 庚 and a 申 on a 戊 day are 日主過洩, not 従旺', () => {
    const wang = outerChecks(parts('庚戌 丙戌 戊辰 庚申')).find((c) => c.pattern === 'pattern.cong_wang')!;
    expect(wang.conditions).toMatchObject({ rules_month: true, roots_in_three_branches: true, no_officer: true, little_drainage: false });
    expect(wang.holds).toBe(false);
    // sityuu’s 従旺格 (no 金 or 水 to drain it) still holds.
    expect(patternOf('戊戌 己未 戊午 丙辰')).toBe('cong_wang');
  });
});

describe('invariants over all 518,400 legal charts', () => {
  it(
    'every 格 from its vocabulary; a 外格 only when all its conditions hold; never a 従弱 and a 従旺 family 外格 at once',
    () => {
      const inner = new Set<string>(INNER_PATTERNS);
      const outer = new Set<string>(OUTER_PATTERNS);
      const strong = STRONG_SIDE_PATTERNS;
      const weak = new Set(['pattern.cong_cai', 'pattern.cong_sha', 'pattern.cong_er', 'pattern.cong_shi']);
      let outerCount = 0;
      const heldSomewhere = new Set<string>();
      for (const chart of everyChart()) {
        const zp = shipingPattern(chart);
        if (!inner.has(zp.pattern)) throw new Error(`unknown 格 ${zp.pattern}`);
        const checks = outerChecks(chart);
        const holding = checks.filter((c) => c.holds);
        for (const c of holding) heldSomewhere.add(c.pattern);
        if (holding.some((c) => !outer.has(c.pattern) || !Object.values(c.conditions).every(Boolean)))
          throw new Error('a 外格 without its conditions');
        if (holding.some((c) => strong.has(c.pattern)) && holding.some((c) => weak.has(c.pattern))) {
          throw new Error(`both families: ${JSON.stringify(chart)}`);
        }
        const chosen = outerPatternOf(checks, zp, 'shiping');
        if (chosen !== null) {
          outerCount++;
          if (!chosen.holds) throw new Error('a chosen 外格 that does not hold');
        }
      }
      // 外格 are rare, as the books say: well under a tenth of all charts; yet every one of them can hold.
      expect(outerCount).toBeGreaterThan(0);
      expect(OUTER_PATTERNS.filter((pattern) => !heldSomewhere.has(pattern))).toEqual([]);
      expect(outerCount / 518_400).toBeLessThan(0.1);
    },
    budgetMs(120_000),
  );
});
