/**
 * How sure the chart is, on both variants' result, each computed only when selected:
 * `warnings` (boundaries near the birth time and how its clock was read), `alternatives` (every
 * chart a birth within ± `CalculateInput.uncertaintyMinutes` gives) and `conventionDifferences`
 * (what another setting of `dayBoundary`, `solarTime`, `zokanTable` or `zokanCount` would change).
 * The items are REST's shapes (wire/sections/warnings, alternatives, convention-differences):
 * `ConventionValue` is built from its shape; `ChartWarning` (its code an enum, its fields in GraphQL's
 * spelling), `ChartAlternative` (its `zokan` Variant A's type) and `ConventionDifference` (its field in
 * GraphQL's spelling) are written here, described with the shapes' words.
 */
import type { z } from 'zod';
import {
  chartAlternatives,
  chartWarnings,
  conventionDifferences,
  WARNING_CODES,
  type ChartAlternative,
  type ChartWarning,
  type ConventionDifference,
} from '../../domain/chart/certainty.ts';
import { zokanJson } from '../../wire/present/certainty-json.ts';
import { CHART_ALTERNATIVE_SHAPE } from '../../wire/sections/alternatives/shape.ts';
import { CONVENTION_DIFFERENCE_SHAPE, CONVENTION_VALUE_SHAPE } from '../../wire/sections/convention-differences/shape.ts';
import { CHART_WARNING_SHAPE } from '../../wire/sections/warnings/shape.ts';
import { graphqlDescription, type Shape } from '../../wire/shapes/shape.ts';
import { ganzhiName } from '../../domain/calendar/sexagenary.ts';
import { isoFormatterFor } from '../../domain/time/format.ts';
import type { ZoneRules } from '../../domain/time/zone.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { ChartResultType } from './chart-result.ts';
import { ZokanType } from './variant-a-result.ts';

/** A member's description in GraphQL's spelling, where the field is REST's member in camelCase. */
function said<T extends z.ZodRawShape>(of: Shape<T>, member: keyof T & string): string {
  const members: z.ZodRawShape = of.object.shape;
  const description = (members as Record<string, z.ZodType | undefined>)[member]?.meta()?.description;
  if (typeof description !== 'string') throw new Error(`${of.name}.${member} has no description`);
  return graphqlDescription(description);
}

const WARNING_DESCRIPTIONS: Readonly<Record<(typeof WARNING_CODES)[number], string>> = {
  TIME_NOT_GIVEN: 'No birth time: the hour pillar is the 12:00 default, not a fact.',
  TIME_UNKNOWN: 'The caller said the birth time is unknown: a three-pillar chart, no hour pillar and nothing computed from one.',
  NEAR_SOLAR_TERM: 'The birth instant is within the window of a 節 (month pillar) or 立春 (year pillar too).',
  NEAR_HOUR_EDGE: 'The corrected solar time is within the window of an hour-branch edge (an odd hour).',
  NEAR_DAY_EDGE: 'With dayBoundary MIDNIGHT: the corrected solar time is within the window of 00:00, where the day pillar changes.',
  ZI_HOUR_CONVENTION: 'The 子 hour, where the other dayBoundary convention gives another day or hour pillar (named in the message).',
  NEAR_ZOKAN_SWITCH:
    'The 蔵干 day count is on a switch day of the chosen table (or the day before one), whatever the window: it depends on how the days are counted, not on the time.',
  NONEXISTENT_LOCAL_TIME: 'The wall time was skipped by a clock change; it was read with the offset in force before the change.',
  AMBIGUOUS_LOCAL_TIME: 'The wall time occurred twice (a clock change); the earlier occurrence was used.',
  SUMMER_TIME_IN_EFFECT: 'The wall time was read as summer time (e.g. Japan 1948–51).',
  LONGITUDE_FAR_FROM_ZONE: 'The longitude is more than 30° from the zone’s standard meridian: a likely wrong zone.',
  LUNAR_CALENDARS_DISAGREE:
    'The birth date was given in a lunar calendar, and another lunar calendar puts the same lunar date on another day.',
  LUNAR_MONTH_UNCERTAIN:
    'The birth date was given in a lunar calendar whose month starts with a new moon within three minutes of midnight where ΔT is a forecast.',
  LUCK_START_RANGE:
    'A three-pillar chart with a gender: the 大運 start moves with the unknown hour, so `luck` gives it as the range over the birth day (`startRange`); the message names its first and last dates.',
};

