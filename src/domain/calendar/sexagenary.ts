/**
 * The sexagenary cycle (六十干支). A pillar is its cycle index i = 0..59 with 甲子 = 0;
 * stem = i mod 10, branch = i mod 12. The published "number" (甲子 = 1) is i + 1.
 * Source: research/domain.md §1.3 and conventions (n = 1 + ((6g − 5z) mod 60)).
 */
import { BRANCHES, type BranchIndex } from './branches.ts';
import { STEMS, type StemIndex } from './stems.ts';

export type CycleIndex = number;

export const stemOf = (pillar: CycleIndex): StemIndex => pillar % 10;
export const branchOf = (pillar: CycleIndex): BranchIndex => pillar % 12;

/** Cycle index of a stem–branch pair; both must have the same parity. */
export function cycleIndexOf(stem: StemIndex, branch: BranchIndex): CycleIndex {
  if ((stem & 1) !== (branch & 1)) throw new RangeError(`no sexagenary pair ${stem}/${branch}`);
  return (((6 * stem - 5 * branch) % 60) + 60) % 60;
}

/** The 60 two-character names, 甲子 … 癸亥, built once. */
export const GANZHI_NAMES: readonly string[] = Array.from({ length: 60 }, (_, i) => STEMS[i % 10]! + BRANCHES[i % 12]!);

export const ganzhiName = (pillar: CycleIndex): string => GANZHI_NAMES[pillar]!;

/** Non-negative modulo. */
export const mod = (a: number, n: number): number => ((a % n) + n) % n;
