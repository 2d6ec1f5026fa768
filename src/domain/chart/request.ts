/**
 * The chart request: the request fields plus the convention options (docs/fields.md, "1. Request
 * fields"), validated by one zod schema that the CLI, REST and GraphQL layers share. Every issue names
 * the field and the rule.
 */
import { z } from 'zod';
import { isPlainObject } from '../plain-object.ts';
import { daysInMonth } from '../time/civil.ts';
import { canonicalZoneName } from '../time/zone.ts';
import {
  DAY_BOUNDARIES,
  DEFAULT_CONVENTIONS,
  HEMISPHERES,
  SOLAR_TIME_MODES,
  ZOKAN_COUNTS,
  ZOKAN_TABLES,
  type ChartConventions,
} from './conventions.ts';
import { describeRequestFields } from './request-contract.ts';
import { GENDERS, type LuckRequest } from '../luck/luck-request.ts';
import { DEFAULT_LUCK_METHOD, LUCK_METHODS, type LuckMethod } from '../luck/start-age.ts';
import { langField, type Lang } from '../catalogue/lang.ts';
import { CALENDARS, gregorianOfLunar, type LunarInput } from './lunar-input.ts';
import { placeById, placeInLang, placeRefusal, resolvePlace, type Place, type PlaceJson } from '../places/gazetteer.ts';

/** REST/CLI spelling of the 起運 methods: `exact`, `jp_day_count`, … */
export const LUCK_METHOD_VALUES = LUCK_METHODS.map((method) => method.toLowerCase()) as unknown as readonly [string, ...string[]];

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
/** With neither `time` nor `hour`, the chart is cast for 12:00 (the legacy contract's rule). */
export const DEFAULT_HOUR = 12;
/** The window (minutes either side of the birth time) of the boundary warnings and alternatives. */
export const DEFAULT_UNCERTAINTY_MINUTES = 30;
export const MAX_UNCERTAINTY_MINUTES = 720;

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
  /** Present when a gender was given: what the luck cycles (大運) need. Absent keys keep old idempotency digests. */
  readonly luck?: LuckRequest;
  /** A time was given (`time` or `hour`); false: the hour pillar is the 12:00 default, not a fact. */
  readonly timeGiven: boolean;
  /** Minutes either side of the birth time the warnings and alternatives consider; present when given (default 30). */
  readonly uncertaintyMinutes?: number;
  /**
   * The caller said the birth time is unknown (`time_unknown`): a three-pillar chart, no hour pillar and
   * nothing computed from one; the window of the warnings and alternatives is the whole birth day.
   * Present only when true, so the digests of requests without it stay as they were.
   */
  readonly timeUnknown?: true;
  /**
   * The language of the answer's words (`lang`), present when given: another language is another
   * answer (it is in the idempotency digest), and requests without it keep their old digests.
   */
  readonly lang?: Lang;
  /**
   * The birth date as given in a lunar calendar (`calendar`, `leap_month`), present only then: `year`,
   * `month` and `day` above are its Gregorian date, the one the chart is cast for.
   */
  readonly lunarInput?: LunarInput;
  /** The birthplace named by `place` or `place_id`, present only then (its longitude and zone fill what was not given). */
  readonly place?: PlaceJson;
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

const TIME_PATTERN = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** `hour` and `minute` are ignored when `time` is given, so they cannot fail validation either. */
const withoutIgnoredClockFields = (raw: unknown): unknown => {
  if (!isPlainObject(raw) || raw['time'] == null || (raw['hour'] === undefined && raw['minute'] === undefined)) return raw;
  const { hour: _hour, minute: _minute, ...rest } = raw;
  return rest;
};

/**
 * The request fields: the single source of the request rules. Every protocol's description of the
 * request (OpenAPI, the REST query parser, GraphQL input descriptions) is derived from this object
 * through {@link CHART_REQUEST_FIELDS}.
 */
