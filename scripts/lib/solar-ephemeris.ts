/**
 * Build-time ephemeris for the 24 solar terms: the instant the Sun's apparent geocentric ecliptic
 * longitude of date reaches k·15°.
 *
 * Longitude: astronomia 4.2 `solar.apparentVSOP87` with the full VSOP87D Earth series (equinox of
 * date, FK5 correction, IAU 1980 nutation, aberration), plus the IAU 2000/2006 correction to the
 * precession rate (−0.29965″ per Julian century from J2000): VSOP87D's equinox of date follows the
 * IAU 1976 precession constant, which drifts ~5 s per century against modern ephemerides.
 * ΔT: see ./delta-t.ts. Never imported at run time: the service reads the generated table.
 */
import { planetposition, solar } from 'astronomia';
import vsop87Dearth from 'astronomia/data/vsop87Dearth';
import { deltaTSec } from './delta-t.ts';

const earth = new planetposition.Planet(vsop87Dearth);

const TWO_PI = 2 * Math.PI;
const RAD_PER_ARCSEC = Math.PI / (180 * 3600);
const J2000_JD = 2451545;
const UNIX_EPOCH_JD = 2440587.5;
const SEC_PER_DAY = 86400;
const DAYS_PER_JULIAN_CENTURY = 36525;
const PRECESSION_RATE_CORRECTION_ARCSEC_PER_CENTURY = -0.29965;
const MEAN_SOLAR_MOTION_RAD_PER_DAY = TWO_PI / 365.2422;
const CONVERGENCE_DAYS = 1e-9;

export const jdFromUnixSec = (unixSec: number): number => unixSec / SEC_PER_DAY + UNIX_EPOCH_JD;
export const unixSecFromJd = (jd: number): number => (jd - UNIX_EPOCH_JD) * SEC_PER_DAY;
const decimalYearOfJd = (jd: number): number => 2000 + (jd - J2000_JD) / 365.25;

/** Apparent solar longitude of date (radians, 0..2π) at a Julian Ephemeris Day (TT). */
export function apparentSolarLongitudeRad(jde: number): number {
  const centuries = (jde - J2000_JD) / DAYS_PER_JULIAN_CENTURY;
  const correction = PRECESSION_RATE_CORRECTION_ARCSEC_PER_CENTURY * centuries * RAD_PER_ARCSEC;
  const lon = solar.apparentVSOP87(earth, jde).lon + correction;
  return ((lon % TWO_PI) + TWO_PI) % TWO_PI;
}

/** Signed difference a − b wrapped into (−π, π]. */
const wrapRad = (rad: number): number => {
  const r = ((((rad + Math.PI) % TWO_PI) + TWO_PI) % TWO_PI) - Math.PI;
  return r === -Math.PI ? Math.PI : r;
};

/**
 * The UT instant (Unix seconds, fractional) at which the apparent solar longitude reaches
 * `longitudeDeg`, searched by Newton iteration from a guess within a few days of the answer.
 */
export function solarLongitudeInstantUnixSec(longitudeDeg: number, guessUnixSec: number): number {
  const targetRad = (longitudeDeg * Math.PI) / 180;
  let jdUt = jdFromUnixSec(guessUnixSec);
  for (let i = 0; i < 20; i++) {
    const jde = jdUt + deltaTSec(decimalYearOfJd(jdUt)) / SEC_PER_DAY;
    const stepDays = wrapRad(targetRad - apparentSolarLongitudeRad(jde)) / MEAN_SOLAR_MOTION_RAD_PER_DAY;
    jdUt += stepDays;
    if (Math.abs(stepDays) < CONVERGENCE_DAYS) return unixSecFromJd(jdUt);
  }
  throw new Error(`solar longitude ${longitudeDeg}° did not converge near ${guessUnixSec}`);
}

/**
 * Term `index` of Gregorian `year` in calendar order: 0 = 小寒 (285°), 1 = 大寒 (300°), 2 = 立春 (315°)
 * … 23 = 冬至 (270°). Returns the UT instant in Unix seconds (fractional).
 */
export function termInstantUnixSec(year: number, index: number): number {
  const longitudeDeg = (285 + 15 * index) % 360;
  // 小寒 falls on Jan 5–6; each term is ~15.22 days later. Good to ±2 days, Newton does the rest.
  const guess = Date.UTC(year, 0, 5, 12) / 1000 + index * 15.2184 * SEC_PER_DAY;
  return solarLongitudeInstantUnixSec(longitudeDeg, guess);
}
