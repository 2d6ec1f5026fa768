/** `pillars_to_dates`: every birth interval 1900–2100 with the given pillars, under the chart conventions given (free). */
import { z } from 'zod';
import { DAY_BOUNDARIES, SOLAR_TIME_MODES } from '../../../domain/chart/conventions.ts';
import { schemaRef } from '../../openapi-parts.ts';
import { pillarsToDatesOf } from '../../present/pillars-to-dates-json.ts';
import type { FreeOperationDeclaration } from '../free.ts';

/** Any of the sixty pillars, two characters. */
const GANZHI_PATTERN = '^[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]$';
const pillar = (name: string) =>
  z
    .string()
    .regex(new RegExp(GANZHI_PATTERN))
    .meta({ description: `The ${name} pillar, two characters (e.g. 甲子)`, brief: '' });

export const pillarsToDatesDeclaration: FreeOperationDeclaration = {
  name: 'pillars_to_dates',
  parameters: z.object({
    year_pillar: pillar('year'),
    month_pillar: pillar('month'),
    day_pillar: pillar('day'),
    hour_pillar: z
      .string()
      .regex(new RegExp(GANZHI_PATTERN))
      .optional()
      .meta({ description: 'The hour pillar; without it, three pillars (any time of the day)', brief: 'Without it: any hour.' }),
    // The chart request's own fields, read by its rules: OpenAPI refers to their shared parameters.
    location: z
      .number()
      .min(-180)
      .max(180)
      .meta({ description: 'East longitude: sets the solar time of day and hour.', component: 'location' }),
    timezone: z.string().optional().meta({ description: 'IANA zone (default Asia/Tokyo).', component: 'timezone' }),
    solar_time: z
      .enum(SOLAR_TIME_MODES)
      .optional()
      .meta({ description: 'True solar time: mean (default) or apparent.', component: 'solar_time', brief: '' }),
    day_boundary: z
      .enum(DAY_BOUNDARIES)
      .optional()
      .meta({ description: 'When the day pillar changes (default 00:00).', component: 'day_boundary', brief: '' }),
  }),
  answer: (values) => pillarsToDatesOf({ ...values }),
  rest: {
    path: '/v1/pillars-to-dates',
    operationId: 'getPillarsToDates',
    summary: 'Every birth interval 1900–2100 with the given pillars (free)',
    tag: 'Calendars',
    description:
      'Four pillars (or three without `hour_pillar`) → every interval of births 1900–2100 that carries them, exact to the second, under the chart conventions given (the longitude sets the true solar time that reads the day and hour). Impossible combinations (parity, 五虎遁, 五鼠遁) are refused with the reason. docs/fields.md, “Pillars to dates”.',
    response: {
      description: 'The intervals [from, to), in time order, in UT, in the zone’s civil time and on the chart clock',
      schema: schemaRef('PillarsToDates'),
    },
    cacheControl: 'public, max-age=86400',
  },
  mcp: {
    name: 'pillars_to_dates',
    title: 'Pillars → birth dates (四柱から生年月日)',
    description: 'Birth intervals 1900–2100 whose chart has these pillars (hour_pillar optional), to the second. Free.',
  },
  graphql: { field: 'pillarsToDates' },
  cli: { command: 'dates' },
};
