/**
 * The 蔵干 day count is read in the zone's standard time: summer time moves neither the birth date
 * nor the 節入り date (Japan 1948–51). 万年暦 and NAOJ print 節入り in JST all year round.
 */
import { describe, expect, it } from 'vitest';
import { termStartMinuteUnixSec } from '../../../src/domain/astronomy/solar-terms.ts';
import { zoneRules } from '../../../src/domain/time/zone.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { chartOf } from '../../support/chart.ts';

const JST_SEC = 9 * 3600;
/** Days since 1970-01-01 of an instant's date at UT+9, Japan's standard time, whatever the clocks said. */
const jstDay = (unixSec: number): number => Math.floor((unixSec + JST_SEC) / 86_400);

const at = (year: number, month: number, day: number, time: string, timezone = 'Asia/Tokyo') =>
  chartOf({ year, month, day, time, location: 135, timezone });

describe('蔵干 day count in standard time', () => {
  it('1948-05-12 12:00 JDT: 立夏 is 1948-05-05 23:52 JST (NAOJ), so day 8 → 庚, not day 7 → 戊', () => {
    const core = at(1948, 5, 12, '12:00');
    expect(core.zokanDayCount).toBe(8);
    // The 節入り minute, in JST: 1948-05-05 23:52.
    expect(new Date((termStartMinuteUnixSec(core.monthTermIndex) + JST_SEC) * 1000).toISOString().slice(0, 16)).toBe('1948-05-05T23:52');
  });

  it('around 立夏 1948 on summer-time clocks: 00:30 JDT on 5-6 is 23:30 JST on 5-5, before it; 00:55 JDT is day 1', () => {
    const before = at(1948, 5, 6, '00:30');
    const after = at(1948, 5, 6, '00:55');
    expect(before.monthTermIndex).toBeLessThan(after.monthTermIndex);
    expect(after.zokanDayCount).toBe(1); // born 23:55 JST on the 節入り date
    expect(at(1948, 5, 7, '00:30').zokanDayCount).toBe(2); // 23:30 JST on 5-6
    expect(at(1948, 5, 7, '01:30').zokanDayCount).toBe(3); // 00:30 JST on 5-7
  });

  it('equals the JST-date count for 2,000 random births in the summers of 1948–1951', () => {
    const random = mulberry32(1948);
    const mismatches: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const year = randomInt(random, 1948, 1951);
      const month = randomInt(random, 5, 9);
      const day = randomInt(random, 1, 28);
      const time = `${String(randomInt(random, 0, 23)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`;
      const core = at(year, month, day, time);
      const expected = jstDay(core.birthUnixSec) - jstDay(termStartMinuteUnixSec(core.monthTermIndex)) + 1;
      if (core.zokanDayCount !== expected) mismatches.push(`${year}-${month}-${day} ${time}: ${core.zokanDayCount} ≠ ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('a zone without summer time counts civil dates as before (UTC, 2,000 random births)', () => {
    const random = mulberry32(2024);
    for (let i = 0; i < 2_000; i++) {
      const year = randomInt(random, 1900, 2100);
      const month = randomInt(random, 1, 12);
      const day = randomInt(random, 1, 28);
      const core = chartOf({ year, month, day, hour: randomInt(random, 0, 23), location: 0, timezone: 'UTC' });
      const birthDay = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
      expect(core.zokanDayCount).toBe(birthDay - Math.floor(termStartMinuteUnixSec(core.monthTermIndex) / 86_400) + 1);
    }
  });
});

describe('ZoneRules.standardOffsetAt', () => {
  const std = (zone: string, iso: string): number => zoneRules(zone).standardOffsetAt(Date.parse(iso) / 1000) / 3600;
  const civil = (zone: string, iso: string): number => zoneRules(zone).offsetAt(Date.parse(iso) / 1000) / 3600;

  it.each([
    ['Asia/Tokyo', '1948-07-01T00:00:00Z', 10, 9], // JDT
    ['Asia/Tokyo', '1951-09-01T00:00:00Z', 10, 9],
    ['Asia/Tokyo', '1948-03-01T00:00:00Z', 9, 9],
    ['Asia/Tokyo', '2024-07-01T00:00:00Z', 9, 9],
    ['Europe/London', '2024-07-01T00:00:00Z', 1, 0],
    ['Europe/London', '2024-01-15T00:00:00Z', 0, 0],
    ['America/New_York', '2024-07-01T00:00:00Z', -4, -5],
    ['Australia/Sydney', '2024-01-15T00:00:00Z', 11, 10], // southern summer
    ['Australia/Sydney', '2024-07-01T00:00:00Z', 10, 10],
    // A lasting change is not summer time: Pyongyang went from +9 to +8:30 on 2015-08-15.
    ['Asia/Pyongyang', '2015-07-01T00:00:00Z', 9, 9],
    ['Asia/Pyongyang', '2016-07-01T00:00:00Z', 8.5, 8.5],
  ])('%s at %s: in force %s h, standard %s h', (zone, iso, inForce, standard) => {
    expect(civil(zone, iso)).toBe(inForce);
    expect(std(zone, iso)).toBe(standard);
  });
});
