/**
 * Shensha (神殺) lookup rules. Sources: [mawentao-bazi] bazi_analyze_shensha.php; [lunar-javascript]
 * LunarUtil.XUN_KONG for 旬空. References (docs/scores.md, "Shensha references"): 天乙 and 文昌 from the
 * day stem, 空亡 from the day pillar's 旬, 魁罡 from the day pillar (桃花 and 華蓋 live in three-harmony.ts).
 */
import type { BranchIndex } from './branches.ts';
import type { CycleIndex } from './sexagenary.ts';
import type { StemIndex } from './stems.ts';

/** 天乙貴人 branches by day stem 甲..癸: 甲戊庚→丑未, 乙己→子申, 丙丁→亥酉, 壬癸→卯巳, 辛→午寅. */
export const HEAVENLY_NOBLE_BRANCHES_BY_STEM = [
  [1, 7],
  [0, 8],
  [11, 9],
  [11, 9],
  [1, 7],
  [0, 8],
  [1, 7],
  [6, 2],
  [3, 5],
  [3, 5],
] as const satisfies readonly (readonly [BranchIndex, BranchIndex])[];

/** 文昌貴人 branch by day stem 甲..癸: 巳 午 申 酉 申 酉 亥 子 寅 卯. */
export const LITERARY_STAR_BRANCH_BY_STEM = [5, 6, 8, 9, 8, 9, 11, 0, 2, 3] as const satisfies readonly BranchIndex[];

/** 魁罡 day pillars (cycle index, 甲子 = 0): 庚辰, 壬辰, 戊戌, 庚戌 — the classic four. */
export const KUIGANG_DAY_PILLARS = [16, 28, 34, 46] as const satisfies readonly CycleIndex[];

export const isHeavenlyNoble = (dayStem: StemIndex, branch: BranchIndex): boolean => {
  const pair = HEAVENLY_NOBLE_BRANCHES_BY_STEM[dayStem]!;
  return pair[0] === branch || pair[1] === branch;
};

export const isLiteraryStar = (dayStem: StemIndex, branch: BranchIndex): boolean => LITERARY_STAR_BRANCH_BY_STEM[dayStem] === branch;

export const isKuigang = (dayPillar: CycleIndex): boolean => (KUIGANG_DAY_PILLARS as readonly number[]).includes(dayPillar);

/**
 * The two 空亡 (旬空) branches of a pillar's 旬 (decade x = ⌊i/10⌋): the branches its ten stems
 * never reach, (10 − 2x) and (11 − 2x) mod 12 — 甲子旬 → 戌亥 … 甲寅旬 → 子丑.
 */
export function voidBranchesOf(pillar: CycleIndex): readonly [BranchIndex, BranchIndex] {
  const decade = Math.floor(pillar / 10);
  return [(22 - 2 * decade) % 12, (23 - 2 * decade) % 12];
}

export const isVoidBranch = (pillar: CycleIndex, branch: BranchIndex): boolean => {
  const decade = Math.floor(pillar / 10);
  return branch === (22 - 2 * decade) % 12 || branch === (23 - 2 * decade) % 12;
};
