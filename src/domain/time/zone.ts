/**
 * Civil time in IANA zones, from the runtime's tzdata via Intl (Source: [tz]; default zone Asia/Tokyo,
 * docs/fields.md `timezone`).
 *
 * Intl only formats instant → wall clock, and does so slowly (~1 µs a call), so a zone's UTC
 * offsets are read into transition tables, one per calendar year and built on first use: sampling
 * every {@link SAMPLE_STEP_SEC} finds every offset change, and each is narrowed by bisection to the
 * second. A year costs ~0.2–0.5 ms, so no request blocks the process for long whatever zones it
 * names (a whole-span table was ~55 ms a zone). Two changes closer together than the step (none in
 * tzdata 1899–2101 for the zones we tested, see test/unit/time) would be missed.
 */
import { SEC_PER_DAY } from './civil.ts';

const SAMPLE_STEP_SEC = 2 * SEC_PER_DAY;
/** Years are bucketed by 365.2425-day spans from 1970, not civil years: only the lookup needs them. */
const BUCKET_SEC = 31_556_952;

export interface ZoneRules {
  readonly name: string;
  /** UTC offset in seconds in force at an instant. */
  offsetAt(unixSec: number): number;
  /**
   * The zone's standard-time offset at an instant: the offset in force, with summer time removed.
   * Intl does not say which offsets are summer time, so an offset counts as summer time when the
   * zone used a lower one both within the year before and within the year after (Japan 1948–51,
   * every DST zone's summers, the southern hemisphere's Januaries); the standard offset is then the
   * higher of those two lows. A lasting change of standard offset is not mistaken for summer time,
   * since the old offset does not come back.
   */
  standardOffsetAt(unixSec: number): number;
  /** The instant of a wall-clock time; gaps resolve later and overlaps earlier (Temporal `compatible`). */
  instantOf(wallSec: number): number;
}

/** How far either side of an instant summer time is looked for. */
const SUMMER_TIME_WINDOW_SEC = 366 * SEC_PER_DAY;

/** `GMT`, `GMT+09:00`, `GMT-00:44:30`: the `longOffset` zone name, seconds included where tzdata has them. */
const LONG_OFFSET = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** UTC offset (s) at an instant, read from Intl's `longOffset` name: ~1 µs a call, a quarter of formatToParts. */
function offsetReader(zone: string): (unixSec: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return (unixSec) => {
    const match = LONG_OFFSET.exec(format.format(unixSec * 1000));
    if (match === null) throw new Error(`unexpected Intl offset format for ${zone}`);
    if (match[1] === undefined) return 0;
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
    return match[1] === '-' ? -seconds : seconds;
  };
}

/** The offsets in force during one bucket: `offsetsSec[i]` from `transitionsUnixSec[i]` on. */
interface YearTable {
  readonly transitionsUnixSec: Float64Array;
  readonly offsetsSec: Int32Array;
}

class TableZoneRules implements ZoneRules {
  private readonly readOffset: (unixSec: number) => number;
  private readonly years = new Map<number, YearTable>();

  readonly name: string;

  constructor(name: string) {
    this.name = name;
    this.readOffset = offsetReader(name);
  }

  /** The bucket asked for last, and its table: a chart's instants mostly fall in one or two years. */
  private lastBucket = Number.NaN;
  private lastTable: YearTable | undefined;

  private yearTable(bucket: number): YearTable {
    if (bucket === this.lastBucket) return this.lastTable!;
    let table = this.years.get(bucket);
    if (table !== undefined) {
      this.lastBucket = bucket;
      this.lastTable = table;
      return table;
    }
    const start = bucket * BUCKET_SEC;
    const end = start + BUCKET_SEC;
    const transitions: number[] = [start];
    const offsets: number[] = [this.readOffset(start)];
    for (let previous = start; previous < end;) {
      const t = Math.min(previous + SAMPLE_STEP_SEC, end);
      const offset = this.readOffset(t);
      if (offset !== offsets[offsets.length - 1]) {
        let before = previous;
        let after = t;
        while (after - before > 1) {
          const mid = Math.floor((before + after) / 2);
          if (this.readOffset(mid) === offset) after = mid;
          else before = mid;
        }
        transitions.push(after);
        offsets.push(offset);
      }
      previous = t;
    }
    table = { transitionsUnixSec: Float64Array.from(transitions), offsetsSec: Int32Array.from(offsets) };
    this.years.set(bucket, table);
    return table;
  }

