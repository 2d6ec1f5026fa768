/**
 * The 大運 of a three-pillar chart (`time_unknown`, docs/fields.md "8.1 `luck`"): what moves with the
 * hour (the 起運, each 大運's start, end and ages) is given as the range over the birth day, never as
 * one value from the 12:00 the chart is cast for.
 *
 * The births: each minute of the civil birth day in the request zone (what a caller could give as a
 * time) whose year, month and day pillars are the chart's. A 節 or the solar day change inside the
 * day moves those pillars (the chart's own warnings say so); the range does not cross them. Each
 * birth's luck is the one a request with that time gets.
 *
 * The extremes. The 起運 age is monotone in the birth (backward it grows with it, forward it
 * shrinks), so the smallest and largest ages are the first and last births'. The start (the birth's
 * wall clock plus the age, by calendar arithmetic) is not:
 * - forward, the age falls in steps of the method (2 luck hours a minute for EXACT, a 刻's 10 days
 *   for CLASSICAL) while the wall clock gains at most a step's span (a minute, 2 hours): the start
 *   falls from step to step and rises within one;
 * - a luck month is 30 days, a calendar month 28 to 31: where the age's whole months change, the
 *   start can fall back up to 2 days (into a February) however the age moves.
 * Between two changes of the age's whole months (a stretch) the calendar part is fixed: backward
 * the start rises all along, forward it falls from step to step. A stretch's extremes are therefore
 * at its ends (backward) or at the edges of its first and last steps (forward); and as a whole
 * stretch moves the start on by at least a month of luck time, against the 2 days a change gives
 * back, only the two stretches at each end of the day can hold the earliest or the latest start.
 */
import type { ChartCore } from '../chart/chart-core.ts';
import { chartCoreAt } from '../chart/chart-core.ts';
import { wallSecondsOf } from '../time/civil.ts';
import { isoFormatterFor } from '../time/format.ts';
import { luckOf, startAgeAt, type Luck } from './luck.ts';
import type { LuckRequest } from './luck-request.ts';
import type { StartAge } from './start-age.ts';

/** Two instants, ISO 8601 with the request zone's offset. */
export interface InstantRange {
  readonly earliest: string;
  readonly latest: string;
}

/** The smallest and the largest value. */
export type IntRange = readonly [min: number, max: number];

/** One 大運 over the birth day: its start and end, and each of its ages, as ranges. */
export interface CycleRange {
  readonly startsAt: InstantRange;
  readonly endsAt: InstantRange;
  readonly ageFrom: IntRange;
  readonly ageTo: IntRange;
  readonly kazoeFrom: IntRange;
  readonly kazoeTo: IntRange;
  readonly labelAge: IntRange;
}

export interface LuckRange {
  /** The luck of the birth whose first 大運 starts first, and of the one whose first 大運 starts last. */
  readonly earliest: Luck;
  readonly latest: Luck;
  /** The lucks with the smallest and the largest 起運 age (the day's first and last births, in the direction's order). */
  readonly youngest: Luck;
  readonly oldest: Luck;
  /** The first and the last birth minute the range is over: where `pre_luck` may start. */
  readonly births: InstantRange;
  /** Where the first 大運 may start (`pre_luck`'s end). */
  readonly startsAt: InstantRange;
  /** The first `count` 大運, index k at k − 1. */
  cycles(count: number): readonly CycleRange[];
}

const MINUTES_PER_DAY = 1440;
const NOON_MINUTE = 720;

/** Each chart's range, made once: its warnings and its luck section both read it. */
const RANGES = new WeakMap<ChartCore, { readonly request: LuckRequest; readonly range: LuckRange }>();

/** The luck of a three-pillar chart over its birth day; undefined for a chart with an hour pillar. */
export function luckRangeOf(core: ChartCore, request: LuckRequest): LuckRange | undefined {
  if (core.pillars.hour !== null) return undefined;
  const known = RANGES.get(core);
  if (known?.request === request) return known.range;
  const range = rangeOverTheDay(core, request);
  RANGES.set(core, { request, range });
  return range;
}

