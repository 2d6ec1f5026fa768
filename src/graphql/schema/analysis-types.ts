/**
 * Object types of the analysis sections (docs/fields.md, sections 4–6). The domain returns REST-shaped
 * (snake_case) objects; these types expose them under camelCase field names. Stems, branches, ten
 * gods, elements and other closed vocabularies are plain strings in the answer's language (`lang`).
 */
import type { DayGanzhiDetails } from '../../domain/chart/analysis/day-details.ts';
import type { EnhancedSummary } from '../../domain/chart/analysis/enhanced-summary.ts';
import type { DetailedNayin, PillarNayin } from '../../domain/chart/analysis/nayin-detailed.ts';
import type { Shensha, StarEntry, StarLocation } from '../../domain/chart/analysis/shensha.ts';
import type { DetailedTenGods, PillarTenGod } from '../../domain/chart/analysis/ten-gods-detailed.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { DAY_GANZHI_DETAILS_SHAPE } from '../../wire/shapes/day-ganzhi-details.ts';

export const DayGanzhiDetailsType = objectTypeOf<DayGanzhiDetails>(DAY_GANZHI_DETAILS_SHAPE);

const PillarTenGodType = builder.objectRef<PillarTenGod>('PillarTenGod').implement({
  description: 'A pillar’s heavenly stem and its ten god (通変星) relative to the day stem.',
  fields: (t) => ({
    stem: t.exposeString('stem', { description: 'The pillar’s heavenly stem.' }),
    tenGod: t.exposeString('ten_god', {
      description: 'One of 比肩 劫財 食神 傷官 偏財 正財 七殺 正官 偏印 印綬 (the day pillar is 比肩).',
    }),
    meaning: t.exposeString('meaning', { description: 'Keywords of the ten god.' }),
  }),
});

type TenGodSummary = DetailedTenGods['summary'];
const BalanceAssessmentType = builder.objectRef<TenGodSummary['balance_assessment']>('TenGodBalanceAssessment').implement({
  description: 'Which ten-god category dominates and how balanced the categories are.',
  fields: (t) => ({
    strongestCategory: t.exposeString('strongest_category', {
      description: 'Category with the most positions: 比劫, 食傷, 財星, 官殺 or 印星.',
    }),
    balanceType: t.exposeString('balance_type', { description: '偏重型, 均衡型 or 標準型 (rules in docs/scores.md).' }),
  }),
});

const TenGodSummaryType = builder.objectRef<TenGodSummary>('TenGodSummary').implement({
  description: 'The most frequent ten god over the three other stems and the four hidden stems.',
  fields: (t) => ({
    dominantTenGod: t.exposeString('dominant_ten_god', { description: 'The most frequent ten god.' }),
    dominantCount: t.exposeInt('dominant_count', { description: 'How many positions hold it.' }),
    patternDescription: t.exposeString('pattern_description', { description: 'What the dominant ten god says about the chart.' }),
    balanceAssessment: t.expose('balance_assessment', { type: BalanceAssessmentType, description: 'Category balance.' }),
  }),
});

export const DetailedTenGodsType = builder.objectRef<DetailedTenGods>('DetailedTenGods').implement({
  description: 'Ten gods of the four stems with meanings, and a summary (Variant B).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What this section shows.' }),
    yearPillar: t.expose('year_pillar', { type: PillarTenGodType, description: 'Year pillar.' }),
    monthPillar: t.expose('month_pillar', { type: PillarTenGodType, description: 'Month pillar.' }),
    dayPillar: t.expose('day_pillar', { type: PillarTenGodType, description: 'Day pillar (the day master itself: 比肩).' }),
    hourPillar: t.expose('hour_pillar', {
      type: PillarTenGodType,
      nullable: true,
      description: 'Hour pillar; null in a three-pillar chart (`timeUnknown`).',
    }),
    summary: t.expose('summary', { type: TenGodSummaryType, description: 'Dominant ten god and balance.' }),
  }),
});

const PillarNayinType = builder.objectRef<PillarNayin>('PillarNayin').implement({
  description: 'The 納音 of one pillar.',
  fields: (t) => ({
    ganzhi: t.exposeString('ganzhi', { description: 'The pillar, stem + branch.' }),
    nayin: t.exposeString('nayin', { description: '納音 name in the answer’s language, e.g. ja 覆燈火, zh-Hans 覆灯火, en Lamp Fire.' }),
    element: t.exposeString('element', { description: 'Element of the 納音 (its last character).' }),
    meaning: t.exposeString('meaning', { description: 'Image of the 納音.' }),
  }),
});

