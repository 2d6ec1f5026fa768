/** `lunar_dates`: a Gregorian date in the three lunar calendars, or a lunar date's Gregorian date (free). */
import { z } from 'zod';
import { lunarDates } from '../../../domain/calendar/lunar-dates.ts';
import { LUNAR_CALENDARS } from '../../../domain/calendar/lunisolar.ts';
import { schemaRef } from '../../openapi-parts.ts';
import type { FreeOperationDeclaration } from '../free.ts';

export const lunarDatesDeclaration: FreeOperationDeclaration = {
  name: 'lunar_dates',
  parameters: z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .meta({ description: 'A Gregorian date, YYYY-MM-DD', brief: 'Gregorian YYYY-MM-DD.' }),
    calendar: z.enum(LUNAR_CALENDARS).optional().meta({ description: 'The lunar calendar of `year`, `month`, `day`', brief: '' }),
    year: z.int().min(1900).max(2100).optional().meta({ description: 'Lunar year', brief: '' }),
    month: z.int().min(1).max(12).optional().meta({ description: 'Lunar month', brief: '' }),
    day: z.int().min(1).max(30).optional().meta({ description: 'Lunar day', brief: '' }),
    leap_month: z.boolean().optional().meta({ description: 'The lunar month is a leap month', brief: '' }),
  }),
  answer: (values) => lunarDates(values),
  rest: {
    path: '/v1/lunar-dates',
    operationId: 'getLunarDates',
    summary: 'Converts a date between the Gregorian and the three lunar calendars (free)',
    tag: 'Calendars',
    description:
      '`date` (Gregorian) → its date in `lunar_cn`, `lunar_kr` and `lunar_jp`; or `calendar`, `year`, `month`, `day` (and `leap_month`) → the Gregorian date and the three readings of that day. 1900-01-31 … 2100-12-31; docs/fields.md, “Lunar dates”.',
    response: { description: 'The day in the Gregorian calendar and in the three lunar calendars', schema: schemaRef('LunarDates') },
    cacheControl: 'public, max-age=86400',
  },
  mcp: {
    name: 'lunar_dates',
    title: 'Lunar ↔ Gregorian dates (農曆・음력・旧暦)',
    description: 'Gregorian `date` ↔ Chinese, Korean, Japanese lunar dates (`calendar`, year, month, day, leap_month), 1900–2100. Free.',
  },
  graphql: { field: 'lunarDates' },
  cli: { command: 'lunar' },
};
