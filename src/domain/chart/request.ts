/**
 * The chart request: spec §2.1 fields plus the DESIGN §3 convention options, validated by one zod
 * schema that the CLI, REST and GraphQL layers share. Every issue names the field and the rule.
 */
import { z } from 'zod';
import { daysInMonth } from '../time/civil.js';
import { canonicalZoneName } from '../time/zone.js';
import {
  DAY_BOUNDARIES,
  DEFAULT_CONVENTIONS,
  SOLAR_TIME_MODES,
  ZOKAN_TABLES,
  type ChartConventions,
} from './conventions.js';

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
/** Spec §2.1: with neither `time` nor `hour`, the chart is cast for 12:00. */
export const DEFAULT_HOUR = 12;

/** A validated request: the civil birth time, the longitude, and the conventions to apply. */
export interface ChartRequest {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** East longitude in degrees (the spec's `location`). */
  readonly longitudeDeg: number;
  readonly conventions: ChartConventions;
}

export interface RequestIssue {
  /** Request field the issue is about (spec/REST spelling). */
  readonly field: string;
  readonly message: string;
}

const integerIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be an integer from ${min} to ${max}` })
    .int({ error: `${field} must be an integer from ${min} to ${max}` })
    .min(min, { error: `${field} must be an integer from ${min} to ${max}` })
    .max(max, { error: `${field} must be an integer from ${min} to ${max}` });

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.map((v) => `"${v}"`).join(', ')}` });

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Spec §2.1: `hour` and `minute` are ignored when `time` is given, so they cannot fail validation either. */
const withoutIgnoredClockFields = (raw: unknown): unknown => {
  if (!isPlainObject(raw) || raw['time'] == null || (raw['hour'] === undefined && raw['minute'] === undefined)) return raw;
  const { hour: _hour, minute: _minute, ...rest } = raw;
  return rest;
};

const requestFieldsSchema = z
  .object({
    year: integerIn('year', MIN_YEAR, MAX_YEAR),
    month: integerIn('month', 1, 12),
    day: integerIn('day', 1, 31),
    location: z
      .number({ error: 'location must be a longitude in degrees from -180 to 180 (east positive)' })
      .min(-180, { error: 'location must be a longitude in degrees from -180 to 180 (east positive)' })
      .max(180, { error: 'location must be a longitude in degrees from -180 to 180 (east positive)' }),
    hour: integerIn('hour', 0, 23).nullish(),
    minute: integerIn('minute', 0, 59).nullish(),
    time: z.string({ error: 'time must be a string HH:MM (00:00-23:59)' })
      .regex(TIME_PATTERN, { error: 'time must be HH:MM with hours 00-23 and minutes 00-59' })
      .nullish(),
    api_key: z.string({ error: 'api_key must be a string' }).nullish(),
    timezone: z
      .string({ error: 'timezone must be an IANA time zone name such as "Asia/Tokyo"' })
      .refine((zone) => canonicalZoneName(zone) !== undefined, {
        error: 'timezone must be an IANA time zone name such as "Asia/Tokyo"',
      })
      .nullish(),
    solar_time: oneOf('solar_time', SOLAR_TIME_MODES).nullish(),
    day_boundary: oneOf('day_boundary', DAY_BOUNDARIES).nullish(),
    zokan_table: oneOf('zokan_table', ZOKAN_TABLES).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.day > daysInMonth(input.year, input.month)) {
      ctx.addIssue({
        code: 'custom',
        path: ['day'],
        message: `day must exist in the month: ${input.year}-${String(input.month).padStart(2, '0')} has ${daysInMonth(input.year, input.month)} days`,
      });
    }
  })
  .transform((input): ChartRequest => {
    const time = input.time == null ? undefined : TIME_PATTERN.exec(input.time);
    const hour = time ? Number(time[1]) : (input.hour ?? DEFAULT_HOUR);
    const minute = time ? Number(time[2]) : input.hour == null ? 0 : (input.minute ?? 0);
    return {
      year: input.year,
      month: input.month,
      day: input.day,
      hour,
      minute,
      longitudeDeg: input.location,
      conventions: {
        timezone: input.timezone == null ? DEFAULT_CONVENTIONS.timezone : canonicalZoneName(input.timezone)!,
        solarTime: input.solar_time ?? DEFAULT_CONVENTIONS.solarTime,
        dayBoundary: input.day_boundary ?? DEFAULT_CONVENTIONS.dayBoundary,
        zokanTable: input.zokan_table ?? DEFAULT_CONVENTIONS.zokanTable,
      },
    };
  });

export const chartRequestSchema = z.preprocess(withoutIgnoredClockFields, requestFieldsSchema);

export type ChartRequestInput = z.input<typeof chartRequestSchema>;

export type ChartRequestParse =
  | { readonly ok: true; readonly request: ChartRequest }
  | { readonly ok: false; readonly issues: readonly RequestIssue[]; readonly message: string };

const REQUIRED_FIELDS = new Set(['year', 'month', 'day', 'location']);

/** Validates a raw request object (JSON-decoded). Reports every bad field, not only the first. */
export function parseChartRequest(raw: unknown): ChartRequestParse {
  if (!isPlainObject(raw)) {
    const issue = { field: '(body)', message: 'request must be a JSON object' };
    return { ok: false, issues: [issue], message: `Invalid request: ${issue.message}` };
  }
  const parsed = chartRequestSchema.safeParse(raw);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issues = parsed.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)';
    const missing = REQUIRED_FIELDS.has(field) && raw[field] === undefined;
    return { field, message: missing ? `${field} is required` : issue.message };
  });
  return { ok: false, issues, message: `Invalid request: ${issues.map((i) => i.message).join('; ')}` };
}
