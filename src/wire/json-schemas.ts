/**
 * JSON Schemas (2020-12, the OpenAPI 3.1 dialect) of the shims' bodies: the request (the request fields
 * and the convention options), the success envelopes of both variants and the error body (docs/fields.md,
 * docs/rest.md). Every documented field is required and nothing else is allowed in a response, so a
 * response that validates has exactly the documented keys, JSON types and string formats.
 */
import { DOMAIN_ERROR_CODES } from '../application/errors.ts';
import { chartSections, includeValues } from './chart-sections.ts';
import { CHART_ALTERNATIVES_SCHEMA } from './sections/alternatives/shape.ts';
import { CONVENTION_DIFFERENCES_SCHEMA } from './sections/convention-differences/shape.ts';
import { RELATION_SHAPE, RELATIONS_SCHEMA } from './sections/relations/shape.ts';
import { SPECIAL_STARS_SCHEMA } from './sections/special-stars/shape.ts';
import { CHART_WARNINGS_SCHEMA } from './sections/warnings/shape.ts';
import { once } from '../application/registry.ts';
import { BIRTH_INTERVAL_SHAPE } from './shapes/birth-interval.ts';
import { COMPATIBILITY_CHART_SHAPE } from './shapes/compatibility-chart.ts';
import { COMPATIBILITY_ITEM_SHAPE } from './shapes/compatibility-item.ts';
import {
  BASIC_SUMMARY_SHAPE,
  PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE,
  PILLAR_HIDDEN_STEMS_SHAPE,
  PILLAR_LIFE_STAGES_SHAPE,
  STEM_TEN_GODS_SHAPE,
} from './shapes/pillar-tables.ts';
import { DAY_GANZHI_DETAILS_SHAPE } from './shapes/day-ganzhi-details.ts';
import {
  DETAILED_TEN_GODS_SHAPE,
  ENHANCED_SUMMARY_SHAPE,
  HARMONY_LEVEL_SHAPE,
  PILLAR_NAYIN_SHAPE,
  SHENSHA_SHAPE,
} from './shapes/variant-b.ts';
import { inEveryLanguage } from './shapes/vocabulary.ts';
import { LUNAR_READING_SHAPE } from './shapes/lunar-reading.ts';
import { PLACE_SHAPE } from './shapes/place.ts';
import { LUCK_START_AGE_SHAPE } from './sections/luck/shape.ts';
import { shapeJsonSchema } from './shapes/shape.ts';
import { describeField, type JsonSchema, type RequestField } from '../domain/chart/request-contract.ts';

export type { JsonSchema } from '../domain/chart/request-contract.ts';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An object with exactly these members, all required. */
function exactly(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    required: Object.keys(properties),
    properties,
    additionalProperties: false,
  };
}

/** `exactly` plus optional members (the opt-in sections that `include` appends). */
function withOptional(schema: JsonSchema, optional: Record<string, JsonSchema>): JsonSchema {
  return { ...schema, properties: { ...(schema['properties'] as Record<string, JsonSchema>), ...optional } };
}

const string: JsonSchema = { type: 'string' };
/** What `include=…` appends to either variant's `result` (absent otherwise). */
const optInSections = (): Record<string, JsonSchema> => ({
  ...Object.fromEntries(chartSections().map((section) => [section.name, { $ref: `#/components/schemas/${section.schema}` }])),
  lunar_input: LUNAR_INPUT_SCHEMA,
  place: { $ref: '#/components/schemas/Place' },
});

