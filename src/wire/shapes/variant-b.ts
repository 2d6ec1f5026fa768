/**
 * Variant B's analysis sections (REST `ten_gods`, `shensha`, `enhanced_summary`, and the pillars and
 * harmony of `nayin`; their GraphQL types).
 */
import { z } from 'zod';
import type { EnhancedSummary } from '../../domain/chart/analysis/enhanced-summary.ts';
import type { DetailedNayin, PillarNayin } from '../../domain/chart/analysis/nayin-detailed.ts';
import type { Shensha, StarEntry, StarLocation } from '../../domain/chart/analysis/shensha.ts';
import type { DetailedTenGods, PillarTenGod } from '../../domain/chart/analysis/ten-gods-detailed.ts';
import { componentRef, shape, type Shape } from './shape.ts';

const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';
const SECTION = z.string().meta({ description: 'What this section shows' });
const SCORE = componentRef('Score', z.int());

/** The four pillars of a section, each one `item`; the hour's null in a three-pillar chart. */
const fourPillars = <T extends z.ZodRawShape>(item: Shape<T>, day: string) => ({
  year_pillar: item.object.meta({ description: 'Year pillar' }),
  month_pillar: item.object.meta({ description: 'Month pillar' }),
  day_pillar: item.object.meta({ description: day }),
  hour_pillar: item.object.nullable().meta({ description: 'Hour pillar; null in a three-pillar chart (`time_unknown`)' }),
});

export const PILLAR_TEN_GOD_SHAPE = shape('PillarTenGod', 'A pillar’s heavenly stem and its ten god (通変星) relative to the day stem', {
  stem: componentRef('Stem').meta({ description: 'The pillar’s heavenly stem' }),
  ten_god: componentRef('TenGod').meta({
    description: 'One of 比肩 劫財 食神 傷官 偏財 正財 七殺 正官 偏印 印綬 (the day pillar is 比肩)',
  }),
  meaning: z.string().meta({ description: 'Keywords of the ten god' }),
});

export const TEN_GOD_BALANCE_ASSESSMENT_SHAPE = shape(
  'TenGodBalanceAssessment',
  'Which ten-god category dominates and how balanced the categories are',
  {
    strongest_category: z.string().meta({ description: 'Category with the most positions: 比劫, 食傷, 財星, 官殺 or 印星' }),
    balance_type: z.string().meta({ description: '偏重型, 均衡型 or 標準型 (rules in docs/scores.md)' }),
  },
);

export const TEN_GOD_SUMMARY_SHAPE = shape(
  'TenGodSummary',
  'The most frequent ten god over the three other stems and the four hidden stems',
  {
    dominant_ten_god: componentRef('TenGod').meta({ description: 'The most frequent ten god' }),
    dominant_count: z.int().min(1).meta({ description: 'How many positions hold it' }),
    pattern_description: z.string().meta({ description: 'What the dominant ten god says about the chart' }),
    balance_assessment: TEN_GOD_BALANCE_ASSESSMENT_SHAPE.object.meta({ description: 'Category balance' }),
  },
);

export const DETAILED_TEN_GODS_SHAPE = shape('DetailedTenGods', 'Ten gods of the four stems with meanings, and a summary (Variant B)', {
  description: SECTION,
  ...fourPillars(PILLAR_TEN_GOD_SHAPE, 'Day pillar (the day master itself: 比肩)'),
  summary: TEN_GOD_SUMMARY_SHAPE.object.meta({ description: 'Dominant ten god and balance' }),
});

export const PILLAR_NAYIN_SHAPE = shape('PillarNayin', 'The 納音 of one pillar', {
  ganzhi: componentRef('Ganzhi').meta({ description: 'The pillar, stem + branch' }),
  nayin: z.string().meta({ description: '納音 name in the answer’s language, e.g. ja 覆燈火, zh-Hans 覆灯火, en Lamp Fire' }),
  element: componentRef('Element').meta({ description: 'Element of the 納音 (its last character)' }),
  meaning: z.string().meta({ description: 'Image of the 納音' }),
});

