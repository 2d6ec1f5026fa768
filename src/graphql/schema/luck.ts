/**
 * `luck` (大運・歳運・月運) and `relations` (合冲刑害破) on both variants' result, computed only when
 * selected. `luck` needs `CalculateInput.gender`; the `calculate` resolver checks that
 * and every argument below before it charges (see `luckArgumentsOf`), so no error here costs credits.
 */
import { getArgumentValues, getDirectiveValues } from 'graphql/execution/values.js';
import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentSpreadNode,
  type GraphQLField,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import { natalRelationsOf, RELATION_TYPES, type Relation, type RelationMember } from '../../domain/chart/relations.ts';
import {
  DEFAULT_CYCLE_COUNT,
  genderFreeLuckOf,
  luckOf,
  MAX_CYCLE_COUNT,
  MAX_YEAR_SPAN,
  type AnnualLuck,
  type Luck,
  type LuckArguments,
  type LuckPillar,
  type MajorCycle,
  type MonthlyLuck,
  type Period,
} from '../../domain/luck/luck.ts';
import { LUCK_METHODS, type StartAge } from '../../domain/luck/start-age.ts';
import { luckRangeOf, type CycleRange, type InstantRange, type LuckRange } from '../../domain/luck/luck-range.ts';
import {
  DEFAULT_MINOR_LUCK_SCHOOL,
  MAX_DAY_SPAN,
  dailyLuckOf,
  hourlyLuckOf,
  minorLuckOf,
  parseCivilDate,
  type DailyLuck,
  type FineLuck,
  type HourlyLuck,
  type LuckInForce,
  type MinorLuck,
  type MinorLuckSchool,
} from '../../domain/luck/fine-luck.ts';
import { ganzhiName } from '../../domain/calendar/sexagenary.ts';
import { termCalendarIndex } from '../../domain/astronomy/solar-terms.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { labelOf } from '../../domain/vocabulary/labels.ts';
import { RELATION_MEMBER_SHAPE, RELATION_SHAPE } from '../../wire/sections/relations/shape.ts';
import { graphqlDescription } from '../../wire/shapes/shape.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import {
  LUCK_AGE_RANGE_SHAPE,
  LUCK_INSTANT_RANGE_SHAPE,
  LUCK_START_AGE_SHAPE,
  LUCK_START_RANGE_SHAPE,
  LUCK_START_SHAPE,
  type LuckAgeRangeJson,
  type LuckStartJson,
} from '../../wire/sections/luck/shape.ts';
import { ChartResultType } from './chart-result.ts';

const LUCK_METHOD_DESCRIPTIONS: Readonly<Record<(typeof LUCK_METHODS)[number], string>> = {
  EXACT:
    'Default. Elapsed seconds between the birth instant and the reference 節, 3 days = 1 year (6 h = 1 month, 12 min = 1 day, 30 s = 1 hour, 1 s = 2 minutes), floored at each step: tyme4ts DefaultChildLimitProvider.',
  JP_DAY_COUNT:
    'Japanese day count (asahi-net keisandai): civil dates in the zone’s standard time; forward counts the birth day up to the day before 節入り, backward counts both ends; N days → ⌊N/3⌋ years and 4 × (N mod 3) months.',
  CLASSICAL:
    '折除法: whole days of the interval (3 days = 1 year, 1 day = 4 months) and whole 刻 (2 h) of the rest (1 刻 = 10 days), 30-day months.',
  LUNAR_SECT1:
    'lunar-javascript getYun(gender, 1): the civil-date difference and the 時辰-index difference of the two wall-clock readings (standard time; 23:xx counts as 亥).',
  LUNAR_SECT2:
    'lunar-javascript getYun(gender, 2): whole minutes between the readings (seconds dropped): 4320 min = 1 year, 360 = 1 month, 12 = 1 day, 1 min = 2 hours.',
  CHINA95: 'tyme4ts China95ChildLimitProvider (元亨利貞): whole minutes of the interval, 4320 = 1 year, 360 = 1 month, 12 = 1 day.',
};

export const GenderType = builder.enumType('Gender', {
  description: 'Sets the direction of the luck cycles (with the year stem’s yin/yang). Required only when `luck` is selected.',
  values: { MALE: { value: 'male', description: 'Male.' }, FEMALE: { value: 'female', description: 'Female.' } } as const,
});

