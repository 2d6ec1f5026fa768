/**
 * Lunar birth dates on GraphQL: `CalculateInput.calendar` and `leapMonth` (src/graphql/schema/calculate.ts),
 * `ChartResult.lunarInput` (the date as given and what the other calendars say; null for a Gregorian
 * date), and the free `Query.lunarDates` converting a date both ways.
 */
import { LUNAR_CALENDARS } from '../../domain/calendar/lunisolar.ts';
import { lunarInputJson, type LunarDateJson, type LunarInputJson } from '../../domain/chart/lunar-input.ts';
import { lunarDates, type LunarDatesAnswer, type LunarReading } from '../../domain/calendar/lunar-dates.ts';
import { refusals } from '../../application/refusals.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { LUNAR_READING_SHAPE } from '../../wire/shapes/lunar-reading.ts';
import { toGraphQLError } from '../errors.ts';
import { ChartResultType } from './chart-result.ts';

export const LUNAR_CALENDAR_VALUES = {
  LUNAR_CN: { value: 'lunar_cn', description: 'The Chinese calendar (農曆, GB/T 33661 in UTC+8).' },
  LUNAR_KR: { value: 'lunar_kr', description: 'The Korean calendar (음력, KASI).' },
  LUNAR_JP: { value: 'lunar_jp', description: 'The Japanese calendar (旧暦, the 天保暦 rule in JST, 閏11月 in 2033).' },
} as const satisfies Record<string, { value: (typeof LUNAR_CALENDARS)[number]; description: string }>;

export const CalendarType = builder.enumType('Calendar', {
  description: 'The calendar of a date’s year, month and day.',
  values: { GREGORIAN: { value: 'gregorian', description: 'Gregorian (the default).' }, ...LUNAR_CALENDAR_VALUES },
});
export const LunarCalendarType = builder.enumType('LunarCalendar', { description: 'A lunisolar calendar.', values: LUNAR_CALENDAR_VALUES });

export const LunarDateType = builder.objectRef<LunarDateJson>('LunarDate').implement({
  description: 'A date in a lunar calendar.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'The lunar year: the Gregorian year its month 1 starts in.' }),
    month: t.exposeInt('month', { description: '1–12.' }),
    day: t.exposeInt('day', { description: '1–30.' }),
    leapMonth: t.exposeBoolean('leap_month', { description: 'The month is a leap month (閏月).' }),
  }),
});

type OtherCalendar = LunarInputJson['other_calendars'][number];
const OtherCalendarType = builder.objectRef<OtherCalendar>('OtherLunarCalendar').implement({
  description: 'What another lunar calendar says of the same birth.',
  fields: (t) => ({
    calendar: t.field({ type: LunarCalendarType, description: 'The calendar.', resolve: (o) => o.calendar }),
    gregorianDate: t.exposeString('gregorian_date', {
      nullable: true,
      description: 'The same lunar date there (YYYY-MM-DD); null where it does not exist.',
    }),
    lunarDateOfThisDay: t.field({
      type: LunarDateType,
      description: 'The birth day’s lunar date there.',
      resolve: (o) => o.lunar_date_of_this_day,
    }),
  }),
});

const LunarInputType = builder.objectRef<LunarInputJson>('LunarInput').implement({
  description: 'A birth date given in a lunar calendar (docs/fields.md, “Lunar dates”).',
  fields: (t) => ({
    calendar: t.field({ type: LunarCalendarType, description: 'The calendar it was given in.', resolve: (l) => l.calendar }),
    date: t.field({
      type: LunarDateType,
      description: 'The lunar date as given.',
      resolve: (l) => ({ year: l.year, month: l.month, day: l.day, leap_month: l.leap_month }),
    }),
    gregorianDate: t.exposeString('gregorian_date', { description: 'The Gregorian date the chart was cast for (YYYY-MM-DD).' }),
    monthStartUncertain: t.exposeBoolean('month_start_uncertain', {
      description: 'The month starts with a new moon within three minutes of midnight where ΔT is a forecast.',
    }),
    otherCalendars: t.field({ type: [OtherCalendarType], description: 'The other two calendars.', resolve: (l) => [...l.other_calendars] }),
    calendarsDisagree: t.exposeBoolean('calendars_disagree', { description: 'Another calendar puts this lunar date on another day.' }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  lunarInput: t.field({
    type: LunarInputType,
    nullable: true,
    description: 'The birth date as given in a lunar `calendar`, with what the other calendars say; null for a Gregorian date.',
    resolve: ({ core }) => (core.request.lunarInput === undefined ? null : lunarInputJson(core.request.lunarInput, core.request)),
  }),
}));

const LunarReadingType = objectTypeOf<LunarReading>(LUNAR_READING_SHAPE);

const LunarDatesType = builder.objectRef<LunarDatesAnswer>('LunarDates').implement({
  description: 'A day in the Gregorian calendar and in the three lunar calendars.',
  fields: (t) => ({
    gregorianDate: t.exposeString('gregorian_date', { description: 'YYYY-MM-DD.' }),
    lunarCn: t.field({ type: LunarReadingType, description: 'The Chinese calendar.', resolve: (a) => a.lunar.lunar_cn }),
    lunarKr: t.field({ type: LunarReadingType, description: 'The Korean calendar (KASI).', resolve: (a) => a.lunar.lunar_kr }),
    lunarJp: t.field({ type: LunarReadingType, description: 'The Japanese calendar.', resolve: (a) => a.lunar.lunar_jp }),
    calendarsAgree: t.exposeBoolean('calendars_agree', { description: 'The three calendars read the day alike.' }),
  }),
});

builder.queryField('lunarDates', (t) =>
  t.field({
    type: LunarDatesType,
    description:
      'Converts a date: `date` (Gregorian, YYYY-MM-DD) to the three lunar calendars, or `calendar`, `year`, `month`, `day` (and `leapMonth`) to the Gregorian date and the three readings of that day; 1900-01-31 … 2100-12-31. Free; no key needed.',
    args: {
      date: t.arg.string({ description: 'A Gregorian date, YYYY-MM-DD.' }),
      calendar: t.arg({ type: LunarCalendarType, description: 'The lunar calendar of `year`, `month`, `day`.' }),
      year: t.arg.int({ description: 'Lunar year.' }),
      month: t.arg.int({ description: 'Lunar month, 1–12.' }),
      day: t.arg.int({ description: 'Lunar day, 1–30.' }),
      leapMonth: t.arg.boolean({ description: 'The lunar month is a leap month.' }),
    },
    resolve: (_root, args) => {
      const answer = lunarDates({
        ...(args.date == null ? {} : { date: args.date }),
        ...(args.calendar == null ? {} : { calendar: args.calendar }),
        ...(args.year == null ? {} : { year: args.year }),
        ...(args.month == null ? {} : { month: args.month }),
        ...(args.day == null ? {} : { day: args.day }),
        ...(args.leapMonth == null ? {} : { leap_month: args.leapMonth }),
      });
      if (!answer.ok)
        throw toGraphQLError(
          refusals.invalidRequest(answer.issues.map((i) => ({ ...i, field: i.field === 'leap_month' ? 'leapMonth' : i.field }))),
          'lunarDates',
        );
      return answer.answer;
    },
  }),
);
