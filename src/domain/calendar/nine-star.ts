/**
 * 日家九星 (day star). Rule (research/domain.md §9.1; ameblo S42, hokuto-hei S43): the 甲子 day
 * nearest 冬至 is 一白 and the stars ascend day by day (陽遁); the 甲子 day nearest 夏至 is 九紫
 * and they descend (陰遁). Needs only solstice dates (solstice-jdn.generated.ts).
 *
 * Details follow lunar-javascript getDayNineStar (the oracle our tests compare against):
 * - "nearest": a solstice on 甲子 + k days takes the 甲子 k days before for k ≤ 29, else the next one;
 * - each Gregorian year Y is read with its own switch days: 陽遁 start S (from 冬至 of Y − 1),
 *   陰遁 start N (夏至 of Y) and next 陽遁 start S′ (冬至 of Y). Days of Y before S — early January
 *   when S falls in January — count back from S (…二黒, 一白, then 一白 again at S), the 閏 reading.
 */
import { SOLSTICE_FIRST_YEAR, SUMMER_SOLSTICE_JDN, WINTER_SOLSTICE_JDN } from './solstice-jdn.generated.ts';

/** Output form: number kanji + colour + element + 星, index 0 = 一白水星. */
export const NINE_STARS = [
  '一白水星',
  '二黒土星',
  '三碧木星',
  '四緑木星',
  '五黄土星',
  '六白金星',
  '七赤金星',
  '八白土星',
  '九紫火星',
] as const;
export type NineStar = (typeof NINE_STARS)[number];

/** JDN − 11 ≡ 0 (mod 60) on 甲子 days (research/domain.md §2.3). */
function nearestJiaziDay(jdn: number): number {
  const offset = (((jdn - 11) % 60) + 60) % 60;
  return offset > 29 ? jdn + 60 - offset : jdn - offset;
}

/** Gregorian year of a JDN (Fliegel–Van Flandern inverse, integer arithmetic). */
function gregorianYearOf(jdn: number): number {
  const a = jdn + 32044;
  const b = Math.floor((4 * a + 3) / 146097);
  const c = a - Math.floor((146097 * b) / 4);
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return 100 * b + d - 4800 + Math.floor(m / 10);
}

const FIRST_COVERED_YEAR = SOLSTICE_FIRST_YEAR + 1;
const LAST_COVERED_YEAR = SOLSTICE_FIRST_YEAR + WINTER_SOLSTICE_JDN.length - 1;

/** Per covered year: [S, N, S′] switch days, built once at load. */
const YEAR_SWITCH_JDN: Int32Array = (() => {
  const years = LAST_COVERED_YEAR - FIRST_COVERED_YEAR + 1;
  const switches = new Int32Array(3 * years);
  for (let i = 0; i < years; i++) {
    switches[3 * i] = nearestJiaziDay(WINTER_SOLSTICE_JDN[i]!);
    switches[3 * i + 1] = nearestJiaziDay(SUMMER_SOLSTICE_JDN[i + 1]!);
    switches[3 * i + 2] = nearestJiaziDay(WINTER_SOLSTICE_JDN[i + 1]!);
  }
  return switches;
})();

/** Index into NINE_STARS of the civil date with Julian Day Number `jdn` (years 1899–2101). */
function dayNineStarIndex(jdn: number): number {
  const year = gregorianYearOf(jdn);
  if (year < FIRST_COVERED_YEAR || year > LAST_COVERED_YEAR) {
    throw new RangeError(`日家九星: year ${year} outside the solstice table ${FIRST_COVERED_YEAR}–${LAST_COVERED_YEAR}`);
  }
  const base = 3 * (year - FIRST_COVERED_YEAR);
  const yangStart = YEAR_SWITCH_JDN[base]!;
  const yinStart = YEAR_SWITCH_JDN[base + 1]!;
  const nextYangStart = YEAR_SWITCH_JDN[base + 2]!;
  if (jdn < yangStart) return (8 + yangStart - jdn) % 9;
  if (jdn < yinStart) return (jdn - yangStart) % 9;
  if (jdn < nextYangStart) return 8 - ((jdn - yinStart) % 9);
  return (jdn - nextYangStart) % 9;
}

export const dayNineStar = (jdn: number): NineStar => NINE_STARS[dayNineStarIndex(jdn)]!;