export const LuckMethodType = builder.enumType('LuckMethod', {
  description: 'How the start of the first 大運 (起運) is computed. The README compares them on a worked example.',
  values: Object.fromEntries(LUCK_METHODS.map((m) => [m, { value: m.toLowerCase(), description: LUCK_METHOD_DESCRIPTIONS[m] }])) as Record<
    (typeof LUCK_METHODS)[number],
    { value: string; description: string }
  >,
});

const StartAgeType = objectTypeOf<StartAge>(LUCK_START_AGE_SHAPE);

/** A relation's member: REST's shape (wire/sections/relations/shape.ts) in camelCase. */
const RelationMemberType = objectTypeOf<RelationMember>(RELATION_MEMBER_SHAPE);

const RelationTypeEnum = builder.enumType('RelationType', {
  description: 'Kind of relation.',
  values: RELATION_TYPES,
});

/**
 * A luck pillar, a relation or the luck as a whole with the catalogue of the chart that holds it:
 * two calculations in one operation may ask for two languages, so the words travel with the value.
 */
export interface Worded<T> {
  readonly value: T;
  readonly catalogue: Catalogue;
}
const worded =
  (catalogue: Catalogue) =>
  <T>(value: T): Worded<T> => ({ value, catalogue });

/** A member's words in GraphQL's spelling: `Relation` is REST's shape (wire/sections/relations/shape.ts), its `type` an enum. */
const relationSaid = (member: keyof typeof RELATION_SHAPE.object.shape): string =>
  graphqlDescription(RELATION_SHAPE.object.shape[member].meta()?.description ?? '');

export const RelationType = builder.objectRef<Worded<Relation>>('Relation').implement({
  description: graphqlDescription(RELATION_SHAPE.description),
  fields: (t) => ({
    type: t.field({ type: RelationTypeEnum, description: relationSaid('type'), resolve: (r) => r.value.type }),
    code: t.string({ resolve: (r) => r.value.code, description: relationSaid('code') }),
    name: t.string({
      description: relationSaid('name'),
      resolve: (r) => r.catalogue.relations.name(r.value.code, r.value.element),
    }),
    members: t.field({ type: [RelationMemberType], description: relationSaid('members'), resolve: (r) => r.value.members }),
    element: t.string({
      nullable: true,
      description: relationSaid('element'),
      resolve: (r) => (r.value.element === null ? null : r.catalogue.relations.element(r.value.element)),
    }),
    adjacent: t.boolean({ description: relationSaid('adjacent'), resolve: (r) => r.value.adjacent }),
  }),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The fields every luck pillar shares (大運, 歳運, 月運, the pre-luck span). */
const luckPillarFields = <T extends LuckPillar & Period>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Worded<T>>) => ({
  ganzhi: t.string({ description: 'Pillar, stem + branch.', resolve: (p) => p.value.ganzhi }),
  stemTenGod: t.string({
    description: '通変星 of the stem (against the natal day stem), in the answer’s language.',
    resolve: (p) => labelOf(p.catalogue.labels, p.value.stemTenGod),
  }),
  stemTenGodCode: t.string({ description: 'Its code (`shishen.*`).', resolve: (p) => p.value.stemTenGod }),
  branchTenGod: t.string({
    description: '通変星 of the branch’s 本気 (main hidden stem), in the answer’s language.',
    resolve: (p) => labelOf(p.catalogue.labels, p.value.branchTenGod),
  }),
  branchTenGodCode: t.string({ description: 'Its code (`shishen.*`).', resolve: (p) => p.value.branchTenGod }),
  lifeStage: t.string({
    description: '十二運 of the natal day stem in this branch, in the answer’s language.',
    resolve: (p) => labelOf(p.catalogue.labels, p.value.lifeStage),
  }),
  lifeStageCode: t.string({ description: 'Its code (`stage.*`).', resolve: (p) => p.value.lifeStage }),
  nayin: t.string({ description: '納音, in the answer’s language.', resolve: (p) => labelOf(p.catalogue.labels, p.value.nayin) }),
  nayinCode: t.string({ description: 'Its code (`nayin.*`).', resolve: (p) => p.value.nayin }),
  isVoid: t.boolean({
    description: 'The branch is one of the natal day pillar’s 空亡 branches (大運天中殺 / 空亡年).',
    resolve: (p) => p.value.isVoid,
  }),
  relations: t.field({
    type: [RelationType],
    description: 'Relations this pillar forms with the natal pillars (and the 大運 in force, for 歳運 and 月運).',
    resolve: (p) => p.value.relations.map(worded(p.catalogue)),
  }),
  startsAt: t.string({ description: 'Start, ISO 8601 with the request zone’s offset.', resolve: (p) => p.value.startsAt }),
  endsAt: t.string({ description: 'End (exclusive; the next one’s start).', resolve: (p) => p.value.endsAt }),
});

const InstantRangeType = objectTypeOf<InstantRange>(LUCK_INSTANT_RANGE_SHAPE);

const AgeRangeType = objectTypeOf<LuckAgeRangeJson>(LUCK_AGE_RANGE_SHAPE);

/** The pre-luck span or a 大運 with, in a three-pillar chart, its ranges over the birth day. */
type Ranged<T, R extends Pick<CycleRange, 'startsAt' | 'endsAt'> = Pick<CycleRange, 'startsAt' | 'endsAt'>> = Worded<T> & {
  readonly range?: R;
};

/** `startsAt` and `endsAt` of a span that moves with the hour: null beside their ranges in a three-pillar chart. */
const rangedSpanFields = <T extends LuckPillar & Period, R extends Pick<CycleRange, 'startsAt' | 'endsAt'>>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Ranged<T, R>>,
) => ({
  startsAt: t.string({
    nullable: true,
    description: 'Start, ISO 8601 with the request zone’s offset; null in a three-pillar chart (`timeUnknown`: see `startRange`).',
    resolve: (p) => (p.range === undefined ? p.value.startsAt : null),
  }),
  endsAt: t.string({
    nullable: true,
    description: 'End (exclusive; the next one’s start); null in a three-pillar chart (`timeUnknown`: see `endRange`).',
    resolve: (p) => (p.range === undefined ? p.value.endsAt : null),
  }),
  startRange: t.field({
    type: InstantRangeType,
    nullable: true,
    description: 'Three-pillar charts (`timeUnknown`) only: the earliest and latest start over the birth day; null otherwise.',
    resolve: (p) => p.range?.startsAt ?? null,
  }),
  endRange: t.field({
    type: InstantRangeType,
    nullable: true,
    description: 'Three-pillar charts (`timeUnknown`) only: the earliest and latest end over the birth day; null otherwise.',
    resolve: (p) => p.range?.endsAt ?? null,
  }),
});

