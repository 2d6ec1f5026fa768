/**
 * ΔT = TT − UT (seconds) for the solar-term generator.
 *
 * - Up to 2023.08: observed values, interpolated by astronomia's `deltat.deltaT` from its tables
 *   (historic yearly values to 1984.5, then the USNO/IERS monthly series ending 2023.33; astronomia
 *   ignores the series' last three months).
 * - From 2023.08: the published ΔT model of 寿星天文历 (sxwnl, 許剣偉), as shipped in lunar-javascript
 *   1.7.7 `ShouXingUtil.DT_AT`: cubic segments 2020–2050 fitted to Skyfield's DE440s ΔT prediction,
 *   then `−20 + 31·((y − 1820)/100)²` blended in over 2050–2150.
 * With this model the generated table reproduces 270 of 273 NAOJ long-term minutes 1899–2051
 * (test/unit/astronomy checks them). Beyond ~2030 any ΔT is a forecast (±1–2 min by 2100).
 */
import { deltat } from 'astronomia';

export const OBSERVED_DELTA_T_LAST_YEAR = 2023.08;

/** sxwnl segments: [startYear, a0, a1, a2, a3]; t = (y − start)/(nextStart − start)·10. */
const SXWNL_SEGMENTS = [
  [2016, 68.1024, 0.5456, -0.0542, -0.001172],
  [2020, 69.3612, 0.0422, -0.0502, 0.006216],
  [2024, 69.1752, -0.0335, -0.0048, 0.000811],
  [2028, 69.0206, -0.0275, 0.0055, -0.000014],
  [2032, 68.9981, 0.0163, 0.0054, 0.000006],
  [2036, 69.1498, 0.0599, 0.0053, 0.000026],
  [2040, 69.4751, 0.1035, 0.0051, 0.000046],
  [2044, 69.9737, 0.1469, 0.005, 0.000066],
  [2048, 70.6451, 0.1903, 0.0049, 0.000085],
] as const;
const SXWNL_LAST_YEAR = 2050;
const SXWNL_LAST_DELTA_T_SEC = 71.0457;
const SXWNL_QUADRATIC_COEFF = 31;

const parabolaSec = (year: number): number => {
  const centuriesSince1820 = (year - 1820) / 100;
  return -20 + SXWNL_QUADRATIC_COEFF * centuriesSince1820 * centuriesSince1820;
};

function sxwnlDeltaTSec(year: number): number {
  if (year >= SXWNL_LAST_YEAR) {
    if (year > SXWNL_LAST_YEAR + 100) return parabolaSec(year);
    const offset = parabolaSec(SXWNL_LAST_YEAR) - SXWNL_LAST_DELTA_T_SEC;
    return parabolaSec(year) - (offset * (SXWNL_LAST_YEAR + 100 - year)) / 100;
  }
  for (let i = SXWNL_SEGMENTS.length - 1; i >= 0; i--) {
    const [start, a0, a1, a2, a3] = SXWNL_SEGMENTS[i]!;
    if (year >= start) {
      const end = i + 1 < SXWNL_SEGMENTS.length ? SXWNL_SEGMENTS[i + 1]![0] : SXWNL_LAST_YEAR;
      const t = ((year - start) / (end - start)) * 10;
      return a0 + a1 * t + a2 * t * t + a3 * t * t * t;
    }
  }
  throw new RangeError(`sxwnl ΔT segment not found for ${year}`);
}

export function deltaTSec(decimalYear: number): number {
  return decimalYear < OBSERVED_DELTA_T_LAST_YEAR ? deltat.deltaT(decimalYear) : sxwnlDeltaTSec(decimalYear);
}
