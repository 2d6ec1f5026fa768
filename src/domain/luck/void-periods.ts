/**
 * 天中殺 (空亡) periods (docs/fields.md, "8.3 `void_periods`"): the two branches a pillar's 旬 never
 * reaches (甲子旬 → 戌亥 … 甲寅旬 → 子丑), and the dated 歳運, 月運 and 大運 whose branch is one of them.
 * The day pillar's 旬 is the common rule (四柱推命's 日柱空亡, 算命学's 天中殺); some books take the
 * year pillar's too (年柱空亡), a second school named `year`. A year runs from its 立春 to the next
 * and a month from its 節入り to the next, at the minute-rounded instants the luck section and the
 * chart's own pillars use.
 * Sources: [touyou-unseigakkai] (空亡 of each 旬), [mawentao-bazi] (from the year and the day pillar), [senjutsu], [zakuro1].
 */
import { RISSHUN_INDEX, TERMS_PER_YEAR } from '../astronomy/solar-term-names.ts';
import { tableIndexOf, termCalendarIndex, termStartMinuteUnixSec, termYear } from '../astronomy/solar-terms.ts';
import type { BranchIndex } from '../calendar/branches.ts';
import { branchOf, monthPillarOf, stemOf, yearPillarOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { voidBranchesOf } from '../calendar/shensha-rules.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { monthBranchShift } from '../chart/conventions.ts';
import { SOLAR_TERM_CODES, type SolarTermCode } from '../vocabulary/codes.ts';
import { LUCK_YEARS, luckOf, MAX_CYCLE_COUNT, type MajorCycle } from './luck.ts';

/** Whose 旬 gives the two branches: the day pillar's (the default) or the year pillar's. */
export const VOID_BASES = ['day', 'year'] as const;
export type VoidBasis = (typeof VOID_BASES)[number];

/** The default span: the birth's pillar year and the hundred after it (cut at the table's end). */
export const VOID_YEARS_AFTER_BIRTH = 100;
/** 天中殺 months are listed for a span of at most this many pillar years (two a year): the answer stays small. */
export const MAX_VOID_MONTH_YEARS = 12;

/** A span of pillar years, both ends included. */
export interface YearSpan {
  readonly from: number;
  readonly to: number;
}

/** An interval between two solar-term start minutes (table indices), UT Unix seconds, the end excluded. */
export interface TermInterval {
  readonly startTermIndex: number;
  readonly endTermIndex: number;
  readonly fromUnixSec: number;
  readonly toUnixSec: number;
}

/** A 歳運 whose branch is 空亡: 立春 → next 立春. */
export interface VoidYear extends TermInterval {
  readonly year: number;
  readonly pillar: CycleIndex;
}

/** A 月運 whose branch is 空亡: 節入り → next 節入り, in the pillar year `year`. */
export interface VoidMonth extends TermInterval {
  readonly year: number;
  readonly pillar: CycleIndex;
  readonly term: SolarTermCode;
}

/** What one school finds: its pair and the periods in the span. */
export interface VoidSchool {
  readonly basis: VoidBasis;
  /** The natal pillar whose 旬 it is, and the 旬's first pillar (甲子, 甲戌, … 甲寅). */
  readonly pillar: CycleIndex;
  readonly xun: CycleIndex;
  readonly branches: readonly [BranchIndex, BranchIndex];
  readonly years: readonly VoidYear[];
  /** Null when the span is longer than {@link MAX_VOID_MONTH_YEARS}. */
  readonly months: readonly VoidMonth[] | null;
  /** 大運天中殺: the first twelve 大運 whose branch is 空亡; null without a gender (no direction). */
  readonly cycles: readonly MajorCycle[] | null;
}

export interface VoidPeriods {
  readonly span: YearSpan;
  readonly schools: readonly VoidSchool[];
}

const inPair = (pair: readonly [BranchIndex, BranchIndex], branch: BranchIndex): boolean => pair[0] === branch || pair[1] === branch;

/** The pillar years of `span` whose year branch is in `pair`, each 立春 → next 立春. */
export function voidYearsOf(pair: readonly [BranchIndex, BranchIndex], span: YearSpan): VoidYear[] {
  const years: VoidYear[] = [];
  for (let year = span.from; year <= span.to; year++) {
    const pillar = yearPillarOf(year);
    if (!inPair(pair, branchOf(pillar))) continue;
    const start = tableIndexOf(year, RISSHUN_INDEX);
    years.push(Object.freeze({ year, pillar, ...termInterval(start, start + TERMS_PER_YEAR) }));
  }
  return years;
}

/**
 * The months of the pillar years of `span` whose month branch is in `pair`, each 節入り → next 節入り;
 * `shift` is the hemisphere convention's move of the month branch (0, or 6 for the southern).
 */
export function voidMonthsOf(pair: readonly [BranchIndex, BranchIndex], span: YearSpan, shift = 0): VoidMonth[] {
  const months: VoidMonth[] = [];
  for (let year = span.from; year <= span.to; year++) {
    const yearStem = stemOf(yearPillarOf(year));
    const risshun = tableIndexOf(year, RISSHUN_INDEX);
    // Month m (0 = the 寅 month, from 立春) has branch (m + 2) mod 12 (+ 6 in the south); the last two fall in the next calendar year.
    for (let m = 0; m < 12; m++) {
      if (!inPair(pair, (m + 2 + shift) % 12)) continue;
      const start = risshun + 2 * m;
      months.push(
        Object.freeze({
          year,
          pillar: monthPillarOf(yearStem, (m + shift) % 12),
          term: SOLAR_TERM_CODES[termCalendarIndex(start)]!,
          ...termInterval(start, start + 2),
        }),
      );
    }
  }
  return months;
}

function termInterval(startTermIndex: number, endTermIndex: number): TermInterval {
  return {
    startTermIndex,
    endTermIndex,
    fromUnixSec: termStartMinuteUnixSec(startTermIndex),
    toUnixSec: termStartMinuteUnixSec(endTermIndex),
  };
}

/** The default span of a chart: its pillar year (the 立春 year of the birth) and the hundred after, within the table. */
export function defaultVoidSpan(core: ChartCore): YearSpan {
  const from = termYear(core.springTermIndex);
  return { from, to: Math.min(from + VOID_YEARS_AFTER_BIRTH, LUCK_YEARS.last) };
}

/**
 * Both schools' periods in `span` (default {@link defaultVoidSpan}): the day pillar's first. The 大運
 * are the luck section's (the chart's gender and 起運 method), so their index and dates match it.
 */
export function voidPeriodsOf(core: ChartCore, span: YearSpan = defaultVoidSpan(core)): VoidPeriods {
  // Without a birth time the 大運's dates move with the hour: none are named from an assumed one
  // (the luck section gives them as ranges over the day, and its `is_void` marks these).
  const cycles =
    core.request.luck === undefined || core.pillars.hour === null ? null : luckOf(core, core.request.luck).cycles(MAX_CYCLE_COUNT);
  const withMonths = span.to - span.from + 1 <= MAX_VOID_MONTH_YEARS;
  const schoolOf = (basis: VoidBasis, pillar: CycleIndex): VoidSchool => {
    const pair = voidBranchesOf(pillar);
    return {
      basis,
      pillar,
      xun: pillar - (pillar % 10),
      branches: pair,
      years: voidYearsOf(pair, span),
      months: withMonths ? voidMonthsOf(pair, span, monthBranchShift(core.request.conventions)) : null,
      cycles: cycles === null ? null : cycles.filter((cycle) => inPair(pair, branchOf(cycle.pillar))),
    };
  };
  return { span, schools: [schoolOf('day', core.pillars.day), schoolOf('year', core.pillars.year)] };
}

/** What a year-span option or argument reads as: the span, or the message naming what is wrong and the nearest good value. */
export type YearSpanReading = { readonly ok: true; readonly span: YearSpan } | { readonly ok: false; readonly message: string };

const SPAN_TEXT = /^(\d{4})(?:-(\d{4}))?$/;
const YEAR_DIGITS = /\d{4}/g;

/**
 * Reads `2024`, `"2024"` or `"2024-2030"` (pillar years within the term table). A bad value is
 * named with the nearest good one: the years it holds, in order, inside the table.
 */
export function readYearSpan(value: unknown, field: string): YearSpanReading {
  const { first, last } = LUCK_YEARS;
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : null;
  const match = text === null ? null : SPAN_TEXT.exec(text);
  const rule = `${field} must be a pillar year or a range of them from ${first} to ${last}, e.g. "2024" or "2024-2030"`;
  if (match === null) {
    const years = (text?.match(YEAR_DIGITS) ?? []).map(Number).slice(0, 2);
    return { ok: false, message: `${rule} (got ${JSON.stringify(value)}${nearestSpanText(years)})` };
  }
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  if (from < first || to > last || from > to) return { ok: false, message: `${rule} (got "${text}"${nearestSpanText([from, to])})` };
  return { ok: true, span: { from, to } };
}

/** `: did you mean "1899-1900"?` for the years given, put in order and inside the table; empty without years. */
function nearestSpanText(years: readonly number[]): string {
  if (years.length === 0) return '';
  const clamp = (year: number) => Math.min(Math.max(year, LUCK_YEARS.first), LUCK_YEARS.last);
  const from = clamp(Math.min(...years));
  const to = clamp(Math.max(...years));
  return `: did you mean "${from === to ? from : `${from}-${to}`}"?`;
}
