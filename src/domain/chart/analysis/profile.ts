/**
 * The per-chart facts several sections share (stems, branches, 蔵干, ten gods, element counts,
 * strength). Sections ask for them independently; the last chart's profile is kept, so a result's
 * sections (built one after another from the same input) compute it once, not five times.
 */
import { BRANCH_ELEMENT_INDEX } from '../../calendar/branches.ts';
import { zokanStem } from '../../calendar/hidden-stems.ts';
import { branchOf, stemOf } from '../../calendar/sexagenary.ts';
import { tenGodIndex } from '../../calendar/ten-gods.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { strengthLevelOf, strengthScoreOf, type StrengthLevel } from './scores.ts';

/**
 * Pillar order of every per-pillar array below: year, month, day, hour. A three-pillar chart (the
 * birth time unknown, `time_unknown`) has arrays of three: nothing is read from a pillar it does not have.
 */
export const DAY = 2;
export const HOUR = 3;

export interface ChartProfile {
  readonly dayStem: number;
  readonly stems: readonly number[];
  readonly branches: readonly number[];
  readonly zokanStems: readonly number[];
  /** Ten god of each visible stem against the day stem (the day stem itself is 比肩). */
  readonly stemTenGods: readonly number[];
  readonly zokanTenGods: readonly number[];
  /**
   * Ten-god counts over the positions that are not the day master: the other visible stems and the
   * 蔵干 (seven positions; five in a three-pillar chart). Indexed like TEN_GODS.
   */
  readonly tenGodCounts: readonly number[];
  /** The same positions by category (比劫, 食傷, 財星, 官殺, 印星). */
  readonly categoryCounts: readonly number[];
  /** 五行 of the visible characters (stems + branch elements: 8, or 6 in a three-pillar chart), 木火土金水. */
  readonly elementCounts: readonly number[];
  readonly strengthScore: number;
  readonly strengthLevel: StrengthLevel;
}

let lastInput: AnalysisInput | undefined;
let lastProfile: ChartProfile | undefined;

/** The chart's profile; the same input object asked twice in a row is answered from the first. */
export function profileOf(input: AnalysisInput): ChartProfile {
  if (input === lastInput && lastProfile !== undefined) return lastProfile;
  lastProfile = computeProfile(input);
  lastInput = input;
  return lastProfile;
}

function computeProfile(input: AnalysisInput): ChartProfile {
  const { year, month, day, hour } = input.pillars;
  const pillars = hour === null ? [year, month, day] : [year, month, day, hour];
  const dayStem = stemOf(day);
  const stems = pillars.map(stemOf);
  const branches = pillars.map(branchOf);
  const zokanStems = branches.map((branch) => zokanStem(input.zokanTable, branch, input.zokanDayCount));
  const stemTenGods = stems.map((stem) => tenGodIndex(dayStem, stem));
  const zokanTenGods = zokanStems.map((stem) => tenGodIndex(dayStem, stem));

  const tenGodCounts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const categoryCounts = [0, 0, 0, 0, 0];
  const elementCounts = [0, 0, 0, 0, 0];
  for (let p = 0; p < pillars.length; p++) {
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

/**
 * The seven counted positions in the order that breaks ties: the month branch's 蔵干 first (月支元命,
 * the key star of a Japanese 命式), then the month stem, the day branch's 蔵干, the hour and year
 * stems, and the hour and year branches' 蔵干 — nearest the day master and the month first.
 */
const TIE_ORDER: readonly { readonly zokan: boolean; readonly pillar: number }[] = [
  { zokan: true, pillar: 1 },
  { zokan: false, pillar: 1 },
  { zokan: true, pillar: 2 },
  { zokan: false, pillar: 3 },
  { zokan: false, pillar: 0 },
  { zokan: true, pillar: 3 },
  { zokan: true, pillar: 0 },
];

/** The ten god at the first position in TIE_ORDER that `accepts`. Every counted god sits somewhere. */
function firstInTieOrder(profile: ChartProfile, accepts: (tenGod: number) => boolean): number {
  for (const { zokan, pillar } of TIE_ORDER) {
    if (pillar >= profile.stems.length) continue;
    const god = (zokan ? profile.zokanTenGods : profile.stemTenGods)[pillar]!;
    if (accepts(god)) return god;
  }
  throw new Error('no counted position holds an accepted ten god');
}

/**
 * The dominant ten god: the most frequent over the seven positions. A tie goes to the tied god of
 * the larger category (so it agrees with `strongestCategory`), then to the first in TIE_ORDER.
 */
export function dominantTenGod(profile: ChartProfile): number {
  const { tenGodCounts, categoryCounts } = profile;
  const most = Math.max(...tenGodCounts);
  let bestCategoryCount = 0;
  for (let god = 0; god < tenGodCounts.length; god++) {
    if (tenGodCounts[god] === most) bestCategoryCount = Math.max(bestCategoryCount, categoryCounts[god >> 1]!);
  }
  return firstInTieOrder(profile, (god) => tenGodCounts[god] === most && categoryCounts[god >> 1] === bestCategoryCount);
}

/**
 * The strongest category (比劫 食傷 財星 官殺 印星 = 0…4): the largest count. A tie goes to the
 * dominant ten god's category when it is among the tied, then to the first in TIE_ORDER.
 */
export function strongestCategory(profile: ChartProfile): number {
  const { categoryCounts } = profile;
  const most = Math.max(...categoryCounts);
  const dominantCategory = dominantTenGod(profile) >> 1;
  if (categoryCounts[dominantCategory] === most) return dominantCategory;
  return firstInTieOrder(profile, (god) => categoryCounts[god >> 1] === most) >> 1;
}

/** Index of the largest count; ties go to the lowest index (the table's own order). */
export function argMax(counts: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[best]!) best = i;
  return best;
}
