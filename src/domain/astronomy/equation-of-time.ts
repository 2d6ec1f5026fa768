/**
 * Equation of time (apparent − mean solar time) read from the generated 5-day table with 4-point
 * Lagrange (cubic) interpolation: a handful of multiplications, no ephemeris at run time. The table
 * is generated from Source: [astronomia] eqtime.e ([meeus] ch. 28, full VSOP87D).
 */
import { SEC_PER_DAY } from '../time/civil.ts';
import { EOT_DECISECONDS, EOT_FIRST_SAMPLE_UNIX_SEC, EOT_SAMPLE_STEP_DAYS } from './equation-of-time.generated.ts';

const STEP_SEC = EOT_SAMPLE_STEP_DAYS * SEC_PER_DAY;
const SAMPLES_SEC = Float64Array.from(EOT_DECISECONDS, (ds) => ds / 10);

/** Equation of time in seconds at an instant (UT, Unix seconds), 1899–2101. */
export function equationOfTimeSec(unixSec: number): number {
  const position = (unixSec - EOT_FIRST_SAMPLE_UNIX_SEC) / STEP_SEC;
  const i = Math.floor(position);
  if (i < 1 || i + 2 >= SAMPLES_SEC.length) throw new RangeError(`equation of time: instant ${unixSec} outside table`);
  const s = position - i;
  const ym1 = SAMPLES_SEC[i - 1]!;
  const y0 = SAMPLES_SEC[i]!;
  const y1 = SAMPLES_SEC[i + 1]!;
  const y2 = SAMPLES_SEC[i + 2]!;
  return (
    (-s * (s - 1) * (s - 2) * ym1) / 6 +
    ((s + 1) * (s - 1) * (s - 2) * y0) / 2 -
    ((s + 1) * s * (s - 2) * y1) / 2 +
    ((s + 1) * s * (s - 1) * y2) / 6
  );
}
