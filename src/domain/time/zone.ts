/**
 * Civil time in IANA zones, from the runtime's tzdata via Intl (DESIGN §3).
 *
 * Intl only formats instant → wall clock, and does so slowly (~3 µs a call), so each zone's UTC
 * offsets over the supported span are read once into a transition table (lazily, cached per zone);
 * requests then do a binary search. Sampling every {@link SAMPLE_STEP_SEC} finds every offset change,
 * and each is narrowed by bisection to the second; two changes closer together than the step (none
 * in tzdata 1899–2101 for the zones we tested, see test/unit/time) would be missed.
 */
import { SEC_PER_DAY } from './civil.js';

const SPAN_START_UNIX_SEC = Date.UTC(1898, 11, 1) / 1000;
const SPAN_END_UNIX_SEC = Date.UTC(2102, 1, 1) / 1000;
const SAMPLE_STEP_SEC = 2 * SEC_PER_DAY;

export interface ZoneRules {
  readonly name: string;
  /** UTC offset in seconds in force at an instant. */
  offsetAt(unixSec: number): number;
  /** The instant of a wall-clock time; gaps resolve later and overlaps earlier (Temporal `compatible`). */
  instantOf(wallSec: number): number;
}

function offsetReader(zone: string): (unixSec: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    era: 'short',
  });
  return (unixSec) => {
    const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, bc: false };
    for (const part of format.formatToParts(unixSec * 1000)) {
      if (part.type === 'era') fields.bc = part.value === 'BC';
      else if (part.type in fields) (fields as Record<string, number | boolean>)[part.type] = Number(part.value);
    }
    const year = fields.bc ? 1 - fields.year : fields.year;
    const wallMs = Date.UTC(year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
    return Math.round(wallMs / 1000 - unixSec);
  };
}

class TableZoneRules implements ZoneRules {
  /** transitionsUnixSec[i] is the first instant at which offsetsSec[i] applies (i ≥ 1). */
  private readonly transitionsUnixSec: Float64Array;
  private readonly offsetsSec: Int32Array;

  constructor(readonly name: string) {
    const readOffset = offsetReader(name);
    const transitions: number[] = [Number.NEGATIVE_INFINITY];
    const offsets: number[] = [readOffset(SPAN_START_UNIX_SEC)];
    for (let t = SPAN_START_UNIX_SEC + SAMPLE_STEP_SEC; t <= SPAN_END_UNIX_SEC; t += SAMPLE_STEP_SEC) {
      const offset = readOffset(t);
      if (offset === offsets[offsets.length - 1]) continue;
      let before = t - SAMPLE_STEP_SEC;
      let after = t;
      while (after - before > 1) {
        const mid = Math.floor((before + after) / 2);
        if (readOffset(mid) === offset) after = mid;
        else before = mid;
      }
      transitions.push(after);
      offsets.push(offset);
    }
    this.transitionsUnixSec = Float64Array.from(transitions);
    this.offsetsSec = Int32Array.from(offsets);
  }

  offsetAt(unixSec: number): number {
    const transitions = this.transitionsUnixSec;
    let lo = 0;
    let hi = transitions.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (transitions[mid]! <= unixSec) lo = mid;
      else hi = mid - 1;
    }
    return this.offsetsSec[lo]!;
  }

  instantOf(wallSec: number): number {
    const offsetBefore = this.offsetAt(wallSec - SEC_PER_DAY);
    const offsetAfter = this.offsetAt(wallSec + SEC_PER_DAY);
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

/**
 * Canonical IANA name of a zone (`asia/tokyo` → `Asia/Tokyo`), or undefined if unknown. Building an
 * Intl formatter costs ~20 µs, so answers are remembered.
 */
export function canonicalZoneName(zone: string): string | undefined {
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
