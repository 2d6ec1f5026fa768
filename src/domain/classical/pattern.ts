/**
 * 格局: the chart's pattern by two schools side by side, and the 外格 whose conditions hold.
 *
 * - `shiping` (子平真詮, Source: [zipingzhenquan] ch. 8 論用神, ch. 10, ch. 16, ch. 43, ch. 45): the 格
 *   is the ten god of the month command (月令). First the branch itself: the day master's 禄 branch is
 *   建禄, a yang day master's 刃 branch 陽刃 (yang stems only, ch. 43), a month whose 本気 is the day
 *   master's 劫財 月劫 (ch. 45 merges 建禄 and 月劫). Then 子午卯酉 and the 生支 寅巳申亥 take their 本気
 *   (the book names 薛相公 正官格 and 馬參政 印綬格 after the unexposed 本気 although other stems of the
 *   month are exposed; those exposed stems are reported as candidates). The 雜氣 months 辰戌丑未 take
 *   the hidden stem that is exposed (ch. 16 "透干会取其清者用之"; 比劫 excluded), the month stem first,
 *   then the hour, then the year; with none exposed the 格 is not shown (虚). Names as the book's:
 *   財格 for 正財・偏財, 印綬格 for 印綬・偏印.
 * - `japanese` (月支元命): the ten god of the month's one 蔵干 by the day count since the 節入り (the
 *   table the chart already shows), as most Japanese sites name the 格 — 比肩格 and 劫財格 included.
 *
 * 外格 (each condition checked and reported; one holds only when all its conditions do):
 * - 一行得気 (専旺: 曲直 炎上 稼穡 従革 潤下; 滴天髓 形象, 子平真詮 論雜格): the day master's element
 *   rules the month (旺), the branches complete its 方 or 局 (土: all four of 辰戌丑未), no 官殺 (no
 *   stem and no branch 本気 of the element controlling the day master) — the frame's own branches
 *   are the frame, not 官殺 against it: 丑 of 亥子丑 and 辰 of 申子辰 are 潤下's, 巳 of 巳酉丑 従革's.
 * - 従旺 / 従強 (滴天髓 從象 "四柱皆比劫"): the day master rules the month, roots in three or more
 *   branches, no 官殺, and little drained (at most one 食傷 or 財 among the stems and branch 本気: two
 *   庚 and a 申 on a 戊 day are 日主過洩, not 従旺); 従強 when the 印 outweigh the 比劫 and there is no
 *   財 either.
 * - 従財 / 従殺 / 従児 / 従勢 (子平真詮 論雜格 棄命從財・從煞; 滴天髓 從象): the day master out of season,
 *   with no root at all and no effective 印 stem; named by the opposing element that dominates (stems and
 *   branch 本気): 財 (and no 官殺 stem: "无从财兼从煞之理"), 官殺 (and no 食傷 stem), 食傷 (and its
 *   element holds the month), else 従勢.
 * - 化気格 (化木 化火 化土 化金 化水; 子平真詮 論雜格 "化出之物，得时乘令", 滴天髓 化象): the day master's own
 *   干合 with the neighbouring stem transforms (./transformations.ts: the month supports the 化神, no
 *   exposed stem breaks it, no rival) — read first, as the book takes its 格 "從化".
 * For `shiping`, 一行得気 and 従旺・従強 are read only when the month is the day master's own (月令无用,
 * ch. 22); the 従弱 family and 化気 whatever the month (王十萬 棄命從財 is born in a 財 month).
 */
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { tenGodIndex } from '../calendar/ten-gods.ts';
import { phaseOf, rootOf, rootsOf } from './roots.ts';
import { transformationsOf, type Transformation } from './transformations.ts';
import type { PillarParts } from './strength.ts';

