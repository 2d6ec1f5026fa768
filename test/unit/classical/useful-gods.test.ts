/**
 * 用神: the Japanese 喜忌 of the teaching charts that print them, the 調候 table's shape, and the five
 * gods' partition over every legal chart.
 */
import { describe, expect, it } from 'vitest';
import { BRANCHES, everyChart, parts, STEMS } from '../../support/legal-charts.ts';
import { outerChecks, outerPatternOf, shipingPattern, STRONG_SIDE_PATTERNS } from '../../../src/domain/classical/pattern.ts';
import { delingStrength } from '../../../src/domain/classical/strength.ts';
import { TIAOHOU_TABLE, tiaohouOf } from '../../../src/domain/classical/tiaohou.ts';
import { fiveGodsOf, usefulGodsOf } from '../../../src/domain/classical/useful-gods.ts';
import { budgetMs } from '../../support/time-budget.ts';

const ELEMENTS = '木火土金水';
const STRONG_SIDE = STRONG_SIDE_PATTERNS;
const godsOf = (pillars: string) => {
  const chart = parts(pillars);
  const inner = shipingPattern(chart);
  const outer = outerPatternOf(outerChecks(chart), inner, 'shiping');
  return usefulGodsOf(chart, delingStrength(chart).verdict, inner.pattern, outer?.pattern ?? null, false);
};
const elements = (list: readonly number[]) => list.map((e) => ELEMENTS[e]).join('');

describe('the Japanese 喜忌 of the teaching charts', () => {
  it('kannet (身弱 乙): 喜 木水 (比劫・印), 忌 火土金; sityuu 従旺格 (戊): 喜 土火, 忌 木水; yokutablog 身強 (壬): 喜 木火土', () => {
    const j01 = godsOf('壬戌 己酉 乙未 甲申').schools.japanese!;
    expect([elements(j01.xi), elements(j01.ji)]).toEqual(['木水', '火土金']);
    const j02 = godsOf('戊戌 己未 戊午 丙辰').schools.japanese!;
    expect([elements(j02.xi), elements(j02.ji)]).toEqual(['土火', '木水']);
    const j05 = godsOf('乙亥 丙戌 壬午 辛丑').schools.japanese!;
    expect(elements(j05.xi)).toBe('木火土');
  });

  it('子平真詮’s 格局 用 and 相: 正官格 wants 財 and 印 and avoids 傷官; 七殺格 wants 食神', () => {
    expect(godsOf('甲申 壬申 乙巳 戊寅').geju).toEqual({ yong: 3, wants: [2, 4], avoids: [1] });
    expect(godsOf('癸卯 丁巳 庚寅 庚辰').geju).toMatchObject({ yong: 3, wants: [1] });
  });
});

describe('a 外格 the chart reads governs every school’s 用', () => {
  it('潤下 and 炎上 take their own element in all three schools, never the 官殺 that breaks them (窮通宝鑑: 「五月丙火，合炎上格，則不喜水破格」)', () => {
    for (const [pillars, own] of [
      ['癸亥 甲子 癸丑 壬子', '水'],
      ['乙未 辛巳 丙午 甲午', '火'],
    ] as const) {
      const gods = godsOf(pillars);
      expect(
        [gods.schools.fuyi_first?.yong, gods.schools.tiaohou_first?.yong, gods.schools.shiping?.yong].map((e) => ELEMENTS[e!]),
      ).toEqual([own, own, own]);
      expect(gods.bases).toEqual({ fuyi_first: 'outer_pattern', tiaohou_first: 'outer_pattern', shiping: 'outer_pattern' });
    }
  });

  it('an undetermined 格 (a 雜氣 month, nothing of it exposed) names no 格局 用: no shiping school, no default to the day master’s element', () => {
    // 甲 day in a 丑 month: 己 癸 辛 hidden, none exposed (the other stems 甲 丁 丙).
    expect(shipingPattern(parts('甲子 丁丑 甲子 丙寅')).pattern).toBe('pattern.undetermined');
    const gods = godsOf('甲子 丁丑 甲子 丙寅');
    expect(gods.geju.yong).toBeNull();
    expect(gods.schools.shiping).toBeNull();
    expect(gods.bases.shiping).toBeNull();
    expect(gods.schools.fuyi_first).not.toBeNull();
  });
});

