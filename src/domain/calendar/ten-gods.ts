/**
 * Ten gods (通変星 / 十神): the relation of any stem to the day stem.
 * Source: [lunar-javascript] LunarUtil.SHI_SHEN, identical after the name mapping 劫财→劫財 … 七杀→七殺,
 * 正印→印綬. The names are the API's (docs/fields.md, "7.4 通変星 (ten gods)").
 */
import { stemElementIndex, type StemIndex } from './stems.ts';

/** Index t = 2e + p: e = element step from the day stem (0 same … 4 generates it), p = 1 if polarity differs. */
export const TEN_GODS = ['比肩', '劫財', '食神', '傷官', '偏財', '正財', '七殺', '正官', '偏印', '印綬'] as const;
export type TenGod = (typeof TEN_GODS)[number];
export type TenGodIndex = number;

/** The five pairs (比劫, 食傷, 財星, 官殺, 印星): category = ⌊t/2⌋. */
export const TEN_GOD_CATEGORIES = ['比劫', '食傷', '財星', '官殺', '印星'] as const;
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
