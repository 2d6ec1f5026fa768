/**
 * Interpretive scores. There is no canonical formula in 四柱推命 for any of these, so each is a small
 * documented rule over the chart — explained in docs/scores.md — returning an integer 0–100. Same
 * chart, same numbers.
 * Category counts are over the seven non-day-master positions, ordered 比劫 食傷 財星 官殺 印星.
 */
import { BRANCH_ELEMENT_INDEX } from '../../calendar/branches.ts';

const [PEERS, OUTPUT, WEALTH, AUTHORITY, RESOURCE] = [0, 1, 2, 3, 4] as const;

export const clampScore = (value: number): number => (value < 0 ? 0 : value > 100 ? 100 : Math.round(value));

/** Weight of each position when judging the day master: 月令 (month branch) counts triple. */
const STRENGTH_WEIGHTS = { otherStem: 10, branch: 10, monthBranch: 30 } as const;

/**
 * 0 = 身強 (≥ 55), 1 = 中和 (30–54), 2 = 身弱 (< 30). Two of the five elements support any day
 * master, so an even chart scores about 40; these bands split random charts into near thirds.
 */
export type StrengthLevel = 0 | 1 | 2;

/** An element supports the day master when it is the same (比劫) or generates it (印). */
const supports = (dayElement: number, element: number): boolean => element === dayElement || (element + 1) % 5 === dayElement;

/**
 * Share of the weighted positions whose element supports the day master, as 0–100. A three-pillar
 * chart (no hour pillar) weighs the positions it has: a share, so the bands mean the same.
 */
export function strengthScoreOf(dayStem: number, stems: readonly number[], branches: readonly number[]): number {
  const dayElement = dayStem >> 1;
  const others = stems.length - 1;
  const totalWeight = others * STRENGTH_WEIGHTS.otherStem + others * STRENGTH_WEIGHTS.branch + STRENGTH_WEIGHTS.monthBranch;
  let support = 0;
  for (let p = 0; p < stems.length; p++) {
    if (p !== 2 && supports(dayElement, stems[p]! >> 1)) support += STRENGTH_WEIGHTS.otherStem;
    if (supports(dayElement, BRANCH_ELEMENT_INDEX[branches[p]!]!)) {
      support += p === 1 ? STRENGTH_WEIGHTS.monthBranch : STRENGTH_WEIGHTS.branch;
    }
  }
  return clampScore((100 * support) / totalWeight);
}

export const strengthLevelOf = (score: number): StrengthLevel => (score >= 55 ? 0 : score >= 30 ? 1 : 2);

/** Strength score of an even chart (the middle of the 中和 band). */
export const BALANCED_STRENGTH_SCORE = 42;

/** Variant A summary: best when strength is near balance and all five elements appear. */
export function chartFortuneScore(strengthScore: number, elementCounts: readonly number[]): number {
  let missingElements = 0;
  for (const count of elementCounts) if (count === 0) missingElements++;
  return clampScore(90 - Math.floor((3 * Math.abs(strengthScore - BALANCED_STRENGTH_SCORE)) / 5) - 8 * missingElements);
}

export interface StarCounts {
  readonly heavenlyNoble: number;
  readonly literaryStar: number;
  readonly peachBlossom: number;
  readonly canopy: number;
  readonly voidBranches: number;
  readonly kuigang: boolean;
}

/**
 * Shensha summary: 50 plus the auspicious hits (天乙貴人, 文昌貴人, 魁罡), minus 空亡 hits. 桃花 and 華蓋
 * are not auspicious stars (they used to add points): 桃花 is the star of charm and of romantic
 * trouble (咸池), 華蓋 of art and religion and of solitude; both are reported and count nothing here.
 */
export const shenshaFortuneScore = (stars: StarCounts): number =>
  clampScore(50 + 10 * stars.heavenlyNoble + 6 * stars.literaryStar - 8 * stars.voidBranches + (stars.kuigang ? 5 : 0));

