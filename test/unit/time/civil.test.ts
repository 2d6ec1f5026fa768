import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil, julianDateOf, julianDayNumber } from '../../../src/domain/time/civil.ts';
import { formatWall } from '../../../src/domain/time/format.ts';

describe('civil calendar arithmetic', () => {
  it('round-trips every day 1899-01-01 … 2101-12-31 and agrees with Date.UTC', () => {
    const first = daysFromCivil(1899, 1, 1);
    const last = daysFromCivil(2101, 12, 31);
    for (let days = first; days <= last; days++) {
      const { year, month, day } = civilFromDays(days);
      expect(daysFromCivil(year, month, day)).toBe(days);
      if (day === 1) expect(Date.UTC(year, month - 1, day) / 86_400_000).toBe(days);
    }
  });

  it.each([
    [1923, 10, 18, 2423711],
    [1945, 11, 2, 2431762],
    [2000, 1, 1, 2451545],
    [2005, 2, 1, 2453403],
    [2011, 1, 1, 2455563],
    [2024, 2, 4, 2460345],
  ])('JDN of %i-%i-%i is %i (Meeus’ anchors)', (year, month, day, jdn) => {
    expect(julianDayNumber({ year, month, day })).toBe(jdn);
  });

  it('Julian Date of 2024-02-04T08:27Z is 2460344.8521', () => {
    expect(julianDateOf(Date.UTC(2024, 1, 4, 8, 27) / 1000)).toBeCloseTo(2460344.8521, 4);
  });

  it('formats with either date separator and optional seconds', () => {
    const t = Date.UTC(1905, 2, 9, 7, 5, 3) / 1000;
    expect(formatWall(t, '-')).toBe('1905-03-09 07:05');
    expect(formatWall(t, '/', true)).toBe('1905/03/09 07:05:03');
    expect(formatWall(t + 0.999, '-', true)).toBe('1905-03-09 07:05:03');
  });
});
