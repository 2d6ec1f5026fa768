/** Worked examples from printed sources, verbatim (each names its source). */
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { describe, expect, it } from 'vitest';
import type { AnalysisInput } from '../../../src/domain/chart/analysis-input.ts';
import type { ZokanTable } from '../../../src/domain/chart/conventions.ts';
import { buildVariantAAnalysis } from '../../../src/domain/chart/analysis/variant-a.ts';
import { buildVariantBAnalysis, VARIANT_B_SECTIONS } from '../../../src/domain/chart/analysis/variant-b.ts';
import { julianDayNumber, pillarIndex } from './lunar-oracle.ts';

function chart(
  ganzhi: string,
  civilDate: readonly [number, number, number],
  zokanDayCount: number,
  zokanTable: ZokanTable = 'getsuritsu',
): AnalysisInput {
  const [year, month, day, hour] = ganzhi.split(' ').map(pillarIndex) as [number, number, number, number];
  return { pillars: { year, month, day, hour }, dayPillarJdn: julianDayNumber(...civilDate), zokanDayCount, zokanTable };
}

describe('the 2024 立春 boundary (蔵干 by day count)', () => {
  it('2024-02-04 17:27 (甲辰 丙寅 戊戌 辛酉, n = 1): J1 蔵干 乙 戊 辛 庚 with ten gods 正官 比肩 傷官 食神', () => {
    const a = buildVariantAAnalysis(chart('甲辰 丙寅 戊戌 辛酉', [2024, 2, 4], 1), JA_CATALOGUE);
    expect(a.zokan).toEqual({ year: '乙', month: '戊', day: '辛', time: '庚' });
    expect(a.zokan_ten_gods).toEqual({ year: '正官', month: '比肩', day: '傷官', time: '食神' });
  });

  it('2024-02-04 17:27 with zokan_table nijuhachigen (J2): 蔵干 乙 戊 辛 辛', () => {
    const a = buildVariantAAnalysis(chart('甲辰 丙寅 戊戌 辛酉', [2024, 2, 4], 1, 'nijuhachigen'), JA_CATALOGUE);
    expect(a.zokan).toEqual({ year: '乙', month: '戊', day: '辛', time: '辛' });
  });

  it('2024-02-04 17:26 (癸卯 乙丑 戊戌 辛酉, n = 30 from 小寒): J1 and J2 蔵干 乙 己 戊 辛, ten gods 正官 劫財 比肩 傷官', () => {
    for (const table of ['getsuritsu', 'nijuhachigen'] as const) {
      const a = buildVariantAAnalysis(chart('癸卯 乙丑 戊戌 辛酉', [2024, 2, 4], 30, table), JA_CATALOGUE);
      expect(a.zokan, table).toEqual({ year: '乙', month: '己', day: '戊', time: '辛' });
      expect(a.zokan_ten_gods, table).toEqual({ year: '正官', month: '劫財', day: '比肩', time: '傷官' });
    }
  });

  it('2024-02-04 17:27: stem ten gods 七殺 偏印 傷官 and 十二運 冠帯 長生 墓 死 (with the 辛酉 hour)', () => {
    const a = buildVariantAAnalysis(chart('甲辰 丙寅 戊戌 辛酉', [2024, 2, 4], 1), JA_CATALOGUE);
    expect(a.ten_gods).toEqual({ year: '七殺', month: '偏印', time: '傷官' });
    expect(a.juniun).toEqual({ year: '冠帯', month: '長生', day: '墓', time: '死' });
  });
});

describe('kantei-fortune 1945-11-02 (戌 month, 寒露 10/9, n = 25)', () => {
  it('branches 酉 戌 亥 辰 resolve to 辛 戊 壬 戊 under both J1 and J2', () => {
    for (const table of ['getsuritsu', 'nijuhachigen'] as const) {
      const a = buildVariantAAnalysis(chart('乙酉 丙戌 乙亥 庚辰', [1945, 11, 2], 25, table), JA_CATALOGUE);
      expect(a.zokan, table).toEqual({ year: '辛', month: '戊', day: '壬', time: '戊' });
    }
  });
});

