/**
 * 三合 (three-harmony) groups of the branches and the stars read from them.
 * Source: [mawentao-bazi] bazi_analyze_shensha.php (桃花 = the group's 沐浴 branch, 華蓋 = its 墓庫 branch);
 * `earthly_branch_group` is the 三合 局 of the day branch (docs/fields.md, `day_ganzhi_details`).
 * Every branch z belongs to group z mod 4: 申子辰 (0), 巳酉丑 (1), 寅午戌 (2), 亥卯未 (3).
 */
import type { BranchIndex } from './branches.ts';
import { JA } from '../vocabulary/ja.ts';

export const THREE_HARMONY_GROUPS = [
  { branches: [8, 0, 4], name: JA.sanhe[0], peachBlossomBranch: 9, canopyBranch: 4 },
  { branches: [5, 9, 1], name: JA.sanhe[1], peachBlossomBranch: 6, canopyBranch: 1 },
  { branches: [2, 6, 10], name: JA.sanhe[2], peachBlossomBranch: 3, canopyBranch: 10 },
  { branches: [11, 3, 7], name: JA.sanhe[3], peachBlossomBranch: 0, canopyBranch: 7 },
] as const;
export type ThreeHarmonyGroupName = (typeof THREE_HARMONY_GROUPS)[number]['name'];

export const threeHarmonyGroupOf = (branch: BranchIndex) => THREE_HARMONY_GROUPS[branch % 4]!;

/** 桃花 (咸池) branch seen from a reference branch, e.g. 申子辰 → 酉. */
export const peachBlossomBranchFrom = (reference: BranchIndex): BranchIndex => THREE_HARMONY_GROUPS[reference % 4]!.peachBlossomBranch;

/** 華蓋 branch seen from a reference branch, e.g. 申子辰 → 辰. */
export const canopyBranchFrom = (reference: BranchIndex): BranchIndex => THREE_HARMONY_GROUPS[reference % 4]!.canopyBranch;
