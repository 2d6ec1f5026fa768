/**
 * 用神 and the five gods: candidates from three methods, each kept apart, then the five gods under a
 * named school, with the definition it uses.
 *
 * Candidates:
 * - `fuyi` 扶抑 (滴天髓 衰旺 "旺则宜泄宜伤，衰则喜帮喜助"; 子平真詮 ch. 18): a strong day master (by
 *   `deling`) wants its output first (洩; 食傷), then wealth, then officer — the first of them the
 *   chart's stems or branch 本気 carry, else 食傷; a weak one wants its 印; a balanced one has none.
 *   After a 外格 the chart follows its dominant side: 従旺・従強・一行 want 比劫 (and 印), the 従弱
 *   family the followed element.
 * - `geju` 格局 (子平真詮 ch. 8 and ch. 15): the 格's 用 is the month's ten god, served by its 相 and
 *   hurt by what it avoids: 財 wants 食神 and 官, avoids 比劫; 正官 wants 財 and 印, avoids 傷官; 印 wants
 *   官殺 and 比劫, avoids 財; 食神 wants 比劫 and 財, avoids 偏印; 七殺 wants 食神, avoids 財 and 印; 傷官
 *   wants 印 and 財, avoids 官; 陽刃・建禄・月劫 want 官殺 and 財, avoid none named.
 * - `tiaohou` 調候 (窮通宝鑑, ./tiaohou.ts): the stems the text names for the day stem in its month.
 *
 * The five gods (用・喜・忌・仇・閑), modern definition (Chinese naming sites and Japanese teaching):
 * 用 = the chosen element; 喜 = the element that generates 用; 忌 = the one that controls 用; 仇 = the one
 * that generates 忌; 閑 = the one 用 generates. The five partition the elements. Schools choose 用:
 * `fuyi_first` from 扶抑, `tiaohou_first` from 調候's first stem (扶抑 when the month names none),
 * `shiping` from the 格 (the month's ten god's element; for 建禄・陽刃・月劫 its 相 官殺); an undetermined
 * 格 (a 雜氣 month with nothing exposed) names no 格局 用, so `shiping` has none.
 * A 外格 the chart reads governs every school's 用 (`basis` says so): 子平真詮 ch. 47 gives the 雜格 their
 * own 喜忌 (一行 "運喜印比…官煞則忌", 從財 "喜傷食財"), and 窮通宝鑑 itself sets its month rule aside for
 * one (「五月丙火，合炎上格，則不喜水破格」), so no school answers a strong-side 外格 with the 官殺 that
 * breaks it.
 * The Japanese popular reading (`japanese`) names 喜神 and 忌神 as sides, not single elements: a strong
 * day master's 喜 are the elements of 食傷・財・官殺 and its 忌 the 比劫・印; a weak one the reverse.
 */
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { tenGodIndex } from '../calendar/ten-gods.ts';
import { HUA_PATTERNS, STRONG_SIDE_PATTERNS, type InnerPattern, type OuterPattern } from './pattern.ts';
import type { PillarParts, StrengthVerdict } from './strength.ts';
import { tiaohouOf } from './tiaohou.ts';

/** Ten-god categories: 0 比劫, 1 食傷, 2 財, 3 官殺, 4 印. Element of a category = day element + category. */
const elementOf = (dayElement: number, category: number): number => (dayElement + category) % 5;

export interface FiveGods {
  /** Element indices (0 木 … 4 水). */
  readonly yong: number;
  readonly xi: number;
  readonly ji: number;
  readonly chou: number;
  readonly xian: number;
}

/** The five gods from a 用 element (the modern definition). */
export const fiveGodsOf = (yong: number): FiveGods => ({
  yong,
  xi: (yong + 4) % 5,
  ji: (yong + 3) % 5,
  chou: (yong + 2) % 5,
  xian: (yong + 1) % 5,
});

/** What a school's 用 rests on: the chart's 外格, the month's 格, 調候's first stem, or 扶抑. */
export const YONG_BASES = ['outer_pattern', 'pattern', 'tiaohou', 'fuyi'] as const;
export type YongBasis = (typeof YONG_BASES)[number];

/** The schools that name one 用 element, in the order they are listed. */
export const GOD_SCHOOLS = ['fuyi_first', 'tiaohou_first', 'shiping'] as const;
export type GodSchool = (typeof GOD_SCHOOLS)[number];

