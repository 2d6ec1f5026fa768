/**
 * Both variants' `result` (/openapi.json `ResultA`, `ResultB`; docs/fields.md): the calendar fields,
 * the analysis sections (shapes of their own) and, after them, the optional members `include` and a
 * lunar date or a birthplace append. GraphQL's `VariantAResult` and `VariantBResult` keep their own
 * types (lazy sections, the opt-in sections' arguments).
 */
import { z } from 'zod';
import { once } from '../../application/registry.ts';
import type { DetailedNayin } from '../../domain/chart/analysis/nayin-detailed.ts';
import type { VariantAResult, VariantBResult } from '../../domain/chart/variants.ts';
import { chartSections } from '../chart-sections.ts';
import { atomRef, ELEMENT_KEYS, type AtomName } from './atoms.ts';
import { DAY_GANZHI_DETAILS_SHAPE } from './day-ganzhi-details.ts';
import { LUNAR_INPUT_SHAPE } from './lunar-input.ts';
import {
  BASIC_SUMMARY_SHAPE,
  PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE,
  PILLAR_HIDDEN_STEMS_SHAPE,
  PILLAR_LIFE_STAGES_SHAPE,
  STEM_TEN_GODS_SHAPE,
} from './pillar-tables.ts';
import { PLACE_SHAPE } from './place.ts';
import { asWritten, componentRef, inPlace, shape, shapeJsonSchema } from './shape.ts';
import { DETAILED_TEN_GODS_SHAPE, ENHANCED_SUMMARY_SHAPE, HARMONY_LEVEL_SHAPE, PILLAR_NAYIN_SHAPE, SHENSHA_SHAPE } from './variant-b.ts';

/** The hour pillar's member: null in a three-pillar chart (`time_unknown`). */
const orNoHour = <T>(item: Readonly<Record<string, unknown>>) =>
  asWritten<T | null>({ anyOf: [item, { type: 'null' }], description: 'Null when time_unknown is true' });

/** `input_date`: the date and minute, or the date alone when the time is unknown. */
const INPUT_DATE = asWritten<string>({
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2})?$',
  description: '`YYYY-MM-DD HH:MM`; `YYYY-MM-DD` when time_unknown is true',
});

/** The pillars and the term moments both variants carry, in their order; the term dates in the variant's layout. */
const pillarsAndTerms = (termDate: AtomName) => ({
  spring_date: componentRef(termDate),
  year_ganzhi: componentRef('Ganzhi'),
  month_ganzhi: componentRef('Ganzhi'),
  day_ganzhi: componentRef('Ganzhi'),
  time_ganzhi: orNoHour<string>(atomRef('Ganzhi')),
  month_ganzhi_date: componentRef(termDate),
  month_ganzhi_biko: componentRef('TermBiko'),
});

/** What `include=…` appends to either variant's `result` (absent otherwise), then a lunar birth date and a birthplace. */
const optionalMembers = once(() => ({
  ...Object.fromEntries(chartSections().map((section) => [section.name, componentRef(section.schema, z.unknown()).optional()])),
  lunar_input: inPlace(LUNAR_INPUT_SHAPE).optional(),
  place: PLACE_SHAPE.object.optional(),
}));

export const GOGYO_BALANCE_SHAPE = shape(
  'GogyoBalance',
  null,
  Object.fromEntries(ELEMENT_KEYS.map((element) => [element, z.int().min(0).max(8)])) as Record<(typeof ELEMENT_KEYS)[number], z.ZodInt>,
);