const lunarDate = {
  type: 'object',
  required: ['year', 'month', 'day', 'leap_month'],
  properties: {
    year: { type: 'integer' },
    month: { type: 'integer', minimum: 1, maximum: 12 },
    day: { type: 'integer', minimum: 1, maximum: 30 },
    leap_month: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
const lunarCalendar = { enum: ['lunar_cn', 'lunar_kr', 'lunar_jp'] } as const;
const isoDate = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
/** `lunar_input`: present when the birth date was given in a lunar `calendar` (docs/fields.md, "Lunar dates"). */
const LUNAR_INPUT_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'The birth date as given in a lunar calendar, the Gregorian date the chart was cast for, and what the other two calendars say',
  required: [
    'calendar',
    'year',
    'month',
    'day',
    'leap_month',
    'gregorian_date',
    'month_start_uncertain',
    'other_calendars',
    'calendars_disagree',
  ],
  properties: {
    calendar: lunarCalendar,
    ...lunarDate.properties,
    gregorian_date: isoDate,
    month_start_uncertain: {
      type: 'boolean',
      description: 'The month starts with a new moon within three minutes of midnight where ΔT is a forecast',
    },
    other_calendars: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: {
        type: 'object',
        required: ['calendar', 'gregorian_date', 'lunar_date_of_this_day'],
        properties: {
          calendar: lunarCalendar,
          gregorian_date: { ...isoDate, type: ['string', 'null'], description: 'The same lunar date there; null where it does not exist' },
          lunar_date_of_this_day: lunarDate,
        },
        additionalProperties: false,
      },
    },
    calendars_disagree: { type: 'boolean', description: 'Another calendar puts this lunar date on another day' },
  },
  additionalProperties: false,
};
/** The pattern of a comma-separated list of `include` values. */
export const includePattern = once(() => {
  const sections = includeValues().join('|');
  return `^(${sections})(,(${sections}))*$`;
});
const boolean: JsonSchema = { type: 'boolean' };
/** The hour pillar's member: null in a three-pillar chart (`time_unknown`). */
const orNoHour = (item: JsonSchema): JsonSchema => ({ anyOf: [item, { type: 'null' }], description: 'Null when time_unknown is true' });
const pillarsB = (item: JsonSchema) => ({ year_pillar: item, month_pillar: item, day_pillar: item, hour_pillar: orNoHour(item) });
/** The pillars and the term moments both variants carry, in their order; the term dates in the variant's layout. */
const pillarsAndTerms = (termDate: JsonSchema): Record<string, JsonSchema> => ({
  spring_date: termDate,
  year_ganzhi: ref('Ganzhi'),
  month_ganzhi: ref('Ganzhi'),
  day_ganzhi: ref('Ganzhi'),
  time_ganzhi: orNoHour(ref('Ganzhi')),
  month_ganzhi_date: termDate,
  month_ganzhi_biko: ref('TermBiko'),
});
/** `input_date`: the date and minute, or the date alone when the time is unknown. */
const inputDate: JsonSchema = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2})?$',
  description: '`YYYY-MM-DD HH:MM`; `YYYY-MM-DD` when time_unknown is true',
};

const STEMS = '甲乙丙丁戊己庚辛壬癸';
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';
const ELEMENTS = ['木', '火', '土', '金', '水'] as const;

/**
 * The field's JSON Schema without the contract's own `.meta()` keys (zod copies them into its JSON
 * Schema output), which are not JSON Schema keywords: `credential` would make the document invalid
 * for strict OpenAPI tools.
 */
export function fieldSchema(field: RequestField): JsonSchema {
  const { credential: _credential, ...schema } = field.jsonSchema;
  return schema;
}

/** A request field as a body member: its contract schema, `null` allowed when it is optional. */
function bodyMember(field: RequestField): JsonSchema {
  const schema: JsonSchema = { ...fieldSchema(field), description: describeField(field) };
  if (field.required) return schema;
  const allowed: unknown = schema['enum'];
  return { ...schema, type: [schema['type'], 'null'], ...(Array.isArray(allowed) ? { enum: [...(allowed as unknown[]), null] } : {}) };
}

/** The opt-in sections' options as body members (wire/chart-sections.ts); also query parameters. */
export const optInMembers = once((): Record<string, JsonSchema & { description: string }> => ({
  include: {
    // The names are the enum's: not repeated here (the MCP tool list carries this schema on every session).
    description:
      'Sections to append to `result` (the 大運 of `luck` need `gender`; `luck_years` / `luck_months` alone do not): a list, or a comma-separated string. Absent: the legacy body.',
    oneOf: [
      { type: 'array', items: { enum: [...includeValues()] }, uniqueItems: true },
      { type: 'string', pattern: includePattern() },
    ],
  },
  ...Object.fromEntries(chartSections().flatMap((section) => (section.options ?? []).map((option) => [option.name, option.member]))),
}));