/** The 正格 of `shiping`, by ten-god category and the month's own kinds. */
export const INNER_PATTERNS = [
  'pattern.zheng_guan',
  'pattern.qi_sha',
  'pattern.cai',
  'pattern.yin',
  'pattern.shi_shen',
  'pattern.shang_guan',
  'pattern.jian_lu',
  'pattern.yang_ren',
  'pattern.yue_jie',
  'pattern.undetermined',
] as const;
export type InnerPattern = (typeof INNER_PATTERNS)[number];

export const OUTER_PATTERNS = [
  'pattern.hua_mu',
  'pattern.hua_huo',
  'pattern.hua_tu',
  'pattern.hua_jin',
  'pattern.hua_shui',
  'pattern.qu_zhi',
  'pattern.yan_shang',
  'pattern.jia_se',
  'pattern.cong_ge',
  'pattern.run_xia',
  'pattern.cong_wang',
  'pattern.cong_qiang',
  'pattern.cong_cai',
  'pattern.cong_sha',
  'pattern.cong_er',
  'pattern.cong_shi',
] as const;
export type OuterPattern = (typeof OUTER_PATTERNS)[number];

/** The 禄 branch of each day stem: 甲寅 乙卯 丙巳 丁午 戊巳 己午 庚申 辛酉 壬亥 癸子. */
export const LU_BRANCH = [2, 3, 5, 6, 5, 6, 8, 9, 11, 0] as const;
/** The 刃 branch of the yang stems (禄前一位): 甲卯 丙午 戊午 庚酉 壬子. */
export const REN_BRANCH: Readonly<Record<number, number>> = { 0: 3, 2: 6, 4: 6, 6: 9, 8: 0 };

/** The 格 of a ten god (index 比肩 … 印綬), as 子平真詮 names it. */
const PATTERN_OF_TEN_GOD: readonly InnerPattern[] = [
  'pattern.undetermined',
  'pattern.undetermined',
  'pattern.shi_shen',
  'pattern.shang_guan',
  'pattern.cai',
  'pattern.cai',
  'pattern.qi_sha',
  'pattern.zheng_guan',
  'pattern.yin',
  'pattern.yin',
];

export interface PatternCandidate {
  /** The hidden stem of the month and its ten god. */
  readonly stem: number;
  readonly tenGod: number;
  /** Exposed in the year, month or hour stem. */
  readonly exposed: boolean;
  readonly qi: 'main' | 'middle' | 'residual';
}

export interface ShipingPattern {
  readonly pattern: InnerPattern;
  /** Why: the branch kind, the 本気, or the exposed stem. */
  readonly rule: 'ZP-45-jianlu' | 'ZP-43-yangren' | 'ZP-45-yuejie' | 'ZP-8-benqi' | 'ZP-16-exposed' | 'ZP-16-none-exposed';
  /** The hidden stem the 格 is named after (null for 建禄 / 陽刃 / 月劫 and an undetermined 雜氣 month). */
  readonly stem: number | null;
  readonly candidates: readonly PatternCandidate[];
}

export interface OuterCheck {
  readonly pattern: OuterPattern;
  readonly holds: boolean;
  /** Each condition by name, and whether it holds. */
  readonly conditions: Readonly<Record<string, boolean>>;
  /** How many conditions fail. */
  readonly missing: number;
  /** A number naming this check (its pattern and its conditions' values): equal checks are one object. */
  readonly key: number;
}

const DAY = 2;
const EXPOSED_ORDER = [1, 3, 0] as const;
export const CARDINALS: Readonly<Record<number, readonly (readonly number[])[]>> = {
  // element → its 三合 局 and its 方 (branch indices).
  0: [
    [11, 3, 7],
    [2, 3, 4],
  ],
  1: [
    [2, 6, 10],
    [5, 6, 7],
  ],
  3: [
    [5, 9, 1],
    [8, 9, 10],
  ],
  4: [
    [8, 0, 4],
    [11, 0, 1],
  ],
};
export const EARTH_STORES: readonly number[] = [4, 10, 1, 7];

