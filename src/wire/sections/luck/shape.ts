/**
 * The `luck` section's JSON declared as shapes (wire/shapes): its OpenAPI component `Luck` (and the
 * shared `LuckStartAge`), and the GraphQL types that are REST's in camelCase (`LuckStartAge`,
 * `LuckStart`, `LuckStartRange`, `LuckInstantRange`, `LuckAgeRange`, built from them in
 * src/graphql/schema/luck.ts). GraphQL's `Luck`, `PreLuck`, `MajorCycle`, `AnnualLuck` and
 * `MonthlyLuck` stay hand-written there: words and codes where REST has words, field arguments.
 */
import { z } from 'zod';
import { LUCK_METHOD_VALUES } from '../../../domain/chart/request.ts';
import type { CycleRange, InstantRange } from '../../../domain/luck/luck-range.ts';
import type { StartAge } from '../../../domain/luck/start-age.ts';
import { componentRef, shape, type Shape } from '../../shapes/shape.ts';

/** An instant, ISO 8601 with the request zone's offset. */
const instant = (description: string) => z.string().meta({ format: 'date-time', description });
/** `[min, max]`: two integers (meta keeps JSON Schema's keyword order: items, then the counts). */
const intRange = (description: string) =>
  z.array(z.int()).meta({ minItems: 2, maxItems: 2, description }) as unknown as z.ZodType<readonly [min: number, max: number]>;

export const LUCK_START_AGE_SHAPE = shape(
  'LuckStartAge',
  'Luck time from birth to the first 大運 (each part below its unit)',
  {
    years: z.int().min(0).meta({ description: 'Years' }),
    months: z.int().min(0).meta({ description: 'Months (0–11)' }),
    days: z.int().min(0).meta({ description: 'Days (0–29)' }),
    hours: z.int().min(0).meta({ description: 'Hours (0–23); 0 for methods that stop at days' }),
    minutes: z.int().min(0).meta({ description: 'Minutes (EXACT only; else 0)' }),
  },
  { component: true },
);

export const LUCK_INSTANT_RANGE_SHAPE = shape(
  'LuckInstantRange',
  'The earliest and the latest an instant can be over the birth day of a three-pillar chart (`time_unknown`)',
  {
    earliest: instant('ISO 8601 with the request zone’s offset'),
    latest: instant('ISO 8601 with the request zone’s offset'),
  },
);

export const LUCK_AGE_RANGE_SHAPE = shape(
  'LuckAgeRange',
  'A 大運’s ages over the birth day of a three-pillar chart (`time_unknown`): each `[min, max]`',
  {
    from: intRange('`age_from`’s smallest and largest'),
    to: intRange('`age_to`’s smallest and largest'),
    kazoe_from: intRange('`kazoe_from`’s smallest and largest'),
    kazoe_to: intRange('`kazoe_to`’s smallest and largest'),
    label: intRange('`label_age`’s smallest and largest'),
  },
);

export const LUCK_START_SHAPE = shape(
  'LuckStart',
  'The first 大運’s start for one birth time of the day (a three-pillar chart’s earliest or latest)',
  {
    start_age: LUCK_START_AGE_SHAPE.object.meta({ description: '起運: luck time from birth to the first 大運' }),
    start_age_rounded: z.int().min(0).meta({ description: '"X歳運": the start age rounded to whole years, half up' }),
    starts_at: instant('交運, ISO 8601 with the request zone’s offset'),
  },
);

export const LUCK_START_RANGE_SHAPE = shape(
  'LuckStartRange',
  'A three-pillar chart’s 大運 start over its birth day: every minute of the day whose year, month and day pillars are the chart’s gives a start between these two',
  {
    earliest: LUCK_START_SHAPE.object.meta({ description: 'The birth whose first 大運 starts first' }),
    latest: LUCK_START_SHAPE.object.meta({ description: 'The birth whose first 大運 starts last' }),
  },
);