const RESULT_A_MEMBERS = {
  input_date: INPUT_DATE,
  input_longitude: z.number(),
  true_solar_time: orNoHour<string>(atomRef('DateTimeMinute')),
  ...pillarsAndTerms('DateTimeMinute'),
  julian_day: z.int().meta({ description: 'Julian day number of the date used for the day pillar' }),
  day_ganzhi_details: DAY_GANZHI_DETAILS_SHAPE.object,
  ten_gods: inPlace(STEM_TEN_GODS_SHAPE),
  zokan: inPlace(PILLAR_HIDDEN_STEMS_SHAPE),
  zokan_ten_gods: inPlace(PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE),
  juniun: inPlace(PILLAR_LIFE_STAGES_SHAPE),
  nayin: asWritten<readonly never[]>({ type: 'array', maxItems: 0, description: 'Empty placeholder in the current contract' }),
  gogyo_balance: GOGYO_BALANCE_SHAPE.object,
  summary: inPlace(BASIC_SUMMARY_SHAPE),
};

/** Variant A's `result` (built on first use: its optional members follow the sections' registry). */
export const RESULT_A_SHAPE = once(() => shape('ResultA', null, { ...RESULT_A_MEMBERS, ...optionalMembers() }, { component: true }));

export const NAYIN_COMPATIBILITY_SHAPE = shape('NayinCompatibility', null, {
  element_distribution: asWritten<DetailedNayin['compatibility']['element_distribution']>({
    type: 'object',
    description: 'Element → count, only elements present',
    propertyNames: atomRef('ElementKey'),
    additionalProperties: { type: 'integer', minimum: 1 },
    minProperties: 1,
  }),
  harmony_level: inPlace(HARMONY_LEVEL_SHAPE),
  dominant_element: componentRef('Element'),
});

export const DETAILED_NAYIN_SHAPE = shape('DetailedNayin', null, {
  description: z.string(),
  year_pillar: inPlace(PILLAR_NAYIN_SHAPE),
  month_pillar: inPlace(PILLAR_NAYIN_SHAPE),
  day_pillar: inPlace(PILLAR_NAYIN_SHAPE),
  hour_pillar: orNoHour<z.infer<typeof PILLAR_NAYIN_SHAPE.object>>(shapeJsonSchema(PILLAR_NAYIN_SHAPE)),
  compatibility: NAYIN_COMPATIBILITY_SHAPE.object,
});

const RESULT_B_MEMBERS = {
  input_date: INPUT_DATE,
  true_solar_time_raw: orNoHour<string>(atomRef('DateTimeSecond')),
  true_solar_time: orNoHour<string>(atomRef('DateTimeMinute')),
  ...pillarsAndTerms('DateTimeMinuteSlashed'),
  julian_day: z.number().meta({ description: 'Julian Date (UT) of the birth instant, fractional' }),
  day_ganzhi_details: DAY_GANZHI_DETAILS_SHAPE.object,
  ten_gods: inPlace(DETAILED_TEN_GODS_SHAPE),
  nayin: DETAILED_NAYIN_SHAPE.object,
  shensha: inPlace(SHENSHA_SHAPE),
  enhanced_summary: inPlace(ENHANCED_SUMMARY_SHAPE),
};

/** Variant B's `result` (built on first use: its optional members follow the sections' registry). */
export const RESULT_B_SHAPE = once(() => shape('ResultB', null, { ...RESULT_B_MEMBERS, ...optionalMembers() }, { component: true }));

/**
 * The shapes' types are the domain's: the declared members (the required ones, for a result) fit the
 * domain's type, and a member added to one and not the other fails the type check.
 */
type Same<Declared, Domain> = [Declared, keyof Declared] extends [Domain, keyof Domain] ? true : false;
type Members<T extends z.ZodRawShape> = z.infer<z.ZodObject<T>>;
const sameMembers: [
  Same<z.infer<typeof NAYIN_COMPATIBILITY_SHAPE.object>, DetailedNayin['compatibility']>,
  Same<z.infer<typeof DETAILED_NAYIN_SHAPE.object>, DetailedNayin>,
  Same<Members<typeof RESULT_A_MEMBERS>, VariantAResult>,
  Same<Members<typeof RESULT_B_MEMBERS>, VariantBResult>,
] = [true, true, true, true];
void sameMembers;
