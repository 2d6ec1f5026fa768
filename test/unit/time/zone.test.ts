import { describe, expect, it } from 'vitest';
import { wallSecondsOf } from '../../../src/domain/time/civil.ts';
import { canonicalZoneName, zoneRules } from '../../../src/domain/time/zone.ts';
import { mulberry32 } from '../../support/prng.ts';

const utc = (iso: string): number => Date.parse(iso) / 1000;
const wall = (y: number, m: number, d: number, h: number, mi: number): number => wallSecondsOf({ year: y, month: m, day: d }, h, mi);

/** Offset straight from Intl, the source the table is built from. */
function intlOffsetSec(zone: string, unixSec: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(unixSec * 1000);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000 - unixSec;
}

describe('IANA zone rules', () => {
  it('Asia/Tokyo applies the 1948–1951 summer time from tzdata', () => {
    const tokyo = zoneRules('Asia/Tokyo');
    expect(tokyo.offsetAt(utc('1948-05-01T14:59:59Z'))).toBe(9 * 3600);
    expect(tokyo.offsetAt(utc('1948-05-01T15:00:00Z'))).toBe(10 * 3600);
    expect(tokyo.offsetAt(utc('1949-07-01T03:00:00Z'))).toBe(10 * 3600);
    expect(tokyo.offsetAt(utc('1949-09-10T15:00:00Z'))).toBe(9 * 3600);
    expect(tokyo.offsetAt(utc('1952-07-01T03:00:00Z'))).toBe(9 * 3600);
  });

  it('a nonexistent wall time (1949-04-03 00:30 JST, in the gap) resolves later, to 01:30 JDT', () => {
    expect(zoneRules('Asia/Tokyo').instantOf(wall(1949, 4, 3, 0, 30))).toBe(utc('1949-04-02T15:30:00Z'));
  });

  it('a repeated wall time (1949-09-11 00:30) resolves to the earlier, summer-time occurrence', () => {
    expect(zoneRules('Asia/Tokyo').instantOf(wall(1949, 9, 11, 0, 30))).toBe(utc('1949-09-10T14:30:00Z'));
  });

  it('ordinary wall times map through the single offset', () => {
    expect(zoneRules('Asia/Tokyo').instantOf(wall(2024, 2, 4, 17, 27))).toBe(utc('2024-02-04T08:27:00Z'));
    expect(zoneRules('America/New_York').instantOf(wall(2024, 7, 1, 12, 0))).toBe(utc('2024-07-01T16:00:00Z'));
  });

  it('keeps offsets with seconds (Africa/Monrovia 1960 −00:44:30, Asia/Kolkata 1900 +05:21:10)', () => {
    expect(zoneRules('Africa/Monrovia').offsetAt(utc('1960-01-01T00:00:00Z'))).toBe(-(44 * 60 + 30));
    expect(zoneRules('Asia/Kolkata').offsetAt(utc('1900-01-01T00:00:00Z'))).toBe(5 * 3600 + 21 * 60 + 10);
  });

  it.each([
    'Asia/Tokyo',
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'Africa/Monrovia',
    'America/Sao_Paulo',
    'Pacific/Kiritimati',
    'Asia/Kolkata',
  ])('%s: the transition table agrees with Intl at 2,000 random instants 1900–2100', (zone) => {
    const rules = zoneRules(zone);
    const random = mulberry32(zone.length * 7919);
    const first = utc('1900-01-01T00:00:00Z');
    const last = utc('2101-01-01T00:00:00Z');
    for (let k = 0; k < 2000; k++) {
      const t = Math.floor(first + random() * (last - first));
      expect(rules.offsetAt(t)).toBe(intlOffsetSec(zone, t));
    }
  });

  it('canonicalises names and rejects unknown ones', () => {
    expect(canonicalZoneName('asia/tokyo')).toBe('Asia/Tokyo');
    expect(canonicalZoneName('UTC')).toBe('UTC');
    expect(canonicalZoneName('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalZoneName(`Asia/${'x'.repeat(100)}`)).toBeUndefined();
    expect(() => zoneRules('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('instantOf resolves every wall time as Intl’s offsets do (gaps later, overlaps earlier), near and far from changes', () => {
    // Reference: the Temporal `compatible` rule over offsets read straight from Intl.
    const reference = (zone: string, w: number): number => {
      const before = intlOffsetSec(zone, w - 86_400);
      const after = intlOffsetSec(zone, w + 86_400);
      const candidates = [w - Math.max(before, after), w - Math.min(before, after)];
      return candidates.find((c) => intlOffsetSec(zone, c) + c === w) ?? w - before;
    };
    const random = mulberry32(24);
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Tokyo']) {
      const rules = zoneRules(zone);
      const walls: number[] = [];
      for (let i = 0; i < 150; i++)
        walls.push(wall(1900, 1, 1, 0, 0) + Math.floor(random() * 200 * 365.25) * 86_400 + Math.floor(random() * 1440) * 60);
      // Every half hour across the 2024 changes (and Tokyo's 1949 ones): gaps, overlaps and their edges.
      for (const [y, m, d] of [
        [2024, 3, 10],
        [2024, 3, 31],
        [2024, 4, 7],
        [2024, 10, 6],
        [2024, 10, 27],
        [2024, 11, 3],
        [1949, 4, 2],
        [1949, 9, 10],
      ] as const) {
        for (let h = 0; h < 48; h++) walls.push(wall(y, m, d, 0, 0) + h * 1800);
      }
      for (const w of walls) expect(rules.instantOf(w), `${zone} ${new Date(w * 1000).toISOString()}`).toBe(reference(zone, w));
    }
  });
});