export const HARMONY_LEVEL_SHAPE = shape('HarmonyLevel', 'How well the four 納音 elements get on', {
  score: SCORE.meta({ description: 'Integer 0–100' }),
  level: z.string().meta({ description: 'Band of the score: 非常に良好, 良好, 普通, やや不調和 or 不調和' }),
});

export const STAR_LOCATION_SHAPE = shape('StarLocation', 'A pillar where a star (神殺) sits', {
  pillar: z.string().meta({ description: '年柱, 月柱, 日柱 or 時柱' }),
  branch: z
    .string()
    .regex(new RegExp(`^[${BRANCHES}]$`))
    .meta({ description: 'The branch that carries the star' }),
  meaning: z.string().meta({ description: 'What the star means in that pillar' }),
});

export const STAR_ENTRY_SHAPE = shape('StarEntry', 'Whether a star is present, and where', {
  present: z.boolean().meta({ description: 'True when at least one pillar carries the star' }),
  locations: z.array(STAR_LOCATION_SHAPE.object).meta({ description: 'The pillars that carry it' }),
  count: z.int().min(0).meta({ description: 'Number of locations' }),
  effect: z.string().meta({ description: 'Effect of the star (or of its absence)' }),
});

export const KUIGANG_SHAPE = shape('Kuigang', '魁罡: the day pillar is one of 庚辰, 庚戌, 壬辰, 戊戌', {
  present: z.boolean().meta({ description: 'True when the day pillar is 魁罡' }),
  ganzhi: componentRef('Ganzhi').nullable().meta({ description: 'The day pillar when present, else null' }),
  meaning: z.string().meta({ description: 'What 魁罡 means' }),
  effect: z.string().meta({ description: 'Effect for this chart' }),
});

export const SHENSHA_SUMMARY_SHAPE = shape('ShenshaSummary', 'Stars found and a score', {
  active_stars: z.array(z.string()).meta({ description: 'Names of the stars present' }),
  total_stars: z.int().min(0).meta({ description: 'Sum of all locations, plus 1 for 魁罡' }),
  fortune_score: SCORE.meta({ description: 'Integer 0–100 (rules in docs/scores.md)' }),
  overall_assessment: z.string().meta({ description: 'Band of the score in words' }),
  description: z.string().meta({ description: 'Summary text' }),
});

const star = (description: string) => STAR_ENTRY_SHAPE.object.meta({ description });

export const SHENSHA_SHAPE = shape('Shensha', 'Special stars (神殺) of the chart (Variant B)', {
  description: SECTION,
  tianyi_guiren: star('天乙貴人, from the day stem over all four branches'),
  wenchang_guiren: star('文昌貴人, from the day stem'),
  taohua: star('桃花, from the year and day branches via their 三合 group'),
  huagai: star('華蓋, from the year and day branches via their 三合 group'),
  kongwang: star('空亡 of the day pillar’s 旬, on the year, month and hour branches'),
  kuigang: KUIGANG_SHAPE.object.meta({ description: '魁罡 of the day pillar' }),
  summary: SHENSHA_SUMMARY_SHAPE.object.meta({ description: 'Stars found and a score' }),
});

/** A scored indicator: a score, its band and what else it says. */
const indicator = <T extends z.ZodRawShape>(name: string, description: string, extra: T) =>
  shape(name, description, {
    score: SCORE.meta({ description: 'Integer 0–100 (rules in docs/scores.md)' }),
    level: z.string().meta({ description: 'Band of the score: 非常に高い, 高い, 標準, やや低い or 低い' }),
    ...extra,
  });