  offsetAt(unixSec: number): number {
    const { transitionsUnixSec: transitions, offsetsSec } = this.yearTable(Math.floor(unixSec / BUCKET_SEC));
    let lo = 0;
    let hi = transitions.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (transitions[mid]! <= unixSec) lo = mid;
      else hi = mid - 1;
    }
    return offsetsSec[lo]!;
  }

  /** The lowest offset in force at any instant of [from, to]. */
  private lowestOffsetIn(from: number, to: number): number {
    let lowest = this.offsetAt(from);
    for (let bucket = Math.floor(from / BUCKET_SEC); bucket <= Math.floor(to / BUCKET_SEC); bucket++) {
      const { transitionsUnixSec, offsetsSec } = this.yearTable(bucket);
      for (let i = 0; i < transitionsUnixSec.length; i++) {
        const t = transitionsUnixSec[i]!;
        if (t > from && t <= to && offsetsSec[i]! < lowest) lowest = offsetsSec[i]!;
      }
    }
    return lowest;
  }

  standardOffsetAt(unixSec: number): number {
    const offset = this.offsetAt(unixSec);
    const lowestBefore = this.lowestOffsetIn(unixSec - SUMMER_TIME_WINDOW_SEC, unixSec);
    if (lowestBefore >= offset) return offset;
    const lowestAfter = this.lowestOffsetIn(unixSec, unixSec + SUMMER_TIME_WINDOW_SEC);
    return lowestAfter < offset ? Math.max(lowestBefore, lowestAfter) : offset;
  }

  instantOf(wallSec: number): number {
    const offsetBefore = this.offsetAt(wallSec - SEC_PER_DAY);
    const offsetAfter = this.offsetAt(wallSec + SEC_PER_DAY);
    // No change within a day either side (changes are found at most one per sampling step): the
    // checks below could only confirm this answer.
    if (offsetBefore === offsetAfter) return wallSec - offsetBefore;
    const earlier = wallSec - Math.max(offsetBefore, offsetAfter);
    const later = wallSec - Math.min(offsetBefore, offsetAfter);
    if (this.offsetAt(earlier) + earlier === wallSec) return earlier;
    if (this.offsetAt(later) + later === wallSec) return later;
    // In a gap: read the wall time with the offset in force before it, which lands after the gap.
    return wallSec - offsetBefore;
  }
}

const cache = new Map<string, ZoneRules>();
/** Answers for names seen so far; bounded, as names arrive from requests. */
const canonicalNames = new Map<string, string | undefined>();
const MAX_REMEMBERED_NAMES = 2_000;
/** The longest IANA name is 32 characters (America/Argentina/ComodRivadavia). */
const MAX_ZONE_NAME_LENGTH = 64;

/**
 * Canonical IANA name of a zone (`asia/tokyo` → `Asia/Tokyo`), or undefined if unknown. Building an
 * Intl formatter costs ~20 µs, so answers are remembered.
 */
export function canonicalZoneName(zone: string): string | undefined {
  // IANA names start with a letter; Node 24's Intl also takes UTC offsets (`+04:30`), which are not
  // zone names and would each become a zone of its own.
  if (zone.length > MAX_ZONE_NAME_LENGTH || !/^[A-Za-z]/.test(zone)) return undefined;
  if (canonicalNames.has(zone)) return canonicalNames.get(zone);
  let canonical: string | undefined;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    canonical = undefined;
  }
  if (canonicalNames.size >= MAX_REMEMBERED_NAMES) canonicalNames.clear();
  canonicalNames.set(zone, canonical);
  return canonical;
}

/** Transition-table rules for a valid zone name; built on first use and cached. */
export function zoneRules(zone: string): ZoneRules {
  let rules = cache.get(zone);
  if (rules === undefined) {
    const canonical = canonicalZoneName(zone);
    if (canonical === undefined) throw new RangeError(`unknown time zone: ${zone}`);
    rules = cache.get(canonical) ?? new TableZoneRules(canonical);
    cache.set(canonical, rules);
    cache.set(zone, rules);
  }
  return rules;
}