function rangeOverTheDay(core: ChartCore, request: LuckRequest): LuckRange {
  const { zone, pillars } = core;
  const midnight = wallSecondsOf({ year: core.request.year, month: core.request.month, day: core.request.day }, 0, 0);
  const instantAt = (minute: number): number => zone.instantOf(midnight + minute * 60);
  const coreAt = (minute: number): ChartCore =>
    chartCoreAt({ ...core.request, hour: Math.floor(minute / 60), minute: minute % 60 }, zone, instantAt(minute));
  const chartPillars = (minute: number): boolean => {
    const at = coreAt(minute).pillars;
    return at.year === pillars.year && at.month === pillars.month && at.day === pillars.day;
  };
  // 12:00 is the chart's own birth: the day's run of its pillars holds it.
  const first = runEdge(NOON_MINUTE, 0, chartPillars);
  const last = runEdge(NOON_MINUTE, MINUTES_PER_DAY - 1, chartPillars);

  // The pillars hold over [first, last]: so do the direction and the reference 節, and only the age moves.
  const noon = luckOf(core, request);
  const forward = noon.direction === 'FORWARD';
  const ages = new Map<number, StartAge>();
  const ageAt = (minute: number): StartAge => {
    let age = ages.get(minute);
    if (age === undefined)
      ages.set(minute, (age = startAgeAt(request.method, forward, instantAt(minute), noon.referenceTermUnixSec, zone)));
    return age;
  };
  const wholeMonths = (minute: number): number => ageAt(minute).years * 12 + ageAt(minute).months;
  const stretchEnd = (from: number, limit: number): number => runEdge(from, limit, (m) => wholeMonths(m) === wholeMonths(from));
  // Where each stretch at the day's ends can hold an extreme: backward its first and last minutes;
  // forward the last minute of its first step and the first minute of its last step (a step never
  // crosses a stretch's end, so the day's other end bounds the search as well).
  const edge = (from: number, limit: number): number => (forward ? runEdge(from, limit, (m) => sameAge(ageAt(m), ageAt(from))) : from);
  const firstEnd = stretchEnd(first, last);
  const lastStart = stretchEnd(last, first);
  const candidates = new Set([edge(first, last), edge(last, first)]);
  if (firstEnd < last) candidates.add(edge(firstEnd + 1, last));
  if (lastStart > first) candidates.add(edge(lastStart - 1, first));

  const lucks = new Map<number, Luck>([[NOON_MINUTE, noon]]);
  const luckAt = (minute: number): Luck => {
    let luck = lucks.get(minute);
    if (luck === undefined) lucks.set(minute, (luck = luckOf(coreAt(minute), request)));
    return luck;
  };
  const found = [...candidates].map(luckAt);
  const earliest = found.reduce((a, b) => (b.startsAtUnixSec < a.startsAtUnixSec ? b : a));
  const latest = found.reduce((a, b) => (b.startsAtUnixSec > a.startsAtUnixSec ? b : a));
  const [youngest, oldest] = forward ? [luckAt(last), luckAt(first)] : [luckAt(first), luckAt(last)];

  const iso = isoFormatterFor(zone).instant;
  return {
    earliest,
    latest,
    youngest,
    oldest,
    births: { earliest: iso(instantAt(first)), latest: iso(instantAt(last)) },
    startsAt: { earliest: earliest.startsAt, latest: latest.startsAt },
    cycles: (count) => {
      const [early, late, young, old] = [earliest, latest, youngest, oldest].map((luck) => luck.cycles(count));
      return early!.map((e, i): CycleRange => {
        const [l, y, o] = [late![i]!, young![i]!, old![i]!];
        // Whole years added to both starts keep their order; the 数え ages follow the starts' years.
        return {
          startsAt: { earliest: e.startsAt, latest: l.startsAt },
          endsAt: { earliest: e.endsAt, latest: l.endsAt },
          ageFrom: [y.ageFrom, o.ageFrom],
          ageTo: [y.ageTo, o.ageTo],
          kazoeFrom: [e.kazoeFrom, l.kazoeFrom],
          kazoeTo: [e.kazoeTo, l.kazoeTo],
          labelAge: [y.labelAge, o.labelAge],
        };
      });
    },
  };
}

const sameAge = (a: StartAge, b: StartAge): boolean =>
  a.years === b.years && a.months === b.months && a.days === b.days && a.hours === b.hours && a.minutes === b.minutes;

/**
 * The minute farthest from `start` toward `limit` (inclusive) up to which `holds` stays true: it
 * holds at `start` and, past one boundary, never again (a run). The limit and the neighbour are
 * tried first: most runs (a pillar with no boundary in the day, an EXACT age) end at one of them.
 */
function runEdge(start: number, limit: number, holds: (minute: number) => boolean): number {
  if (start === limit || holds(limit)) return limit;
  const step = Math.sign(limit - start);
  if (!holds(start + step)) return start;
  let [near, far] = [start + step, limit];
  while (Math.abs(far - near) > 1) {
    const mid = near + Math.trunc((far - near) / 2);
    if (holds(mid)) near = mid;
    else far = mid;
  }
  return near;
}