export const OVERALL_FORTUNE_SHAPE = indicator('OverallFortune', 'Overall fortune', {
  description: z.string().meta({ description: 'The overall fortune in words' }),
});
export const CAREER_POTENTIAL_SHAPE = indicator('CareerPotential', 'Career potential', {
  suitable_fields: z.array(z.string()).meta({ description: 'Fields of work that suit the chart' }),
});
export const RELATIONSHIP_LUCK_SHAPE = indicator('RelationshipLuck', 'Relationship luck', {
  characteristics: z.array(z.string()).meta({ description: 'How the chart relates to others' }),
});
export const WEALTH_POTENTIAL_SHAPE = indicator('WealthPotential', 'Wealth potential', {
  wealth_type: z.string().meta({ description: 'Kind of wealth: 技能信用型, 食傷生財型, 正財型 or 偏財型' }),
});
export const ACADEMIC_TALENT_SHAPE = indicator('AcademicTalent', 'Academic talent', {
  learning_style: z.array(z.string()).meta({ description: 'Ways of learning that suit the chart' }),
});

export const FORTUNE_INDICATORS_SHAPE = shape('FortuneIndicators', 'Five scored indicators', {
  overall_fortune: OVERALL_FORTUNE_SHAPE.object.meta({ description: 'Overall fortune' }),
  career_potential: CAREER_POTENTIAL_SHAPE.object.meta({ description: 'Career potential' }),
  relationship_luck: RELATIONSHIP_LUCK_SHAPE.object.meta({ description: 'Relationship luck' }),
  wealth_potential: WEALTH_POTENTIAL_SHAPE.object.meta({ description: 'Wealth potential' }),
  academic_talent: ACADEMIC_TALENT_SHAPE.object.meta({ description: 'Academic talent' }),
});

export const ENHANCED_SUMMARY_SHAPE = shape('EnhancedSummary', 'Key characteristics and scored fortune indicators (Variant B)', {
  description: SECTION,
  key_characteristics: z.array(z.string()).meta({ description: 'Key characteristics of the chart' }),
  fortune_indicators: FORTUNE_INDICATORS_SHAPE.object.meta({ description: 'Scored indicators' }),
});

/**
 * The shapes' types are the domain's: the declared answer fits the domain's type, and a member added to
 * the domain's and not the shape (or the other way round) fails the type check.
 */
type Same<S extends Shape, Domain> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Domain, keyof Domain] ? true : false) : false;
type Indicators = EnhancedSummary['fortune_indicators'];
const sameMembers: [
  Same<typeof PILLAR_TEN_GOD_SHAPE, PillarTenGod>,
  Same<typeof TEN_GOD_BALANCE_ASSESSMENT_SHAPE, DetailedTenGods['summary']['balance_assessment']>,
  Same<typeof TEN_GOD_SUMMARY_SHAPE, DetailedTenGods['summary']>,
  Same<typeof DETAILED_TEN_GODS_SHAPE, DetailedTenGods>,
  Same<typeof PILLAR_NAYIN_SHAPE, PillarNayin>,
  Same<typeof HARMONY_LEVEL_SHAPE, DetailedNayin['compatibility']['harmony_level']>,
  Same<typeof STAR_LOCATION_SHAPE, StarLocation>,
  Same<typeof STAR_ENTRY_SHAPE, StarEntry>,
  Same<typeof KUIGANG_SHAPE, Shensha['kuigang']>,
  Same<typeof SHENSHA_SUMMARY_SHAPE, Shensha['summary']>,
  Same<typeof SHENSHA_SHAPE, Shensha>,
  Same<typeof OVERALL_FORTUNE_SHAPE, Indicators['overall_fortune']>,
  Same<typeof CAREER_POTENTIAL_SHAPE, Indicators['career_potential']>,
  Same<typeof RELATIONSHIP_LUCK_SHAPE, Indicators['relationship_luck']>,
  Same<typeof WEALTH_POTENTIAL_SHAPE, Indicators['wealth_potential']>,
  Same<typeof ACADEMIC_TALENT_SHAPE, Indicators['academic_talent']>,
  Same<typeof FORTUNE_INDICATORS_SHAPE, Indicators>,
  Same<typeof ENHANCED_SUMMARY_SHAPE, EnhancedSummary>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void sameMembers;
