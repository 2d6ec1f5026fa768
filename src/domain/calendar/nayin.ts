/**
 * 納音 of the 60 干支, Japanese forms. Consecutive pairs (甲子・乙丑, 丙寅・丁卯 …) share one name
 * and the last character is its element.
 * Sources: [sub-tokoro] 納音一覧, [touyou-unseigakkai] 六十干支配当表; [lunar-javascript] LunarUtil.NAYIN
 * gives the same set in Simplified forms (泉中水 for 井泉水).
 * Spelling choices: 炉中火, 剣鋒金, 沙中金, 覆燈火, 沙中土 (not the variants 爐中火, 劍鋒金 or 劔鋒金,
 * 砂中金, 覆灯火, 砂中土).
 */
import { ELEMENTS, type Element, type ElementIndex } from './stems.ts';
import type { CycleIndex } from './sexagenary.ts';

/** Index k = ⌊cycle index / 2⌋: 甲子・乙丑 = 0 … 壬戌・癸亥 = 29. */
// prettier-ignore
export const NAYIN_NAMES = [
  '海中金', '炉中火', '大林木', '路傍土', '剣鋒金', '山頭火', '澗下水', '城頭土', '白鑞金', '楊柳木',
  '井泉水', '屋上土', '霹靂火', '松柏木', '長流水', '沙中金', '山下火', '平地木', '壁上土', '金箔金',
  '覆燈火', '天河水', '大駅土', '釵釧金', '桑柘木', '大渓水', '沙中土', '天上火', '石榴木', '大海水',
] as const;
export type NayinName = (typeof NAYIN_NAMES)[number];

/** Element index of each 納音 (its last character), built once at load. */
const NAYIN_ELEMENT_INDEX: readonly ElementIndex[] = NAYIN_NAMES.map((name) => ELEMENTS.indexOf(name.charAt(name.length - 1) as Element));

export const nayinIndexOf = (pillar: CycleIndex): number => pillar >> 1;
export const nayinElementIndex = (pillar: CycleIndex): ElementIndex => NAYIN_ELEMENT_INDEX[pillar >> 1]!;
