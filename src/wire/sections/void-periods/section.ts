/**
 * The `void_periods` section (天中殺 / 空亡 periods, docs/fields.md "8.3 `void_periods`"): its one
 * option, its reader and its JSON Schema; its JSON is json.ts's. wire/chart-sections.ts registers it.
 * One option only: `void_years` names the span of the years and, when short, of the months (the MCP
 * tool list an assistant reads on every session carries each option).
 */
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import { LUCK_YEARS } from '../../../domain/luck/luck.ts';
import type { ChartSection } from '../declaration.ts';
import { voidPeriodsJson } from './json.ts';
import {
  MAX_VOID_MONTH_YEARS,
  readYearSpan,
  VOID_BASES,
  VOID_YEARS_AFTER_BIRTH,
  type YearSpan,
} from '../../../domain/luck/void-periods.ts';

export interface VoidPeriodsOptions {
  /** The pillar years asked for; undefined: the default span. */
  readonly years: YearSpan | undefined;
}

const string = { type: 'string' } as const;
const ganzhi = { $ref: '#/components/schemas/Ganzhi' } as const;
const branch = { type: 'string', pattern: '^[子丑寅卯辰巳午未申酉戌亥]$' } as const;
const isoOffset = { type: 'string', format: 'date-time', description: 'ISO 8601 with the request zone’s offset' } as const;
const isoUtc = { type: 'string', format: 'date-time', pattern: 'Z$', description: 'ISO 8601 in UTC' } as const;
const exactly = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description === undefined ? {} : { description }),
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});
const interval = { starts_at: isoOffset, ends_at: isoOffset, starts_at_utc: isoUtc, ends_at_utc: isoUtc } as const;
const year = { type: 'integer', minimum: LUCK_YEARS.first, maximum: LUCK_YEARS.last } as const;
const orNull = (schema: JsonSchema, description: string): JsonSchema => ({ anyOf: [schema, { type: 'null' }], description });

/** /openapi.json `VoidPeriods`. */
export const VOID_PERIODS_SCHEMA: JsonSchema = exactly(
  {
    from_year: year,
    to_year: year,
    schools: {
      type: 'array',
      minItems: VOID_BASES.length,
      maxItems: VOID_BASES.length,
      description: 'The day pillar’s 空亡 first, then the year pillar’s',
      items: exactly({
        basis: { enum: [...VOID_BASES] },
        label: { ...string, description: 'In the answer’s language (lang)' },
        reading: string,
        pillar: ganzhi,
        xun: { ...ganzhi, description: 'The first pillar of its 旬' },
        branches: { type: 'array', items: branch, minItems: 2, maxItems: 2 },
        years: { type: 'array', items: exactly({ year, ganzhi, ...interval }, '立春 → next 立春') },
        months: orNull(
          { type: 'array', items: exactly({ year, term: string, ganzhi, ...interval }, '節入り → next 節入り') },
          `Null when the span is longer than ${MAX_VOID_MONTH_YEARS} years`,
        ),
        cycles: orNull(
          {
            type: 'array',
            items: exactly({
              index: { type: 'integer', minimum: 1, maximum: 12 },
              ganzhi,
              ...interval,
              age_from: { type: 'integer', minimum: 0 },
              age_to: { type: 'integer', minimum: 0 },
            }),
          },
          'Null without a gender, and on a three-pillar chart (time_unknown: their dates move with the hour; luck.cycles gives them as ranges and marks them is_void)',
        ),
      }),
    },
  },
  '天中殺 (空亡) periods by the day pillar’s 旬 and by the year pillar’s',
);

export const VOID_PERIODS_SECTION: ChartSection<VoidPeriodsOptions> = {
  name: 'void_periods',
  schema: 'VoidPeriods',
  definition: VOID_PERIODS_SCHEMA,
  graphql: { field: 'voidPeriods', typed: true },
  options: [
    {
      name: 'void_years',
      member: {
        // Terse: the MCP tool list carries it on every session.
        description: `With \`include=void_periods\`: pillar years \`2024\` or \`2024-2030\` (default: birth + ${VOID_YEARS_AFTER_BIRTH}); months too if ≤ ${MAX_VOID_MONTH_YEARS}.`,
        type: 'string',
      },
      doc: {
        type: 'string',
        rule: `with \`void_periods\`: the pillar years, \`2024\` or \`2024-2030\` (${LUCK_YEARS.first}–${LUCK_YEARS.last}; default the birth's pillar year and the ${VOID_YEARS_AFTER_BIRTH} after); the 天中殺 months are listed when the span is at most ${MAX_VOID_MONTH_YEARS} years`,
      },
    },
  ],
  readOptions: (read, issues, included) => {
    const value = included ? read('void_years') : undefined;
    if (value === undefined || value === '') return { years: undefined };
    const reading = readYearSpan(value, 'void_years');
    if (reading.ok) return { years: reading.span };
    issues.push({ field: 'void_years', message: reading.message });
    return { years: undefined };
  },
  fingerprint: {
    key: 'void',
    of: (options) => ({ years: options.years === undefined ? null : [options.years.from, options.years.to] }),
  },
  json: (core, options, catalogue) => voidPeriodsJson(core, options?.years, catalogue),
};
