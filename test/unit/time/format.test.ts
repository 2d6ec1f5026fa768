/**
 * ISO 8601 with the zone's offset: the remembered formatter (solar-term boundaries kept per zone)
 * answers exactly what formatting each instant afresh answers.
 */
import { describe, expect, it } from 'vitest';
import { RISSHUN_INDEX } from '../../../src/domain/astronomy/solar-term-names.ts';
import { TERM_COUNT, termStartMinuteUnixSec } from '../../../src/domain/astronomy/solar-terms.ts';
import { formatIsoWithOffset, isoFormatterFor } from '../../../src/domain/time/format.ts';
import { zoneRules } from '../../../src/domain/time/zone.ts';
import { mulberry32 } from '../../support/prng.ts';

describe('isoFormatterFor', () => {
  it('formats 立春 and every other term boundary, twice, as formatIsoWithOffset does, per zone', () => {
    for (const name of ['Asia/Tokyo', 'America/New_York', 'Asia/Kolkata']) {
      const zone = zoneRules(name);
      const iso = isoFormatterFor(zone).instant;
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < TERM_COUNT; i += pass === 0 ? 1 : 7) {
          const t = termStartMinuteUnixSec(i);
          expect(iso(t)).toBe(formatIsoWithOffset(t, zone.offsetAt(t)));
          expect(isoFormatterFor(zone).termStart(i)).toBe(iso(t));
        }
      }
    }
    expect(isoFormatterFor(zoneRules('Asia/Tokyo')).termStart(125 * 24 + RISSHUN_INDEX)).toBe('2024-02-04T17:27:00+09:00');
  });
  it('formats any other instant afresh (summer time included)', () => {
    const random = mulberry32(5);
    const zone = zoneRules('Asia/Tokyo');
    const iso = isoFormatterFor(zone).instant;
    for (let i = 0; i < 2_000; i++) {
      const t = Math.floor(-2_200_000_000 + random() * 6_300_000_000);
      expect(iso(t)).toBe(formatIsoWithOffset(t, zone.offsetAt(t)));
    }
    expect(iso(Date.UTC(1949, 6, 1, 3, 0, 30) / 1000)).toBe('1949-07-01T13:00:30+10:00');
  });
});
