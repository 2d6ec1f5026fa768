/**
 * Build-time ephemeris for new moons: the instant the Moon's apparent geocentric ecliptic longitude
 * of date equals the Sun's (the conjunction that starts a lunar month).
 *
 * Moon: ELP/MPP02 with the full DE405-fitted series (astronomia 4.2 `elp.Moon` with
 * `data/elpMppDeFull`), precessed to the equinox of date (astronomia applies the IAU 2006 rate),
 * antedated by the light time, plus the IAU 1980 nutation in longitude. Sun: the term generator's
 * apparent longitude (./solar-ephemeris.ts, VSOP87D with FK5, nutation, aberration and the same
 * precession-rate correction). ΔT: ./delta-t.ts, the same model as the term table, so a new moon and a
 * 中気 on the same day are ordered consistently. Never imported at run time.
 */
import { elp, moonphase, nutation } from 'astronomia';
import elpMppDeFull from 'astronomia/data/elpMppDeFull';
import { deltaTSec } from './delta-t.ts';
import { apparentSolarLongitudeRad, jdFromUnixSec, unixSecFromJd } from './solar-ephemeris.ts';

const moon = new elp.Moon(elpMppDeFull);

const TWO_PI = 2 * Math.PI;
const SEC_PER_DAY = 86400;
const J2000_JD = 2451545;
/** Mean motion of the Moon relative to the Sun (radians per day): 360° per synodic month. */
const SYNODIC_RATE_RAD_PER_DAY = TWO_PI / 29.530588853;
const CONVERGENCE_DAYS = 1e-9;

const decimalYearOfJd = (jd: number): number => 2000 + (jd - J2000_JD) / 365.25;

/** The Moon's apparent longitude of date (radians, 0..2π) at a Julian Ephemeris Day (TT). */
export function apparentLunarLongitudeRad(jde: number): number {
  const lon = moon.position(jde - moon.lightTime(jde)).lon + nutation.nutation(jde)[0];
  return ((lon % TWO_PI) + TWO_PI) % TWO_PI;
}

const wrapRad = (rad: number): number => {
  const r = ((((rad + Math.PI) % TWO_PI) + TWO_PI) % TWO_PI) - Math.PI;
  return r === -Math.PI ? Math.PI : r;
};

/** The UT instant (Unix seconds, fractional) of the new moon nearest to `guessUnixSec` (within a few days). */
export function newMoonUnixSec(guessUnixSec: number): number {
  let jdUt = jdFromUnixSec(guessUnixSec);
  for (let i = 0; i < 20; i++) {
    const jde = jdUt + deltaTSec(decimalYearOfJd(jdUt)) / SEC_PER_DAY;
    const stepDays = -wrapRad(apparentLunarLongitudeRad(jde) - apparentSolarLongitudeRad(jde)) / SYNODIC_RATE_RAD_PER_DAY;
    jdUt += stepDays;
    if (Math.abs(stepDays) < CONVERGENCE_DAYS) return unixSecFromJd(jdUt);
  }
  throw new Error(`new moon did not converge near ${guessUnixSec}`);
}

/**
 * Meeus ch. 49's new moon (astronomia `moonphase.newMoon`, TT) near a decimal year, as UT Unix
 * seconds: the first guess for the generator and the independent check of its table.
 */
export function meeusNewMoonUnixSec(decimalYear: number): number {
  const jde = moonphase.newMoon(decimalYear);
  return unixSecFromJd(jde - deltaTSec(decimalYearOfJd(jde)) / SEC_PER_DAY);
}
