/**
 * Ten gods (通変星 / 十神): the relation of any stem to the day stem.
 * Source: [lunar-javascript] LunarUtil.SHI_SHEN, identical after the name mapping 劫财→劫財 … 七杀→七殺,
 * 正印→印綬. The names are the API's (docs/fields.md, "7.4 通変星 (ten gods)").
 */
import { stemElementIndex, type StemIndex } from './stems.ts';
import { TEN_GOD_CODES, type TenGodCode } from '../vocabulary/codes.ts';
import { JA } from '../vocabulary/ja.ts';

/** Index t = 2e + p: e = element step from the day stem (0 same … 4 generates it), p = 1 if polarity differs. */
export const TEN_GODS = JA.shishen;
export type TenGod = (typeof TEN_GODS)[number];
export type TenGodIndex = number;

/** The five pairs (比劫, 食傷, 財星, 官殺, 印星): category = ⌊t/2⌋. */
export const TEN_GOD_CATEGORIES = JA.shishen_group;
export type TenGodCategory = (typeof TEN_GOD_CATEGORIES)[number];

function computeTenGod(dayStem: StemIndex, other: StemIndex): TenGodIndex {
  const elementStep = (stemElementIndex(other) - stemElementIndex(dayStem) + 5) % 5;
  return 2 * elementStep + ((dayStem & 1) === (other & 1) ? 0 : 1);
}

/** 10×10 lookup, row = day stem, built once at load. */
const TEN_GOD_BY_DAY_STEM: readonly Uint8Array[] = Array.from({ length: 10 }, (_, day) =>
  Uint8Array.from({ length: 10 }, (_, other) => computeTenGod(day, other)),
);

export const tenGodIndex = (dayStem: StemIndex, other: StemIndex): TenGodIndex => TEN_GOD_BY_DAY_STEM[dayStem]![other]!;

export const tenGodName = (dayStem: StemIndex, other: StemIndex): TenGod => TEN_GODS[TEN_GOD_BY_DAY_STEM[dayStem]![other]!]!;

/** The ten god of `other` seen from the day stem, as its code (what logic compares). */
export const tenGodCode = (dayStem: StemIndex, other: StemIndex): TenGodCode => TEN_GOD_CODES[TEN_GOD_BY_DAY_STEM[dayStem]![other]!]!;