export interface UsefulGods {
  /** 扶抑: the 用 element, or null for a balanced chart; `side` the categories it reads from. */
  readonly fuyi: { readonly yong: number | null; readonly categories: readonly number[] };
  /** 格局: the 格's 用 (a ten-god category; null when the 格 is undetermined), what serves it and what hurts it (categories). */
  readonly geju: { readonly yong: number | null; readonly wants: readonly number[]; readonly avoids: readonly number[] };
  /** 調候: stems in the text's order (empty: the month names none); the half of a split month. */
  readonly tiaohou: { readonly stems: readonly number[]; readonly afterMidTerm: boolean | null };
  /** What each school's 用 rests on (null: the school names none). */
  readonly bases: Readonly<Record<GodSchool, YongBasis | null>>;
  readonly schools: {
    readonly fuyi_first: FiveGods | null;
    readonly tiaohou_first: FiveGods | null;
    readonly shiping: FiveGods | null;
    /** The favourable and unfavourable elements as sides (null for a balanced chart). */
    readonly japanese: { readonly xi: readonly number[]; readonly ji: readonly number[] } | null;
  };
}

const GEJU: Readonly<
  Record<InnerPattern, { readonly yong: number | null; readonly wants: readonly number[]; readonly avoids: readonly number[] }>
> = {
  'pattern.cai': { yong: 2, wants: [1, 3], avoids: [0] },
  'pattern.zheng_guan': { yong: 3, wants: [2, 4], avoids: [1] },
  'pattern.yin': { yong: 4, wants: [3, 0], avoids: [2] },
  'pattern.shi_shen': { yong: 1, wants: [0, 2], avoids: [4] },
  'pattern.qi_sha': { yong: 3, wants: [1], avoids: [2, 4] },
  'pattern.shang_guan': { yong: 1, wants: [4, 2], avoids: [3] },
  'pattern.yang_ren': { yong: 0, wants: [3, 2], avoids: [] },
  'pattern.jian_lu': { yong: 0, wants: [3, 2], avoids: [] },
  'pattern.yue_jie': { yong: 0, wants: [3, 2], avoids: [] },
  'pattern.undetermined': { yong: null, wants: [], avoids: [] },
};

const STRONG_FAMILY = STRONG_SIDE_PATTERNS;
const HUA = HUA_PATTERNS;
const FOLLOWED: Partial<Record<OuterPattern, number>> = { 'pattern.cong_cai': 2, 'pattern.cong_sha': 3, 'pattern.cong_er': 1 };

export function usefulGodsOf(
  parts: PillarParts,
  verdict: StrengthVerdict,
  inner: InnerPattern,
  outer: OuterPattern | null,
  afterMidTerm: boolean,
): UsefulGods {
  const dayStem = parts.stems[2]!;
  const day = dayStem >> 1;
  const present = new Set([
    ...parts.stems.filter((_, slot) => slot !== 2).map((s) => tenGodIndex(dayStem, s) >> 1),
    ...parts.branches.map((b) => tenGodIndex(dayStem, HIDDEN_STEMS_BY_BRANCH[b]![0]) >> 1),
  ]);
  let fuyi: UsefulGods['fuyi'];
  const hua = outer === null ? -1 : HUA.indexOf(outer);
  if (hua !== -1)
    fuyi = { yong: hua, categories: [] }; // 化気: the 化神 itself ("運喜所化之物")
  else if (outer !== null && STRONG_FAMILY.has(outer)) fuyi = { yong: elementOf(day, 0), categories: [0, 4] };
  else if (outer !== null && outer !== 'pattern.cong_shi' && FOLLOWED[outer] !== undefined)
    fuyi = { yong: elementOf(day, FOLLOWED[outer]), categories: [FOLLOWED[outer]] };
  else if (outer === 'pattern.cong_shi') fuyi = { yong: elementOf(day, 2), categories: [2, 3, 1] };
  else if (verdict === 'strong') {
    const category = [1, 2, 3].find((c) => present.has(c)) ?? 1;
    fuyi = { yong: elementOf(day, category), categories: [1, 2, 3] };
  } else if (verdict === 'weak') fuyi = { yong: elementOf(day, 4), categories: [4, 0] };
  else fuyi = { yong: null, categories: [] };

  const geju = GEJU[inner];
  const tiaohou = tiaohouOf(dayStem, parts.branches[1]!, afterMidTerm);
  const shipingYong = inner === 'pattern.jian_lu' || inner === 'pattern.yang_ren' || inner === 'pattern.yue_jie' ? 3 : geju.yong;
  // A 外格 governs every school's 用: 扶抑 above already follows it.
  const outerYong = outer === null ? null : fuyi.yong;
  const tiaohouYong = outerYong ?? (tiaohou.stems.length > 0 ? tiaohou.stems[0]! >> 1 : fuyi.yong);
  const shipingElement = outerYong ?? (shipingYong === null ? null : elementOf(day, shipingYong));
  const side = (categories: readonly number[]) => categories.map((c) => elementOf(day, c));
  const japanese =
    hua !== -1
      ? { xi: [hua, (hua + 4) % 5], ji: [(hua + 3) % 5] }
      : outer !== null && STRONG_FAMILY.has(outer)
        ? { xi: side([0, 4]), ji: side([3, 2]) }
        : verdict === 'strong' || (outer !== null && !STRONG_FAMILY.has(outer))
          ? { xi: side([1, 2, 3]), ji: side([0, 4]) }
          : verdict === 'weak'
            ? { xi: side([0, 4]), ji: side([1, 2, 3]) }
            : null;
  return {
    fuyi,
    geju,
    tiaohou,
    bases: {
      fuyi_first: fuyi.yong === null ? null : outer === null ? 'fuyi' : 'outer_pattern',
      tiaohou_first: tiaohouYong === null ? null : outer !== null ? 'outer_pattern' : tiaohou.stems.length > 0 ? 'tiaohou' : 'fuyi',
      shiping: shipingElement === null ? null : outer === null ? 'pattern' : 'outer_pattern',
    },
    schools: {
      fuyi_first: fuyi.yong === null ? null : fiveGodsOf(fuyi.yong),
      tiaohou_first: tiaohouYong === null ? null : fiveGodsOf(tiaohouYong),
      shiping: shipingElement === null ? null : fiveGodsOf(shipingElement),
      japanese,
    },
  };
}