const PreLuckType = builder.objectRef<Ranged<LuckPillar & Period>>('PreLuck').implement({
  description:
    'From birth to the first 大運: the month pillar rules (立運前). In a three-pillar chart both ends move with the hour: the births of the day, and the 大運 start.',
  fields: (t) => ({ ...luckPillarFields(t), ...rangedSpanFields(t) }),
});

/** An age of a 大運: null in a three-pillar chart, whose `ageRange` gives it. */
const rangedAge = (
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Ranged<MajorCycle, CycleRange>>,
  description: string,
  age: (cycle: MajorCycle) => number,
) =>
  t.int({
    nullable: true,
    description: `${description} Null in a three-pillar chart (\`timeUnknown\`: see \`ageRange\`).`,
    resolve: (p) => (p.range === undefined ? age(p.value) : null),
  });

const MajorCycleType = builder.objectRef<Ranged<MajorCycle, CycleRange>>('MajorCycle').implement({
  description: '大運: ten years, stepping from the month pillar (forward or backward).',
  fields: (t) => ({
    ...luckPillarFields(t),
    ...rangedSpanFields(t),
    index: t.int({ description: '1 for the first 大運.', resolve: (p) => p.value.index }),
    ageFrom: rangedAge(t, 'Completed years (満) at its start: the start age’s years + 10 × (index − 1).', (c) => c.ageFrom),
    ageTo: rangedAge(t, 'ageFrom + 9.', (c) => c.ageTo),
    kazoeFrom: rangedAge(
      t,
      '数え age of the calendar year it starts in (year − birth year + 1), as lunar-javascript labels it.',
      (c) => c.kazoeFrom,
    ),
    kazoeTo: rangedAge(t, 'kazoeFrom + 9.', (c) => c.kazoeTo),
    labelAge: rangedAge(
      t,
      'The age the Japanese 大運 table labels it with: `startAgeRounded` (the "X歳運") + 10 × (index − 1). A 9-year-8-month start labels its cycles 10, 20, …; `ageFrom` stays the completed age (9).',
      (c) => c.labelAge,
    ),
    ageRange: t.field({
      type: AgeRangeType,
      nullable: true,
      description: 'Three-pillar charts (`timeUnknown`) only: each age as `[min, max]` over the birth day; null otherwise.',
      resolve: (p) =>
        p.range === undefined
          ? null
          : { from: p.range.ageFrom, to: p.range.ageTo, kazoe_from: p.range.kazoeFrom, kazoe_to: p.range.kazoeTo, label: p.range.labelAge },
    }),
  }),
});

