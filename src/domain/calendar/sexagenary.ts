/**
 * The sexagenary cycle (六十干支). A pillar is its cycle index i = 0..59 with 甲子 = 0;
 * stem = i mod 10, branch = i mod 12. The published "number" (甲子 = 1) is i + 1.
 * Source: [touyou-unseigakkai] (numbering 甲子 = 1); the index is n − 1 = (6g − 5z) mod 60.
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

/** The pillar year 4 CE was 甲子 (cycle index 0). */
const JIAZI_YEAR = 4;

/** The year pillar of a pillar year (the year that starts at its 立春). */
export const yearPillarOf = (pillarYear: number): CycleIndex => mod(pillarYear - JIAZI_YEAR, 60);

/**
 * The month pillar `monthsSinceYin` months after the 寅 month of a year whose year stem is given
 * (五虎遁: the 寅 month of a 甲 or 己 year is 丙寅, of 乙/庚 戊寅, of 丙/辛 庚寅, of 丁/壬 壬寅, of 戊/癸 甲寅).
 */
export const monthPillarOf = (yearStem: StemIndex, monthsSinceYin: number): CycleIndex =>
  cycleIndexOf(((yearStem % 5) * 2 + 2 + monthsSinceYin) % 10, (monthsSinceYin + 2) % 12);
