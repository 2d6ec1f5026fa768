/**
 * The free operations' answers on REST (/openapi.json `Places`, `PillarsToDates`, `LunarDates`). GraphQL
 * keeps its own types for them (`places` is a list, `PillarsToDates` and `LunarDates` flatten what REST
 * nests), built over the shapes of their parts.
 */
import { z } from 'zod';
import type { LunarDatesAnswer } from '../../domain/calendar/lunar-dates.ts';
import type { FreeOperationDeclaration } from '../operations/free.ts';
import type { placesDeclaration } from '../operations/free/places.ts';
import type { PillarsToDatesAnswer } from '../present/pillars-to-dates-json.ts';
import { GANZHI_PATTERN } from './atoms.ts';
import { BIRTH_INTERVAL_SHAPE } from './birth-interval.ts';
import { LUNAR_READING_SHAPE } from './lunar-reading.ts';
import { PLACE_SHAPE } from './place.ts';
import { inPlace, shape, type AnyShape } from './shape.ts';

export const PLACES_SHAPE = shape('Places', null, { query: z.string(), places: z.array(PLACE_SHAPE.object) }, { component: true });

const PILLAR = () => z.string().regex(new RegExp(GANZHI_PATTERN));

export const ASKED_PILLARS_SHAPE = shape('AskedPillars', null, {
  year: PILLAR(),
  month: PILLAR(),
  day: PILLAR(),
  hour: PILLAR().nullable(),
});

export const PILLARS_TO_DATES_SHAPE = shape(
  'PillarsToDates',
  null,
  {
    pillars: ASKED_PILLARS_SHAPE.object,
    location: z.number(),
    timezone: z.string(),
    solar_time: z.enum(['mean', 'apparent']),
    day_boundary: z.enum(['00:00', '23:00']),
    intervals: z
      .array(inPlace(BIRTH_INTERVAL_SHAPE))
      .meta({ description: 'Every interval [from, to) of births 1900–2100 with the pillars, in time order' }),
  },
  { component: true },
);

export const LUNAR_READINGS_SHAPE = shape('LunarReadings', null, {
  lunar_cn: inPlace(LUNAR_READING_SHAPE),
  lunar_kr: inPlace(LUNAR_READING_SHAPE),
  lunar_jp: inPlace(LUNAR_READING_SHAPE),
});

export const LUNAR_DATES_SHAPE = shape(
  'LunarDates',
  null,
  { gregorian_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), lunar: LUNAR_READINGS_SHAPE.object, calendars_agree: z.boolean() },
  { component: true },
);

/**
 * The shapes' types are the operations' answers: the declared answer fits the answer's type, and a
 * member added to one and not the other fails the type check.
 */
type Same<S extends AnyShape, Answer> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Answer, keyof Answer] ? true : false) : false;
type PlacesAnswer = typeof placesDeclaration extends FreeOperationDeclaration<infer A> ? A : never;
const sameMembers: [
  Same<typeof PLACES_SHAPE, PlacesAnswer>,
  Same<typeof PILLARS_TO_DATES_SHAPE, PillarsToDatesAnswer>,
  Same<typeof LUNAR_DATES_SHAPE, LunarDatesAnswer>,
] = [true, true, true];
void sameMembers;
