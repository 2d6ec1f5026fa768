/**
 * The `luck` section: 大運 (and 歳運 / 月運 / 小運 / 日運 / 時運 when asked for), its options, their
 * reader, and its check of the request: the 大運 need `gender` (checks.ts). Its JSON is the luck
 * presenter's (present/luck-json.ts, shared with `relations` and the 鑑定書).
 */
import { z } from 'zod';
import { MAX_DAY_SPAN, MINOR_LUCK_SCHOOLS, parseCivilDate, type MinorLuckSchool } from '../../../domain/luck/fine-luck.ts';
import { DEFAULT_CYCLE_COUNT, LUCK_YEARS, MAX_CYCLE_COUNT, MAX_YEAR_SPAN, type LuckArguments } from '../../../domain/luck/luck.ts';
import { luckJson } from '../../present/luck-json.ts';
import { option, type ChartSection } from '../declaration.ts';
import { argumentIssues, genderIssues } from './checks.ts';
import { LUCK_SHAPE } from './shape.ts';

/** The luck section's options: what to compute (checked by its `validate` before the charge). */
export interface LuckOptions {
  readonly arguments: LuckArguments;
  readonly cycles: number;
  readonly years?: readonly [number, number] | undefined;
  readonly months?: number | undefined;
  readonly minor?: MinorLuckSchool | undefined;
  readonly days?: readonly [number, number] | undefined;
  readonly hours?: number | undefined;
}

const LUCK_CYCLES = option({
  name: 'luck_cycles',
  schema: z.int().min(1).max(MAX_CYCLE_COUNT).meta({ description: 'With `include=luck`: how many 大運 ({range}, default {default}).' }),
  default: DEFAULT_CYCLE_COUNT,
  doc: 'with `luck`: how many 大運, {range} (default {default})',
});

/** Its range is the domain's rule, shared with GraphQL `luck.months.year` ("… must be a year from …"). */
const LUCK_MONTHS = option({
  name: 'luck_months',
  schema: z
    .int()
    .min(LUCK_YEARS.first)
    .max(LUCK_YEARS.last)
    .meta({ description: 'With `include=luck`: 月運 of this pillar year ({range}).' }),
  doc: 'with `luck`: 月運 of one pillar year',
});

/** Read as sent: the domain's rule checks it (with GraphQL `luck.minor.school`), after the counts and the years. */
const LUCK_MINOR = option({
  name: 'luck_minor',
  schema: z.enum(MINOR_LUCK_SCHOOLS).meta({ description: 'With `include=luck`: 小運 school.' }),
  doc: 'with `luck`: 小運 per year of age, `hour_pillar` (the hour pillar stepped as the 大運) or `sanming` (三命通会: 男 丙寅 forward, 女 壬申 backward); needs `gender` and a birth time (refused with `time_unknown`)',
});

const YEARS = /^(\d{4})(?:-(\d{4}))?$/;

