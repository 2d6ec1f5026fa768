/**
 * 相性 (compatibility of two natal charts): our own documented scoring rule, not a tradition. It
 * follows the signs Japanese sources give (Sources: [senmyou], [1800daylily]: 通変星 of the day stems
 * both ways, 干合, day- and year-branch 合・冲・刑・害・破, 天地徳合 / 天剋地冲, 五行 complement, 空亡) with
 * weights of our own. docs/scores.md, "Compatibility (相性)", states the rule; the items below are
 * labelled S (day stems), B (branches), P (day pillars) and K (空亡).
 *
 * Start at 50, add every item, round half up, clamp to 0–100. Every rule is symmetric: swapping the
 * charts changes the wording of the items, never the points or the score.
 */
import { JA_COMPATIBILITY, type CompatibilityTexts } from '../catalogue/ja/compatibility.ts';
import { BRANCH_ELEMENT_INDEX } from '../calendar/branches.ts';
import {
  isBranchCombination,
  isBreak,
  isCardinal,
  isClash,
  isHarm,
  isStemCombination,
  PUNISHMENT_TRIPLES,
  RUDE_PUNISHMENT,
  SELF_PUNISHMENT_BRANCHES,
  threeHarmonyGroup,
} from '../calendar/relations.ts';
import { branchOf, stemOf } from '../calendar/sexagenary.ts';
import { isVoidBranch, voidBranchesOf } from '../calendar/shensha-rules.ts';
import { stemElementIndex } from '../calendar/stems.ts';
import { tenGodCode } from '../calendar/ten-gods.ts';
import type { FourPillars } from '../chart/pillars.ts';

/** One chart as compared: its pillars, and whether its hour pillar is known (a birth time was given). */
export interface CompatibilityChart {
  readonly pillars: FourPillars;
  readonly timeKnown: boolean;
  /** When given: the spouse stars are read (a man's wife star is 財, a woman's husband star is 官). */
  readonly gender?: 'male' | 'female' | undefined;
}

export interface CompatibilityItem {
  /** Stable code, e.g. `day_stems_kango`, `day_branches_chu`, `five_elements`. */
  readonly code: string;
  /** Points added to the base 50 (may be a half: the year branches weigh half). */
  readonly points: number;
  /** What was found, in Japanese, naming both charts (A and B). */
  readonly explanation: string;
}

export interface Compatibility {
  /** 0–100. */
  readonly score: number;
  /** 50 + the items' points, before rounding and clamping (the second worked example is 105). */
  readonly rawScore: number;
  readonly level: CompatibilityLevel;
  /** 4, or 3 when either birth time is unknown (the hour pillars then count for neither chart). */
  readonly pillarsCompared: 3 | 4;
  readonly items: readonly CompatibilityItem[];
}

export const BASE_SCORE = 50;

/**
 * Levels, best first, and the lowest score of each: chosen from 20,000 random pairs of births
 * (`node scripts/compatibility-distribution.ts`) so that every level holds 5–35 % of pairs.
 */
export const COMPATIBILITY_LEVEL_BANDS = [
  { code: 'excellent', from: 72 },
  { code: 'good', from: 62 },
  { code: 'fair', from: 52 },
  { code: 'uneasy', from: 43 },
  { code: 'hard', from: 0 },
] as const;
export type CompatibilityLevelCode = (typeof COMPATIBILITY_LEVEL_BANDS)[number]['code'];
/** The levels as answered (Japanese), with the lowest score of each. */
export const COMPATIBILITY_LEVELS = COMPATIBILITY_LEVEL_BANDS.map(({ code, from }) => ({ level: JA_COMPATIBILITY.levels[code], from }));
export type CompatibilityLevel = string;

export const compatibilityLevelCodeOf = (score: number): CompatibilityLevelCode =>
  COMPATIBILITY_LEVEL_BANDS.find((band) => score >= band.from)?.code ?? COMPATIBILITY_LEVEL_BANDS.at(-1)!.code;

/**
 * S1, the day stems (unordered pair classes, read from the 通変星 each way): points and code.
 * 干合 is the 正財・正官 pair whose yang stem controls the yin one; the reverse pair is not 干合.
 */