export const chartRequestFieldsSchema = z.object({
  year: integerIn('year', MIN_YEAR, MAX_YEAR).meta({ description: 'Year (Gregorian, or the lunar year with `calendar`)' }),
  month: integerIn('month', 1, 12).meta({ description: 'Month' }),
  day: integerIn('day', 1, 31).meta({ description: 'Day of the month; the date must exist (in `calendar`)' }),
  location: z
    .number({ error: 'location must be a longitude in degrees from -180 to 180 (east positive)' })
    .min(-180, { error: 'location must be a longitude in degrees from -180 to 180 (east positive)' })
    .max(180, { error: 'location must be a longitude in degrees from -180 to 180 (east positive)' })
    // Required unless `place` or `place_id` gives it (the preprocess fills it in; the refinement asks for it).
    .nullish()
    .meta({ description: 'Longitude in degrees, east positive (or from `place`)' }),
  hour: integerIn('hour', 0, 23)
    .nullish()
    .meta({ description: `Hour; ignored when \`time\` is given. With neither \`time\` nor \`hour\`, ${DEFAULT_HOUR}:00 is used` }),
  minute: integerIn('minute', 0, 59).nullish().meta({ description: 'Minute, default 0; ignored when `time` is given' }),
  time: z
    .string({ error: 'time must be a string HH:MM (00:00-23:59)' })
    .regex(TIME_PATTERN, { error: 'time must be HH:MM with hours 00-23 and minutes 00-59' })
    .nullish()
    .meta({ description: '`HH:MM`; wins over `hour` and `minute`' }),
  api_key: z
    .string({ error: 'api_key must be a string' })
    .nullish()
    .meta({ description: 'The API key (Variant A body channel; takes precedence over headers)', credential: true }),
  timezone: z
    .string({ error: 'timezone must be an IANA time zone name such as "Asia/Tokyo"' })
    .refine((zone) => canonicalZoneName(zone) !== undefined, {
      error: 'timezone must be an IANA time zone name such as "Asia/Tokyo"',
    })
    .nullish()
    .meta({ description: `IANA zone of the input time (default \`${DEFAULT_CONVENTIONS.timezone}\`, its summer time included)` }),
  solar_time: oneOf('solar_time', SOLAR_TIME_MODES)
    .nullish()
    .meta({ description: 'True solar time: local mean time (default) or apparent (adds the equation of time)' }),
  day_boundary: oneOf('day_boundary', DAY_BOUNDARIES)
    .nullish()
    .meta({ description: 'When the day pillar changes: 00:00 (default; 23:00–23:59 takes the next day’s 子-hour stem) or 23:00' }),
  zokan_table: oneOf('zokan_table', ZOKAN_TABLES)
    .nullish()
    .meta({ description: 'Hidden-stem (蔵干) table: J1 月律分野 (default) or J2 二十八元' }),
  zokan_count: oneOf('zokan_count', ZOKAN_COUNTS).nullish().meta({
    description: 'The 蔵干 day count: `date` (default) = birth date − 節入り date + 1; `elapsed` = whole days since the 節入り instant + 1',
  }),
  hemisphere: oneOf('hemisphere', HEMISPHERES).nullish().meta({
    description:
      'Whose seasons the month pillar follows: north (default; every classical text) or south (a minority convention: the opposite season’s month branch, 寅 ↔ 申)',
  }),
  gender: oneOf('gender', GENDERS).nullish().meta({
    description: 'male or female: the direction of the 大運 (needed only for them)',
  }),
  uncertainty_minutes: integerIn('uncertainty_minutes', 0, MAX_UNCERTAINTY_MINUTES)
    .nullish()
    .meta({
      description: `Minutes either side of the birth time \`warnings\` and \`alternatives\` read (default ${DEFAULT_UNCERTAINTY_MINUTES})`,
    }),
  time_unknown: z.boolean({ error: 'time_unknown must be a boolean (true or false)' }).nullish().meta({
    description:
      'true: the time is unknown: three pillars, nothing from an hour; alternatives over the whole day. Not with a time or `uncertainty_minutes`',
  }),
  lang: langField('lang'),
  place: z.string({ error: 'place must be a string: a birthplace by name, e.g. "札幌市", "Taipei"' }).nullish().meta({
    description:
      'Birthplace by name (札幌市, さっぽろ, Taipei, 서울): sets `location` and `timezone` not given; a name of several places is a 400 listing them',
  }),
  place_id: z
    .string({ error: 'place_id must be a string such as "jp:011002" (from /v1/places)' })
    .nullish()
    .meta({ description: 'Birthplace id (from /v1/places or that list); wins over `place`' }),
  calendar: oneOf('calendar', CALENDARS).nullish().meta({
    description: 'Calendar of year, month, day: gregorian (default), lunar_cn, lunar_kr (KASI) or lunar_jp (旧暦)',
  }),
  leap_month: z
    .boolean({ error: 'leap_month must be a boolean (true or false)' })
    .nullish()
    .meta({ description: 'With a lunar `calendar`: the month is the leap month (閏月)' }),
  luck_method: oneOf('luck_method', LUCK_METHOD_VALUES)
    .nullish()
    .meta({ description: `How the start of the first luck cycle (起運) is computed (default \`${DEFAULT_LUCK_METHOD.toLowerCase()}\`)` }),
});

