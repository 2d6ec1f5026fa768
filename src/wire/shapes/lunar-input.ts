/**
 * `lunar_input`: present in either variant's `result` when the birth date was given in a lunar
 * `calendar` (docs/fields.md, "Lunar dates"). GraphQL's `LunarInput` keeps its own type (a `date` where
 * REST has the lunar date's members, enums where REST has the calendars' names).
 */
import { z } from 'zod';
import { LUNAR_CALENDARS } from '../../domain/calendar/lunisolar.ts';
import type { LunarDateJson, LunarInputJson } from '../../domain/chart/lunar-input.ts';
import { asWritten, shape, type AnyShape } from './shape.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date in a lunar calendar. */
const LUNAR_DATE = {
  year: z.int(),
  month: z.int().min(1).max(12),
  day: z.int().min(1).max(30),
  leap_month: z.boolean(),
};

export const LUNAR_DATE_SHAPE = shape('LunarDate', null, LUNAR_DATE);

export const OTHER_LUNAR_CALENDAR_SHAPE = shape('OtherLunarCalendar', null, {
  calendar: z.enum(LUNAR_CALENDARS),
  gregorian_date: asWritten<string | null>({
    type: ['string', 'null'],
    pattern: ISO_DATE.source,
    description: 'The same lunar date there; null where it does not exist',
  }),
  lunar_date_of_this_day: LUNAR_DATE_SHAPE.object,
});

export const LUNAR_INPUT_SHAPE = shape(
  'LunarInput',
  'The birth date as given in a lunar calendar, the Gregorian date the chart was cast for, and what the other two calendars say',
  {
    calendar: z.enum(LUNAR_CALENDARS),
    ...LUNAR_DATE,
    gregorian_date: z.string().regex(ISO_DATE),
    month_start_uncertain: z
      .boolean()
      .meta({ description: 'The month starts with a new moon within three minutes of midnight where ΔT is a forecast' }),
    other_calendars: z.array(OTHER_LUNAR_CALENDAR_SHAPE.object).length(2),
    calendars_disagree: z.boolean().meta({ description: 'Another calendar puts this lunar date on another day' }),
  },
);

/**
 * The shapes' types are the domain's: the declared answer fits the domain's type, and a member added to
 * one and not the other fails the type check.
 */
type Same<S extends AnyShape, Domain> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Domain, keyof Domain] ? true : false) : false;
const sameMembers: [
  Same<typeof LUNAR_DATE_SHAPE, LunarDateJson>,
  Same<typeof OTHER_LUNAR_CALENDAR_SHAPE, LunarInputJson['other_calendars'][number]>,
  Same<typeof LUNAR_INPUT_SHAPE, LunarInputJson>,
] = [true, true, true];
void sameMembers;