const DAY_STEM_CLASSES = {
  kango: { points: 20 },
  // The printed textbook good pair (Source: [senmyou]: 己 and 壬, 正財 one way and 正官 the other, "有情の剋"):
  // worth nearly a 干合, not a middling +12 (at +12 that pair scored 57, 普通).
  seizai_seikan: { points: 16 },
  shokujin_hen_in: { points: 8 },
  shokan_inju: { points: 6 },
  same: { points: 4 },
  kyozai: { points: 0 },
  henzai_henkan: { points: -8 },
} as const;
type DayStemClass = keyof typeof DAY_STEM_CLASSES;

/** The class of a pair of day stems, from the ten god of B seen from A. */
function dayStemClass(a: number, b: number): DayStemClass {
  if (isStemCombination(a, b)) return 'kango';
  switch (tenGodCode(a, b)) {
    case 'shishen.bi_jian':
      return 'same';
    case 'shishen.jie_cai':
      return 'kyozai';
    case 'shishen.shi_shen':
    case 'shishen.pian_yin':
      return 'shokujin_hen_in';
    case 'shishen.shang_guan':
    case 'shishen.zheng_yin':
      return 'shokan_inju';
    case 'shishen.pian_cai':
    case 'shishen.pian_guan':
      return 'henzai_henkan';
    case 'shishen.zheng_cai':
    case 'shishen.zheng_guan':
      // 正財 / 正官 without 干合: the yin stem controls the yang one.
      return 'seizai_seikan';
  }
}

/** B1 / B2: every relation between two branches, with its points before the weight. */
const BRANCH_RELATIONS = {
  shigo: { points: 10 },
  hankai: { points: 8 },
  sango: { points: 4 },
  same: { points: 2 },
  same_jikei: { points: -4 },
  chu: { points: -12 },
  kei: { points: -6 },
  gai: { points: -6 },
  ha: { points: -3 },
} as const;
type BranchRelation = keyof typeof BRANCH_RELATIONS;

/** The relations two branches hold, in the order of {@link BRANCH_RELATIONS}. */
export function branchRelations(x: number, y: number): BranchRelation[] {
  const found: BranchRelation[] = [];
  if (isBranchCombination(x, y)) found.push('shigo');
  if (x !== y && threeHarmonyGroup(x) === threeHarmonyGroup(y)) found.push(isCardinal(x) || isCardinal(y) ? 'hankai' : 'sango');
  if (x === y) found.push(SELF_PUNISHMENT_BRANCHES.includes(x) ? 'same_jikei' : 'same');
  if (isClash(x, y)) found.push('chu');
  const rude = (RUDE_PUNISHMENT.branches as readonly number[]).includes(x) && (RUDE_PUNISHMENT.branches as readonly number[]).includes(y);
  const triple = PUNISHMENT_TRIPLES.some(
    (t) => (t.branches as readonly number[]).includes(x) && (t.branches as readonly number[]).includes(y),
  );
  if (x !== y && (rude || triple)) found.push('kei');
  if (isHarm(x, y)) found.push('gai');
  if (isBreak(x, y)) found.push('ha');
  return found;
}

/** G: per element one chart lacks, what the other supplies; capped. */
const ELEMENT_SUPPLY_POINTS = { many: 4, one: 2, cap: 12 } as const;
/** K: the partner's day branch in my 空亡. */
const VOID_POINTS = -4;
/**
 * P1 天地徳合 and P2 天剋地冲 of the day pillars. The readings of 天剋地冲 between two people disagree
 * (Source: [1800daylily]: the worst; other printed readings: a deep, fated bond with strong friction), and
 * its parts (the 偏財・七殺 stems, the 冲 branches) are already counted: it adds nothing more and is
 * reported with both readings (−10 on top once made a couple read as a deep bond score 36).
 */
const HEAVEN_EARTH_COMBINATION_POINTS = 10;
const HEAVEN_STRIKE_EARTH_CLASH_POINTS = 0;
/**
 * S2, with both genders given, a man and a woman: each day stem is the other's spouse star — the man
 * sees the woman's as 財 (正財 or 偏財, his wife star) and the woman sees the man's as 官 (正官 or 七殺, her
 * husband star). The pair senmyou prints as the good couple (man 己, woman 壬: 正財 and 正官) is one.
 */
const SPOUSE_STAR_POINTS = { direct: 8, indirect: 4 } as const;
/** B3: the year branch of one chart against the day branch of the other, both ways, at half weight. */
const CROSS_WEIGHT = 0.5;