/** The members every luck pillar prints, in order (大運, 歳運, 月運, the pre-luck span). */
const pillar = {
  ganzhi: componentRef('Ganzhi').meta({ description: 'Pillar, stem + branch' }),
  stem_ten_god: componentRef('TenGod').meta({
    description: '通変星 of the stem (against the natal day stem), in the answer’s language',
  }),
  branch_ten_god: componentRef('TenGod').meta({
    description: '通変星 of the branch’s 本気 (main hidden stem), in the answer’s language',
  }),
  life_stage: z.string().meta({ description: '十二運 of the natal day stem in this branch, in the answer’s language' }),
  nayin: z.string().meta({ description: '納音, in the answer’s language' }),
  is_void: z.boolean().meta({ description: 'The branch is one of the natal day pillar’s 空亡 branches (大運天中殺 / 空亡年)' }),
  starts_at: instant('Start, ISO 8601 with the request zone’s offset'),
  ends_at: instant('End (exclusive; the next one’s start)'),
  relations: componentRef('Relations', z.array(z.unknown())).meta({
    description: 'Relations this pillar forms with the natal pillars (and the 大運 in force, for 歳運 and 月運)',
  }),
};

/** `starts_at` and `ends_at` of a span that moves with the hour: null beside their ranges in a three-pillar chart. */
const span = {
  starts_at: instant('Start, ISO 8601 with the request zone’s offset').nullable().meta({
    description: 'Start, ISO 8601 with the request zone’s offset; null in a three-pillar chart (`time_unknown`: see `start_range`)',
  }),
  ends_at: instant('End (exclusive; the next one’s start)')
    .nullable()
    .meta({ description: 'End (exclusive; the next one’s start); null in a three-pillar chart (`time_unknown`: see `end_range`)' }),
};

/** Present only in a three-pillar chart (`time_unknown`): the answers of charts with a time are as they were. */
const spanRanges = {
  start_range: LUCK_INSTANT_RANGE_SHAPE.object
    .optional()
    .meta({ description: 'Three-pillar charts (`time_unknown`) only: the earliest and latest start over the birth day' }),
  end_range: LUCK_INSTANT_RANGE_SHAPE.object
    .optional()
    .meta({ description: 'Three-pillar charts (`time_unknown`) only: the earliest and latest end over the birth day' }),
};

export const PRE_LUCK_SHAPE = shape(
  'PreLuck',
  'From birth to the first 大運: the month pillar rules (立運前). In a three-pillar chart both ends move with the hour: the births of the day, and the 大運 start',
  { ...pillar, ...span, ...spanRanges },
);

/** An age of a 大運: null in a three-pillar chart, whose `age_range` gives it. */
const rangedAge = (description: string, base: z.ZodInt = z.int()) =>
  base.nullable().meta({ description: `${description} Null in a three-pillar chart (\`time_unknown\`: see \`age_range\`)` });

export const MAJOR_CYCLE_SHAPE = shape('MajorCycle', '大運: ten years, stepping from the month pillar (forward or backward)', {
  index: z.int().min(1).meta({ description: '1 for the first 大運' }),
  ...pillar,
  ...span,
  age_from: rangedAge('Completed years (満) at its start: the start age’s years + 10 × (index − 1).'),
  age_to: rangedAge('age_from + 9.'),
  kazoe_from: rangedAge('数え age of the calendar year it starts in (year − birth year + 1), as lunar-javascript labels it.'),
  kazoe_to: rangedAge('kazoe_from + 9.'),
  label_age: rangedAge(
    'The age the Japanese 大運 table labels it with: `start_age_rounded` (the "X歳運") + 10 × (index − 1). A 9-year-8-month start labels its cycles 10, 20, …; `age_from` stays the completed age (9).',
    z.int().min(0),
  ),
  ...spanRanges,
  age_range: LUCK_AGE_RANGE_SHAPE.object
    .optional()
    .meta({ description: 'Three-pillar charts (`time_unknown`) only: each age that is null, as [min, max] over the birth day' }),
});

export const ANNUAL_LUCK_SHAPE = shape(
  'AnnualLuck',
  '歳運 (流年): the pillar of one year, from its 立春 to the next (minute rule, as the chart’s year pillar)',
  {
    year: z.int().meta({ description: 'The pillar year (the Gregorian year its 立春 falls in)' }),
    ...pillar,
    major_index: z.int().nullable().meta({
      description:
        'The 大運 in force at this 立春; null before the first. In a three-pillar chart (`time_unknown`) read with the birth at 12:00: within a 大運’s `start_range` the hour decides between it and the one before',
    }),
  },
);

