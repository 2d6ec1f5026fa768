/** `Query.pillarsToDates`: free, no key; the same lookup as REST `GET /v1/pillars-to-dates` and `bazi dates`. */
import { refusals } from '../../application/refusals.ts';
import { pillarsToDatesOf, type IntervalJson, type PillarsToDatesAnswer } from '../../wire/present/pillars-to-dates-json.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { BIRTH_INTERVAL_SHAPE } from '../../wire/shapes/birth-interval.ts';
import { toGraphQLError } from '../errors.ts';
import { DayBoundaryType, SolarTimeType } from './calculate.ts';

const IntervalType = objectTypeOf<IntervalJson>(BIRTH_INTERVAL_SHAPE);

const PillarsToDatesType = builder.objectRef<PillarsToDatesAnswer>('PillarsToDates').implement({
  description: 'Every birth interval 1900–2100 with the given pillars under the given conventions.',
  fields: (t) => ({
    yearPillar: t.string({ description: 'The year pillar.', resolve: (a) => a.pillars.year }),
    monthPillar: t.string({ description: 'The month pillar.', resolve: (a) => a.pillars.month }),
    dayPillar: t.string({ description: 'The day pillar.', resolve: (a) => a.pillars.day }),
    hourPillar: t.string({ nullable: true, description: 'The hour pillar; null for three pillars.', resolve: (a) => a.pillars.hour }),
    intervals: t.field({ type: [IntervalType], description: 'The intervals, in time order.', resolve: (a) => [...a.intervals] }),
  }),
});

builder.queryField('pillarsToDates', (t) =>
  t.field({
    type: PillarsToDatesType,
    description:
      'Four pillars (or three without `hourPillar`) → every birth interval 1900–2100 that carries them, exact to the second, under the conventions given. Impossible combinations are refused with the reason. Free; no key needed.',
    args: {
      yearPillar: t.arg.string({ required: true, description: 'Two characters, e.g. 甲子.' }),
      monthPillar: t.arg.string({ required: true, description: 'Two characters.' }),
      dayPillar: t.arg.string({ required: true, description: 'Two characters.' }),
      hourPillar: t.arg.string({ description: 'Two characters; without it, three pillars.' }),
      location: t.arg.float({
        required: true,
        description: 'East longitude in degrees: sets the true solar time that reads the day and hour.',
      }),
      timezone: t.arg.string({
        description: 'IANA zone of the `fromLocal`/`toLocal` times and of the 1900–2100 range (default Asia/Tokyo).',
      }),
      solarTime: t.arg({ type: SolarTimeType, description: 'Mean (default) or apparent solar time.' }),
      dayBoundary: t.arg({ type: DayBoundaryType, description: 'When the day pillar changes (default MIDNIGHT).' }),
    },
    resolve: (_root, args) => {
      const answer = pillarsToDatesOf({
        year_pillar: args.yearPillar,
        month_pillar: args.monthPillar,
        day_pillar: args.dayPillar,
        ...(args.hourPillar == null ? {} : { hour_pillar: args.hourPillar }),
        location: args.location,
        ...(args.timezone == null ? {} : { timezone: args.timezone }),
        ...(args.solarTime == null ? {} : { solar_time: args.solarTime }),
        ...(args.dayBoundary == null ? {} : { day_boundary: args.dayBoundary }),
      });
      if (!answer.ok) throw toGraphQLError(refusals.invalidRequest(answer.issues), 'pillarsToDates');
      return answer.answer;
    },
  }),
);
