import { describe, expect, it } from 'vitest';
import { tokyoMonthOf } from '../../../src/domain/credits/month.ts';

describe('tokyoMonthOf', () => {
  it('the Tokyo month turns at 15:00 UTC on the last day of the UTC month', () => {
    expect(tokyoMonthOf(Date.parse('2025-01-31T14:59:59.999Z'))).toBe('2025-01');
    expect(tokyoMonthOf(Date.parse('2025-01-31T15:00:00Z'))).toBe('2025-02');
  });

  it('the Tokyo new year starts at 15:00 UTC on 31 December', () => {
    expect(tokyoMonthOf(Date.parse('2025-12-31T14:59:59Z'))).toBe('2025-12');
    expect(tokyoMonthOf(Date.parse('2025-12-31T15:00:00Z'))).toBe('2026-01');
  });

  it('months sort as text in calendar order', () => {
    const months = ['2025-09', '2025-10', '2025-11', '2026-01'];
    expect([...months].sort()).toEqual(months);
  });
});
