/**
 * 日家九星 (the day star), by the Japanese almanac rule with its 閏 (intercalation).
 *
 * The rule: the star climbs one step a day in 陽遁 (一白 → 二黒 → … → 九紫 → 一白) from a 甲子 day
 * near 冬至 that is 一白, and falls one step a day in 陰遁 from a 甲子 day near 夏至 that is 九紫;
 * at a switch the star repeats (…二黒, 一白 | 一白, 二黒… and …八白, 九紫 | 九紫, 八白…). Two
 * switches are normally 180 days apart (a multiple of both 60 and 9), but solstices are ~182.6 days
 * apart, so about every 11.5 years the 甲子 nearest a solstice jumps 60 days later: that 240-day gap
 * is the 閏. Its first 30 days keep the old direction, and its second 30 days already run the new
 * one from the 甲午 day between, which opens 陽遁 as 七赤 (or 陰遁 as 三碧) — exactly the star that
 * makes the following 甲子 一白 (九紫) — so the star still moves one step a day, repeating only at
 * the switch. Sources: [kaiun-do-me] 日盤切り替え, after 天象学会『萬年暦』 (180-day cycle, the 七赤甲午
 * and 三碧甲午 switches); Source: [shibiroom] (the 閏 every ~11.5 years at the 甲午 nearest a solstice).
 *
 * Which 甲子 is "near" a solstice follows the procedure こよみのページ publishes (Source: [koyomi8]):
 * take the solstice's civil date in Japan (JST); if its day 干支 is in the first half of
 * the cycle (甲子 … 癸巳) the switch is the 甲子 on or before it, otherwise the 甲子 after it; a
 * 240-day gap between two such switches makes the last 60 days a 閏 as above. Schools differ only in
 * a few borderline years (koyomi8 notes this; e.g. some almanacs put the 2019/2020 閏 at 冬至 2019,
 * others at 夏至 2020, as this rule does); lunar-javascript's getDayNineStar has no 閏 at all and
 * breaks the one-step-a-day sequence in every 閏 period.
 *
 * Solstice dates come from our own solar-term table (NAOJ-exact to the minute), read in JST.
 */
import { FIRST_TABLE_YEAR, LAST_TABLE_YEAR, tableIndexOf, termInstantUnixSec } from '../astronomy/solar-terms.ts';
import { JA } from '../vocabulary/ja.ts';

/** Output form: number kanji + colour + element + 星, index 0 = 一白水星. */
export const NINE_STARS = JA.nine_star;
export type NineStar = (typeof NINE_STARS)[number];

const ICHIHAKU = 0; // 一白: a 陽遁 甲子 switch
const SANPEKI = 2; // 三碧: a 陰遁 甲午 (閏) switch
const SHICHISEKI = 6; // 七赤: a 陽遁 甲午 (閏) switch
const KYUSHI = 8; // 九紫: a 陰遁 甲子 switch

/** Calendar indices (0 = 小寒) of the solstices in the solar-term table. */
const GESHI = 11; // 夏至, 90°
const TOJI = 23; // 冬至, 270°

const JST_OFFSET_SEC = 9 * 3600;
const UNIX_EPOCH_JDN = 2440588;

/** Index of a day's 干支 in the 60-day cycle, 0 = 甲子 (JDN − 11 ≡ 0 mod 60 on 甲子 days). */
export const dayCycleIndex = (jdn: number): number => (((jdn - 11) % 60) + 60) % 60;

/** A day on which the direction changes, with the star it opens. */
export interface NineStarSwitch {
  readonly jdn: number;
  readonly ascending: boolean; // 陽遁
  readonly star: number; // index into NINE_STARS
  /** A 閏 switch (on a 甲午 day) rather than the regular 甲子 one. */
  readonly leap: boolean;
}

/** The 甲子 day koyomi8 pairs with a solstice on civil date `jdn` (JST). */
function switchJiaziOf(solsticeJdn: number): number {
  const g = dayCycleIndex(solsticeJdn);
  return g < 30 ? solsticeJdn - g : solsticeJdn + 60 - g;
}

/** Every switch from 夏至 of the table's first year to 冬至 of its last, in order. Built once. */
export const NINE_STAR_SWITCHES: readonly NineStarSwitch[] = (() => {
  const switches: NineStarSwitch[] = [];
  let previousJiazi: number | undefined;
  for (let year = FIRST_TABLE_YEAR; year < LAST_TABLE_YEAR; year++) {
    for (const calendarIndex of [GESHI, TOJI]) {
      const instant = termInstantUnixSec(tableIndexOf(year, calendarIndex));
      const solsticeJdn = Math.floor((instant + JST_OFFSET_SEC) / 86_400) + UNIX_EPOCH_JDN;
      const jiazi = switchJiaziOf(solsticeJdn);
      const ascending = calendarIndex === TOJI;
      const gap = previousJiazi === undefined ? 180 : jiazi - previousJiazi;
      if (gap === 180) switches.push({ jdn: jiazi, ascending, star: ascending ? ICHIHAKU : KYUSHI, leap: false });
      else if (gap === 240) switches.push({ jdn: jiazi - 30, ascending, star: ascending ? SHICHISEKI : SANPEKI, leap: true });
      else throw new Error(`日家九星: ${gap} days between the switches of ${year} ${ascending ? '冬至' : '夏至'} and the one before`);
      previousJiazi = jiazi;
    }
  }
  return switches;
})();

const FIRST_SWITCH = NINE_STAR_SWITCHES[0]!;
const LAST_SWITCH = NINE_STAR_SWITCHES.at(-1)!;
/** Switches are at least 180 days apart, so the last one rules at least this long. */
const MIN_SWITCH_GAP_DAYS = 180;

/** Index into NINE_STARS of the civil date with Julian Day Number `jdn`. */
export function dayNineStarIndex(jdn: number): number {
  if (jdn < FIRST_SWITCH.jdn || jdn >= LAST_SWITCH.jdn + MIN_SWITCH_GAP_DAYS) {
    throw new RangeError(`日家九星: JDN ${jdn} is outside the solstice table (${FIRST_TABLE_YEAR}–${LAST_TABLE_YEAR - 1})`);
  }
  // Switches are ~182 days apart: start from an estimate, then step to the last switch ≤ jdn.
  let i = Math.min(NINE_STAR_SWITCHES.length - 1, Math.floor((jdn - FIRST_SWITCH.jdn) / 182.63));
  while (NINE_STAR_SWITCHES[i]!.jdn > jdn) i--;
  while (i + 1 < NINE_STAR_SWITCHES.length && NINE_STAR_SWITCHES[i + 1]!.jdn <= jdn) i++;
  const { jdn: start, ascending, star } = NINE_STAR_SWITCHES[i]!;
  const steps = (jdn - start) % 9;
  return ascending ? (star + steps) % 9 : (star - steps + 9) % 9;
}

export const dayNineStar = (jdn: number): NineStar => NINE_STARS[dayNineStarIndex(jdn)]!;

/** The days `dayNineStar` answers: [firstJdn, endJdn). */
export const NINE_STAR_COVERAGE = { firstJdn: FIRST_SWITCH.jdn, endJdn: LAST_SWITCH.jdn + MIN_SWITCH_GAP_DAYS } as const;