describe('shensha worked example: 2024-02-04 17:27 = 甲辰 丙寅 戊戌 辛酉', () => {
  const b = VARIANT_B_SECTIONS.shensha(chart('甲辰 丙寅 戊戌 辛酉', [2024, 2, 4], 1), JA_CATALOGUE);

  it('day 戊戌 is in 甲午旬, so the year branch 辰 is 空亡', () => {
    expect(b.kongwang.present).toBe(true);
    expect(b.kongwang.locations.map(({ pillar, branch }) => [pillar, branch])).toEqual([['年柱', '辰']]);
  });

  it('the day pillar 戊戌 is 魁罡', () => {
    expect(b.kuigang).toMatchObject({ present: true, ganzhi: '戊戌' });
  });

  it('桃花 from the year branch 辰 (申子辰 → 酉) falls on the hour branch 酉', () => {
    expect(b.taohua.locations.map(({ pillar, branch }) => [pillar, branch])).toEqual([['時柱', '酉']]);
    expect(b.taohua.locations[0]!.meaning).toContain('年支から');
  });

  it('no 天乙貴人 (戊 → 丑未) and no 文昌貴人 (戊 → 申)', () => {
    expect(b.tianyi_guiren).toMatchObject({ present: false, locations: [], count: 0 });
    expect(b.wenchang_guiren).toMatchObject({ present: false, locations: [], count: 0 });
  });

  it('the summary lists exactly the active stars', () => {
    expect(b.summary.active_stars).toEqual(['桃花', '空亡', '魁罡']);
    expect(b.summary.total_stars).toBe(3);
  });
});

describe('華蓋 never matches its own reference pillar', () => {
  it('a 辰 year with no other 辰 has no 華蓋 (申子辰 → 辰 would only be itself)', () => {
    const b = VARIANT_B_SECTIONS.shensha(chart('甲辰 丙寅 戊戌 辛酉', [2024, 2, 4], 1), JA_CATALOGUE);
    expect(b.huagai.present).toBe(false);
  });

  it('year 辰 and day 辰 see each other: each is 華蓋 from the other reference only', () => {
    const b = VARIANT_B_SECTIONS.shensha(chart('甲辰 丙寅 戊辰 辛酉', [2024, 2, 4], 1), JA_CATALOGUE);
    expect(b.huagai.locations.map(({ pillar }) => pillar)).toEqual(['年柱', '日柱']);
    expect(b.huagai.locations[0]!.meaning).toContain('（日支から）');
    expect(b.huagai.locations[1]!.meaning).toContain('（年支から）');
  });
});

describe('day_ganzhi_details', () => {
  it('2024-02-04 (戊戌): number 35, 土, 陽+, 火局 (寅午戌), 犬', () => {
    const details = buildVariantBAnalysis(chart('甲辰 丙寅 戊戌 辛酉', [2024, 2, 4], 1), JA_CATALOGUE).day_ganzhi_details;
    expect(details).toMatchObject({
      number: 35,
      element: '土',
      yin_yang: '陽+',
      heavenly_stem: '戊',
      earthly_branch_group: '火局',
      animal: '犬',
    });
  });

  it('日家九星: 2024-01-01 is 一白水星 and 2024-06-29 is 九紫火星', () => {
    expect(buildVariantAAnalysis(chart('癸卯 甲子 甲子 甲子', [2024, 1, 1], 1), JA_CATALOGUE).day_ganzhi_details.star).toBe('一白水星');
    expect(buildVariantAAnalysis(chart('甲辰 庚午 甲子 甲子', [2024, 6, 29], 1), JA_CATALOGUE).day_ganzhi_details.star).toBe('九紫火星');
  });
});
