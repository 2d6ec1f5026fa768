/**
 * The ten heavenly stems (十干) and the five elements.
 * Source: [lunar-javascript] LunarUtil.GAN / WU_XING_GAN.
 * A stem is identified by its index g = 0..9 (甲..癸); element = ⌊g/2⌋, yang ⇔ g even.
 */
import { JA } from '../vocabulary/ja.ts';

export const STEMS = JA.stem;
export type Stem = (typeof STEMS)[number];
export type StemIndex = number;

/** Elements in generating order 木→火→土→金→水 (index e = 0..4). */
export const ELEMENTS = JA.element;
export type Element = (typeof ELEMENTS)[number];
export type ElementIndex = number;

export const stemElementIndex = (stem: StemIndex): ElementIndex => stem >> 1;
export const stemElement = (stem: StemIndex): Element => ELEMENTS[stem >> 1]!;
export const isYangStem = (stem: StemIndex): boolean => (stem & 1) === 0;
/** The API's polarity label: 陽+ for yang stems, 陰- for yin stems (docs/fields.md, `yin_yang`). */
export const stemPolarityLabel = (stem: StemIndex): (typeof JA.polarity)[number] => JA.polarity[stem & 1]!;