export function shipingPattern({ stems, branches }: PillarParts): ShipingPattern {
  const dayStem = stems[DAY]!;
  const month = branches[1]!;
  const hidden = HIDDEN_STEMS_BY_BRANCH[month]!;
  const exposedStems = stems.filter((_, slot) => slot !== DAY);
  const candidates: PatternCandidate[] = hidden.map((stem, i) => ({
    stem,
    tenGod: tenGodIndex(dayStem, stem),
    exposed: exposedStems.includes(stem),
    qi: (['main', 'middle', 'residual'] as const)[i]!,
  }));
  if (month === LU_BRANCH[dayStem]) return { pattern: 'pattern.jian_lu', rule: 'ZP-45-jianlu', stem: null, candidates };
  if (REN_BRANCH[dayStem] === month) return { pattern: 'pattern.yang_ren', rule: 'ZP-43-yangren', stem: null, candidates };
  if (candidates[0]!.tenGod === 1) return { pattern: 'pattern.yue_jie', rule: 'ZP-45-yuejie', stem: null, candidates };
  const mixed = month % 3 === 1; // 丑辰未戌
  if (!mixed) return { pattern: PATTERN_OF_TEN_GOD[candidates[0]!.tenGod]!, rule: 'ZP-8-benqi', stem: hidden[0], candidates };
  // 雜氣: the exposed hidden stem (比劫 excluded), by the month stem, then the hour, then the year.
  for (const slot of EXPOSED_ORDER) {
    const found = candidates.find((c) => c.stem === stems[slot] && c.tenGod >> 1 !== 0);
    if (found !== undefined) return { pattern: PATTERN_OF_TEN_GOD[found.tenGod]!, rule: 'ZP-16-exposed', stem: found.stem, candidates };
  }
  return { pattern: 'pattern.undetermined', rule: 'ZP-16-none-exposed', stem: null, candidates };
}

/** Whether the 月支元命 ten god names the same 格 as 子平真詮's reading (its 比劫 are 建禄・陽刃・月劫). */
export const samePattern = (shiping: InnerPattern, tenGod: number): boolean =>
  tenGod >> 1 === 0
    ? shiping === 'pattern.jian_lu' || shiping === 'pattern.yang_ren' || shiping === 'pattern.yue_jie'
    : PATTERN_OF_TEN_GOD[tenGod] === shiping;

/** The ten god (index) of the month's day-count 蔵干: the Japanese 月支元命 格. */
export const japanesePattern = (dayStem: number, monthZokan: number): number => tenGodIndex(dayStem, monthZokan);

/** Stems and branch 本気 by their ten-god category (0 比劫 … 4 印) against the day stem. */
function categoryCounts({ stems, branches }: PillarParts): number[] {
  const counts = [0, 0, 0, 0, 0];
  const dayStem = stems[DAY]!;
  stems.forEach((stem, slot) => {
    if (slot !== DAY) counts[tenGodIndex(dayStem, stem) >> 1]!++;
  });
  for (const branch of branches) counts[tenGodIndex(dayStem, HIDDEN_STEMS_BY_BRANCH[branch]![0]) >> 1]!++;
  return counts;
}

const ELEMENT_PATTERNS_LIST: readonly OuterPattern[] = [
  'pattern.qu_zhi',
  'pattern.yan_shang',
  'pattern.jia_se',
  'pattern.cong_ge',
  'pattern.run_xia',
];
/** The 外格 of the strong side (一行得気, 従旺, 従強): the 官殺 breaks them. */
export const STRONG_SIDE_PATTERNS: ReadonlySet<string> = new Set<string>([
  ...ELEMENT_PATTERNS_LIST,
  'pattern.cong_wang',
  'pattern.cong_qiang',
]);
/** The 從 of the weak side: the 比劫 and 印 break them. */
export const WEAK_SIDE_PATTERNS: ReadonlySet<string> = new Set([
  'pattern.cong_cai',
  'pattern.cong_sha',
  'pattern.cong_er',
  'pattern.cong_shi',
]);