/** Visible characters per element (木火土金水): the stems and the branches' elements of the pillars compared. */
function elementCounts(pillars: FourPillars, withHour: boolean): number[] {
  const counts = [0, 0, 0, 0, 0];
  const compared =
    withHour && pillars.hour !== null
      ? [pillars.year, pillars.month, pillars.day, pillars.hour]
      : [pillars.year, pillars.month, pillars.day];
  for (const pillar of compared) {
    counts[stemElementIndex(stemOf(pillar))]!++;
    counts[BRANCH_ELEMENT_INDEX[branchOf(pillar)]!]!++;
  }
  return counts;
}

/** Two charts compared; the explanations in `texts` (a catalogue's `compatibility`). */
export function compatibilityOf(a: CompatibilityChart, b: CompatibilityChart, texts: CompatibilityTexts): Compatibility {
  const items: CompatibilityItem[] = [];
  const [stemA, stemB] = [stemOf(a.pillars.day), stemOf(b.pillars.day)];
  const [dayA, dayB] = [branchOf(a.pillars.day), branchOf(b.pillars.day)];

  // S1: the day stems, read both ways as 通変星.
  const stemClass = dayStemClass(stemA, stemB);
  const stemPoints = DAY_STEM_CLASSES[stemClass].points;
  items.push({
    code: `day_stems_${stemClass}`,
    points: stemPoints,
    explanation: texts.dayStems({
      a: stemA,
      b: stemB,
      aSeesB: tenGodCode(stemA, stemB),
      bSeesA: tenGodCode(stemB, stemA),
      classLabel: texts.stemClasses[stemClass],
      points: stemPoints,
    }),
  });

  // S2: the spouse stars, when one chart is a man's and the other a woman's.
  const genders = [a.gender, b.gender];
  if (genders.includes('male') && genders.includes('female')) {
    const [man, woman] = a.gender === 'male' ? [stemA, stemB] : [stemB, stemA];
    const [manLabel, womanLabel] = a.gender === 'male' ? (['A', 'B'] as const) : (['B', 'A'] as const);
    const wifeStar = tenGodCode(man, woman);
    const husbandStar = tenGodCode(woman, man);
    if (
      (wifeStar === 'shishen.zheng_cai' || wifeStar === 'shishen.pian_cai') &&
      (husbandStar === 'shishen.zheng_guan' || husbandStar === 'shishen.pian_guan')
    ) {
      const direct = wifeStar === 'shishen.zheng_cai' && husbandStar === 'shishen.zheng_guan';
      const points = direct ? SPOUSE_STAR_POINTS.direct : SPOUSE_STAR_POINTS.indirect;
      items.push({
        code: direct ? 'spouse_stars' : 'spouse_stars_indirect',
        points,
        explanation: texts.spouseStars({ man: manLabel, woman: womanLabel, manStem: man, womanStem: woman, wifeStar, husbandStar, points }),
      });
    }
  }

  // B1 day branches (weight 1) and B2 year branches (weight ½): every relation present.
  for (const [position, weight] of [
    ['day', 1],
    ['year', 0.5],
  ] as const) {
    const [x, y] = [branchOf(a.pillars[position]), branchOf(b.pillars[position])];
    for (const relation of branchRelations(x, y)) {
      items.push({
        code: `${position}_branches_${relation}`,
        points: BRANCH_RELATIONS[relation].points * weight,
        explanation: texts.branches({
          position,
          x,
          y,
          pillarA: a.pillars[position],
          pillarB: b.pillars[position],
          relationLabel: texts.branchRelations[relation],
          points: BRANCH_RELATIONS[relation].points,
          weight,
        }),
      });
    }
  }

  // B3: the year branch of each chart against the other's day branch (a partner's day branch meeting
  // my year branch is read in Japanese 相性 as the family / the person; earlier rules did not compare it).
  for (const [first, second, x, y] of [
    ['A', 'B', branchOf(a.pillars.year), dayB],
    ['B', 'A', branchOf(b.pillars.year), dayA],
  ] as const) {
    const [yearChart, dayChart] = first === 'A' ? [a, b] : [b, a];
    for (const relation of branchRelations(x, y)) {
      items.push({
        code: `year_day_branches_${relation}`,
        points: BRANCH_RELATIONS[relation].points * CROSS_WEIGHT,
        explanation: texts.yearDayBranches({
          first,
          second,
          x,
          y,
          yearPillar: yearChart.pillars.year,
          dayPillar: dayChart.pillars.day,
          relationLabel: texts.branchRelations[relation],
          points: BRANCH_RELATIONS[relation].points,
          weight: CROSS_WEIGHT,
        }),
      });
    }
  }

  // P1 天地徳合 and P2 天剋地冲 of the day pillars.
  if (stemClass === 'kango' && isBranchCombination(dayA, dayB)) {
    items.push({
      code: 'tenchi_tokugo',
      points: HEAVEN_EARTH_COMBINATION_POINTS,
      explanation: texts.tenchiTokugo({ dayA: a.pillars.day, dayB: b.pillars.day, points: HEAVEN_EARTH_COMBINATION_POINTS }),
    });
  }
  if (stemClass === 'henzai_henkan' && isClash(dayA, dayB)) {
    items.push({
      code: 'tenkoku_chichu',
      points: HEAVEN_STRIKE_EARTH_CLASH_POINTS,
      explanation: texts.tenkokuChichu({ dayA: a.pillars.day, dayB: b.pillars.day }),
    });
  }

  // G: 五行 one chart lacks and the other supplies.
  const withHour = a.timeKnown && b.timeKnown;
  const counts = { A: elementCounts(a.pillars, withHour), B: elementCounts(b.pillars, withHour) };
  const supplies: { lacking: 'A' | 'B'; other: 'A' | 'B'; element: number; supplied: number; points: number }[] = [];
  let elementPoints = 0;
  for (const [lacking, other] of [
    ['A', 'B'],
    ['B', 'A'],
  ] as const) {
    for (let e = 0; e < 5; e++) {
      if (counts[lacking][e] !== 0) continue;
      const supplied = counts[other][e]!;
      const points = supplied >= 2 ? ELEMENT_SUPPLY_POINTS.many : supplied === 1 ? ELEMENT_SUPPLY_POINTS.one : 0;
      supplies.push({ lacking, other, element: e, supplied, points });
      elementPoints += points;
    }
  }
  const cappedElementPoints = Math.min(elementPoints, ELEMENT_SUPPLY_POINTS.cap);
  items.push({
    code: 'five_elements',
    points: cappedElementPoints,
    explanation: texts.fiveElements({
      withHour,
      countsA: counts.A,
      countsB: counts.B,
      supplies,
      cappedAt: cappedElementPoints < elementPoints ? ELEMENT_SUPPLY_POINTS.cap : null,
    }),
  });

  // K: 空亡, both ways; the same 空亡 pair is reported without points.
  for (const [mine, theirs, me, them] of [
    [a, b, 'A', 'B'],
    [b, a, 'B', 'A'],
  ] as const) {
    const theirDayBranch = branchOf(theirs.pillars.day);
    if (!isVoidBranch(mine.pillars.day, theirDayBranch)) continue;
    items.push({
      code: `kuubou_${me.toLowerCase()}`,
      points: VOID_POINTS,
      explanation: texts.voidBranch({
        them,
        me,
        theirBranch: theirDayBranch,
        myDay: mine.pillars.day,
        myVoid: voidBranchesOf(mine.pillars.day),
        points: VOID_POINTS,
      }),
    });
  }
  const [voidA, voidB] = [voidBranchesOf(a.pillars.day), voidBranchesOf(b.pillars.day)];
  if (voidA[0] === voidB[0]) {
    items.push({
      code: 'kuubou_same',
      points: 0,
      explanation: texts.sameVoid({ voidBranches: voidA }),
    });
  }

  const rawScore = BASE_SCORE + items.reduce((sum, item) => sum + item.points, 0);
  const score = Math.min(100, Math.max(0, Math.round(rawScore)));
  return { score, rawScore, level: texts.levels[compatibilityLevelCodeOf(score)], pillarsCompared: withHour ? 4 : 3, items };
}

/** Every number and band the score reads, for the rules digest of a comparison (src/wire/answer-version.ts). */
export const COMPATIBILITY_RULES = {
  base: BASE_SCORE,
  bands: COMPATIBILITY_LEVEL_BANDS,
  dayStems: DAY_STEM_CLASSES,
  branches: BRANCH_RELATIONS,
  elementSupply: ELEMENT_SUPPLY_POINTS,
  void: VOID_POINTS,
  heavenEarth: { combination: HEAVEN_EARTH_COMBINATION_POINTS, strikeClash: HEAVEN_STRIKE_EARTH_CLASH_POINTS },
  spouseStars: SPOUSE_STAR_POINTS,
  crossWeight: CROSS_WEIGHT,
} as const;
