/**
 * The `void_periods` section (天中殺 / 空亡 periods, docs/fields.md "8.3 `void_periods`"): its one
 * option and its reader; its JSON is json.ts's, declared in shape.ts. wire/chart-sections.ts registers it.
 * One option only: `void_years` names the span of the years and, when short, of the months (the MCP
 * tool list an assistant reads on every session carries each option).
 */
import { LUCK_YEARS } from '../../../domain/luck/luck.ts';
import type { ChartSection } from '../declaration.ts';
import { voidPeriodsJson } from './json.ts';
import { MAX_VOID_MONTH_YEARS, readYearSpan, VOID_YEARS_AFTER_BIRTH, type YearSpan } from '../../../domain/luck/void-periods.ts';
import { VOID_PERIODS_SHAPE } from './shape.ts';

export interface VoidPeriodsOptions {
  /** The pillar years asked for; undefined: the default span. */
  readonly years: YearSpan | undefined;
}

export const VOID_PERIODS_SECTION: ChartSection<VoidPeriodsOptions> = {
  name: 'void_periods',
  schema: 'VoidPeriods',
  shape: VOID_PERIODS_SHAPE,
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
