/** An interval [from, to) of births with the pillars asked for (REST `/v1/pillars-to-dates`, GraphQL `BirthInterval`). */
import { z } from 'zod';
import { shape } from './shape.ts';

const utc = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
const moment = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

export const BIRTH_INTERVAL_SHAPE = shape('BirthInterval', 'An interval [from, to) of births, to the second', {
  from_utc: utc.meta({ description: 'Start, UT (ISO 8601)' }),
  to_utc: utc.meta({ description: 'End (excluded), UT' }),
  from_local: moment.meta({ description: 'Start in the zone’s civil time (YYYY-MM-DD HH:MM:SS)' }),
  to_local: moment.meta({ description: 'End in the zone’s civil time' }),
  from_solar: moment.meta({ description: 'Start on the chart clock: true solar time at the longitude' }),
  to_solar: moment.meta({ description: 'End on the chart clock' }),
});

export type IntervalJson = z.infer<typeof BIRTH_INTERVAL_SHAPE.object>;