interface ElementCount {
  readonly element: string;
  readonly count: number;
}

const ElementCountType = builder.objectRef<ElementCount>('ElementCount').implement({
  description: 'How many pillars carry a 納音 element.',
  fields: (t) => ({
    element: t.exposeString('element', { description: '木, 火, 土, 金 or 水.' }),
    count: t.exposeInt('count', { description: 'Number of pillars, 1–4.' }),
  }),
});

type NayinCompatibility = DetailedNayin['compatibility'];
const HarmonyLevelType = builder.objectRef<NayinCompatibility['harmony_level']>('HarmonyLevel').implement({
  description: 'How well the four 納音 elements get on.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: 'Integer 0–100.' }),
    level: t.exposeString('level', { description: 'Band of the score: 非常に良好, 良好, 普通, やや不調和 or 不調和.' }),
  }),
});

const NayinCompatibilityType = builder.objectRef<NayinCompatibility>('NayinCompatibility').implement({
  description: 'Distribution and harmony of the four 納音 elements.',
  fields: (t) => ({
    elementDistribution: t.field({
      type: [ElementCountType],
      description: 'Only the elements that occur, in the order 木火土金水 (REST: an object keyed by element).',
      resolve: (c) => Object.entries(c.element_distribution).map(([element, count]) => ({ element, count: count ?? 0 })),
    }),
    harmonyLevel: t.expose('harmony_level', { type: HarmonyLevelType, description: 'Harmony score and level.' }),
    dominantElement: t.exposeString('dominant_element', {
      description: 'The most frequent 納音 element (ties: the earlier of 木火土金水).',
    }),
  }),
});

export const DetailedNayinType = builder.objectRef<DetailedNayin>('DetailedNayin').implement({
  description: '納音 of each pillar and their compatibility (Variant B).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What this section shows.' }),
    yearPillar: t.expose('year_pillar', { type: PillarNayinType, description: 'Year pillar.' }),
    monthPillar: t.expose('month_pillar', { type: PillarNayinType, description: 'Month pillar.' }),
    dayPillar: t.expose('day_pillar', { type: PillarNayinType, description: 'Day pillar.' }),
    hourPillar: t.expose('hour_pillar', {
      type: PillarNayinType,
      nullable: true,
      description: 'Hour pillar; null in a three-pillar chart (`timeUnknown`).',
    }),
    compatibility: t.expose('compatibility', { type: NayinCompatibilityType, description: 'Element distribution and harmony.' }),
  }),
});

const StarLocationType = builder.objectRef<StarLocation>('StarLocation').implement({
  description: 'A pillar where a star (神殺) sits.',
  fields: (t) => ({
    pillar: t.exposeString('pillar', { description: '年柱, 月柱, 日柱 or 時柱.' }),
    branch: t.exposeString('branch', { description: 'The branch that carries the star.' }),
    meaning: t.exposeString('meaning', { description: 'What the star means in that pillar.' }),
  }),
});

const StarEntryType = builder.objectRef<StarEntry>('StarEntry').implement({
  description: 'Whether a star is present, and where.',
  fields: (t) => ({
    present: t.exposeBoolean('present', { description: 'True when at least one pillar carries the star.' }),
    locations: t.expose('locations', { type: [StarLocationType], description: 'The pillars that carry it.' }),
    count: t.exposeInt('count', { description: 'Number of locations.' }),
    effect: t.exposeString('effect', { description: 'Effect of the star (or of its absence).' }),
  }),
});

const KuigangType = builder.objectRef<Shensha['kuigang']>('Kuigang').implement({
  description: '魁罡: the day pillar is one of 庚辰, 庚戌, 壬辰, 戊戌.',
  fields: (t) => ({
    present: t.exposeBoolean('present', { description: 'True when the day pillar is 魁罡.' }),
    ganzhi: t.exposeString('ganzhi', { nullable: true, description: 'The day pillar when present, else null.' }),
    meaning: t.exposeString('meaning', { description: 'What 魁罡 means.' }),
    effect: t.exposeString('effect', { description: 'Effect for this chart.' }),
  }),
});

const ShenshaSummaryType = builder.objectRef<Shensha['summary']>('ShenshaSummary').implement({
  description: 'Stars found and a score.',
  fields: (t) => ({
    activeStars: t.exposeStringList('active_stars', { description: 'Names of the stars present.' }),
    totalStars: t.exposeInt('total_stars', { description: 'Sum of all locations, plus 1 for 魁罡.' }),
    fortuneScore: t.exposeInt('fortune_score', { description: 'Integer 0–100 (rules in docs/scores.md).' }),
    overallAssessment: t.exposeString('overall_assessment', { description: 'Band of the score in words.' }),
    description: t.exposeString('description', { description: 'Summary text.' }),
  }),
});

