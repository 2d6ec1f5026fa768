/**
 * The per-chart facts several sections share (stems, branches, 蔵干, ten gods, element counts,
 * strength). Each section recomputes them: that costs about 0.3 µs, less than remembering them
 * per input in a WeakMap would (measured), and keeps every section independent.
 */
import { BRANCH_ELEMENT_INDEX } from '../../calendar/branches.ts';
import { zokanStem } from '../../calendar/hidden-stems.ts';
import { branchOf, stemOf } from '../../calendar/sexagenary.ts';
import { tenGodIndex } from '../../calendar/ten-gods.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { strengthLevelOf, strengthScoreOf, type StrengthLevel } from './scores.ts';

/** Pillar order of every per-pillar array below: year, month, day, hour. */
const PILLAR_COUNT = 4;
export const DAY = 2;

export interface ChartProfile {
  readonly dayStem: number;
  readonly stems: readonly number[];
  readonly branches: readonly number[];
  readonly zokanStems: readonly number[];
  /** Ten god of each visible stem against the day stem (the day stem itself is 比肩). */
  readonly stemTenGods: readonly number[];
  readonly zokanTenGods: readonly number[];
  /**
   * Ten-god counts over the seven positions that are not the day master: the three other visible
   * stems and the four 蔵干. Indexed like TEN_GODS.
   */
  readonly tenGodCounts: readonly number[];
  /** The same seven positions by category (比劫, 食傷, 財星, 官殺, 印星). */
  readonly categoryCounts: readonly number[];
  /** 五行 of the 8 visible characters (4 stems + 4 branch elements), 木火土金水. */
  readonly elementCounts: readonly number[];
  readonly strengthScore: number;
  readonly strengthLevel: StrengthLevel;
}

export function profileOf(input: AnalysisInput): ChartProfile {
  const { year, month, day, hour } = input.pillars;
  const pillars = [year, month, day, hour];
  const dayStem = stemOf(day);
  const stems = pillars.map(stemOf);
  const branches = pillars.map(branchOf);
  const zokanStems = branches.map((branch) => zokanStem(input.zokanTable, branch, input.zokanDayCount));
  const stemTenGods = stems.map((stem) => tenGodIndex(dayStem, stem));
  const zokanTenGods = zokanStems.map((stem) => tenGodIndex(dayStem, stem));

  const tenGodCounts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const categoryCounts = [0, 0, 0, 0, 0];
  const elementCounts = [0, 0, 0, 0, 0];
  for (let p = 0; p < PILLAR_COUNT; p++) {
    const zokanGod = zokanTenGods[p]!;
    tenGodCounts[zokanGod]!++;
    categoryCounts[zokanGod >> 1]!++;
    if (p !== DAY) {
      const stemGod = stemTenGods[p]!;
      tenGodCounts[stemGod]!++;
      categoryCounts[stemGod >> 1]!++;
    }
    elementCounts[stems[p]! >> 1]!++;
    elementCounts[BRANCH_ELEMENT_INDEX[branches[p]!]!]!++;
  }
  const strengthScore = strengthScoreOf(dayStem, stems, branches);
  return {
    dayStem,
    stems,
    branches,
    zokanStems,
    stemTenGods,
    zokanTenGods,
    tenGodCounts,
    categoryCounts,
    elementCounts,
    strengthScore,
    strengthLevel: strengthLevelOf(strengthScore),
  };
}

/** Index of the largest count; ties go to the lowest index (the table's own order). */
export function argMax(counts: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[best]!) best = i;
  return best;
}