const AnnualLuckType = builder.objectRef<Worded<AnnualLuck>>('AnnualLuck').implement({
  description: '歳運 (流年): the pillar of one year, from its 立春 to the next (minute rule, as the chart’s year pillar).',
  fields: (t) => ({
    ...luckPillarFields(t),
    year: t.int({ description: 'The pillar year (the Gregorian year its 立春 falls in).', resolve: (p) => p.value.year }),
    majorIndex: t.int({
      nullable: true,
      description:
        'The 大運 in force at this 立春; null before the first. In a three-pillar chart (`timeUnknown`) read with the birth at 12:00: within a 大運’s `startRange` the hour decides between it and the one before.',
      resolve: (p) => p.value.majorIndex,
    }),
  }),
});

const MonthlyLuckType = builder.objectRef<Worded<MonthlyLuck>>('MonthlyLuck').implement({
  description: '月運 (流月): one month pillar, from its 節入り to the next.',
  fields: (t) => ({
    ...luckPillarFields(t),
    term: t.string({
      description: 'The 節 that opens it, in the answer’s language.',
      resolve: (p) => labelOf(p.catalogue.labels, p.value.term),
    }),
    termCode: t.string({ description: 'Its code (`jieqi.*`).', resolve: (p) => p.value.term }),
  }),
});

/** A 小運, 日運 or 時運 read as a luck pillar (its reading spread in), so it shares their fields. */
type AsPillar<T extends FineLuck> = T & LuckPillar & Period;
const asPillar = <T extends FineLuck>(f: T): AsPillar<T> => ({ ...f, ...f.reading });

const MinorLuckSchoolType = builder.enumType('MinorLuckSchool', {
  description: '小運 school.',
  values: {
    HOUR_PILLAR: {
      value: 'hour_pillar',
      description:
        'Default. The hour pillar stepped one pair per year of age, forward or backward as the 大運 (lunar-javascript `buildXiaoYun`, tyme4ts `Fortune`; 三命通会〈論小運〉 gives it as 醉醒子’s rule). None without an hour pillar.',
    },
    SANMING: {
      value: 'sanming',
      description:
        '三命通会〈論小運〉’s older rule: a man’s age 1 is 丙寅 going forward, a woman’s 壬申 going backward, whatever the hour.',
    },
  } satisfies Record<Uppercase<MinorLuckSchool>, { value: MinorLuckSchool; description: string }>,
});

const LuckInForceType = builder.objectRef<Worded<LuckInForce>>('LuckInForce').implement({
  description: 'The 大運, 歳運 and 月運 in force at an entry’s start.',
  fields: (t) => ({
    majorIndex: t.int({
      nullable: true,
      description:
        'The 大運’s index (1 for the first); null before the first or without `gender`. In a three-pillar chart (`timeUnknown`) read with the birth at 12:00: within a 大運’s `startRange` the hour decides between it and the one before.',
      resolve: (f) => f.value.majorIndex,
    }),
    major: t.string({
      nullable: true,
      description: 'The 大運’s pillar; null as `majorIndex`.',
      resolve: (f) => (f.value.major === null ? null : ganzhiName(f.value.major)),
    }),
    year: t.int({ description: 'The pillar year (its 立春 opens the 歳運).', resolve: (f) => f.value.year }),
    annual: t.string({ description: 'The 歳運’s pillar.', resolve: (f) => ganzhiName(f.value.annual) }),
    term: t.string({
      description: 'The 節 that opened the 月運, in the answer’s language.',
      resolve: (f) => labelOf(f.catalogue.labels, f.value.term),
    }),
    termCode: t.string({ description: 'Its code (`jieqi.*`).', resolve: (f) => f.value.term }),
    monthly: t.string({ description: 'The 月運’s pillar.', resolve: (f) => ganzhiName(f.value.monthly) }),
  }),
});

