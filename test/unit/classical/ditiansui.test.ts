/**
 * 任鐵樵's school (滴天髓闡微) on the charts his chapters print, each with his words; his five-gods
 * definition on his own worked chart; then invariants over every legal chart. The scores over the
 * whole printed corpus are in book-charts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DTS_OUTER, DTS_RULES, ditiansuiOf, renFiveGods } from '../../../src/domain/classical/ditiansui.ts';
import { outerChecks, outerPatternOf, shipingPattern, STRONG_SIDE_PATTERNS } from '../../../src/domain/classical/pattern.ts';
import { cnPercent, delingStrength } from '../../../src/domain/classical/strength.ts';
import { transformationsOf } from '../../../src/domain/classical/transformations.ts';
import { tongguanOf, usefulGodsOf } from '../../../src/domain/classical/useful-gods.ts';
import { everyChart, parts } from '../../support/legal-charts.ts';
import { budgetMs } from '../../support/time-budget.ts';
import type { PillarParts } from '../../../src/domain/classical/strength.ts';

const ELEMENTS = '木火土金水';

const readingOf = (chart: PillarParts) => {
  const inner = shipingPattern(chart);
  const outer = outerPatternOf(outerChecks(chart), inner, 'shiping');
  const gods = usefulGodsOf(chart, delingStrength(chart).verdict, inner.pattern, outer?.pattern ?? null, false);
  return ditiansuiOf(
    chart,
    transformationsOf(chart),
    tongguanOf(cnPercent(chart).elementPoints)?.mediator ?? null,
    gods.schools.shiping?.yong ?? null,
  );
};
const ren = (pillars: string) => readingOf(parts(pillars));
const yong = (pillars: string) => ELEMENTS[ren(pillars).yong!];
const outer = (pillars: string) => {
  const r = ren(pillars).outer;
  return r === null ? null : `${r.pattern.slice('pattern.'.length)}${r.genuine ? '' : ' (假)'}`;
};

describe('任鐵樵 on his printed charts', () => {
  it('衰旺’s reversals: 太旺 wants its 食傷, 旺極 its 印 (the side nothing opposes)', () => {
    // 木太旺者似金，以丁火為用 (甲辰 丁卯 甲子 戊辰); 月時兩刃，壬水無根 … 火太旺者似水 (用 土).
    expect([ren('甲辰 丁卯 甲子 戊辰').grade, yong('甲辰 丁卯 甲子 戊辰')]).toEqual(['dts.tai_wang', '火']);
    expect(yong('戊辰 戊午 戊申 己未')).toBe('金');
    // 此造四柱皆水，一無克洩 … 水旺極者似木，喜金之克.
    expect([ren('癸亥 癸亥 壬子 庚子').grade, yong('癸亥 癸亥 壬子 庚子')]).toEqual(['dts.wang_ji', '金']);
  });

  it('從象: 從財, 從殺 and 從勢 with the root rules he reads (蟠根在未 no bar; 戊土雖生猶死)', () => {
    expect(outer('戊戌 丙辰 乙未 丙戌')).toBe('cong_cai');
    expect(yong('戊戌 丙辰 乙未 丙戌')).toBe('土');
    expect(outer('壬寅 壬寅 庚寅 戊寅')).toBe('cong_cai');
    expect(outer('辛巳 辛丑 乙酉 乙酉')).toBe('cong_sha');
    expect(yong('辛巳 辛丑 乙酉 乙酉')).toBe('金');
  });

  it('化象 and 假化: the 化神 in excess wants draining, short wants feeding; a day master with a root makes it 假', () => {
    // 合神更真，化氣有餘 (用 金, what 土 generates).
    expect([outer('戊辰 壬戌 甲辰 己巳'), yong('戊辰 壬戌 甲辰 己巳')]).toEqual(['hua_tu', '金']);
    // 化氣有餘。餘則宜洩 … 喜其坐下午 (用 火).
    expect([outer('己卯 丁卯 壬午 甲辰'), yong('己卯 丁卯 壬午 甲辰')]).toEqual(['hua_mu', '火']);
    // 甲 rooted in 卯 (旺), two 己 (爭合, no breaker for him), a 戌 month: 雖是假化，卻有情而不悖.
    expect(outer('己卯 甲戌 甲子 己巳')).toBe('hua_tu (假)');
    // 壬 on 亥 (祿) with 丁 in a 卯 month: 日乾不得不從合而化矣, a 假化.
    expect(outer('甲辰 丁卯 壬辰 辛亥')).toBe('hua_mu (假)');
  });

  it('形象: 兩氣成象 takes the element the pair flows into; 一行 its 化神 (獨象喜行化地)', () => {
    expect([outer('甲午 丁卯 甲午 丁卯'), yong('甲午 丁卯 甲午 丁卯')]).toEqual(['liang_qi', '火']);
    expect([outer('戊戌 辛酉 戊戌 辛酉'), yong('戊戌 辛酉 戊戌 辛酉')]).toEqual(['liang_qi', '金']);
    // 癸亥 己未 癸亥 己未: 純殺無制 … 制殺 (用 木, the day master's 食傷).
    expect(yong('癸亥 己未 癸亥 己未')).toBe('木');
    expect([outer('甲寅 丁卯 甲辰 丙寅'), yong('甲寅 丁卯 甲辰 丙寅')]).toEqual(['qu_zhi', '火']);
  });

  it('寒暖: a cold metal chart takes a rooted 火 (得氣之寒，遇暖而發); a rootless one is no help', () => {
    expect(yong('甲申 丙子 庚辰 戊寅')).toBe('火');
    expect(ren('己酉 丙子 庚辰 甲申').basis).not.toBe('climate');
  });

  it('閒神: his five gods on his own chart (庚寅 戊子 甲寅 丙寅): 用 丙火 short — 喜 木, 忌 金, 仇 水, 閒 土', () => {
    const r = ren('庚寅 戊子 甲寅 丙寅');
    expect([ELEMENTS[r.yong!], r.surplus]).toEqual(['火', false]);
    const five = renFiveGods(r.yong!, r.surplus);
    expect([five.xi, five.ji, five.chou, five.xian].map((e) => ELEMENTS[e])).toEqual(['木', '金', '水', '土']);
    // In excess the roles turn: 喜 what 用 generates, 忌 what controls it, 仇 what generates it.
    const surplus = renFiveGods(1, true);
    expect([surplus.xi, surplus.ji, surplus.chou, surplus.xian].map((e) => ELEMENTS[e])).toEqual(['土', '水', '木', '金']);
  });
});

describe('invariants over all 518,400 legal charts', () => {
  it(
    'every 外格 he reads holds somewhere; no strong-side 外格 takes the 官殺 that breaks it; every rule cited exists; the five gods partition the elements',
    () => {
      const seen = new Set<string>();
      const strongSide = STRONG_SIDE_PATTERNS;
      let count = 0;
      let outers = 0;
      for (const chart of everyChart()) {
        const r = readingOf(chart);
        count++;
        for (const id of r.ruleIds) if (!(id in DTS_RULES)) throw new Error(`rule ${id} has no quote`);
        if (r.outer !== null) {
          outers++;
          seen.add(r.outer.pattern);
          if (strongSide.has(r.outer.pattern) && r.yong === ((chart.stems[2]! >> 1) + 3) % 5)
            throw new Error(`官殺 on ${r.outer.pattern}: ${JSON.stringify(chart)}`);
        }
        if (r.yong !== null) {
          const five = renFiveGods(r.yong, r.surplus);
          if (new Set([five.yong, five.xi, five.ji, five.chou, five.xian]).size !== 5) throw new Error('the five gods overlap');
        }
      }
      expect(count).toBe(518_400);
      expect(DTS_OUTER.filter((p) => !seen.has(p))).toEqual([]);
      // 外格 stay a minority of charts, as the book has them.
      expect(outers / count).toBeLessThan(0.25);
    },
    budgetMs(180_000),
  );
});
