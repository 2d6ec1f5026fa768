/**
 * The `alternatives` section's JSON declared as shapes (wire/shapes): a chart of the birth-time window,
 * each item of /openapi.json `ChartAlternatives`. GraphQL's `ChartAlternative` keeps its own type over
 * these members (src/graphql/schema/certainty.ts): its `zokan` is Variant A's `PillarHiddenStems`
 * (whose hour may be null), where each alternative has all four.
 */
import { z } from 'zod';
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import type { alternativesJson } from '../../present/certainty-json.ts';
import { componentRef, shape, shapeJsonSchema, type Shape } from '../../shapes/shape.ts';

/** An ISO 8601 instant with the request zone's offset. */
const instant = (description: string) => z.stringFormat('date-time', (text) => !Number.isNaN(Date.parse(text))).meta({ description });
const GANZHI = componentRef('Ganzhi');
const STEM = componentRef('Stem');

export const CHART_ALTERNATIVE_ZOKAN_SHAPE = shape('ChartAlternativeZokan', '蔵干 of the four branches', {
  year: STEM.meta({ description: 'Hidden stem of the year pillar' }),
  month: STEM.meta({ description: 'Hidden stem of the month pillar' }),
  day: STEM.meta({ description: 'Hidden stem of the day pillar' }),
  time: STEM.meta({ description: 'Hidden stem of the hour pillar' }),
});

export const CHART_ALTERNATIVE_SHAPE = shape(
  'ChartAlternative',
  'A chart a birth within the window gives: its sub-window of birth times and its pillars',
  {
    from: instant('First birth time giving it, ISO 8601 with the request zone’s offset'),
    to: instant('End of its sub-window (exclusive)'),
    share: z.number().min(0).max(1).meta({ description: 'Its share of the window, 0–1' }),
    year_ganzhi: GANZHI.meta({ description: 'Year pillar' }),
    month_ganzhi: GANZHI.meta({ description: 'Month pillar' }),
    day_ganzhi: GANZHI.meta({ description: 'Day pillar' }),
    time_ganzhi: GANZHI.meta({ description: 'Hour pillar' }),
    zokan: CHART_ALTERNATIVE_ZOKAN_SHAPE.object.meta({ description: '蔵干 of the four branches' }),
    is_birth_chart: z.boolean().meta({ description: 'The birth time itself falls in this sub-window' }),
  },
);

/** /openapi.json `ChartAlternatives`: the section's list, never empty (the birth's own chart is one). */
export const CHART_ALTERNATIVES_SCHEMA: JsonSchema = {
  type: 'array',
  minItems: 1,
  description: 'Every chart a birth within ± `uncertainty_minutes` gives (`include=alternatives`); docs/fields.md, section 11',
  items: shapeJsonSchema(CHART_ALTERNATIVE_SHAPE),
};

/**
 * The shapes' types are the presenter's: the declared alternative fits its type, and a member added to
 * one and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
/** The presenter's stems are the Japanese characters' literal types; the shape's are text matching `Stem`. */
type Zokan = { readonly [K in keyof AlternativeJson['zokan']]: string };
type AlternativeJson = ReturnType<typeof alternativesJson>[number];
type Alternative = Omit<AlternativeJson, 'zokan'> & { readonly zokan: Zokan };
const sameMembers: [Same<typeof CHART_ALTERNATIVE_ZOKAN_SHAPE, Zokan>, Same<typeof CHART_ALTERNATIVE_SHAPE, Alternative>] = [true, true];
void sameMembers;