const MinorLuckEntryType = builder.objectRef<Worded<AsPillar<MinorLuck>>>('MinorLuckEntry').implement({
  description:
    '小運 of one year of age: from its pillar year’s 立春 (the birth, for age 1) to the next. Relations: with the natal pillars, the 大運 in force and that year’s 歳運 (member `minor`).',
  fields: (t) => ({
    ...luckPillarFields(t),
    age: t.int({
      description: '数え age by pillar year: 1 in the birth’s 立春 year, +1 at each 立春 (as tyme4ts counts).',
      resolve: (m) => m.value.age,
    }),
    year: t.int({ description: 'The pillar year it covers.', resolve: (m) => m.value.year }),
    majorIndex: t.int({
      nullable: true,
      description: 'The 大運 in force at its start; null before the first.',
      resolve: (m) => m.value.majorIndex,
    }),
  }),
});

const MinorLuckType = builder.objectRef<Worded<{ school: MinorLuckSchool; entries: readonly MinorLuck[] }>>('MinorLuck').implement({
  description: `小運 per year of age, ages 1 to the end of the ${DEFAULT_CYCLE_COUNT}th 大運 (as REST \`luck_minor\` with the default \`luck_cycles\`).`,
  fields: (t) => ({
    school: t.field({ type: MinorLuckSchoolType, description: 'The school used.', resolve: (m) => m.value.school }),
    entries: t.field({
      type: [MinorLuckEntryType],
      description: 'One per age.',
      resolve: (m) => m.value.entries.map((e) => worded(m.catalogue)(asPillar(e))),
    }),
  }),
});

const DailyLuckType = builder.objectRef<Worded<AsPillar<DailyLuck>>>('DailyLuck').implement({
  description:
    '日運 (流日): the day pillar of one civil date in the chart’s zone, (JDN + 49) mod 60, 00:00 to 00:00 on the zone’s clock. Relations with the natal pillars and the luck in force (member `daily`).',
  fields: (t) => ({
    ...luckPillarFields(t),
    date: t.string({ description: 'The civil date, `YYYY-MM-DD`.', resolve: (d) => d.value.date }),
    inForce: t.field({
      type: LuckInForceType,
      description: 'The luck at its start.',
      resolve: (d) => worded(d.catalogue)(d.value.inForce),
    }),
  }),
});

const HourlyLuckType = builder.objectRef<Worded<AsPillar<HourlyLuck>>>('HourlyLuck').implement({
  description:
    '時運 (流時): one 時辰, its stem from the date’s day stem (五鼠遁), on the chart’s solar clock; 子 opens at 23:00 solar time of the evening before. Relations as `DailyLuck` (member `hourly`).',
  fields: (t) => ({
    ...luckPillarFields(t),
    inForce: t.field({
      type: LuckInForceType,
      description: 'The luck at its start.',
      resolve: (h) => worded(h.catalogue)(h.value.inForce),
    }),
  }),
});

/** The luck with the chart it belongs to: 小運, 日運 and 時運 are computed from both when read. */
interface ChartLuck extends Worded<Luck> {
  readonly core: ChartCore;
}

/** A three-pillar chart's 大運 over its birth day, made when first read (once per chart); undefined with a birth time. */
const rangeOf = ({ core }: ChartLuck): LuckRange | undefined =>
  core.request.luck === undefined ? undefined : luckRangeOf(core, core.request.luck);

objectTypeOf<LuckStartJson>(LUCK_START_SHAPE);
const LuckStartRangeType = objectTypeOf<{ earliest: LuckStartJson; latest: LuckStartJson }>(LUCK_START_RANGE_SHAPE);

/** A birth's 大運 start as `LuckStart` reads it. */
const startOf = (l: Luck): LuckStartJson => ({ start_age: l.startAge, start_age_rounded: l.startAgeRounded, starts_at: l.startsAt });

