/**
 * The timeline search: the luck periods of one level (大運, 歳運, 月運 or 日運) of a chart inside a
 * range of civil dates, those a condition holds for, each with why it matched. The periods are the
 * luck sections' own (luck.ts, fine-luck.ts): the same pillars, instants and relations, so a match's
 * `starts_at` is the 交運 or 節入り instant the chart's luck section prints.
 *
 * Bounded before any work: a search scans at most MAX_SCANNED_PERIODS periods (`scanEstimate` says how
 * many a range holds), stops at `limit` matches, and answers the cursor to go on from.
 */
import { branchOf, stemOf, type CycleIndex } from '../calendar/sexagenary.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import type { Relation } from '../chart/relations.ts';
import { civilFromDays, SEC_PER_DAY } from '../time/civil.ts';
import { dailyLuckOf, listableDays, MAX_DAY_SPAN } from '../luck/fine-luck.ts';
import { genderFreeLuckOf, LUCK_READINGS, LUCK_YEARS, luckOf, MAX_CYCLE_COUNT, type GenderFreeLuck, type Luck } from '../luck/luck.ts';
import type { SolarTermCode } from '../vocabulary/codes.ts';
import { TEN_GOD_CODES } from '../vocabulary/codes.ts';
import { luckPillarStars } from '../stars/special-stars.ts';
import { PILLAR_ECHOES, type Condition, type NatalPosition } from './query.ts';

export const TIMELINE_LEVELS = ['major', 'annual', 'monthly', 'daily'] as const;
export type TimelineLevel = (typeof TIMELINE_LEVELS)[number];

/** At most this many periods scanned by one search: about six years and ten months of 日運, every 月運 of 1900–2100. */
export const MAX_SCANNED_PERIODS = 2500;
export const MAX_MATCHES = 100;
export const DEFAULT_MATCHES = 10;
/** The default range: from the birth date, this many years on (clipped to the listable days). */
export const DEFAULT_RANGE_YEARS = 100;

export interface TimelineSearch {
  readonly level: TimelineLevel;
  /** Civil days since 1970-01-01, inclusive, in the chart's zone. */
  readonly fromDay: number;
  readonly toDay: number;
  /** Only periods that start after this instant (UT Unix seconds): the cursor of "the next N". */
  readonly afterUnixSec: number | null;
  readonly where: Condition | null;
  readonly limit: number;
}

/** Why a period matched: one item per condition that held (a `not` adds none). */
export type Why =
  | { readonly condition: 'ten_god'; readonly of: 'stem' | 'branch'; readonly tenGod: number }
  | { readonly condition: 'relation'; readonly relation: Relation | null; readonly code: string; readonly with: NatalPosition }
  | { readonly condition: 'void'; readonly branch: number }
  | { readonly condition: 'star'; readonly code: string }
  | { readonly condition: 'ganzhi' | 'stem' | 'branch'; readonly pillar: CycleIndex };

export interface TimelinePeriod {
  readonly pillar: CycleIndex;
  readonly readingIndex: number;
  readonly fromUnixSec: number;
  readonly toUnixSec: number;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly relations: readonly Relation[];
  /** 大運: its index (1 for the first); 歳運 and 月運: the pillar year; 月運: the 節 that opens it; 日運: the civil date. */
  readonly index?: number;
  readonly year?: number;
  readonly term?: SolarTermCode;
  readonly date?: string;
}

export interface TimelineMatch {
  readonly period: TimelinePeriod;
  /** 月運: the pillar year it belongs to (a 歳運 carries its own). */
  readonly pillarYear?: number;
  readonly why: readonly Why[];
}

export interface TimelineResult {
  readonly matches: readonly TimelineMatch[];
  readonly scanned: number;
  /** The last match's start when `limit` matches were found (more may follow): pass it as `after`. */
  readonly nextAfterUnixSec: number | null;
}

/** The pillar years whose 歳運 (立春 to 立春) can touch the civil days: the year before the first (January is the last pillar year's). */
function pillarYears(fromDay: number, toDay: number): [number, number] {
  return [Math.max(LUCK_YEARS.first, civilFromDays(fromDay).year - 1), Math.min(LUCK_YEARS.last, civilFromDays(toDay).year)];
}

/** How many periods a search of this level over these days scans at most (checked against MAX_SCANNED_PERIODS before any charge). */
export function scanEstimate(level: TimelineLevel, fromDay: number, toDay: number): number {
  if (level === 'major') return MAX_CYCLE_COUNT;
  if (level === 'daily') return toDay - fromDay + 1;
  const [first, last] = pillarYears(fromDay, toDay);
  return (last - first + 1) * (level === 'monthly' ? 12 : 1);
}

