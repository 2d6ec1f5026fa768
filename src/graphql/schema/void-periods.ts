/**
 * `voidPeriods` (天中殺 / 空亡 periods) on both variants' result, computed only when selected: the
 * same values as REST's `include=void_periods` in camelCase. Its span argument is a `YearSpan`,
 * checked while the document is validated, so a bad span is refused before the chart is charged.
 */
import { GraphQLError, Kind } from 'graphql';
import { voidPeriodsJson, type VoidPeriodsJson } from '../../wire/sections/void-periods/json.ts';
import { MAX_VOID_MONTH_YEARS, readYearSpan, VOID_BASES, VOID_YEARS_AFTER_BIRTH } from '../../domain/luck/void-periods.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';

type School = VoidPeriodsJson['schools'][number];
type Year = School['years'][number];
type Month = NonNullable<School['months']>[number];
type Cycle = NonNullable<School['cycles']>[number];

/** The argument's value, read as REST reads `void_years`; a bad one is a validation error naming it. */
const spanOf = (value: unknown) => {
  const reading = readYearSpan(value, 'voidPeriods.years');
  if (!reading.ok) throw new GraphQLError(reading.message);
  return reading.span;
};

builder.scalarType('YearSpan', {
  description: 'Pillar years: `"2024"` or `"2024-2030"` (an integer 2024 is read as `"2024"`).',
  // Input only: an answer never carries a span.
  serialize: (value) => value,
  parseValue: spanOf,
  parseLiteral: (node) => spanOf(node.kind === Kind.INT ? Number(node.value) : node.kind === Kind.STRING ? node.value : null),
});

const VoidBasisType = builder.enumType('VoidBasis', {
  description: 'Whose 旬 gives the two 空亡 (天中殺) branches.',
  values: {
    DAY: { value: VOID_BASES[0], description: 'The day pillar’s (日柱空亡; 算命学’s 天中殺). The common rule.' },
    YEAR: { value: VOID_BASES[1], description: 'The year pillar’s (年柱空亡), which some books read beside the day’s.' },
  } as const,
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The boundary fields every period shares. */
const intervalFields = <T extends Year | Month | Cycle>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) => ({
  startsAt: t.string({ description: 'Start, ISO 8601 with the request zone’s offset.', resolve: (p) => p.starts_at }),
  endsAt: t.string({ description: 'End (exclusive: the next one’s start).', resolve: (p) => p.ends_at }),
  startsAtUtc: t.string({ description: 'Start, ISO 8601 in UTC.', resolve: (p) => p.starts_at_utc }),
  endsAtUtc: t.string({ description: 'End, ISO 8601 in UTC.', resolve: (p) => p.ends_at_utc }),
});

const VoidYearType = builder.objectRef<Year>('VoidYear').implement({
  description: 'A 天中殺 year: the 歳運 whose branch is 空亡, from its 立春 to the next.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'The pillar year.' }),
    ganzhi: t.exposeString('ganzhi', { description: 'Its pillar.' }),
    ...intervalFields(t),
  }),
});

const VoidMonthType = builder.objectRef<Month>('VoidMonth').implement({
  description: 'A 天中殺 month: the 月運 whose branch is 空亡, from its 節入り to the next.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'The pillar year it belongs to (the 子 and 丑 months end in the next calendar year).' }),
    term: t.exposeString('term', { description: 'The 節 that opens it, in the answer’s language.' }),
    ganzhi: t.exposeString('ganzhi', { description: 'Its pillar.' }),
    ...intervalFields(t),
  }),
});

const VoidCycleType = builder.objectRef<Cycle>('VoidCycle').implement({
  description: '大運天中殺: a 大運 whose branch is 空亡 (the same 大運 as `luck.cycles`).',
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'Its index in `luck.cycles` (1 for the first).' }),
    ganzhi: t.exposeString('ganzhi', { description: 'Its pillar.' }),
    ...intervalFields(t),
    ageFrom: t.exposeInt('age_from', { description: 'Completed years at its start.' }),
    ageTo: t.exposeInt('age_to', { description: 'ageFrom + 9.' }),
  }),
});

const VoidSchoolType = builder.objectRef<School>('VoidSchool').implement({
  description: 'One school’s 空亡 pair and its periods.',
  fields: (t) => ({
    basis: t.field({ type: VoidBasisType, description: 'Whose 旬.', resolve: (s) => s.basis }),
    label: t.exposeString('label', { description: 'Its name in the answer’s language (日柱空亡, Day-Pillar Void, …).' }),
    reading: t.exposeString('reading', { description: 'How the name is read (kana, pinyin or hangul).' }),
    pillar: t.exposeString('pillar', { description: 'The natal pillar whose 旬 it is.' }),
    xun: t.exposeString('xun', { description: 'The first pillar of that 旬 (甲子, 甲戌, … 甲寅).' }),
    branches: t.exposeStringList('branches', { description: 'The two 空亡 branches.' }),
    years: t.field({ type: [VoidYearType], description: 'The 天中殺 years of the span.', resolve: (s) => s.years }),
    months: t.field({
      type: [VoidMonthType],
      nullable: true,
      description: `The 天中殺 months of the span; null when it is longer than ${MAX_VOID_MONTH_YEARS} years.`,
      resolve: (s) => s.months,
    }),
    cycles: t.field({
      type: [VoidCycleType],
      nullable: true,
      description:
        'The 大運 of the first twelve whose branch is 空亡; null without `gender`, and on a three-pillar chart (`timeUnknown`: their dates move with the hour; `luck.cycles` gives them as ranges and marks them `isVoid`).',
      resolve: (s) => s.cycles,
    }),
  }),
});

const VoidPeriodsType = builder.objectRef<VoidPeriodsJson>('VoidPeriods').implement({
  description: '天中殺 (空亡) periods by the day pillar’s 旬 and by the year pillar’s.',
  fields: (t) => ({
    fromYear: t.exposeInt('from_year', { description: 'First pillar year of the span.' }),
    toYear: t.exposeInt('to_year', { description: 'Last pillar year of the span.' }),
    schools: t.field({ type: [VoidSchoolType], description: 'The day pillar’s first, then the year pillar’s.', resolve: (v) => v.schools }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  voidPeriods: t.field({
    type: VoidPeriodsType,
    description:
      `天中殺 (空亡) years (立春 to 立春), months (節入り to 節入り) and 大運 of the pillar years \`years\` (default the birth’s and the ${VOID_YEARS_AFTER_BIRTH} after; ` +
      `months when at most ${MAX_VOID_MONTH_YEARS}). Computed only when selected; no extra charge.`,
    args: { years: t.arg({ type: 'YearSpan', description: '`"2024"` or `"2024-2030"`.' }) },
    resolve: (v, { years }) => voidPeriodsJson(v.core, years ?? undefined, v.catalogue),
  }),
}));
