/**
 * Every documented field of Variant A and B's `result` that the analysis owns, with its JSON type, on 1,000 random
 * charts; strict objects, so an extra or misspelt key fails too.
 */
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIFE_STAGES } from '../../../src/domain/calendar/life-stages.ts';
import { NINE_STARS } from '../../../src/domain/calendar/nine-star.ts';
import { ELEMENTS, STEMS } from '../../../src/domain/calendar/stems.ts';
import { TEN_GODS } from '../../../src/domain/calendar/ten-gods.ts';
import type { AnalysisInput } from '../../../src/domain/chart/analysis-input.ts';
import { buildVariantAAnalysis, VARIANT_A_SECTIONS } from '../../../src/domain/chart/analysis/variant-a.ts';
import { buildVariantBAnalysis, VARIANT_B_SECTIONS } from '../../../src/domain/chart/analysis/variant-b.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { julianDayNumber } from './lunar-oracle.ts';

const score = z.int().min(0).max(100);
const text = z.string().min(1);
const texts = z.array(text).min(1);
const tenGod = z.enum(TEN_GODS);
const element = z.enum(ELEMENTS);
const perPillar = <T extends z.ZodType>(value: T) => z.strictObject({ year: value, month: value, day: value, time: value });

const dayDetails = z.strictObject({
  number: z.int().min(1).max(60),
  element,
  yin_yang: z.enum(['陽+', '陰-']),
  heavenly_stem: z.enum(STEMS),
  earthly_branch_group: z.enum(['水局', '木局', '火局', '金局']),
  star: z.enum(NINE_STARS),
  animal: z.enum(['鼠', '牛', '虎', '兎', '龍', '蛇', '馬', '羊', '猿', '鶏', '犬', '猪']),
});

const variantA = z.strictObject({
  day_ganzhi_details: dayDetails,
  ten_gods: z.strictObject({ year: tenGod, month: tenGod, time: tenGod }),
  zokan: perPillar(z.enum(STEMS)),
  zokan_ten_gods: perPillar(tenGod),
  juniun: perPillar(z.enum(LIFE_STAGES)),
  nayin: z.array(z.never()).length(0),
  gogyo_balance: z.strictObject({ 木: z.int().min(0), 火: z.int().min(0), 土: z.int().min(0), 金: z.int().min(0), 水: z.int().min(0) }),
  summary: z.strictObject({
    day_master: z.enum(STEMS),
    element,
    strength: text,
    fortune_score: score,
    personality_traits: texts,
  }),
});

const pillarTenGod = z.strictObject({ stem: z.enum(STEMS), ten_god: tenGod, meaning: text });
const pillarNayin = z.strictObject({ ganzhi: z.string().length(2), nayin: z.string().length(3), element, meaning: text });
const location = z.strictObject({ pillar: z.enum(['年柱', '月柱', '日柱', '時柱']), branch: z.string().length(1), meaning: text });
const star = z.strictObject({ present: z.boolean(), locations: z.array(location), count: z.int().min(0).max(4), effect: text });
const indicator = { score, level: text };

const variantB = z.strictObject({
  day_ganzhi_details: dayDetails,
  ten_gods: z.strictObject({
    description: text,
    year_pillar: pillarTenGod,
    month_pillar: pillarTenGod,
    day_pillar: pillarTenGod,
    hour_pillar: pillarTenGod,
    summary: z.strictObject({
      dominant_ten_god: tenGod,
      dominant_count: z.int().min(1).max(7),
      pattern_description: text,
      balance_assessment: z.strictObject({ strongest_category: text, balance_type: text }),
    }),
  }),
  nayin: z.strictObject({
    description: text,
    year_pillar: pillarNayin,
    month_pillar: pillarNayin,
    day_pillar: pillarNayin,
    hour_pillar: pillarNayin,
    compatibility: z.strictObject({
      element_distribution: z.partialRecord(element, z.int().min(1).max(4)),
      harmony_level: z.strictObject({ score, level: text }),
      dominant_element: element,
    }),
  }),
  shensha: z.strictObject({
    description: text,
    tianyi_guiren: star,
    wenchang_guiren: star,
    taohua: star,
    huagai: star,
    kongwang: star,
    kuigang: z.strictObject({ present: z.boolean(), ganzhi: z.string().length(2).nullable(), meaning: text, effect: text }),
    summary: z.strictObject({
      active_stars: z.array(text),
      total_stars: z.int().min(0),
      fortune_score: score,
      overall_assessment: text,
      description: text,
    }),
  }),
  enhanced_summary: z.strictObject({
    description: text,
    key_characteristics: texts,
    fortune_indicators: z.strictObject({
      overall_fortune: z.strictObject({ ...indicator, description: text }),
      career_potential: z.strictObject({ ...indicator, suitable_fields: texts }),
      relationship_luck: z.strictObject({ ...indicator, characteristics: texts }),
      wealth_potential: z.strictObject({ ...indicator, wealth_type: text }),
      academic_talent: z.strictObject({ ...indicator, learning_style: texts }),
    }),
  }),
});