export const ShenshaType = builder.objectRef<Shensha>('Shensha').implement({
  description: 'Special stars (神殺) of the chart (Variant B).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What this section shows.' }),
    tianyiGuiren: t.expose('tianyi_guiren', { type: StarEntryType, description: '天乙貴人, from the day stem over all four branches.' }),
    wenchangGuiren: t.expose('wenchang_guiren', { type: StarEntryType, description: '文昌貴人, from the day stem.' }),
    taohua: t.expose('taohua', { type: StarEntryType, description: '桃花, from the year and day branches via their 三合 group.' }),
    huagai: t.expose('huagai', { type: StarEntryType, description: '華蓋, from the year and day branches via their 三合 group.' }),
    kongwang: t.expose('kongwang', {
      type: StarEntryType,
      description: '空亡 of the day pillar’s 旬, on the year, month and hour branches.',
    }),
    kuigang: t.expose('kuigang', { type: KuigangType, description: '魁罡 of the day pillar.' }),
    summary: t.expose('summary', { type: ShenshaSummaryType, description: 'Stars found and a score.' }),
  }),
});

type Indicators = EnhancedSummary['fortune_indicators'];
const indicatorFields = {
  score: 'Integer 0–100 (rules in docs/scores.md).',
  level: 'Band of the score: 非常に高い, 高い, 標準, やや低い or 低い.',
} as const;

const OverallFortuneType = builder.objectRef<Indicators['overall_fortune']>('OverallFortune').implement({
  description: 'Overall fortune.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: indicatorFields.score }),
    level: t.exposeString('level', { description: indicatorFields.level }),
    description: t.exposeString('description', { description: 'The overall fortune in words.' }),
  }),
});

const CareerPotentialType = builder.objectRef<Indicators['career_potential']>('CareerPotential').implement({
  description: 'Career potential.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: indicatorFields.score }),
    level: t.exposeString('level', { description: indicatorFields.level }),
    suitableFields: t.exposeStringList('suitable_fields', { description: 'Fields of work that suit the chart.' }),
  }),
});

const RelationshipLuckType = builder.objectRef<Indicators['relationship_luck']>('RelationshipLuck').implement({
  description: 'Relationship luck.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: indicatorFields.score }),
    level: t.exposeString('level', { description: indicatorFields.level }),
    characteristics: t.exposeStringList('characteristics', { description: 'How the chart relates to others.' }),
  }),
});

const WealthPotentialType = builder.objectRef<Indicators['wealth_potential']>('WealthPotential').implement({
  description: 'Wealth potential.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: indicatorFields.score }),
    level: t.exposeString('level', { description: indicatorFields.level }),
    wealthType: t.exposeString('wealth_type', { description: 'Kind of wealth: 技能信用型, 食傷生財型, 正財型 or 偏財型.' }),
  }),
});

const AcademicTalentType = builder.objectRef<Indicators['academic_talent']>('AcademicTalent').implement({
  description: 'Academic talent.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: indicatorFields.score }),
    level: t.exposeString('level', { description: indicatorFields.level }),
    learningStyle: t.exposeStringList('learning_style', { description: 'Ways of learning that suit the chart.' }),
  }),
});

const FortuneIndicatorsType = builder.objectRef<Indicators>('FortuneIndicators').implement({
  description: 'Five scored indicators.',
  fields: (t) => ({
    overallFortune: t.expose('overall_fortune', { type: OverallFortuneType, description: 'Overall fortune.' }),
    careerPotential: t.expose('career_potential', { type: CareerPotentialType, description: 'Career potential.' }),
    relationshipLuck: t.expose('relationship_luck', { type: RelationshipLuckType, description: 'Relationship luck.' }),
    wealthPotential: t.expose('wealth_potential', { type: WealthPotentialType, description: 'Wealth potential.' }),
    academicTalent: t.expose('academic_talent', { type: AcademicTalentType, description: 'Academic talent.' }),
  }),
});

export const EnhancedSummaryType = builder.objectRef<EnhancedSummary>('EnhancedSummary').implement({
  description: 'Key characteristics and scored fortune indicators (Variant B).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What this section shows.' }),
    keyCharacteristics: t.exposeStringList('key_characteristics', { description: 'Key characteristics of the chart.' }),
    fortuneIndicators: t.expose('fortune_indicators', { type: FortuneIndicatorsType, description: 'Scored indicators.' }),
  }),
});