/**
 * 納音 harmony over the 6 pillar pairs: 相生 +10, 比和 +5, 相剋 −10, from 50. A three-pillar chart has
 * 3 pairs; their sum is doubled so the score spans the same range and the bands mean the same.
 */
export function nayinHarmonyScore(elements: readonly number[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < elements.length; i++) {
    for (let j = i + 1; j < elements.length; j++) {
      const step = (elements[j]! - elements[i]! + 5) % 5;
      sum += step === 0 ? 5 : step === 1 || step === 4 ? 10 : -10;
      pairs++;
    }
  }
  return clampScore(50 + (sum * FOUR_PILLAR_PAIRS) / pairs);
}
const FOUR_PILLAR_PAIRS = 6;

/** Positions the category counts cover in a four-pillar chart: 3 other stems + 4 蔵干. */
const FOUR_PILLAR_POSITIONS = 7;

/**
 * The category counts as a four-pillar chart's: a three-pillar chart counts 5 positions, so its counts
 * are scaled by 7/5 before the scores below add them (a chart without a birth time is not read as a
 * poorer one). Four-pillar counts are returned as they are.
 */
export function categoriesForScores(categories: readonly number[]): readonly number[] {
  const positions = categories.reduce((sum, count) => sum + count, 0);
  return positions === FOUR_PILLAR_POSITIONS ? categories : categories.map((count) => (count * FOUR_PILLAR_POSITIONS) / positions);
}

export const overallFortuneScore = (chartScore: number, shenshaScore: number): number => clampScore((chartScore + shenshaScore) / 2);

export const careerScore = (categories: readonly number[], strength: StrengthLevel): number =>
  clampScore(35 + 12 * categories[AUTHORITY]! + 6 * categories[RESOURCE]! + 6 * categories[OUTPUT]! + (strength === 1 ? 10 : 0));

export const relationshipScore = (categories: readonly number[], peachBlossom: number, voidBranches: number): number =>
  clampScore(
    45 +
      8 * Math.min(categories[WEALTH]! + categories[AUTHORITY]!, 3) +
      8 * peachBlossom -
      5 * voidBranches -
      (categories[PEERS]! >= 3 ? 10 : 0),
  );

export const wealthScore = (categories: readonly number[], strength: StrengthLevel): number =>
  clampScore(30 + 12 * categories[WEALTH]! + 6 * categories[OUTPUT]! + (strength === 2 ? -10 : 10));

export const academicScore = (categories: readonly number[], literaryStar: number): number =>
  clampScore(30 + 12 * categories[RESOURCE]! + 6 * categories[OUTPUT]! + 12 * literaryStar);

/**
 * Where each score's five levels begin: band 0 (best) is score ≥ cuts[0], band 1 ≥ cuts[1], …, band
 * 4 below cuts[3]. Each score has its own cuts because each has its own spread: they were chosen
 * from the distribution over random charts 1900–2100 (`node scripts/score-distribution.ts`, quoted
 * in docs/scores.md) so that every level holds between 5 % and 35 % of charts — a level that is
 * almost always the same would tell the user nothing.
 */
export const LEVEL_CUTS = {
  overallFortune: [74, 68, 63, 56],
  career: [93, 81, 69, 57],
  relationship: [75, 69, 61, 48],
  wealth: [76, 64, 52, 40],
  academic: [78, 66, 54, 42],
  nayinHarmony: [95, 65, 50, 35],
  shensha: [66, 60, 52, 50],
} as const satisfies Record<string, readonly [number, number, number, number]>;

export type ScoreKind = keyof typeof LEVEL_CUTS;

/** The band (0 = best … 4) of a score of the given kind. */
export function scoreBandOf(kind: ScoreKind, score: number): number {
  const cuts = LEVEL_CUTS[kind];
  for (let band = 0; band < cuts.length; band++) if (score >= cuts[band]!) return band;
  return cuts.length;
}