const FIRST_JDN = julianDayNumber(1900, 1, 1);
const LAST_JDN = julianDayNumber(2100, 12, 31);

function randomInput(random: () => number): AnalysisInput {
  return {
    // prettier-ignore
    pillars: {
      year: randomInt(random, 0, 59), month: randomInt(random, 0, 59),
      day: randomInt(random, 0, 59), hour: randomInt(random, 0, 59),
    },
    dayPillarJdn: randomInt(random, FIRST_JDN, LAST_JDN),
    zokanDayCount: randomInt(random, 1, 32),
    zokanTable: random() < 0.5 ? 'getsuritsu' : 'nijuhachigen',
  };
}

const CHARTS = 1_000;

describe('analysis output shapes (docs/fields.md, sections 4–6)', () => {
  it(`Variant A has every field with its JSON type on ${CHARTS} random charts`, () => {
    const random = mulberry32(2_003);
    for (let i = 0; i < CHARTS; i++) {
      const input = randomInput(random);
      const result = buildVariantAAnalysis(input, JA_CATALOGUE);
      expect(variantA.safeParse(result).error, JSON.stringify(input)).toBeUndefined();
      const balance = Object.values(result.gogyo_balance).reduce((sum, count) => sum + count, 0);
      expect(balance, 'gogyo_balance counts the 8 visible characters').toBe(8);
    }
  });

  it(`Variant B has every field with its JSON type on ${CHARTS} random charts`, () => {
    const random = mulberry32(2_004);
    for (let i = 0; i < CHARTS; i++) {
      const input = randomInput(random);
      const result = buildVariantBAnalysis(input, JA_CATALOGUE);
      expect(variantB.safeParse(result).error, JSON.stringify(input)).toBeUndefined();
      expect(result.ten_gods.day_pillar.ten_god, 'the day stem against itself').toBe('比肩');
      for (const key of ['tianyi_guiren', 'wenchang_guiren', 'taohua', 'huagai', 'kongwang'] as const) {
        expect(result.shensha[key].count).toBe(result.shensha[key].locations.length);
        expect(result.shensha[key].present).toBe(result.shensha[key].count > 0);
      }
      expect(result.shensha.kuigang.present).toBe(result.shensha.kuigang.ganzhi !== null);
    }
  });

  it('the same input always gives the same output, and it survives JSON unchanged', () => {
    const random = mulberry32(2_005);
    for (let i = 0; i < 200; i++) {
      const input = randomInput(random);
      const copy: AnalysisInput = { ...input, pillars: { ...input.pillars } };
      const b = buildVariantBAnalysis(input, JA_CATALOGUE);
      expect(buildVariantBAnalysis(copy, JA_CATALOGUE)).toEqual(b);
      expect(JSON.parse(JSON.stringify(b))).toEqual(b);
      expect(buildVariantAAnalysis(copy, JA_CATALOGUE)).toEqual(buildVariantAAnalysis(input, JA_CATALOGUE));
    }
  });

  it('each section function alone equals the same field of the full build', () => {
    const input = randomInput(mulberry32(2_006));
    const a = buildVariantAAnalysis(input, JA_CATALOGUE);
    for (const [key, section] of Object.entries(VARIANT_A_SECTIONS)) {
      expect(section({ ...input }, JA_CATALOGUE), key).toEqual(a[key as keyof typeof a]);
    }
    const b = buildVariantBAnalysis(input, JA_CATALOGUE);
    for (const [key, section] of Object.entries(VARIANT_B_SECTIONS)) {
      expect(section({ ...input }, JA_CATALOGUE), key).toEqual(b[key as keyof typeof b]);
    }
  });

  it('section records cover exactly the analysis fields of the spec', () => {
    expect(Object.keys(VARIANT_A_SECTIONS).sort()).toEqual(
      ['day_ganzhi_details', 'gogyo_balance', 'juniun', 'nayin', 'summary', 'ten_gods', 'zokan', 'zokan_ten_gods'].sort(),
    );
    expect(Object.keys(VARIANT_B_SECTIONS).sort()).toEqual(
      ['day_ganzhi_details', 'enhanced_summary', 'nayin', 'shensha', 'ten_gods'].sort(),
    );
  });
});

describe('the shape schemas themselves', () => {
  it('reject a fractional score and an unknown key, so the checks above can fail', () => {
    const a = buildVariantAAnalysis(randomInput(mulberry32(7)), JA_CATALOGUE);
    expect(variantA.safeParse({ ...a, summary: { ...a.summary, fortune_score: 50.5 } }).success).toBe(false);
    expect(variantA.safeParse({ ...a, extra: 1 }).success).toBe(false);
  });
});
