/** Variant A's per-pillar tables and summary (REST `ten_gods`, `zokan`, `zokan_ten_gods`, `juniun`, `summary`; their GraphQL types). */
import { z } from 'zod';
import { componentRef, shape } from './shape.ts';

const THREE_PILLARS = 'null in a three-pillar chart (`time_unknown`)';

export const STEM_TEN_GODS_SHAPE = shape('StemTenGods', 'Ten god (通変星) of the year, month and hour stems relative to the day stem', {
  year: componentRef('TenGod').meta({ description: 'Year stem’s ten god' }),
  month: componentRef('TenGod').meta({ description: 'Month stem’s ten god' }),
  time: componentRef('TenGod')
    .nullable()
    .meta({ description: `Hour stem’s ten god; ${THREE_PILLARS}` }),
});

/** One value per pillar, the hour's null in a three-pillar chart. */
const perPillar = <T extends z.ZodType>(name: string, description: string, what: string, item: () => T) =>
  shape(name, description, {
    year: item().meta({ description: `${what} of the year pillar` }),
    month: item().meta({ description: `${what} of the month pillar` }),
    day: item().meta({ description: `${what} of the day pillar` }),
    time: item()
      .nullable()
      .meta({ description: `${what} of the hour pillar; ${THREE_PILLARS}` }),
  });

export const PILLAR_HIDDEN_STEMS_SHAPE = perPillar(
  'PillarHiddenStems',
  'One hidden stem (蔵干) per branch by the day count since the 節入り (table J1 or J2)',
  'Hidden stem',
  () => componentRef('Stem'),
);
export const PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE = perPillar(
  'PillarHiddenStemTenGods',
  'Ten god of each hidden stem relative to the day stem',
  'Ten god of the hidden stem',
  () => componentRef('TenGod'),
);
export const PILLAR_LIFE_STAGES_SHAPE = perPillar(
  'PillarLifeStages',
  '十二運: the day stem’s life stage on each branch (長生 沐浴 冠帯 建禄 帝旺 衰 病 死 墓 絶 胎 養)',
  'Life stage',
  () => z.string(),
);

export const BASIC_SUMMARY_SHAPE = shape('BasicSummary', 'Day master, strength and a score (rules in docs/scores.md)', {
  day_master: componentRef('Stem').meta({ description: 'The day stem (日主)' }),
  element: componentRef('Element').meta({ description: 'Element of the day master' }),
  strength: z.string().meta({ description: 'Strength of the day master: 身強, 中和 or 身弱' }),
  fortune_score: componentRef('Score', z.int()).meta({ description: 'Integer 0–100' }),
  personality_traits: z.array(z.string()).meta({ description: 'Traits of the chart' }),
});