export const MONTHLY_LUCK_SHAPE = shape('MonthlyLuck', '月運 (流月): one month pillar, from its 節入り to the next', {
  term: z.string().meta({ description: 'The 節 that opens it, in the answer’s language' }),
  ...pillar,
});

const NO_GENDER = 'null without a gender';
const NO_GENDER_OR_TIME = 'null without a gender, and in a three-pillar chart (`time_unknown`: see `start_range`)';

/** /openapi.json `Luck`. */
export const LUCK_SHAPE = shape('Luck', '大運・歳運・月運 (`include=luck`); docs/fields.md, section 8.1', {
  direction: z
    .enum(['FORWARD', 'BACKWARD'])
    .nullable()
    .meta({ description: `\`FORWARD\` (順行) or \`BACKWARD\` (逆行): yang year stem × male, or yin × female, is forward; ${NO_GENDER}` }),
  method: z
    .enum(LUCK_METHOD_VALUES)
    .nullable()
    .meta({ description: `The 起運 method used; ${NO_GENDER}` }),
  start_age: LUCK_START_AGE_SHAPE.object
    .nullable()
    .meta({ description: `起運: luck time from birth to the first 大運; ${NO_GENDER_OR_TIME}` }),
  start_age_rounded: z
    .int()
    .min(0)
    .nullable()
    .meta({
      description: `"X歳運": the start age rounded to whole years, half up (6 months or more round up; a day count’s remainder 1 rounds down, 2 up); ${NO_GENDER_OR_TIME}`,
    }),
  starts_at: instant('ISO 8601 with the request zone’s offset')
    .nullable()
    .meta({
      description: `交運: when the first 大運 starts, ISO 8601 with the request zone’s offset (start age added to the birth’s wall clock); ${NO_GENDER_OR_TIME}`,
    }),
  reference_term: z
    .string()
    .nullable()
    .meta({
      description: `The 節 the interval was measured to (forward: the next 節; backward: the one that opened the birth month), in the answer’s language; ${NO_GENDER}`,
    }),
  reference_term_at: instant('ISO 8601 with the request zone’s offset')
    .nullable()
    .meta({ description: `Its instant, ISO 8601 to the second in the request zone; ${NO_GENDER}` }),
  pre_luck: PRE_LUCK_SHAPE.object.nullable().meta({ description: `Birth → first 大運 (the month pillar); ${NO_GENDER}` }),
  cycles: z.array(MAJOR_CYCLE_SHAPE.object).meta({ description: '大運, the first `luck_cycles` of them; empty without a gender' }),
  start_range: LUCK_START_RANGE_SHAPE.object.optional().meta({
    description:
      'Three-pillar charts (`time_unknown`) only: the 大運 start moves with the unknown hour (by months), so it is given as its earliest and latest over the birth day, with the `LUCK_START_RANGE` warning',
  }),
  years: z.array(ANNUAL_LUCK_SHAPE.object).optional().meta({ description: '歳運 of the pillar years `luck_years` (inclusive)' }),
  months: z
    .array(MONTHLY_LUCK_SHAPE.object)
    .optional()
    .meta({ description: '月運 of the pillar year `luck_months`: 12 months from its 立春 (寅 month) to the 丑 month' }),
});

/** The JSON of a `LuckStart` (GraphQL's `LuckStart` reads it). */
export type LuckStartJson = z.infer<typeof LUCK_START_SHAPE.object>;
/** The JSON of a `LuckAgeRange`. */
export type LuckAgeRangeJson = z.infer<typeof LUCK_AGE_RANGE_SHAPE.object>;

/**
 * The shapes' types are the domain's where it has one: the declared answer fits the domain's type,
 * and a member added to one and not the other fails the type check.
 */
type Same<S extends Shape, Domain> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Domain, keyof Domain] ? true : false) : false;
type AgeRanges = { readonly [K in keyof LuckAgeRangeJson]: CycleRange['ageFrom'] };
const sameMembers: [
  Same<typeof LUCK_START_AGE_SHAPE, StartAge>,
  Same<typeof LUCK_INSTANT_RANGE_SHAPE, InstantRange>,
  Same<typeof LUCK_AGE_RANGE_SHAPE, AgeRanges>,
] = [true, true, true];
void sameMembers;