/** An exposed stem, by pillar slot. */
export interface StemAt {
  readonly slot: number;
  readonly stem: number;
}

export interface BingYao {
  /** 病: an exposed stem of a kind the 格 avoids (子平真詮 ch. 8, ch. 18). */
  readonly bing: StemAt;
  /** 藥: exposed stems that remove it — by 剋 (its controller) or by 合 with it side by side. */
  readonly yao: readonly (StemAt & { readonly how: 'controls' | 'combines' })[];
}

/**
 * 病薬 (Source: [ditiansui] 中和 "有病方为贵"; 任鐵樵 辛卯 丙申 癸卯 壬戌 "以申金為用，以丙火為病，以壬水為藥"): each
 * exposed stem the 格 avoids is a 病, paired with the exposed stems that control it or bind it by 合.
 * The day stem is neither 病 nor 藥.
 */
export function bingYaoOf({ stems }: PillarParts, avoids: readonly number[]): BingYao[] {
  const dayStem = stems[2]!;
  const pairs: BingYao[] = [];
  for (let slot = 0; slot < stems.length; slot++) {
    const stem = stems[slot]!;
    if (slot === 2 || !avoids.includes(tenGodIndex(dayStem, stem) >> 1)) continue;
    const yao: (StemAt & { readonly how: 'controls' | 'combines' })[] = [];
    for (let other = 0; other < stems.length; other++) {
      const o = stems[other]!;
      if (other === 2 || other === slot) continue;
      if (o >> 1 === ((stem >> 1) + 3) % 5) yao.push({ slot: other, stem: o, how: 'controls' });
      else if (Math.abs(o - stem) === 5 && Math.abs(other - slot) === 1) yao.push({ slot: other, stem: o, how: 'combines' });
    }
    pairs.push({ bing: { slot, stem }, yao });
  }
  return pairs;
}

export interface Tongguan {
  /** The two strongest elements, the one that controls the other first. */
  readonly controller: number;
  readonly controlled: number;
  /** The element between them (controller 生 it, it 生 the controlled). */
  readonly mediator: number;
  /** The weaker of the two over the stronger, 0–1, two decimals. */
  readonly ratio: number;
  /** The mediator has points in the chart. */
  readonly present: boolean;
}

/** Two opposed elements count as evenly matched at this share of one another (a judgement: the texts give no number). */
export const TONGGUAN_RATIO = 0.7;

/**
 * 通関 (Source: [ditiansui] 通關 "木土而要火，火金而要土，土水而要金，金木而要水"): when the chart's two strongest elements
 * (by `cn_percent`'s points) stand in a 剋 and are evenly matched (the weaker at least
 * {@link TONGGUAN_RATIO} of the stronger), the element between them is a 用神 candidate.
 */
export function tongguanOf(elementPoints: readonly number[]): Tongguan | null {
  // The strongest (a) and the next (b); the earlier element first on a tie.
  let a = 0;
  let b = 1;
  if (elementPoints[1]! > elementPoints[0]!) [a, b] = [1, 0];
  for (let e = 2; e < 5; e++) {
    if (elementPoints[e]! > elementPoints[a]!) [a, b] = [e, a];
    else if (elementPoints[e]! > elementPoints[b]!) b = e;
  }
  const controller = (a + 2) % 5 === b ? a : (b + 2) % 5 === a ? b : null;
  if (controller === null || elementPoints[a]! <= 0) return null;
  const ratio = Math.round((elementPoints[b]! / elementPoints[a]!) * 100) / 100;
  if (ratio < TONGGUAN_RATIO) return null;
  const mediator = (controller + 1) % 5;
  return { controller, controlled: controller === a ? b : a, mediator, ratio, present: elementPoints[mediator]! > 0 };
}
