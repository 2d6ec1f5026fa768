/**
 * 合冲刑害破: which stems and branches relate, by index. Sources: [tyme4ts] (the index formulas of 干合,
 * 支合, 害, 冲), [fourpillars-web] taizan_relations.php (the sets), [sityuu] (the Japanese names, 刑, 支合).
 * Stems 0..9 = 甲..癸, branches 0..11 = 子..亥, elements 0..4 = 木火土金水.
 */
import type { BranchIndex } from './branches.ts';
import type { ElementIndex, StemIndex } from './stems.ts';

/** 干合: stems five apart (甲己 乙庚 丙辛 丁壬 戊癸). */
export const isStemCombination = (a: StemIndex, b: StemIndex): boolean => Math.abs(a - b) === 5;
/** The element a 干合 is named after (甲己 土, 乙庚 金, 丙辛 水, 丁壬 木, 戊癸 火). */
export const stemCombinationElement = (a: StemIndex): ElementIndex => ((a % 5) + 2) % 5;

/** One stem's element controls the other's (剋), either way: 木→土→水→火→金→木. */
export const stemsControl = (a: StemIndex, b: StemIndex): boolean => {
  const d = ((((b >> 1) - (a >> 1)) % 5) + 5) % 5;
  return d === 2 || d === 3;
};

/** 支合 (六合): 子丑 寅亥 卯戌 辰酉 巳申 午未. */
export const isBranchCombination = (a: BranchIndex, b: BranchIndex): boolean => (a + b) % 12 === 1;
/** Element of a 支合 by its lower branch… keyed by min(a, b): 子丑 土, 寅亥 木, 卯戌 火, 辰酉 金, 巳申 水, 午未 火 (Japanese tables). */
const BRANCH_COMBINATION_ELEMENT: Readonly<Record<number, ElementIndex>> = { 0: 2, 2: 0, 3: 1, 4: 3, 5: 4, 6: 1 };
export const branchCombinationElement = (a: BranchIndex, b: BranchIndex): ElementIndex => BRANCH_COMBINATION_ELEMENT[Math.min(a, b)]!;

/** 冲: opposite branches. */
export const isClash = (a: BranchIndex, b: BranchIndex): boolean => Math.abs(a - b) === 6;
/** 害 (六害): 子未 丑午 寅巳 卯辰 申亥 酉戌. */
export const isHarm = (a: BranchIndex, b: BranchIndex): boolean => (a + b) % 12 === 7;
/** 破 (六破): 子酉 丑辰 寅亥 卯午 巳申 未戌 — one even, one odd, even − odd ≡ 3 (mod 12). */
export const isBreak = (a: BranchIndex, b: BranchIndex): boolean => {
  if ((a & 1) === (b & 1)) return false;
  const [even, odd] = (a & 1) === 0 ? [a, b] : [b, a];
  return (((even - odd) % 12) + 12) % 12 === 3;
};

/** 三合: the group of a branch (z mod 4) and its element: 申子辰 水, 巳酉丑 金, 寅午戌 火, 亥卯未 木. */
export const THREE_HARMONY_ELEMENT_BY_GROUP = [4, 3, 1, 0] as const satisfies readonly ElementIndex[];
export const threeHarmonyGroup = (z: BranchIndex): number => z % 4;
/** The 旺 (cardinal) branch of a 三合 group: 子午卯酉. */
export const isCardinal = (z: BranchIndex): boolean => z % 3 === 0;

/** 方合: 寅卯辰 木, 巳午未 火, 申酉戌 金, 亥子丑 水 — group ⌊((z − 2) mod 12) / 3⌋. */
export const directionalGroup = (z: BranchIndex): number => Math.floor(((((z - 2) % 12) + 12) % 12) / 3);
export const DIRECTIONAL_ELEMENT_BY_GROUP = [0, 1, 3, 4] as const satisfies readonly ElementIndex[];

/** 刑 sets: 寅巳申 (恃勢の刑), 丑戌未 (無恩の刑), 子卯 (無礼の刑); 自刑 branches 辰午酉亥. */
export const PUNISHMENT_TRIPLES = [
  { code: 'kei_jisei', branches: [2, 5, 8] },
  { code: 'kei_muon', branches: [1, 10, 7] },
] as const;
export const RUDE_PUNISHMENT = { code: 'kei_murei', branches: [0, 3] } as const;
export const SELF_PUNISHMENT_BRANCHES: readonly BranchIndex[] = [4, 6, 9, 11];
