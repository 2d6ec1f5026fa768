/**
 * Pillars → dates (`pillarsToDates`): every interval 1900–2100 whose births carry the given year,
 * month and day pillars (and the hour pillar when given), under the request's conventions, exact to
 * the second — the inverse of the chart core (./chart-core.ts), checked against it.
 *
 * Year and month are set by the absolute instant against the 節 table (its minute rule), so a (year,
 * month) pair opens 3 or 4 節 intervals in 1900–2100. Day and hour are read on the chart clock, the
 * true solar time at `location` (mean, or apparent with the equation of time): the day is a civil day
 * of that clock (from 23:00 with `day_boundary` 23:00), the hour a two-hour window, and the 23:00–24:00
 * window with `day_boundary` 00:00 is the 子 hour of the next day's stem (夜子時). Each window is cut by
 * the 節 interval, mapped back to UT, and its ends are the seconds at which the forward chart's
 * pillars change.
 */
import { equationOfTimeSec } from '../astronomy/equation-of-time.ts';
import { RISSHUN_INDEX } from '../astronomy/solar-term-names.ts';
import { latestJieIndexAt, TERM_COUNT, termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import { BRANCHES } from '../calendar/branches.ts';
import { branchOf, cycleIndexOf, GANZHI_NAMES, monthPillarOf, stemOf } from '../calendar/sexagenary.ts';
import { STEMS } from '../calendar/stems.ts';
import { SEC_PER_DAY, UNIX_EPOCH_JDN, wallSecondsOf } from '../time/civil.ts';
import { zoneRules, type ZoneRules } from '../time/zone.ts';
import { chartCoreAt, JDN_TO_DAY_CYCLE_OFFSET } from './chart-core.ts';
import type { ChartRequest, RequestIssue } from './request.ts';

const HOUR = 3600;

export interface PillarsQuery {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Null: three pillars (any time of the day). */
  readonly hour: number | null;
}

/** One interval [from, to) of births with the pillars, UT Unix seconds (integers). */
export interface BirthInterval {
  readonly from: number;
  readonly to: number;
}

/** A pillar's two characters → its cycle index, or the reason it is not one. */
export function parsePillar(field: string, text: unknown): { ok: true; index: number } | { ok: false; issue: RequestIssue } {
  const issue = (message: string) => ({ ok: false as const, issue: { field, message } });
  // Stems and branches are single UTF-16 units: two of them are a string of length 2.
  if (typeof text !== 'string' || text.length !== 2)
    return issue(`${field} must be a pillar of two characters, a stem and a branch, e.g. "甲子"`);
  const stem = STEMS.indexOf(text.charAt(0) as never);
  const branch = BRANCHES.indexOf(text.charAt(1) as never);
  if (stem === -1 || branch === -1)
    return issue(`${field} must be a stem (甲乙丙丁戊己庚辛壬癸) then a branch (子丑寅卯辰巳午未申酉戌亥), got "${text}"`);
  if ((stem & 1) !== (branch & 1))
    return issue(`${field} "${text}" is no pillar: a yang stem pairs with a yang branch and a yin stem with a yin one (甲子, 乙丑, …)`);
  return { ok: true, index: cycleIndexOf(stem, branch) };
}

/** The combination's contradictions (五虎遁 for the month, 五鼠遁 for the hour), each with its reason. */
export function pillarIssues(q: PillarsQuery, dayBoundary: '00:00' | '23:00'): RequestIssue[] {
  const issues: RequestIssue[] = [];
  const expectedMonth = monthPillarOf(stemOf(q.year), (branchOf(q.month) + 10) % 12);
  if (expectedMonth !== q.month)
    issues.push({
      field: 'month',
      message: `month ${GANZHI_NAMES[q.month]} cannot follow year ${GANZHI_NAMES[q.year]}: a ${STEMS[stemOf(q.year)]} year's ${BRANCHES[branchOf(q.month)]} month is ${GANZHI_NAMES[expectedMonth]} (五虎遁)`,
    });
  if (q.hour !== null) {
    const hourBranch = branchOf(q.hour);
    const own = hourPillar(stemOf(q.day), hourBranch);
    const lateZi = hourBranch === 0 && dayBoundary === '00:00' ? hourPillar((stemOf(q.day) + 1) % 10, 0) : own;
    if (q.hour !== own && q.hour !== lateZi)
      issues.push({
        field: 'hour',
        message: `hour ${GANZHI_NAMES[q.hour]} cannot be on a ${STEMS[stemOf(q.day)]} day: its ${BRANCHES[hourBranch]} hour is ${GANZHI_NAMES[own]}${lateZi === own ? '' : ` (or ${GANZHI_NAMES[lateZi]} from 23:00 with day_boundary 00:00)`} (五鼠遁)`,
      });
  }
  return issues;
}

/** 五鼠遁: the hour pillar of a branch on a day with this stem. */
const hourPillar = (dayStem: number, branch: number): number => cycleIndexOf(((dayStem % 5) * 2 + branch) % 10, branch);

/** The (year, month) pillars of each 節 interval, by year × 60 + month → the table indices of the 節 that open them. */
let monthIndex: Map<number, number[]> | undefined;
function jieByPillars(): Map<number, number[]> {
  if (monthIndex !== undefined) return monthIndex;
  monthIndex = new Map();
  const probe = chartProbe();
  // From the table's first 立春 (the 節 before it belong to a pillar year the table does not open).
  for (let k = RISSHUN_INDEX; k + 2 < TERM_COUNT; k++) {
    const start = termStartMinuteUnixSec(k);
    if (latestJieIndexAt(start) !== k) continue; // 中気: not a month's start
    const { year, month } = probe(start).pillars;
    const key = year * 60 + month;
    monthIndex.set(key, [...(monthIndex.get(key) ?? []), k]);
  }
  return monthIndex;
}

/** The 節 months (UT [from, to), the minute rule) that carry a (year, month) pair of pillars, 1899–2101. */
export const jieMonthsOf = (year: number, month: number): [number, number][] =>
  (jieByPillars().get(year * 60 + month) ?? []).map((k) => [termStartMinuteUnixSec(k), termStartMinuteUnixSec(k + 2)]);

/** The forward chart at an instant under a request's conventions (the year and month need none). */
const chartProbe = (request?: ChartRequest, zone?: ZoneRules) => {
  const r: ChartRequest = request ?? PROBE_REQUEST;
  const z = zone ?? zoneRules(r.conventions.timezone);
  return (unixSec: number) => chartCoreAt(r, z, unixSec);
};
const PROBE_REQUEST: ChartRequest = {
  year: 2000,
  month: 1,
  day: 1,
  hour: 12,
  minute: 0,
  longitudeDeg: 135,
  timeGiven: true,
  conventions: { timezone: 'Asia/Tokyo', solarTime: 'mean', dayBoundary: '00:00', zokanTable: 'getsuritsu' },
};

/**
 * Every interval of births in 1900–2100 (civil dates in the request's zone) with these pillars under
 * the request's longitude and conventions, in time order.
 */
export function pillarsToDates(q: PillarsQuery, request: ChartRequest): BirthInterval[] {
  const zone = zoneRules(request.conventions.timezone);
  const { timeUnknown: _threePillars, ...withHour } = request;
  const probe = chartProbe(withHour, zone);
  const { longitudeDeg, conventions } = request;
  const apparent = conventions.solarTime === 'apparent';
  const lateZiNextDay = conventions.dayBoundary === '00:00';
  // Chart clock of an instant, and back (the equation of time moves under 30 s a day: a fixed point in three steps).
  const clock = (t: number) => t + longitudeDeg * 240 + (apparent ? equationOfTimeSec(t) : 0);
  const instantOf = (s: number) => {
    let t = s - longitudeDeg * 240;
    if (apparent) for (let i = 0; i < 4; i++) t = s - longitudeDeg * 240 - equationOfTimeSec(t);
    return t;
  };
  const matches = (t: number) => {
    const p = probe(t).pillars;
    return p.year === q.year && p.month === q.month && p.day === q.day && (q.hour === null || p.hour === q.hour);
  };
  const first = zone.instantOf(wallSecondsOf({ year: 1900, month: 1, day: 1 }, 0, 0));
  const last = zone.instantOf(wallSecondsOf({ year: 2101, month: 1, day: 1 }, 0, 0));

  const found: BirthInterval[] = [];
  for (const k of jieByPillars().get(q.year * 60 + q.month) ?? []) {
    const monthFrom = Math.max(termStartMinuteUnixSec(k), first);
    const monthTo = Math.min(termStartMinuteUnixSec(k + 2), last);
    if (monthFrom >= monthTo) continue;
    const [a, b] = [clock(monthFrom), clock(monthTo)];
    for (let n = Math.floor(a / SEC_PER_DAY) - 1; n * SEC_PER_DAY <= b + SEC_PER_DAY; n++) {
      for (const [from, to] of windowsOf(n, q, lateZiNextDay)) {
        const lo = Math.max(from, a);
        const hi = Math.min(to, b);
        if (lo >= hi) continue;
        const interval = exactEnds(
          Math.max(Math.ceil(instantOf(lo)), monthFrom),
          Math.min(Math.ceil(instantOf(hi)), monthTo),
          matches,
          first,
          last,
        );
        if (interval !== null) found.push(interval);
      }
    }
  }
  return mergeAdjacent(found.sort((x, y) => x.from - y.from));
}

/** The chart-clock windows of chart day `n` (seconds since the epoch on that clock) that hold the pillars. */
function windowsOf(n: number, q: PillarsQuery, lateZiNextDay: boolean): [number, number][] {
  const start = n * SEC_PER_DAY;
  const dayCycle = (n + UNIX_EPOCH_JDN + JDN_TO_DAY_CYCLE_OFFSET) % 60;
  const windows: [number, number][] = [];
  // The day pillar held from 00:00 to 24:00 (00:00 boundary), or from 23:00 the evening before (23:00).
  if (lateZiNextDay ? dayCycle === q.day : (dayCycle + 1) % 60 === q.day) {
    const [dayFrom, dayTo] = lateZiNextDay ? [start, start + SEC_PER_DAY] : [start + 23 * HOUR, start + SEC_PER_DAY + 23 * HOUR];
    if (q.hour === null) return [[dayFrom, dayTo]];
    const branch = branchOf(q.hour);
    const dayStem = stemOf(q.day);
    const base = lateZiNextDay ? start : start + SEC_PER_DAY; // 00:00 of the day that carries the pillar
    if (branch !== 0) {
      if (q.hour === hourPillar(dayStem, branch)) windows.push([base + (2 * branch - 1) * HOUR, base + (2 * branch + 1) * HOUR]);
    } else {
      if (q.hour === hourPillar(dayStem, 0)) windows.push([base, base + HOUR]);
      if (lateZiNextDay && q.hour === hourPillar((dayStem + 1) % 10, 0)) windows.push([base + 23 * HOUR, base + SEC_PER_DAY]);
      if (!lateZiNextDay && q.hour === hourPillar(dayStem, 0)) windows.push([base - HOUR, base]);
    }
  }
  return windows;
}

/**
 * The window's exact ends: the first second that holds the pillars and the first after it that does
 * not, found from the computed ends by checking the forward chart (rounding of the clock's fractions).
 */
function exactEnds(from: number, to: number, matches: (t: number) => boolean, first: number, last: number): BirthInterval | null {
  let lo = from;
  let hi = to;
  // Never past the 1900–2100 range: there the pillars do not change, the range ends.
  for (let i = 0; i < 3 && lo < hi && !matches(lo); i++) lo++;
  for (let i = 0; i < 3 && lo > first && matches(lo - 1); i++) lo--;
  for (let i = 0; i < 3 && hi > lo && !matches(hi - 1); i++) hi--;
  for (let i = 0; i < 3 && hi < last && matches(hi); i++) hi++;
  return lo < hi && matches(lo) ? { from: lo, to: hi } : null;
}

function mergeAdjacent(intervals: BirthInterval[]): BirthInterval[] {
  const merged: BirthInterval[] = [];
  for (const i of intervals) {
    const prev = merged.at(-1);
    if (prev !== undefined && prev.to >= i.from) merged[merged.length - 1] = { from: prev.from, to: Math.max(prev.to, i.to) };
    else merged.push(i);
  }
  return merged;
}
