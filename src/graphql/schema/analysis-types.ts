/**
 * Object types of the analysis sections (docs/fields.md, sections 4–6). The domain returns REST-shaped
 * (snake_case) objects; these types expose them under camelCase field names. Stems, branches, ten
 * gods, elements and other closed vocabularies are plain strings in the answer's language (`lang`).
 */
import type { DayGanzhiDetails } from '../../domain/chart/analysis/day-details.ts';
import type { EnhancedSummary } from '../../domain/chart/analysis/enhanced-summary.ts';
import type { DetailedNayin, PillarNayin } from '../../domain/chart/analysis/nayin-detailed.ts';
import type { Shensha } from '../../domain/chart/analysis/shensha.ts';
import type { DetailedTenGods } from '../../domain/chart/analysis/ten-gods-detailed.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { DAY_GANZHI_DETAILS_SHAPE } from '../../wire/shapes/day-ganzhi-details.ts';
import {
  DETAILED_TEN_GODS_SHAPE,
  ENHANCED_SUMMARY_SHAPE,
  HARMONY_LEVEL_SHAPE,
  PILLAR_NAYIN_SHAPE,
  SHENSHA_SHAPE,
} from '../../wire/shapes/variant-b.ts';

export const DayGanzhiDetailsType = objectTypeOf<DayGanzhiDetails>(DAY_GANZHI_DETAILS_SHAPE);

export const DetailedTenGodsType = objectTypeOf<DetailedTenGods>(DETAILED_TEN_GODS_SHAPE);

const PillarNayinType = objectTypeOf<PillarNayin>(PILLAR_NAYIN_SHAPE);

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
const HarmonyLevelType = objectTypeOf<NayinCompatibility['harmony_level']>(HARMONY_LEVEL_SHAPE);

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

export const ShenshaType = objectTypeOf<Shensha>(SHENSHA_SHAPE);

export const EnhancedSummaryType = objectTypeOf<EnhancedSummary>(ENHANCED_SUMMARY_SHAPE);