/** The civil days a search may cover: those whose luck the term table lists. */
export const searchableDays = listableDays;

const NATAL: readonly NatalPosition[] = ['year', 'month', 'day', 'hour'];

/** A relation condition's codes as a set and its natal positions, made once per condition (a search reads it on every period). */
const RELATION_QUERIES = new WeakMap<object, { readonly codes: ReadonlySet<string>; readonly positions: readonly NatalPosition[] }>();
function relationQuery(condition: Extract<Condition, { kind: 'relation' }>) {
  let query = RELATION_QUERIES.get(condition);
  if (query === undefined) {
    query = { codes: new Set(condition.codes), positions: condition.with === 'any' ? NATAL : [condition.with] };
    RELATION_QUERIES.set(condition, query);
  }
  return query;
}

/** The stars each of the sixty pillars brings to a chart, found when first asked (a search reads thousands of periods of sixty pillars). */
const STARS_BY_CHART = new WeakMap<ChartCore, (readonly string[] | undefined)[]>();
function starsOf(core: ChartCore, pillar: CycleIndex): readonly string[] {
  let table = STARS_BY_CHART.get(core);
  if (table === undefined) STARS_BY_CHART.set(core, (table = []));
  return (table[pillar] ??= luckPillarStars(core.pillars, pillar, undefined, core.request.luck?.gender ?? null));
}

/** Two reasons that say the same: the same condition on the same thing. */
function sameWhy(a: Why, b: Why): boolean {
  if (a.condition !== b.condition) return false;
  switch (a.condition) {
    case 'ten_god':
      return b.condition === 'ten_god' && a.of === b.of && a.tenGod === b.tenGod;
    case 'relation':
      return b.condition === 'relation' && a.code === b.code && a.with === b.with && a.relation === b.relation;
    case 'star':
      return b.condition === 'star' && a.code === b.code;
    // One period has one pillar, one branch, one void: the same condition says the same.
    case 'void':
    case 'ganzhi':
    case 'stem':
    case 'branch':
      return true;
  }
}

/** The index of each ten-god code (0 比肩 … 9 印綬). */
const TEN_GOD_INDEX: ReadonlyMap<string, number> = new Map(TEN_GOD_CODES.map((code, i) => [code, i]));

/**
 * Whether the condition holds for the period; where it does, why is pushed onto `why` (null: only
 * whether, under a `not`, where nothing is said and an `any` stops at its first).
 */
function holds(condition: Condition, period: TimelinePeriod, core: ChartCore, why: Why[] | null): boolean {
  const reading = LUCK_READINGS[period.readingIndex]!;
  switch (condition.kind) {
    case 'ten_god': {
      let hit = false;
      if (condition.of !== 'branch') {
        const stem = TEN_GOD_INDEX.get(reading.stemTenGod)!;
        if (condition.tenGods.includes(stem)) {
          hit = true;
          why?.push({ condition: 'ten_god', of: 'stem', tenGod: stem });
        }
      }
      if (condition.of !== 'stem') {
        const branch = TEN_GOD_INDEX.get(reading.branchTenGod)!;
        if (condition.tenGods.includes(branch)) {
          hit = true;
          why?.push({ condition: 'ten_god', of: 'branch', tenGod: branch });
        }
      }
      return hit;
    }
    case 'relation': {
      const { codes, positions } = relationQuery(condition);
      let hit = false;
      for (const relation of period.relations) {
        if (!codes.has(relation.code)) continue;
        for (const member of relation.members) {
          if (!positions.includes(member.pillar as NatalPosition)) continue;
          if (why === null) return true;
          why.push({ condition: 'relation', relation, code: relation.code, with: member.pillar as NatalPosition });
          hit = true;
        }
      }
      for (const code of PILLAR_ECHOES) {
        if (!codes.has(code)) continue;
        for (const position of positions) {
          const natal = core.pillars[position];
          if (natal === null) continue;
          const echoes =
            code === 'fukugin'
              ? natal === period.pillar
              : Math.abs(stemOf(natal) - stemOf(period.pillar)) === 6 && Math.abs(branchOf(natal) - branchOf(period.pillar)) === 6;
          if (!echoes) continue;
          if (why === null) return true;
          why.push({ condition: 'relation', relation: null, code, with: position });
          hit = true;
        }
      }
      return hit;
    }
    case 'star': {
      let hit = false;
      for (const code of starsOf(core, period.pillar)) {
        if (!condition.codes.includes(code)) continue;
        if (why === null) return true;
        why.push({ condition: 'star', code });
        hit = true;
      }
      return hit;
    }
    case 'void':
      if (!reading.isVoid) return false;
      why?.push({ condition: 'void', branch: branchOf(period.pillar) });
      return true;
    case 'ganzhi':
      if (period.pillar !== condition.pillar) return false;
      why?.push({ condition: 'ganzhi', pillar: period.pillar });
      return true;
    case 'stem':
      if (stemOf(period.pillar) !== condition.stem) return false;
      why?.push({ condition: 'stem', pillar: period.pillar });
      return true;
    case 'branch':
      if (branchOf(period.pillar) !== condition.branch) return false;
      why?.push({ condition: 'branch', pillar: period.pillar });
      return true;
    case 'all': {
      const mark = why?.length ?? 0;
      for (const c of condition.of) {
        if (!holds(c, period, core, why)) {
          if (why !== null) why.length = mark;
          return false;
        }
      }
      return true;
    }
    case 'any': {
      let any = false;
      // Every branch that holds says why (not only the first), unless nothing is said.
      for (const c of condition.of) {
        if (!holds(c, period, core, why)) continue;
        if (why === null) return true;
        any = true;
      }
      return any;
    }
    case 'not':
      return !holds(condition.of, period, core, null);
  }
}

