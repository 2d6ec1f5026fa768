/**
 * `voidPeriods` (天中殺 / 空亡 periods) on both variants' result, computed only when selected: the
 * same values as REST's `include=void_periods` in camelCase. Its span argument is a `YearSpan`,
 * checked while the document is validated, so a bad span is refused before the chart is charged.
 */
import { GraphQLError, Kind } from 'graphql';
import { voidPeriodsJson, type VoidPeriodsJson } from '../../wire/sections/void-periods/json.ts';
import { MAX_VOID_MONTH_YEARS, readYearSpan, VOID_BASES, VOID_YEARS_AFTER_BIRTH } from '../../domain/luck/void-periods.ts';
import { z } from 'zod';
import {
  VOID_CYCLE_SHAPE,
  VOID_MONTH_SHAPE,
  VOID_PERIODS_SHAPE,
  VOID_SCHOOL_SHAPE,
  VOID_YEAR_SHAPE,
} from '../../wire/sections/void-periods/shape.ts';
import { graphqlDescription, type Shape } from '../../wire/shapes/shape.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
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

const VoidYearType = objectTypeOf<Year>(VOID_YEAR_SHAPE);
const VoidMonthType = objectTypeOf<Month>(VOID_MONTH_SHAPE);
const VoidCycleType = objectTypeOf<Cycle>(VOID_CYCLE_SHAPE);

/** A member's description, in GraphQL's spelling. */
const said = (of: Shape, member: string): string => {
  const description = (of.object.shape as Record<string, z.ZodType>)[member]?.meta()?.['description'];
  if (typeof description !== 'string') throw new Error(`${of.name}.${member} has no description`);
  return graphqlDescription(description);
};

// Hand-written over the shape's members: `basis` is the enum `VoidBasis`, not a string.
const VoidSchoolType = builder.objectRef<School>(VOID_SCHOOL_SHAPE.name).implement({
  description: graphqlDescription(VOID_SCHOOL_SHAPE.description),
  fields: (t) => {
    const of = VOID_SCHOOL_SHAPE;
    return {
      basis: t.field({ type: VoidBasisType, description: said(of, 'basis'), resolve: (s) => s.basis }),
      label: t.exposeString('label', { description: said(of, 'label') }),
      reading: t.exposeString('reading', { description: said(of, 'reading') }),
      pillar: t.exposeString('pillar', { description: said(of, 'pillar') }),
      xun: t.exposeString('xun', { description: said(of, 'xun') }),
      branches: t.exposeStringList('branches', { description: said(of, 'branches') }),
      years: t.expose('years', { type: [VoidYearType], description: said(of, 'years') }),
      months: t.expose('months', { type: [VoidMonthType], nullable: true, description: said(of, 'months') }),
      cycles: t.expose('cycles', { type: [VoidCycleType], nullable: true, description: said(of, 'cycles') }),
    };
  },
});

// Hand-written over the shape's members: its schools are the hand-written `VoidSchool`.
const VoidPeriodsType = builder.objectRef<VoidPeriodsJson>(VOID_PERIODS_SHAPE.name).implement({
  description: graphqlDescription(VOID_PERIODS_SHAPE.description),
  fields: (t) => {
    const of = VOID_PERIODS_SHAPE;
    return {
      fromYear: t.exposeInt('from_year', { description: said(of, 'from_year') }),
      toYear: t.exposeInt('to_year', { description: said(of, 'to_year') }),
      schools: t.expose('schools', { type: [VoidSchoolType], description: said(of, 'schools') }),
    };
  },
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
