/**
 * 納音 of the 60 干支, Japanese forms. Consecutive pairs (甲子・乙丑, 丙寅・丁卯 …) share one name
 * and the last character is its element.
 * Sources: [sub-tokoro] 納音一覧, [touyou-unseigakkai] 六十干支配当表; [lunar-javascript] LunarUtil.NAYIN
 * gives the same set in Simplified forms (泉中水 for 井泉水).
 * Spelling choices: 炉中火, 剣鋒金, 沙中金, 覆燈火, 沙中土 (not the variants 爐中火, 劍鋒金 or 劔鋒金,
 * 砂中金, 覆灯火, 砂中土).
 */
import type { ElementIndex } from './stems.ts';
import { NAYIN_CODES, nayinCodeElementIndex } from '../vocabulary/codes.ts';
import { JA } from '../vocabulary/ja.ts';
import type { CycleIndex } from './sexagenary.ts';

/** Index k = ⌊cycle index / 2⌋: 甲子・乙丑 = 0 … 壬戌・癸亥 = 29. */
export const NAYIN_NAMES = JA.nayin;
export type NayinName = (typeof NAYIN_NAMES)[number];

/** Element index of each 納音 (the last word of its code: 海中金 `nayin.hai_zhong_jin` is 金), built once at load. */
const NAYIN_ELEMENT_INDEX: readonly ElementIndex[] = NAYIN_CODES.map(nayinCodeElementIndex);

export const nayinIndexOf = (pillar: CycleIndex): number => pillar >> 1;
export const nayinElementIndex = (pillar: CycleIndex): ElementIndex => NAYIN_ELEMENT_INDEX[pillar >> 1]!;