const LuckType = builder.objectRef<ChartLuck>('Luck').implement({
  description:
    'Luck cycles: 大運 (10-year), 歳運 (yearly), 月運 (monthly), 小運 (per year of age), 日運 (daily) and 時運 (per 時辰), from the birth instant and our solar-term table. Needs `CalculateInput.gender` except for `years`, `months`, `days` and `hours` alone; `luckMethod` chooses the 起運 arithmetic. In a three-pillar chart (`timeUnknown`) what moves with the hour is null beside its range over the birth day (`startRange`, each 大運’s `startRange`, `endRange` and `ageRange`), and `minor` is refused. Part of the chart: no extra charge.',
  fields: (t) => ({
    direction: t.string({
      description: '`FORWARD` (順行) or `BACKWARD` (逆行): yang year stem × male, or yin × female, is forward.',
      resolve: (l) => l.value.direction,
    }),
    method: t.field({ type: LuckMethodType, description: 'The 起運 method used.', resolve: (l) => l.value.method.toLowerCase() }),
    startAge: t.field({
      type: StartAgeType,
      nullable: true,
      description: '起運: luck time from birth to the first 大運. Null in a three-pillar chart (`timeUnknown`: see `startRange`).',
      resolve: (l) => (rangeOf(l) === undefined ? l.value.startAge : null),
    }),
    startAgeRounded: t.int({
      nullable: true,
      description:
        '"X歳運": the start age rounded to whole years, half up (6 months or more round up; a day count’s remainder 1 rounds down, 2 up). Null in a three-pillar chart (`timeUnknown`: see `startRange`).',
      resolve: (l) => (rangeOf(l) === undefined ? l.value.startAgeRounded : null),
    }),
    startsAt: t.string({
      nullable: true,
      description:
        '交運: when the first 大運 starts, ISO 8601 with the request zone’s offset (start age added to the birth’s wall clock). Null in a three-pillar chart (`timeUnknown`: see `startRange`).',
      resolve: (l) => (rangeOf(l) === undefined ? l.value.startsAt : null),
    }),
    startRange: t.field({
      type: LuckStartRangeType,
      nullable: true,
      description:
        'Three-pillar charts (`timeUnknown`) only: the 大運 start moves with the unknown hour (by months), so it is given as its earliest and latest over the birth day, with the `LUCK_START_RANGE` warning; null otherwise.',
      resolve: (l) => {
        const range = rangeOf(l);
        return range === undefined ? null : { earliest: startOf(range.earliest), latest: startOf(range.latest) };
      },
    }),
    referenceTerm: t.string({
      description: 'The 節 the interval was measured to (forward: the next 節; backward: the one that opened the birth month).',
      resolve: (l) => l.catalogue.labels.jieqi[termCalendarIndex(l.value.referenceTermIndex)]!,
    }),
    referenceTermAt: t.string({
      description: 'Its instant, ISO 8601 to the second in the request zone.',
      resolve: (l) => l.value.referenceTermAt,
    }),
    preLuck: t.field({
      type: PreLuckType,
      description: 'Birth → first 大運 (the month pillar).',
      resolve: (l) => {
        const range = rangeOf(l);
        const preLuck = worded(l.catalogue)(l.value.preLuck);
        return range === undefined ? preLuck : { ...preLuck, range: { startsAt: range.births, endsAt: range.startsAt } };
      },
    }),
    cycles: t.field({
      type: [MajorCycleType],
      description: `大運, the first \`count\` of them (default ${DEFAULT_CYCLE_COUNT}, 1–${MAX_CYCLE_COUNT}).`,
      args: { count: t.arg.int({ defaultValue: DEFAULT_CYCLE_COUNT, required: true, description: `1–${MAX_CYCLE_COUNT}.` }) },
      resolve: (l, { count }) => {
        const ranges = rangeOf(l)?.cycles(count);
        const cycles = l.value.cycles(count);
        return ranges === undefined
          ? cycles.map(worded(l.catalogue))
          : cycles.map((cycle, k) => ({ value: cycle, catalogue: l.catalogue, range: ranges[k]! }));
      },
    }),
    years: t.field({
      type: [AnnualLuckType],
      description: `歳運 for pillar years \`from\`..\`to\` (inclusive, at most ${MAX_YEAR_SPAN}).`,
      args: {
        from: t.arg.int({ required: true, description: 'First year.' }),
        to: t.arg.int({ required: true, description: 'Last year.' }),
      },
      resolve: (l, { from, to }) => l.value.years(from, to).map(worded(l.catalogue)),
    }),
    months: t.field({
      type: [MonthlyLuckType],
      description: '月運 of one pillar year: 12 months from its 立春 (寅 month) to the 丑 month.',
      args: { year: t.arg.int({ required: true, description: 'The pillar year.' }) },
      resolve: (l, { year }) => l.value.months(year).map(worded(l.catalogue)),
    }),
    minor: t.field({
      type: MinorLuckType,
      description: `小運 per year of age, ages 1 to the end of the ${DEFAULT_CYCLE_COUNT}th 大運. Needs \`gender\` and a birth time: refused (\`luck.minor.school\`, before the charge) with \`timeUnknown\`.`,
      args: {
        school: t.arg({
          type: MinorLuckSchoolType,
          required: true,
          defaultValue: DEFAULT_MINOR_LUCK_SCHOOL,
          description: 'Default HOUR_PILLAR.',
        }),
      },
      resolve: (l, { school }) => {
        const cycles = l.value.cycles(DEFAULT_CYCLE_COUNT);
        const lastAge = cycles[cycles.length - 1]!.kazoeTo;
        // The calculate resolver refused a `minor` without a gender before the charge.
        const entries = minorLuckOf(l.core, l.value, l.core.request.luck!.gender, school, lastAge);
        return worded(l.catalogue)({ school, entries });
      },
    }),
    days: t.field({
      type: [DailyLuckType],
      description: `日運 of the civil dates \`from\`..\`to\` (inclusive, at most ${MAX_DAY_SPAN}) in the chart’s zone. Needs no \`gender\`.`,
      args: {
        from: t.arg.string({ required: true, description: 'First date, `YYYY-MM-DD`.' }),
        to: t.arg.string({ description: 'Last date, `YYYY-MM-DD`; default `from` (one day).' }),
      },
      // Both dates were checked before the charge.
      resolve: (l, { from, to }) =>
        dailyLuckOf(l.core, l.value, parseCivilDate(from)!, parseCivilDate(to ?? from)!).map((d) => worded(l.catalogue)(asPillar(d))),
    }),
    hours: t.field({
      type: [HourlyLuckType],
      description: '時運: the 12 時辰 子…亥 of a civil date, on the chart’s solar clock. Needs no `gender`.',
      args: { date: t.arg.string({ required: true, description: 'The date, `YYYY-MM-DD`.' }) },
      resolve: (l, { date }) => hourlyLuckOf(l.core, l.value, parseCivilDate(date)!).map((h) => worded(l.catalogue)(asPillar(h))),
    }),
  }),
});