export const LUCK_SECTION: ChartSection<LuckOptions> = {
  name: 'luck',
  schema: 'Luck',
  // The shapes' JSON Schema (shape.ts), a few nullable members written as they always were.
  shape: LUCK_SHAPE,
  graphql: { field: 'luck', typed: true },
  options: [
    LUCK_CYCLES,
    {
      name: 'luck_years',
      member: {
        description: `With \`include=luck\`: 歳運 of these pillar years, \`2024\` or \`2024-2030\` (at most 150 years, ${LUCK_YEARS.first}–${LUCK_YEARS.last}).`,
        type: 'string',
        pattern: '^\\d{4}(-\\d{4})?$',
      },
      doc: {
        type: 'string',
        rule: `with \`luck\`: 歳運 of a pillar year or a range, \`2024\` or \`2024-2030\` (${LUCK_YEARS.first}–${LUCK_YEARS.last}, at most ${MAX_YEAR_SPAN} years)`,
      },
    },
    LUCK_MONTHS,
    LUCK_MINOR,
    {
      name: 'luck_days',
      member: { description: 'With `include=luck`: 日運 of `YYYY-MM-DD` or `YYYY-MM-DD..YYYY-MM-DD` (≤ 366 days).', type: 'string' },
      doc: {
        type: 'string',
        rule: `with \`luck\`: 日運 of a civil date or a range, \`2025-01-01\` or \`2025-01-01..2025-12-31\` (at most ${MAX_DAY_SPAN} days)`,
      },
    },
    {
      name: 'luck_hours',
      member: { description: 'With `include=luck`: the 12 時運 of `YYYY-MM-DD`.', type: 'string' },
      doc: { type: 'string', rule: 'with `luck`: 時運, the 12 時辰 of a civil date `YYYY-MM-DD` on the chart’s solar clock' },
    },
  ],
  readOptions: (read, issues) => {
    // Its range is checked by `validate`, after the gender rule.
    const cycles = LUCK_CYCLES.given(read, issues) ?? LUCK_CYCLES.default;
    let years: [number, number] | undefined;
    const rawYears = read('luck_years');
    if (rawYears !== undefined) {
      const match = typeof rawYears === 'string' || typeof rawYears === 'number' ? YEARS.exec(String(rawYears)) : null;
      if (match === null)
        issues.push({ field: 'luck_years', message: 'luck_years must be a year or a range of years, e.g. "2024" or "2024-2030"' });
      else years = [Number(match[1]), Number(match[2] ?? match[1])];
    }
    const months = LUCK_MONTHS.given(read, issues);
    const minor = read(LUCK_MINOR.name);
    const rawDays = read('luck_days');
    const dayRange = typeof rawDays === 'string' ? (rawDays.split('..') as [string, string?]) : undefined;
    const dayTexts = dayRange === undefined ? undefined : ([dayRange[0], dayRange[1] ?? dayRange[0]] as const);
    const hours = read('luck_hours');
    const genderFree = ['luck_years', 'luck_months', 'luck_days', 'luck_hours'];
    return {
      arguments: {
        // luck_cycles is checked by its option's rule (`validate`).
        cycleCounts: [],
        yearRanges: years === undefined ? [] : [years],
        monthYears: months === undefined ? [] : [months],
        names: { cycles: 'luck_cycles', years: 'luck_years', months: 'luck_months' },
        minorSchools: minor === undefined ? [] : [minor],
        dayRanges: rawDays === undefined ? [] : [dayTexts ?? [rawDays, rawDays]],
        hourDates: hours === undefined ? [] : [hours],
        // 歳運, 月運, 日運 or 時運 alone (no luck_cycles, no luck_minor) need no gender; the 大運 and 小運 do.
        needsGender: read('luck_cycles') !== undefined || minor !== undefined || genderFree.every((name) => read(name) === undefined),
      },
      cycles,
      years,
      months,
      minor: minor as MinorLuckSchool | undefined,
      days: dayTexts === undefined ? undefined : ([parseCivilDate(dayTexts[0])!, parseCivilDate(dayTexts[1])!] as const),
      hours: typeof hours === 'string' ? parseCivilDate(hours) : undefined,
    };
  },
  // The gender rule first, then each option's: luck_cycles', then the years', months', schools' and dates'.
  validate: (request, options) => [
    ...genderIssues(request, options.arguments),
    ...LUCK_CYCLES.breaks(options.cycles),
    ...argumentIssues(request, options.arguments),
  ],
  fingerprint: {
    key: 'luck',
    of: (options) => ({
      cycles: options.cycles,
      years: options.years ?? null,
      months: options.months ?? null,
      // Present only when asked for: the digests of requests without them stay as they were.
      ...(options.minor === undefined ? {} : { minor: options.minor }),
      ...(options.days === undefined ? {} : { days: options.days }),
      ...(options.hours === undefined ? {} : { hours: options.hours }),
    }),
  },
  json: (core, options, catalogue) =>
    luckJson(
      core,
      core.request.luck,
      {
        cycles: options?.cycles ?? DEFAULT_CYCLE_COUNT,
        years: options?.years,
        months: options?.months,
        minor: options?.minor,
        days: options?.days,
        hours: options?.hours,
      },
      catalogue,
    ),
};