/** 一行得気 by the day master's element (曲直 炎上 稼穡 従革 潤下). */
export const ELEMENT_PATTERNS = ELEMENT_PATTERNS_LIST;
export const HUA_PATTERNS: readonly OuterPattern[] = [
  'pattern.hua_mu',
  'pattern.hua_huo',
  'pattern.hua_tu',
  'pattern.hua_jin',
  'pattern.hua_shui',
];

/** Each kind of 外格 check's conditions, in order. */
const HUA_NONE = ['day_master_combines_neighbour'] as const;
const HUA_CONDITIONS = ['day_master_combines_neighbour', 'month_supports', 'not_broken', 'no_rival'] as const;
const ELEMENT_CONDITIONS = ['rules_month', 'complete_direction_or_frame', 'no_officer'] as const;
const WANG_CONDITIONS = ['rules_month', 'roots_in_three_branches', 'no_officer', 'companions_over_resource', 'little_drainage'] as const;
const QIANG_CONDITIONS = [
  'rules_month',
  'roots_in_three_branches',
  'no_officer',
  'resource_over_companions',
  'no_wealth',
  'little_drainage',
] as const;
const WEAK = ['no_root', 'no_effective_resource', 'out_of_season'] as const;
const CAI_CONDITIONS = [...WEAK, 'wealth_dominates', 'no_officer_stem'] as const;
const SHA_CONDITIONS = [...WEAK, 'officer_dominates', 'no_output_stem'] as const;
const ER_CONDITIONS = [...WEAK, 'output_dominates', 'output_holds_month'] as const;
const SHI_CONDITIONS = [...WEAK, 'none_dominates'] as const;

/**
 * A 外格's check, made once per pattern and set of condition values and shared (frozen): the pattern
 * and the values' bits identify it.
 */
const CHECKS = new Map<number, OuterCheck>();
function check(pattern: OuterPattern, names: readonly string[], bits: number): OuterCheck {
  const key = (OUTER_PATTERNS.indexOf(pattern) << 8) | bits;
  let made = CHECKS.get(key);
  if (made === undefined) {
    let missing = 0;
    for (let i = 0; i < names.length; i++) if ((bits & (1 << i)) === 0) missing++;
    made = Object.freeze({
      pattern,
      holds: missing === 0,
      missing,
      key,
      conditions: Object.freeze(Object.fromEntries(names.map((name, i) => [name, (bits & (1 << i)) !== 0]))),
    });
    CHECKS.set(key, made);
  }
  return made;
}
/** Conditions as bits, the first lowest. */
const bitsOf = (a: boolean, b: boolean, c: boolean, d = false, e = false, f = false): number =>
  (a ? 1 : 0) | (b ? 2 : 0) | (c ? 4 : 0) | (d ? 8 : 0) | (e ? 16 : 0) | (f ? 32 : 0);