/** The fields of `Luck` that do not depend on the gender. */
const GENDER_FREE_FIELDS: ReadonlySet<string> = new Set(['years', 'months', 'days', 'hours', '__typename']);

/** One Luck per chart, however many fields read it. */
const lucks = new WeakMap<ChartCore, Luck>();
function luckFor(core: ChartCore): Luck {
  let luck = lucks.get(core);
  if (luck === undefined) {
    // Without a gender the calculate resolver let through only `years` and `months` (refused the rest
    // before charging), which are all a gender-free luck answers.
    luck = core.request.luck === undefined ? (genderFreeLuckOf(core) as Luck) : luckOf(core, core.request.luck);
    lucks.set(core, luck);
  }
  return luck;
}

builder.interfaceFields(ChartResultType, (t) => ({
  luck: t.field({
    type: LuckType,
    description:
      'Luck cycles (大運・歳運・月運・小運・日運・時運). Requires `CalculateInput.gender`, except for `years`, `months`, `days` and `hours` alone (歳運, 月運, 日運 and 時運 do not depend on it); computed only when selected. No extra charge.',
    resolve: (v): ChartLuck => ({ value: luckFor(v.core), catalogue: v.catalogue, core: v.core }),
  }),
  relations: t.field({
    type: [RelationType],
    description: 'Relations among the four natal pillars (合冲刑害破 and the composites). Computed only when selected.',
    resolve: (v) => natalRelationsOf(v.core.pillars).map(worded(v.catalogue)),
  }),
}));

/**
 * The `luck` selection under a `calculate` field and its arguments (variables resolved), or
 * undefined when `luck` is not selected: what the resolver validates before the charge.
 */
export function luckArgumentsOf(info: GraphQLResolveInfo, variant: 'A' | 'B'): LuckArguments | undefined {
  // Parsed documents are cached (yoga's parser cache), so a field node seen without `luck` is the
  // same document again: no walk per request for the common case.
  const node = info.fieldNodes[0];
  if (node !== undefined && WITHOUT_LUCK[variant].has(node)) return undefined;
  const { found, conditional } = walkForLuck(info, variant);
  if (found === undefined && !conditional && node !== undefined && info.fieldNodes.length === 1) WITHOUT_LUCK[variant].add(node);
  return found;
}

/**
 * `calculate` field nodes whose selection has no `luck` for a variant (whatever the variables: no
 * `@skip`/`@include` in it). Per variant: a fragment on the other variant's types is not executed.
 */
const WITHOUT_LUCK: Readonly<Record<'A' | 'B', WeakSet<FieldNode>>> = { A: new WeakSet(), B: new WeakSet() };

/** Types of the other variant's answer: a fragment on one of them is not executed. */
const OTHER_VARIANT_TYPES: Readonly<Record<'A' | 'B', ReadonlySet<string>>> = {
  A: new Set(['VariantBResponse', 'VariantBResult']),
  B: new Set(['VariantAResponse', 'VariantAResult']),
};