describe('調候 (窮通宝鑑)', () => {
  it('120 cells of legal stems; four months split at their 中気; 丁 in 午 names none unconditionally', () => {
    expect(TIAOHOU_TABLE.flat()).toHaveLength(120);
    expect(TIAOHOU_TABLE.flat().every((cell) => Array.from(cell.replace('/', '')).every((ch) => STEMS.includes(ch)))).toBe(true);
    expect(TIAOHOU_TABLE.flat().filter((cell) => cell.includes('/'))).toHaveLength(4);
    expect(tiaohouOf(STEMS.indexOf('丁'), BRANCHES.indexOf('午'), false).stems).toEqual([]);
    // 甲 in 寅: "得丙癸逢"; 乙 in 午: 上半月 癸, 下半月 丙癸.
    expect(
      tiaohouOf(0, 2, false)
        .stems.map((s) => STEMS[s])
        .join(''),
    ).toBe('丙癸');
    expect(tiaohouOf(1, 6, false)).toEqual({ stems: [9], afterMidTerm: false });
    expect(
      tiaohouOf(1, 6, true)
        .stems.map((s) => STEMS[s])
        .join(''),
    ).toBe('癸丙');
  });
});

describe('the five gods', () => {
  it('partition the five elements from any 用, 喜 generating 用 and 忌 controlling it', () => {
    for (let yong = 0; yong < 5; yong++) {
      const gods = fiveGodsOf(yong);
      expect(new Set([gods.yong, gods.xi, gods.ji, gods.chou, gods.xian]).size).toBe(5);
      expect((gods.xi + 1) % 5).toBe(yong);
      expect((gods.ji + 2) % 5).toBe(yong);
    }
  });

  it(
    'over every legal chart: no crash, 用 and 喜 never share an element with 忌 and 仇, the Japanese sides never overlap',
    () => {
      let count = 0;
      for (const chart of everyChart(3)) {
        const inner = shipingPattern(chart);
        const outer = outerPatternOf(outerChecks(chart), inner, 'shiping');
        const gods = usefulGodsOf(chart, delingStrength(chart).verdict, inner.pattern, outer?.pattern ?? null, count % 2 === 0);
        const officer = ((chart.stems[2]! >> 1) + 3) % 5;
        for (const school of ['fuyi_first', 'tiaohou_first', 'shiping'] as const) {
          const five = gods.schools[school];
          if (five === null) continue;
          if ([five.yong, five.xi].some((e) => e === five.ji || e === five.chou))
            throw new Error(`用喜 and 忌仇 share: ${JSON.stringify(chart)}`);
          // A 外格 read governs every school: none answers a strong-side 外格 with the 官殺 that breaks it.
          if (outer !== null && gods.bases[school] !== 'outer_pattern')
            throw new Error(`${school} ignores the 外格: ${JSON.stringify(chart)}`);
          if (outer !== null && STRONG_SIDE.has(outer.pattern) && five.yong === officer)
            throw new Error(`${school} takes 官殺 on ${outer.pattern}: ${JSON.stringify(chart)}`);
        }
        if (inner.pattern === 'pattern.undetermined' && (gods.geju.yong !== null || (outer === null && gods.schools.shiping !== null)))
          throw new Error(`a 格局 用 for an undetermined 格: ${JSON.stringify(chart)}`);
        const jp = gods.schools.japanese;
        if (jp !== null && jp.xi.some((e) => jp.ji.includes(e))) throw new Error(`喜 and 忌 overlap: ${JSON.stringify(chart)}`);
        count++;
      }
      expect(count).toBe(518_400 / 3);
    },
    budgetMs(120_000),
  );
});