/** The named birthplace, for the answer in the request's language (resolved again: the preprocess checked it). */
const placeField = (input: {
  place?: string | null | undefined;
  place_id?: string | null | undefined;
  lang?: Lang | null | undefined;
}): { place?: PlaceJson } => {
  const { place } = placeOf({ place: input.place, place_id: input.place_id });
  return place === undefined ? {} : { place: placeInLang(place, input.lang ?? undefined) };
};

/** The lunar date a request gives (undefined for a Gregorian one). */
const lunarInputOf = (input: z.output<typeof chartRequestFieldsSchema>): LunarInput | undefined =>
  input.calendar == null || input.calendar === 'gregorian'
    ? undefined
    : { calendar: input.calendar, year: input.year, month: input.month, day: input.day, leap: input.leap_month === true };

/** The request contract every protocol derives its description of the request from. */
export const CHART_REQUEST_FIELDS = describeRequestFields(chartRequestFieldsSchema);

const requestFieldsSchema = chartRequestFieldsSchema
  .superRefine((input, ctx) => {
    if (input.location == null) ctx.addIssue({ code: 'custom', path: ['location'], message: 'location is required' });
    const lunar = lunarInputOf(input);
    if (lunar !== undefined) {
      const converted = gregorianOfLunar(lunar);
      if (!converted.ok) ctx.addIssue({ code: 'custom', path: [converted.field], message: converted.message });
    } else if (input.leap_month === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['leap_month'],
        message: 'leap_month applies only to a lunar calendar: give calendar "lunar_cn", "lunar_kr" or "lunar_jp"',
      });
    } else if (input.day > daysInMonth(input.year, input.month)) {
      ctx.addIssue({
        code: 'custom',
        path: ['day'],
        message: `day must exist in the month: ${input.year}-${String(input.month).padStart(2, '0')} has ${daysInMonth(input.year, input.month)} days`,
      });
    }
    if (input.time_unknown === true) {
      const clock = input.time != null ? 'time' : input.hour != null ? 'hour' : input.minute != null ? 'minute' : undefined;
      if (clock !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['time_unknown'],
          message: `time_unknown cannot be true when ${clock} is given: leave out one of them`,
        });
      }
      if (input.uncertainty_minutes != null) {
        ctx.addIssue({
          code: 'custom',
          path: ['uncertainty_minutes'],
          message: 'uncertainty_minutes cannot be given with time_unknown: the window of an unknown time is the whole birth day',
        });
      }
    }
  })
  .transform((input): ChartRequest => {
    const lunar = lunarInputOf(input);
    // Checked above: a lunar date here exists and falls in 1900–2100.
    const date =
      lunar === undefined ? input : (gregorianOfLunar(lunar) as { ok: true; date: { year: number; month: number; day: number } }).date;
    const time = input.time == null ? undefined : TIME_PATTERN.exec(input.time);
    const hour = time ? Number(time[1]) : (input.hour ?? DEFAULT_HOUR);
    const minute = time ? Number(time[2]) : input.hour == null ? 0 : (input.minute ?? 0);
    return {
      year: date.year,
      month: date.month,
      day: date.day,
      hour,
      minute,
      longitudeDeg: input.location!,
      conventions: {
        timezone: input.timezone == null ? DEFAULT_CONVENTIONS.timezone : canonicalZoneName(input.timezone)!,
        solarTime: input.solar_time ?? DEFAULT_CONVENTIONS.solarTime,
        dayBoundary: input.day_boundary ?? DEFAULT_CONVENTIONS.dayBoundary,
        zokanTable: input.zokan_table ?? DEFAULT_CONVENTIONS.zokanTable,
        ...(input.zokan_count === 'elapsed' ? { zokanCount: 'elapsed' as const } : {}),
        ...(input.hemisphere === 'south' ? { hemisphere: 'south' as const } : {}),
      },
      timeGiven: input.time != null || input.hour != null,
      ...(input.uncertainty_minutes == null ? {} : { uncertaintyMinutes: input.uncertainty_minutes }),
      ...(input.time_unknown === true ? { timeUnknown: true as const } : {}),
      ...(input.lang == null ? {} : { lang: input.lang }),
      ...(lunar === undefined ? {} : { lunarInput: lunar }),
      ...(input.place_id == null && input.place == null ? {} : placeField(input)),
      ...(input.gender == null
        ? {}
        : { luck: { gender: input.gender, method: (input.luck_method?.toUpperCase() as LuckMethod | undefined) ?? DEFAULT_LUCK_METHOD } }),
    };
  });

