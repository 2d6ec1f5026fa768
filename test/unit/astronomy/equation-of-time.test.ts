import { describe, expect, it } from 'vitest';
import { equationOfTimeSec } from '../../../src/domain/astronomy/equation-of-time.ts';
import { equationOfTimeSec as freshEquationOfTimeSec } from '../../../scripts/gen-equation-of-time.ts';
import { mulberry32 } from '../../support/prng.ts';

describe('equation of time', () => {
  it('interpolated table equals a fresh Meeus/VSOP87 computation within 0.1 s at 300 random instants', () => {
    const random = mulberry32(28);
    const first = Date.UTC(1899, 0, 1) / 1000;
    const last = Date.UTC(2101, 0, 31) / 1000;
    for (let k = 0; k < 300; k++) {
      const t = first + random() * (last - first);
      expect(Math.abs(equationOfTimeSec(t) - freshEquationOfTimeSec(t))).toBeLessThan(0.1);
    }
  });

  it('matches the Meeus/VSOP87 sample values of Meeus (minutes)', () => {
    const at = (y: number, m: number, d: number): number => equationOfTimeSec(Date.UTC(y, m - 1, d) / 1000) / 60;
    expect(at(2024, 2, 4)).toBeCloseTo(-13.81, 1);
    expect(at(2024, 5, 14)).toBeCloseTo(3.65, 1);
    expect(at(2024, 7, 26)).toBeCloseTo(-6.55, 1);
    expect(at(2024, 11, 3)).toBeCloseTo(16.46, 1);
  });
});
