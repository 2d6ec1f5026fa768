/** One of the two charts a compatibility compares (REST `a` / `b`, GraphQL `CompatibilityChart`). */
import type { CompatibilityChartJson } from '../../application/operations/compatibility.ts';
import type { z } from 'zod';
import { componentRef, shape } from './shape.ts';

const GANZHI = componentRef('Ganzhi');

export const COMPATIBILITY_CHART_SHAPE = shape(
  'CompatibilityChart',
  'One of the two charts compared: its pillars',
  {
    year_ganzhi: GANZHI.meta({ description: 'Year pillar, stem + branch' }),
    month_ganzhi: GANZHI.meta({ description: 'Month pillar' }),
    day_ganzhi: GANZHI.meta({ description: 'Day pillar' }),
    time_ganzhi: GANZHI.nullable().meta({
      description: 'Hour pillar; null when no birth time was given (the comparison then uses three pillars)',
    }),
    day_master: componentRef('Stem').meta({ description: 'Day stem (日主)' }),
  },
  { component: true },
);

/** The shape's type is the operation's: a member added to one and not the other fails the type check. */
type Declared = z.infer<typeof COMPATIBILITY_CHART_SHAPE.object>;
const sameMembers: [Declared, CompatibilityChartJson] extends [CompatibilityChartJson, Declared] ? true : false = true;
void sameMembers;