/** The request bodies of both variants and of a compatibility, from the request contract. */
export function requestBodySchemas(
  contract: readonly RequestField[],
): Record<'CalculateRequestA' | 'CalculateRequestB' | 'Birth' | 'CompatibilityRequest', JsonSchema> {
  const required = contract.filter((field) => field.required).map((field) => field.name);
  const members = (fields: readonly RequestField[]) => Object.fromEntries(fields.map((field) => [field.name, bodyMember(field)]));
  return {
    CalculateRequestA: {
      type: 'object',
      description:
        'The birth, its conventions and the opt-in sections. A member not listed here is refused (400), with the nearest known name.',
      required,
      properties: { ...members(contract), ...optInMembers() },
    },
    CalculateRequestB: {
      type: 'object',
      description:
        'The birth, its conventions and the opt-in sections. A member not listed here is refused (400), with the nearest known name, except a body `api_key`, which Variant B ignores (it is not a credential there).',
      required,
      properties: { ...members(contract.filter((field) => !field.credential)), ...optInMembers() },
    },
    Birth: {
      type: 'object',
      description:
        'One birth of a compatibility: the chart request fields (without a time, three pillars are compared; with `gender` on both, the spouse stars). A member not listed here is refused (400); an `api_key` is ignored.',
      required,
      properties: members(contract.filter((field) => !field.credential && field.name !== 'lang')),
    },
    CompatibilityRequest: {
      type: 'object',
      description: 'Two births to compare. Any other member is refused (400), but `api_key`, which is ignored.',
      required: ['a', 'b'],
      properties: {
        a: { $ref: '#/components/schemas/Birth' },
        b: { $ref: '#/components/schemas/Birth' },
        ...members(contract.filter((field) => field.name === 'lang')),
      },
    },
  };
}

const envelopeCommon: Record<string, JsonSchema> = {
  status: { const: 'success' },
  message: string,
  credits_consumed: { type: 'integer', minimum: 0 },
  credits_remaining: { type: 'integer', minimum: 0 },
};
const envelopeTail: Record<string, JsonSchema> = {
  transaction_id: { type: ['string', 'null'], description: 'Ledger entry id; null when nothing was charged (enterprise plan)' },
  log_id: { type: 'string', minLength: 1, description: 'Equals the X-Request-Id of the call that was charged' },
};

const LANGUAGE_NOTE = 'In the answer’s language (lang)';