/**
 * The luck arguments selected for a variant (undefined: none), and whether `@skip`/`@include` made
 * the answer depend on variables.
 */
/** The luck arguments as GraphQL names them in an issue's path (graphql/errors.ts reads them back). */
const GRAPHQL_ARGUMENT_NAMES = {
  cycles: 'luck.cycles.count',
  years: 'luck.years',
  months: 'luck.months.year',
  minor: 'luck.minor.school',
  days: 'luck.days',
  dayFrom: 'luck.days.from',
  dayTo: 'luck.days.to',
  hours: 'luck.hours.date',
} as const;

function walkForLuck(info: GraphQLResolveInfo, variant: 'A' | 'B'): { found: LuckArguments | undefined; conditional: boolean } {
  const luckType = info.schema.getType('Luck');
  if (luckType === undefined || !('getFields' in luckType)) return { found: undefined, conditional: false };
  const fields = luckType.getFields() as Record<string, GraphQLField<unknown, unknown>>;
  const found: {
    cycleCounts: number[];
    yearRanges: [number, number][];
    monthYears: number[];
    minorSchools: unknown[];
    dayRanges: [unknown, unknown][];
    hourDates: unknown[];
    names: LuckArguments['names'];
    needsGender: boolean;
  } = {
    cycleCounts: [],
    yearRanges: [],
    monthYears: [],
    minorSchools: [],
    dayRanges: [],
    hourDates: [],
    names: GRAPHQL_ARGUMENT_NAMES,
    needsGender: false,
  };
  let selected = false;
  const argsOf = (name: string, node: FieldNode) => getArgumentValues(fields[name]!, node, info.variableValues) as Record<string, unknown>;
  let conditional = false;
  // As graphql-js collects fields: a selection under `@skip(if: true)` or `@include(if: false)` is not executed.
  const included = (node: FieldNode | FragmentSpreadNode | InlineFragmentNode): boolean => {
    // As graphql-js does for the union of responses: a fragment on the other variant's types is not executed.
    const typeCondition =
      node.kind === Kind.INLINE_FRAGMENT
        ? node.typeCondition?.name.value
        : node.kind === Kind.FRAGMENT_SPREAD
          ? info.fragments[node.name.value]?.typeCondition.name.value
          : undefined;
    if (typeCondition !== undefined && OTHER_VARIANT_TYPES[variant].has(typeCondition)) return false;
    if (node.directives === undefined || node.directives.length === 0) return true;
    conditional = true;
    return (
      getDirectiveValues(GraphQLSkipDirective, node, info.variableValues)?.['if'] !== true &&
      getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues)?.['if'] !== false
    );
  };
  const walk = (set: SelectionSetNode | undefined, insideLuck: boolean, seen: Set<string>) => {
    for (const selection of set?.selections ?? []) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (!insideLuck && name === 'luck') {
          selected = true;
          walk(selection.selectionSet, true, seen);
          continue;
        }
        // Everything but 歳運 and 月運 depends on the gender (`luck { years }` alone needs none).
        if (insideLuck && !GENDER_FREE_FIELDS.has(name)) found.needsGender = true;
        if (insideLuck && name === 'cycles')
          found.cycleCounts.push((argsOf('cycles', selection)['count'] as number | undefined) ?? DEFAULT_CYCLE_COUNT);
        if (insideLuck && name === 'years') {
          const { from, to } = argsOf('years', selection);
          found.yearRanges.push([from as number, to as number]);
        }
        if (insideLuck && name === 'months') found.monthYears.push(argsOf('months', selection)['year'] as number);
        if (insideLuck && name === 'minor') found.minorSchools.push(argsOf('minor', selection)['school'] ?? DEFAULT_MINOR_LUCK_SCHOOL);
        if (insideLuck && name === 'days') {
          const { from, to } = argsOf('days', selection);
          found.dayRanges.push([from, to ?? from]);
        }
        if (insideLuck && name === 'hours') found.hourDates.push(argsOf('hours', selection)['date']);
        if (!insideLuck) walk(selection.selectionSet, false, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, insideLuck, seen);
      } else {
        const name = selection.name.value;
        if (seen.has(name)) continue;
        walk(info.fragments[name]?.selectionSet, insideLuck, new Set([...seen, name]));
      }
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet, false, new Set());
  return { found: selected ? found : undefined, conditional };
}
