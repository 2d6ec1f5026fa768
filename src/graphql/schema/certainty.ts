/**
 * How sure the chart is, on both variants' result, each computed only when selected:
 * `warnings` (boundaries near the birth time and how its clock was read), `alternatives` (every
 * chart a birth within ± `CalculateInput.uncertaintyMinutes` gives) and `conventionDifferences`
 * (what another setting of `dayBoundary`, `solarTime`, `zokanTable` or `zokanCount` would change).
 */
import {
  CHART_FIELDS,
  chartAlternatives,
  chartWarnings,
  conventionDifferences,
  WARNING_CODES,
  type ChartAlternative,
  type ChartWarning,
  type ConventionDifference,
} from '../../domain/chart/certainty.ts';
import { zokanJson } from '../../wire/present/certainty-json.ts';
import { ganzhiName } from '../../domain/calendar/sexagenary.ts';
import { isoFormatterFor } from '../../domain/time/format.ts';
import type { ZoneRules } from '../../domain/time/zone.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';
import { ZokanType } from './variant-a-result.ts';

const FIELD_LIST = CHART_FIELDS.map((f) => `\`${f}\``).join(', ');

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
  description: 'Something about the birth time that makes part of the chart uncertain.',
  fields: (t) => ({
    code: t.field({ type: WarningCodeType, description: 'Stable code.', resolve: (w) => w.code }),
    message: t.exposeString('message', { description: 'What it means for this chart, in the answer’s language (`lang`).' }),
    fields: t.exposeStringList('fields', { description: `The chart fields that may be wrong because of it: ${FIELD_LIST}.` }),
    distanceSeconds: t.int({
      nullable: true,
      description: 'Signed seconds from the boundary to the birth (positive: after it); null when there is no boundary.',
      resolve: (w) => w.distanceSeconds,
    }),
  }),
});

interface PlacedAlternative {
  readonly alternative: ChartAlternative;
  readonly zone: ZoneRules;
}

const ChartAlternativeType = builder.objectRef<PlacedAlternative>('ChartAlternative').implement({
  description: 'A chart a birth within the window gives: its sub-window of birth times and its pillars.',
  fields: (t) => ({
    from: t.string({
      description: 'First birth time giving it, ISO 8601 with the request zone’s offset.',
      resolve: (p) => isoFormatterFor(p.zone).instant(p.alternative.fromUnixSec),
    }),
    to: t.string({
      description: 'End of its sub-window (exclusive).',
      resolve: (p) => isoFormatterFor(p.zone).instant(p.alternative.toUnixSec),
    }),
    share: t.float({ description: 'Its share of the window, 0–1.', resolve: (p) => p.alternative.share }),
    yearGanzhi: t.string({ description: 'Year pillar.', resolve: (p) => ganzhiName(p.alternative.pillars.year) }),
    monthGanzhi: t.string({ description: 'Month pillar.', resolve: (p) => ganzhiName(p.alternative.pillars.month) }),
    dayGanzhi: t.string({ description: 'Day pillar.', resolve: (p) => ganzhiName(p.alternative.pillars.day) }),
    timeGanzhi: t.string({ description: 'Hour pillar.', resolve: (p) => ganzhiName(p.alternative.pillars.hour) }),
    zokan: t.field({ type: ZokanType, description: '蔵干 of the four branches.', resolve: (p) => zokanJson(p.alternative) }),
    isBirthChart: t.boolean({ description: 'The birth time itself falls in this sub-window.', resolve: (p) => p.alternative.isBirthChart }),
  }),
});

const ConventionValueType = builder.objectRef<ConventionDifference['values'][number]>('ConventionValue').implement({
  description: 'A field’s value under one setting of a convention.',
  fields: (t) => ({
    setting: t.exposeString('setting', {
      description: 'The setting, REST spelling: `00:00`, `23:00`, `mean`, `apparent`, `getsuritsu`, `nijuhachigen`.',
    }),
    value: t.exposeString('value', { description: 'The field’s value under it.' }),
    requested: t.exposeBoolean('requested', { description: 'This is the request’s own setting.' }),
  }),
});

const ConventionDifferenceType = builder.objectRef<ConventionDifference>('ConventionDifference').implement({
  description: 'A chart field another setting of a convention changes.',
  fields: (t) => ({
    field: t.exposeString('field', { description: `The field: ${FIELD_LIST}.` }),
    convention: t.exposeString('convention', { description: '`day_boundary`, `solar_time`, `zokan_table` or `zokan_count`.' }),
    values: t.field({ type: [ConventionValueType], description: 'Each setting with the value it gives.', resolve: (d) => d.values }),
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
