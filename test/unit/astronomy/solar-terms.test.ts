import { describe, expect, it } from 'vitest';
import { SOLAR_TERMS } from '../../../src/domain/astronomy/solar-term-names.ts';
import {
  latestJieIndexAt,
  tableIndexOf,
  TERM_COUNT,
  termIndexStartingAt,
  termInstantUnixSec,
  termStartMinuteUnixSec,
} from '../../../src/domain/astronomy/solar-terms.ts';
import { TERM_INSTANTS_UNIX_SEC } from '../../../src/domain/astronomy/solar-terms.generated.ts';
import { computeTableEntry, TABLE_LENGTH } from '../../../scripts/gen-solar-terms.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { readPublishedTerms } from '../../support/published-terms.ts';

const JST_SEC = 9 * 3600;
const calendarIndexOf = (name: string): number => SOLAR_TERMS.findIndex((t) => t.name === name);
const jstMinute = (unixSec: number): string => new Date((unixSec + JST_SEC) * 1000).toISOString().slice(0, 16);

describe('solar-term table', () => {
  it('covers 1899 小寒 through 2101 立春', () => {
    expect(TERM_INSTANTS_UNIX_SEC).toHaveLength(TABLE_LENGTH);
    expect(jstMinute(termInstantUnixSec(tableIndexOf(1899, 0)))).toBe('1899-01-05T21:17');
    expect(jstMinute(termInstantUnixSec(tableIndexOf(2101, 2)))).toMatch(/^2101-02-0[34]T/);
    expect(() => tableIndexOf(2101, 3)).toThrow(RangeError);
  });

  it('equals a fresh VSOP87 recomputation for 240 sampled terms', () => {
    const random = mulberry32(20240204);
    const sample = [0, TABLE_LENGTH - 1, ...Array.from({ length: 238 }, () => randomInt(random, 0, TABLE_LENGTH - 1))];
    const mismatches = sample.filter((i) => computeTableEntry(i) !== TERM_INSTANTS_UNIX_SEC[i]);
    expect(mismatches).toEqual([]);
  });

  it('is strictly increasing, 14.7–15.8 days apart', () => {
    for (let i = 1; i < TERM_INSTANTS_UNIX_SEC.length; i++) {
      const gapDays = (TERM_INSTANTS_UNIX_SEC[i]! - TERM_INSTANTS_UNIX_SEC[i - 1]!) / 86400;
      expect(gapDays).toBeGreaterThan(14.7);
      expect(gapDays).toBeLessThan(15.8);
    }
  });

  it('2024 立春 is 17:27 JST (NAOJ), 2025 立春 is 23:10 JST', () => {
    expect(jstMinute(termStartMinuteUnixSec(tableIndexOf(2024, 2)))).toBe('2024-02-04T17:27');
    expect(jstMinute(termStartMinuteUnixSec(tableIndexOf(2025, 2)))).toBe('2025-02-03T23:10');
  });

  it('rounds to the nearest minute (29捨30入): 2024 啓蟄 11:22:45 JST is published as 11:23', () => {
    const i = tableIndexOf(2024, calendarIndexOf('啓蟄'));
    expect(jstMinute(termInstantUnixSec(i))).toBe('2024-03-05T11:22');
    expect(jstMinute(termStartMinuteUnixSec(i))).toBe('2024-03-05T11:23');
  });

  it('finds the latest 節 by the minute rule', () => {
    const risshun2024 = tableIndexOf(2024, 2);
    const start = termStartMinuteUnixSec(risshun2024);
    expect(latestJieIndexAt(start)).toBe(risshun2024);
    expect(latestJieIndexAt(start - 60)).toBe(tableIndexOf(2024, 0));
    expect(latestJieIndexAt(start + 14 * 86400)).toBe(risshun2024); // past 雨水 (a 中気), still 寅 month
  });
});

describe('which instants are term boundaries (termIndexStartingAt)', () => {
  it('finds every term of the table at its start minute, and nothing a minute or a second either side', () => {
    for (let i = 0; i < TERM_COUNT; i++) {
      const start = termStartMinuteUnixSec(i);
      expect(termIndexStartingAt(start)).toBe(i);
      for (const off of [-60, -1, 1, 60]) expect(termIndexStartingAt(start + off)).toBe(-1);
    }
    expect(TERM_COUNT).toBe(TERM_INSTANTS_UNIX_SEC.length);
  });
  it('answers -1 outside the table and for instants between terms', () => {
    expect(termIndexStartingAt(termStartMinuteUnixSec(0) - 86_400 * 30)).toBe(-1);
    expect(termIndexStartingAt(termStartMinuteUnixSec(TERM_COUNT - 1) + 86_400 * 30)).toBe(-1);
    expect(termIndexStartingAt(termStartMinuteUnixSec(100) + 7 * 86_400)).toBe(-1);
  });
});

const published = readPublishedTerms();
const describePublished = published ? describe : describe.skip;
if (!published) console.warn('published-terms.txt not found beside the repo: published-minute tests skipped');

describePublished('against published term minutes (../shared/published-solar-terms)', () => {
  const computedMinute = (term: { year: number; name: string }): number =>
    termStartMinuteUnixSec(tableIndexOf(term.year, calendarIndexOf(term.name)));

  it('reproduces ≥ 98 % of the NAOJ long-term minutes 1899–2051, every miss within 2 s of a half-minute', () => {
    const naoj = published!.filter((t) => t.source === 'naoj_longterm' && t.year <= 2051);
    expect(naoj.length).toBeGreaterThan(250);
    const misses = naoj.filter((t) => computedMinute(t) !== t.minuteUnixSec);
    expect(1 - misses.length / naoj.length).toBeGreaterThanOrEqual(0.98);
    for (const miss of misses) {
      const i = tableIndexOf(miss.year, calendarIndexOf(miss.name));
      // The exact instant lies in [floor, floor + 1); its distance to the nearest half-minute:
      const secondsIntoMinute = termInstantUnixSec(i) - Math.floor(termInstantUnixSec(i) / 60) * 60;
      expect(Math.abs(secondsIntoMinute + 0.5 - 30), miss.line).toBeLessThanOrEqual(2);
    }
  });

  it('reproduces ≥ 96 % of every published minute up to 2051 across all seven sources', () => {
    const upTo2051 = published!.filter((t) => t.year <= 2051 && t.year >= 1899);
    const hits = upTo2051.filter((t) => computedMinute(t) === t.minuteUnixSec);
    expect(hits.length / upTo2051.length).toBeGreaterThanOrEqual(0.96);
  });
});