/** The periods of a level over the search's range, in order, lazily (a search stops at its limit). */
function* periodsOf(
  core: ChartCore,
  search: TimelineSearch,
  luck: Luck | GenderFreeLuck,
): Generator<TimelinePeriod | readonly [TimelinePeriod, number]> {
  const fromSec = core.zone.instantOf(search.fromDay * SEC_PER_DAY);
  const toSec = core.zone.instantOf((search.toDay + 1) * SEC_PER_DAY);
  const inRange = (p: { fromUnixSec: number; toUnixSec: number }) =>
    p.toUnixSec > fromSec && p.fromUnixSec < toSec && (search.afterUnixSec === null || p.fromUnixSec > search.afterUnixSec);
  switch (search.level) {
    case 'major':
      for (const c of (luck as Luck).cycles(MAX_CYCLE_COUNT)) if (inRange(c)) yield c;
      return;
    case 'annual': {
      const [first, last] = pillarYears(search.fromDay, search.toDay);
      for (const y of luck.years(first, last)) if (inRange(y)) yield y;
      return;
    }
    case 'monthly': {
      const [first, last] = pillarYears(search.fromDay, search.toDay);
      for (let year = first; year <= last; year++) for (const m of luck.months(year)) if (inRange(m)) yield [m, year] as const;
      return;
    }
    case 'daily': {
      // From the cursor's day when it is later (the days before it cannot match), in blocks of a year.
      let day = search.fromDay;
      if (search.afterUnixSec !== null) day = Math.max(day, Math.floor(search.afterUnixSec / SEC_PER_DAY) - 1);
      for (; day <= search.toDay; day += MAX_DAY_SPAN) {
        for (const d of dailyLuckOf(core, luck, day, Math.min(search.toDay, day + MAX_DAY_SPAN - 1))) if (inRange(d)) yield d;
      }
      return;
    }
  }
}

/** The search run over the chart: 大運 need the chart's luck request (a gender); the other levels read the 大運 in force when there is one. */
export function searchTimeline(core: ChartCore, search: TimelineSearch): TimelineResult {
  const request = core.request.luck;
  const luck = request === undefined ? genderFreeLuckOf(core) : luckOf(core, request);
  const matches: TimelineMatch[] = [];
  let scanned = 0;
  // A 歳運 or 月運 is a luck pillar whose relations are found when first read: it is kept as it is, not copied.
  for (const item of periodsOf(core, search, luck)) {
    scanned++;
    const [period, pillarYear] = Array.isArray(item) ? (item as readonly [TimelinePeriod, number]) : [item as TimelinePeriod, undefined];
    // Whether first (nothing said, an `any` stops at its first), then why for a match only: a search reads
    // thousands of periods and answers at most a hundred.
    if (search.where !== null && !holds(search.where, period, core, null)) continue;
    const said: Why[] = [];
    if (search.where !== null) holds(search.where, period, core, said);
    // A reason given by two conditions (`any` of overlapping lists) is said once.
    const why = said.length < 2 ? said : said.filter((w, i) => said.findIndex((other) => sameWhy(other, w)) === i);
    matches.push(pillarYear === undefined ? { period, why } : { period, pillarYear, why });
    if (matches.length === search.limit) return { matches, scanned, nextAfterUnixSec: period.fromUnixSec };
  }
  return { matches, scanned, nextAfterUnixSec: null };
}
