/**
 * The `void_periods` section's JSON declared as shapes (wire/shapes): /openapi.json `VoidPeriods` and
 * the GraphQL types `VoidYear`, `VoidMonth` and `VoidCycle` follow from them; `VoidSchool` and
 * `VoidPeriods` keep their own GraphQL types over these members (`basis` is the enum `VoidBasis`).
 */
import { z } from 'zod';
import { LUCK_YEARS } from '../../../domain/luck/luck.ts';
import { MAX_VOID_MONTH_YEARS, VOID_BASES } from '../../../domain/luck/void-periods.ts';
import { componentRef, shape, type Shape } from '../../shapes/shape.ts';
import type { VoidPeriodsJson } from './json.ts';

const BRANCH = z.string().regex(/^[子丑寅卯辰巳午未申酉戌亥]$/);
const PILLAR = componentRef('Ganzhi').meta({ description: 'Its pillar' });
const year = (description: string) => z.int().min(LUCK_YEARS.first).max(LUCK_YEARS.last).meta({ description });

/** An ISO 8601 instant with the request zone's offset. */
const withOffset = (description: string) => z.stringFormat('date-time', (text) => !Number.isNaN(Date.parse(text))).meta({ description });
/** An ISO 8601 instant in UTC. */
const inUtc = (description: string) => z.stringFormat('date-time', /Z$/).meta({ description });

/** The boundaries every period carries. */
const INTERVAL = {
  starts_at: withOffset('Start, ISO 8601 with the request zone’s offset'),
  ends_at: withOffset('End (exclusive: the next one’s start), ISO 8601 with the request zone’s offset'),
  starts_at_utc: inUtc('Start, ISO 8601 in UTC'),
  ends_at_utc: inUtc('End, ISO 8601 in UTC'),
};

/** A list of `of`, each item described as the shape is. */
const listOf = <T extends z.ZodRawShape>(of: Shape<T>) => z.array(of.object.meta({ description: of.description }));

export const VOID_YEAR_SHAPE = shape('VoidYear', 'A 天中殺 year: the 歳運 whose branch is 空亡, from its 立春 to the next', {
  year: year('The pillar year'),
  ganzhi: PILLAR,
  ...INTERVAL,
});

export const VOID_MONTH_SHAPE = shape('VoidMonth', 'A 天中殺 month: the 月運 whose branch is 空亡, from its 節入り to the next', {
  year: year('The pillar year it belongs to (the 子 and 丑 months end in the next calendar year)'),
  term: z.string().meta({ description: 'The 節 that opens it, in the answer’s language' }),
  ganzhi: PILLAR,
  ...INTERVAL,
});

export const VOID_CYCLE_SHAPE = shape('VoidCycle', '大運天中殺: a 大運 whose branch is 空亡 (the same 大運 as `luck.cycles`)', {
  index: z.int().min(1).max(12).meta({ description: 'Its index in `luck.cycles` (1 for the first)' }),
  ganzhi: PILLAR,
  ...INTERVAL,
  age_from: z.int().min(0).meta({ description: 'Completed years at its start' }),
  // GraphQL's words, which name the member in its spelling.
  age_to: z.int().min(0).meta({ description: '`age_from` + 9' }),
});

export const VOID_SCHOOL_SHAPE = shape('VoidSchool', 'One school’s 空亡 pair and its periods', {
  basis: z.enum(VOID_BASES).meta({ description: 'Whose 旬' }),
  label: z.string().meta({ description: 'Its name in the answer’s language (日柱空亡, Day-Pillar Void, …)' }),
  reading: z.string().meta({ description: 'How the name is read (kana, pinyin or hangul)' }),
  pillar: componentRef('Ganzhi').meta({ description: 'The natal pillar whose 旬 it is' }),
  xun: componentRef('Ganzhi').meta({ description: 'The first pillar of that 旬 (甲子, 甲戌, … 甲寅)' }),
  branches: z.array(BRANCH).length(2).meta({ description: 'The two 空亡 branches' }),
  years: listOf(VOID_YEAR_SHAPE).meta({ description: 'The 天中殺 years of the span' }),
  months: listOf(VOID_MONTH_SHAPE)
    .nullable()
    .meta({ description: `The 天中殺 months of the span; null when it is longer than ${MAX_VOID_MONTH_YEARS} years` }),
  cycles: listOf(VOID_CYCLE_SHAPE).nullable().meta({
    description:
      'The 大運 of the first twelve whose branch is 空亡; null without `gender`, and on a three-pillar chart (`time_unknown`: their dates move with the hour; `luck.cycles` gives them as ranges and marks them `is_void`)',
  }),
});

/** /openapi.json `VoidPeriods`. */
export const VOID_PERIODS_SHAPE = shape('VoidPeriods', '天中殺 (空亡) periods by the day pillar’s 旬 and by the year pillar’s', {
  from_year: year('First pillar year of the span'),
  to_year: year('Last pillar year of the span'),
  schools: listOf(VOID_SCHOOL_SHAPE).length(VOID_BASES.length).meta({ description: 'The day pillar’s first, then the year pillar’s' }),
});

/**
 * The shapes' types are the presenter's: the declared answer fits json.ts's type, and a member added to
 * one and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
type School = VoidPeriodsJson['schools'][number];
const sameMembers: [
  Same<typeof VOID_YEAR_SHAPE, School['years'][number]>,
  Same<typeof VOID_MONTH_SHAPE, NonNullable<School['months']>[number]>,
  Same<typeof VOID_CYCLE_SHAPE, NonNullable<School['cycles']>[number]>,
  Same<typeof VOID_SCHOOL_SHAPE, School>,
  Same<typeof VOID_PERIODS_SHAPE, VoidPeriodsJson>,
] = [true, true, true, true, true];
void sameMembers;
