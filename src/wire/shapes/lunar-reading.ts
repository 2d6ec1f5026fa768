/** A day's date in one lunar calendar (REST `/v1/lunar-dates` `lunar.*`, GraphQL `LunarReading`). */
import { z } from 'zod';
import type { LunarReading } from '../../domain/calendar/lunar-dates.ts';
import { shape } from './shape.ts';

export const LUNAR_READING_SHAPE = shape('LunarReading', 'A day’s date in one lunar calendar', {
  year: z.int().meta({ description: 'The lunar year: the Gregorian year its month 1 starts in' }),
  month: z.int().min(1).max(12).meta({ description: '1–12' }),
  day: z.int().min(1).max(30).meta({ description: '1–30' }),
  leap_month: z.boolean().meta({ description: 'The month is a leap month (閏月)' }),
  month_start_uncertain: z
    .boolean()
    .meta({ description: 'The month starts with a new moon within three minutes of midnight where ΔT is a forecast' }),
});

/** The shape's type is the domain's: a member added to one and not the other fails the type check. */
const sameMembers: [z.infer<typeof LUNAR_READING_SHAPE.object>, LunarReading] extends [
  LunarReading,
  z.infer<typeof LUNAR_READING_SHAPE.object>,
]
  ? true
  : false = true;
void sameMembers;