/** Every 外格 with its conditions; `holds` only when all of them do. */
export function outerChecks(parts: PillarParts, transformations: readonly Transformation[] = transformationsOf(parts)): OuterCheck[] {
  const { stems, branches } = parts;
  const dayStem = stems[DAY]!;
  const element = dayStem >> 1;
  const month = branches[1]!;
  const rulesMonth = phaseOf(element, month) === 0;
  const counts = categoryCounts(parts);
  const noGuanSha = counts[3] === 0;
  const rootedBranches = rootsOf(dayStem, branches).length; // one root per branch at most
  // The 方 or 局 the branches complete (土: the four stores), if any.
  const frame =
    element === 2
      ? EARTH_STORES.every((b) => branches.includes(b))
        ? EARTH_STORES
        : undefined
      : CARDINALS[element]!.find((set) => set.every((b) => branches.includes(b)));
  const complete = frame !== undefined;
  // 官殺 apart from the frame's own branches (one of each: a second 丑 beside 亥子丑 is 土 again).
  const frameOfficers =
    frame === undefined ? 0 : frame.filter((b) => tenGodIndex(dayStem, HIDDEN_STEMS_BY_BRANCH[b]![0]) >> 1 === 3).length;
  const noOfficerBesideFrame = counts[3]! - frameOfficers === 0;
  const littleDrainage = counts[1]! + counts[2]! <= 1;
  const stemCategories = stems.filter((_, slot) => slot !== DAY).map((s) => tenGodIndex(dayStem, s) >> 1);
  const effectiveResource = stems.some((stem, slot) => {
    if (slot === DAY || tenGodIndex(dayStem, stem) >> 1 !== 4) return false;
    const rooted = branches.some((b, i) => rootOf(stem, b, i) !== null);
    const bound =
      (slot > 0 && Math.abs(stems[slot - 1]! - stem) === 5) || (slot + 1 < stems.length && Math.abs(stems[slot + 1]! - stem) === 5);
    return rooted && !bound;
  });
  const noRoot = rootedBranches === 0;
  const outOfSeason = phaseOf(element, month) > 1;
  const top = Math.max(counts[1]!, counts[2]!, counts[3]!);
  const leaders = [1, 2, 3].filter((category) => counts[category] === top);
  const dominant = leaders.length === 1 ? leaders[0]! : null;
  // 化気: the day master's own pair side by side (the first, if two neighbours combine with it).
  const own = transformations.find((t) => t.dayMaster && t.adjacent);
  const hua =
    own === undefined
      ? check(HUA_PATTERNS[((dayStem % 5) + 2) % 5]!, HUA_NONE, 0)
      : check(
          HUA_PATTERNS[own.element]!,
          HUA_CONDITIONS,
          bitsOf(true, own.monthSupports, own.brokenBy.length === 0, own.rivals.length === 0),
        );
  const rooted3 = rootedBranches >= 3;
  const [r, e, o] = [noRoot, !effectiveResource, outOfSeason];
  return [
    hua,
    check(ELEMENT_PATTERNS[element]!, ELEMENT_CONDITIONS, bitsOf(rulesMonth, complete, noOfficerBesideFrame)),
    check('pattern.cong_wang', WANG_CONDITIONS, bitsOf(rulesMonth, rooted3, noGuanSha, counts[0]! >= counts[4]!, littleDrainage)),
    check(
      'pattern.cong_qiang',
      QIANG_CONDITIONS,
      bitsOf(rulesMonth, rooted3, noGuanSha, counts[4]! > counts[0]!, counts[2] === 0, littleDrainage),
    ),
    check('pattern.cong_cai', CAI_CONDITIONS, bitsOf(r, e, o, dominant === 2, !stemCategories.includes(3))),
    check('pattern.cong_sha', SHA_CONDITIONS, bitsOf(r, e, o, dominant === 3, !stemCategories.includes(1))),
    check(
      'pattern.cong_er',
      ER_CONDITIONS,
      bitsOf(r, e, o, dominant === 1, tenGodIndex(dayStem, HIDDEN_STEMS_BY_BRANCH[month]![0]) >> 1 === 1),
    ),
    check('pattern.cong_shi', SHI_CONDITIONS, bitsOf(r, e, o, dominant === null)),
  ];
}

/** The 外格 a school reads, first that holds (the 一行 before 従旺 before 従強, then the 従弱 family). */
export function outerPatternOf(checks: readonly OuterCheck[], shiping: ShipingPattern, school: 'shiping' | 'japanese'): OuterCheck | null {
  const ownMonth = shiping.pattern === 'pattern.jian_lu' || shiping.pattern === 'pattern.yang_ren' || shiping.pattern === 'pattern.yue_jie';
  for (const c of checks) {
    if (!c.holds) continue;
    const strongFamily =
      (!c.pattern.startsWith('pattern.cong_') && !c.pattern.startsWith('pattern.hua_')) ||
      c.pattern === 'pattern.cong_wang' ||
      c.pattern === 'pattern.cong_qiang' ||
      c.pattern === 'pattern.cong_ge';
    if (school === 'shiping' && strongFamily && !ownMonth) continue;
    return c;
  }
  return null;
}
