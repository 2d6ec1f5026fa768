/**
 * The twelve earthly branches (十二支).
 * Source: [lunar-javascript] LunarUtil.ZHI / WU_XING_ZHI / SHENGXIAO.
 * A branch is identified by its index z = 0..11 (子..亥).
 */
import type { ElementIndex } from './stems.ts';
import { JA } from '../vocabulary/ja.ts';

export const BRANCHES = JA.branch;
export type Branch = (typeof BRANCHES)[number];
export type BranchIndex = number;

/** Element index of each branch (子 水, 丑 土, 寅 木 …). */
export const BRANCH_ELEMENT_INDEX = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4] as const satisfies readonly ElementIndex[];