const WarningCodeType = builder.enumType('ChartWarningCode', {
  description: 'Kind of warning.',
  values: Object.fromEntries(WARNING_CODES.map((code) => [code, { value: code, description: WARNING_DESCRIPTIONS[code] }])) as Record<
    (typeof WARNING_CODES)[number],
    { value: string; description: string }
  >,
});

const ChartWarningType = builder.objectRef<ChartWarning>('ChartWarning').implement({
  description: graphqlDescription(CHART_WARNING_SHAPE.description),
  fields: (t) => ({
    code: t.field({ type: WarningCodeType, description: said(CHART_WARNING_SHAPE, 'code'), resolve: (w) => w.code }),
    message: t.exposeString('message', { description: said(CHART_WARNING_SHAPE, 'message') }),
    fields: t.exposeStringList('fields', { description: said(CHART_WARNING_SHAPE, 'fields') }),
    distanceSeconds: t.int({
      nullable: true,
      description: said(CHART_WARNING_SHAPE, 'distance_seconds'),
      resolve: (w) => w.distanceSeconds,
    }),
  }),
});

interface PlacedAlternative {
  readonly alternative: ChartAlternative;
  readonly zone: ZoneRules;
}

const alternativeSaid = (member: keyof typeof CHART_ALTERNATIVE_SHAPE.object.shape) => said(CHART_ALTERNATIVE_SHAPE, member);
const ChartAlternativeType = builder.objectRef<PlacedAlternative>('ChartAlternative').implement({
  description: graphqlDescription(CHART_ALTERNATIVE_SHAPE.description),
  fields: (t) => ({
    from: t.string({
      description: alternativeSaid('from'),
      resolve: (p) => isoFormatterFor(p.zone).instant(p.alternative.fromUnixSec),
    }),
    to: t.string({
      description: alternativeSaid('to'),
      resolve: (p) => isoFormatterFor(p.zone).instant(p.alternative.toUnixSec),
    }),
    share: t.float({ description: alternativeSaid('share'), resolve: (p) => p.alternative.share }),
    yearGanzhi: t.string({ description: alternativeSaid('year_ganzhi'), resolve: (p) => ganzhiName(p.alternative.pillars.year) }),
    monthGanzhi: t.string({ description: alternativeSaid('month_ganzhi'), resolve: (p) => ganzhiName(p.alternative.pillars.month) }),
    dayGanzhi: t.string({ description: alternativeSaid('day_ganzhi'), resolve: (p) => ganzhiName(p.alternative.pillars.day) }),
    timeGanzhi: t.string({ description: alternativeSaid('time_ganzhi'), resolve: (p) => ganzhiName(p.alternative.pillars.hour) }),
    zokan: t.field({ type: ZokanType, description: alternativeSaid('zokan'), resolve: (p) => zokanJson(p.alternative) }),
    isBirthChart: t.boolean({ description: alternativeSaid('is_birth_chart'), resolve: (p) => p.alternative.isBirthChart }),
  }),
});

const ConventionValueType = objectTypeOf<ConventionDifference['values'][number]>(CONVENTION_VALUE_SHAPE);

const ConventionDifferenceType = builder.objectRef<ConventionDifference>('ConventionDifference').implement({
  description: graphqlDescription(CONVENTION_DIFFERENCE_SHAPE.description),
  fields: (t) => ({
    field: t.exposeString('field', { description: said(CONVENTION_DIFFERENCE_SHAPE, 'field') }),
    // The values are spelled as REST spells them (`day_boundary`): the words are the shape's as written.
    convention: t.exposeString('convention', { description: '`day_boundary`, `solar_time`, `zokan_table` or `zokan_count`.' }),
    values: t.field({ type: [ConventionValueType], description: said(CONVENTION_DIFFERENCE_SHAPE, 'values'), resolve: (d) => d.values }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  warnings: t.field({
    type: [ChartWarningType],
    description:
      'How sure the chart is: boundaries within ± `uncertaintyMinutes` of the birth time (default 30), how its clock was read. Computed only when selected.',
    resolve: (v) => chartWarnings(v.core, v.catalogue.warnings),
  }),
  alternatives: t.field({
    type: [ChartAlternativeType],
    description:
      'Every distinct chart (four pillars and 蔵干) a birth within ± `uncertaintyMinutes` gives, with its sub-window. Computed only when selected.',
    resolve: (v) => chartAlternatives(v.core).map((alternative) => ({ alternative, zone: v.core.zone })),
  }),
  conventionDifferences: t.field({
    type: [ConventionDifferenceType],
    description:
      'The pillars and 蔵干 that another setting of `dayBoundary`, `solarTime`, `zokanTable` or `zokanCount` would change. Computed only when selected.',
    resolve: (v) => conventionDifferences(v.core),
  }),
}));