/** The place a request names (`place_id` first), or why it names none. */
function placeOf(raw: Record<string, unknown>): { place?: Place; issue?: RequestIssue } {
  const id = raw['place_id'];
  if (id != null) {
    if (typeof id !== 'string') return {};
    const place = placeById(id);
    return place === undefined
      ? { issue: { field: 'place_id', message: `place_id "${id}" is no place: look one up with GET /v1/places?q=…` } }
      : { place };
  }
  const name = raw['place'];
  if (typeof name !== 'string') return {};
  const found = resolvePlace(name);
  return found.kind === 'found' ? { place: found.place } : { issue: { field: 'place', message: placeRefusal(name, found) } };
}

/** A named birthplace fills `location` and `timezone` where the request leaves them out (explicit values win). */
const withPlace = (
  raw: unknown,
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string; input: unknown }) => void },
): unknown => {
  if (!isPlainObject(raw) || (raw['place'] == null && raw['place_id'] == null)) return raw;
  const { place, issue } = placeOf(raw);
  if (issue !== undefined) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, input: raw[issue.field] });
  if (place === undefined) return raw.location == null ? { ...raw, location: 0 } : raw; // the place's issue says why
  return { ...raw, location: raw['location'] ?? place.longitude, timezone: raw['timezone'] ?? place.timezone };
};

export const chartRequestSchema = z.preprocess((raw, ctx) => withPlace(withoutIgnoredClockFields(raw), ctx as never), requestFieldsSchema);

export type ChartRequestInput = z.input<typeof chartRequestSchema>;

export type ChartRequestParse =
  { readonly ok: true; readonly request: ChartRequest } | { readonly ok: false; readonly issues: readonly RequestIssue[] };

const REQUIRED_FIELDS = new Set(CHART_REQUEST_FIELDS.filter((field) => field.required).map((field) => field.name));

/** Validates a raw request object (JSON-decoded). Reports every bad field, not only the first. */
export function parseChartRequest(raw: unknown): ChartRequestParse {
  if (!isPlainObject(raw)) {
    return { ok: false, issues: [{ field: '(body)', message: 'request must be a JSON object' }] };
  }
  const parsed = chartRequestSchema.safeParse(raw);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issues = parsed.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)';
    const missing =
      (REQUIRED_FIELDS.has(field) && raw[field] === undefined) ||
      (field === 'location' && raw[field] == null && issue.message === 'location is required');
    return { field, message: missing ? requiredMessage(field, raw) : issue.message };
  });
  return { ok: false, issues };
}

/** Names callers send for a field by mistake (other APIs' words for it). */
const ALIASES: Readonly<Record<string, readonly string[]>> = { location: ['longitude', 'lng', 'lon', 'long'] };
const KNOWN_FIELDS = new Set(CHART_REQUEST_FIELDS.map((field) => field.name));

/** `location is required`, and when the request carries a near miss: `… (did you mean "location" for "longitude"?)`. */
function requiredMessage(field: string, raw: Record<string, unknown>): string {
  const nearMiss = Object.keys(raw).find(
    (key) => !KNOWN_FIELDS.has(key) && ((ALIASES[field] ?? []).includes(key.toLowerCase()) || editDistance(key.toLowerCase(), field) <= 2),
  );
  return nearMiss === undefined ? `${field} is required` : `${field} is required (did you mean "${field}" for "${nearMiss}"?)`;
}

/**
 * A member or parameter the request does not know is refused, never dropped (a camelCase `timeZone`
 * used to be dropped silently, which cast a New York birth in Tokyo). One issue per unknown name, with the
 * nearest known name when there is a close one.
 */
export function unknownFieldIssues(names: Iterable<string>, known: ReadonlySet<string>): RequestIssue[] {
  const issues: RequestIssue[] = [];
  for (const name of names) {
    if (known.has(name)) continue;
    const nearest = nearestKnownName(name, known);
    issues.push({
      field: name,
      message:
        nearest === undefined
          ? `${name} is not a field of this request (fields are spelled as in /openapi.json)`
          : `${name} is not a field of this request: did you mean "${nearest}"?`,
    });
  }
  return issues;
}

/** `timeZone` → `timezone`, `longitude` → `location`, `yaer` → `year`; undefined when nothing is close. */
function nearestKnownName(name: string, known: ReadonlySet<string>): string | undefined {
  const folded = name.toLowerCase().replaceAll(/[_-]/g, '');
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    if ((ALIASES[candidate] ?? []).includes(name.toLowerCase())) return candidate;
    const distance = editDistance(folded, candidate.toLowerCase().replaceAll('_', ''));
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  return best !== undefined && best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : undefined;
}

/** Levenshtein distance; the names compared are a few characters long. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