/** The response and shared schemas; the request bodies come from {@link requestBodySchemas}. */
const responseSchemas = once((): Record<string, JsonSchema> => ({
  ErrorBody: exactly(
    { status: { const: 'error' }, message: string, code: { type: 'string', enum: [...DOMAIN_ERROR_CODES] } },
    'The error body of every path; its codes: docs/rest.md, Responses',
  ),
  Element: { type: 'string', enum: inEveryLanguage((c) => c.labels.element), description: LANGUAGE_NOTE },
  ElementKey: { type: 'string', enum: [...ELEMENTS], description: 'An element as a key: 木 火 土 金 水 in every language' },
  Stem: { type: 'string', pattern: `^[${STEMS}]$` },
  Ganzhi: { type: 'string', pattern: `^[${STEMS}][${BRANCHES}]$`, description: 'Stem character followed by branch character' },
  TenGod: { type: 'string', enum: inEveryLanguage((c) => c.labels.shishen), description: LANGUAGE_NOTE },
  Score: { type: 'integer', minimum: 0, maximum: 100 },
  DateTimeMinute: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$', description: '`YYYY-MM-DD HH:MM`' },
  DateTimeSecond: {
    type: 'string',
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$',
    description: '`YYYY-MM-DD HH:MM:SS`',
  },
  DateTimeMinuteSlashed: { type: 'string', pattern: '^[0-9]{4}/[0-9]{2}/[0-9]{2} [0-9]{2}:[0-9]{2}$', description: '`YYYY/MM/DD HH:MM`' },
  TermBiko: {
    type: 'string',
    pattern: '^[^()]+\\([0-9]+°\\)$',
    description: 'Solar-term name and its ecliptic longitude, e.g. `立夏(45°)`',
  },
  DayGanzhiDetails: shapeJsonSchema(DAY_GANZHI_DETAILS_SHAPE),

  Relation: shapeJsonSchema(RELATION_SHAPE),
  Relations: RELATIONS_SCHEMA,
  ChartWarnings: CHART_WARNINGS_SCHEMA,
  ChartAlternatives: CHART_ALTERNATIVES_SCHEMA,
  ConventionDifferences: CONVENTION_DIFFERENCES_SCHEMA,
  SpecialStars: SPECIAL_STARS_SCHEMA,
  LuckStartAge: shapeJsonSchema(LUCK_START_AGE_SHAPE),

  ResultA: withOptional(
    exactly({
      input_date: inputDate,
      input_longitude: { type: 'number' },
      true_solar_time: orNoHour(ref('DateTimeMinute')),
      ...pillarsAndTerms(ref('DateTimeMinute')),
      julian_day: { type: 'integer', description: 'Julian day number of the date used for the day pillar' },
      day_ganzhi_details: ref('DayGanzhiDetails'),
      ten_gods: shapeJsonSchema(STEM_TEN_GODS_SHAPE),
      zokan: shapeJsonSchema(PILLAR_HIDDEN_STEMS_SHAPE),
      zokan_ten_gods: shapeJsonSchema(PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE),
      juniun: shapeJsonSchema(PILLAR_LIFE_STAGES_SHAPE),
      nayin: { type: 'array', maxItems: 0, description: 'Empty placeholder in the current contract' },
      gogyo_balance: exactly(Object.fromEntries(ELEMENTS.map((e) => [e, { type: 'integer', minimum: 0, maximum: 8 }]))),
      summary: shapeJsonSchema(BASIC_SUMMARY_SHAPE),
    }),
    optInSections(),
  ),

  ResultB: withOptional(
    exactly({
      input_date: inputDate,
      true_solar_time_raw: orNoHour(ref('DateTimeSecond')),
      true_solar_time: orNoHour(ref('DateTimeMinute')),
      ...pillarsAndTerms(ref('DateTimeMinuteSlashed')),
      julian_day: { type: 'number', description: 'Julian Date (UT) of the birth instant, fractional' },
      day_ganzhi_details: ref('DayGanzhiDetails'),
      ten_gods: shapeJsonSchema(DETAILED_TEN_GODS_SHAPE),
      nayin: exactly({
        description: string,
        ...pillarsB(shapeJsonSchema(PILLAR_NAYIN_SHAPE)),
        compatibility: exactly({
          element_distribution: {
            type: 'object',
            description: 'Element → count, only elements present',
            propertyNames: ref('ElementKey'),
            additionalProperties: { type: 'integer', minimum: 1 },
            minProperties: 1,
          },
          harmony_level: shapeJsonSchema(HARMONY_LEVEL_SHAPE),
          dominant_element: ref('Element'),
        }),
      }),
      shensha: shapeJsonSchema(SHENSHA_SHAPE),
      enhanced_summary: shapeJsonSchema(ENHANCED_SUMMARY_SHAPE),
    }),
    optInSections(),
  ),

  SuccessA: exactly(
    {
      ...envelopeCommon,
      result: ref('ResultA'),
      ...envelopeTail,
      monthly_credits: { type: 'integer', minimum: 0 },
      auto_credits: { type: 'integer', minimum: 0 },
      credits_used_from: exactly({ monthly: { type: 'integer', minimum: 0 }, auto: { type: 'integer', minimum: 0 } }),
      autocharge_info: exactly({
        success: boolean,
        message: string,
        debug: exactly({
          monthly_credits: { type: 'integer', minimum: 0 },
          auto_credits: { type: 'integer', minimum: 0 },
          total_credits: { type: 'integer', minimum: 0 },
          threshold: { type: 'integer', minimum: 0 },
        }),
      }),
    },
    'The envelope of both variants with the Variant A extras (docs/fields.md, sections 2.1 and 2.2)',
  ),
  SuccessB: exactly(
    { ...envelopeCommon, result: ref('ResultB'), ...envelopeTail },
    'The envelope of both variants with a Variant B result (docs/fields.md, section 2.1)',
  ),

  CompatibilityChart: shapeJsonSchema(COMPATIBILITY_CHART_SHAPE),
  CompatibilityResult: exactly(
    {
      a: ref('CompatibilityChart'),
      b: ref('CompatibilityChart'),
      score: ref('Score'),
      // Not an enum of the five languages' 25 words: the MCP tool list carries this schema on every session.
      level: { type: 'string', minLength: 1, description: LANGUAGE_NOTE },
      raw_score: { type: 'number', description: '50 + the items’ points before rounding and clamping' },
      pillars_compared: { enum: [3, 4], description: '3 when either birth time is unknown' },
      items: {
        type: 'array',
        minItems: 2,
        items: shapeJsonSchema(COMPATIBILITY_ITEM_SHAPE),
      },
    },
    '相性: docs/scores.md “Compatibility”',
  ),
  SuccessCompatibility: exactly(
    { ...envelopeCommon, result: ref('CompatibilityResult'), ...envelopeTail },
    'Variant B’s envelope with the compatibility as `result`',
  ),

  Health: exactly({ status: { const: 'ok' } }),
  Place: shapeJsonSchema(PLACE_SHAPE),
  Places: exactly({ query: string, places: { type: 'array', items: { $ref: '#/components/schemas/Place' } } }),
  PillarsToDates: (() => {
    const pillar = { type: 'string', pattern: '^[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]$' };
    return exactly({
      pillars: exactly({ year: pillar, month: pillar, day: pillar, hour: { anyOf: [pillar, { type: 'null' }] } }),
      location: { type: 'number' },
      timezone: string,
      solar_time: { enum: ['mean', 'apparent'] },
      day_boundary: { enum: ['00:00', '23:00'] },
      intervals: {
        type: 'array',
        description: 'Every interval [from, to) of births 1900–2100 with the pillars, in time order',
        items: shapeJsonSchema(BIRTH_INTERVAL_SHAPE),
      },
    });
  })(),
  LunarDates: (() => {
    const reading = shapeJsonSchema(LUNAR_READING_SHAPE);
    return exactly({
      gregorian_date: isoDate,
      lunar: exactly({ lunar_cn: reading, lunar_kr: reading, lunar_jp: reading }),
      calendars_agree: { type: 'boolean' },
    });
  })(),
  Ready: exactly({ status: { const: 'ok' }, store: { const: 'reachable' }, duties: ref('Duties') }),
  NotReady: exactly(
    {
      status: { const: 'error' },
      message: string,
      code: { const: 'STORE_UNAVAILABLE' },
      store: { enum: ['reachable', 'unreachable'] },
      failing: { type: 'array', items: string, description: 'The duties failed past their threshold' },
      duties: ref('Duties'),
    },
    'The credit store is not reachable, or a background duty has failed past its threshold (READY_DUTY_FAILING_SECONDS)',
  ),
  Duties: {
    type: 'object',
    description: 'The background duties this gateway runs, by name: ledger_archive, unsettled_sweep, gateway_heartbeat',
    additionalProperties: exactly({
      state: { enum: ['starting', 'ok', 'failing', 'failed'] },
      last_success_at: { type: ['string', 'null'], format: 'date-time' },
      lag_seconds: {
        type: 'number',
        minimum: 0,
        description: 'Since the start of the last attempt that succeeded (since start-up before the first)',
      },
      failures: { type: 'integer', minimum: 0 },
      failures_in_a_row: { type: 'integer', minimum: 0 },
      failing_since: { type: ['string', 'null'], format: 'date-time' },
      last_error_kind: {
        type: ['string', 'null'],
        description: 'What the last failure was, in a word (authentication_failed, timeout, …): never its message',
      },
    }),
  },
  // A section that brings its own schema (the built-in ones are above).
  ...Object.fromEntries(
    chartSections().flatMap((section) => {
      const definition = section.shape === undefined ? section.definition : shapeJsonSchema(section.shape);
      return definition === undefined ? [] : [[section.schema, definition]];
    }),
  ),
}));

/** Every component schema of the wire format (request bodies from the contract, the answers): what /openapi.json and the MCP tools share. */
export const componentSchemas = (contract: readonly RequestField[]) => ({
  ...requestBodySchemas(contract),
  ...responseSchemas(),
});
