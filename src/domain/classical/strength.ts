/**
 * Day-master strength (旺衰: 身強・身弱・中和) by three named methods, side by side and never merged.
 * Each answers "can the day master carry wealth, officer and output?" and returns its verdict on its
 * own scale, a score where the method has one, and the facts it used. The 同党 (same party) are
 * 比肩・劫財 and 偏印・印綬; the 異党 食傷 (drain), 財 (spend) and 官殺 (control).
 *
 * - `deling`: 得令・得地・得勢, the classical core. 得令 = the day master's element is 旺 or 相 in the
 *   month (./roots.ts); 得地 = its roots graded by depth after 子平真詮 ch. 6 (Source: [zipingzhenquan]);
 *   得勢 = exposed 比劫・印 stems that are rooted themselves and not bound by a 干合 with a neighbour
 *   (an unrooted exposed stem is "浮", ch. 4 and 6). The grade is liki's decision table (Source:
 *   [liki] wangshuai.md) with one row read as 子平真詮 ch. 6 reads it — roots outweigh the month ("只要
 *   四柱有根，便能受財官食神"): out of season with a heavy root and effective help is 偏旺 where liki says
 *   中和 — and its missing rows filled one grade below the nearest stated row. 中和偏強 / 中和偏弱 lean
 *   strong / weak in the coarse verdict. The day master's own roots and the 印 support are reported
 *   apart, and `lightBodyHeavyResource` marks 身輕印重 (light roots, heavy 印), which a verdict that adds
 *   印 to the day master hides.
 * - `taizan_points`: element points with 旺相休囚死 multipliers, as FourPillarsOfDestinyWeb implements
 *   its 「泰山流・力量計算」 (Source: [fourpillars-web] StrengthCalculationService.php, its seeder's hidden-
 *   stem days, with the season mapping it intends): each stem 1, each hidden stem days/30, × 旺 2.0
 *   相 1.5 休 0.8 囚 0.5 死 0.3; the score is the same party's share. The code names no threshold:
 *   ours is ≥ 55 % strong, ≤ 45 % weak, between balanced.
 * - `cn_percent`: HayatoKanee/fengshui's beneficial percentage (Source: [hayatokanee-fengshui]
 *   phases.py, wuxing_calculator.py, day_master_analyzer.py): per pillar a stem and a branch value from
 *   their element relation (same 10/10, stem generates branch 6/8, stem controls branch 4/2, branch
 *   controls stem 2/4, branch generates stem 8/6), the branch value shared by its hidden stems, × 旺 相
 *   1.2, 休 1.0, 囚 死 0.8 with its 土旺 flag off (辰 counts as spring, 未 summer, 戌 autumn, 丑 winter);
 *   levels ≥ 70 极强, ≥ 55 偏强, ≥ 45 中和, ≥ 30 偏弱, else 极弱.
 */
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { isStemCombination } from '../calendar/relations.ts';
import { tenGodIndex } from '../calendar/ten-gods.ts';
import { phaseOf, rootOf, rootsOf, type Root } from './roots.ts';

/** The pillars as stem and branch indices, year first (three when the hour is unknown). */
export interface PillarParts {
  readonly stems: readonly number[];
  readonly branches: readonly number[];
}

/** The coarse verdict every method maps to. */
export type StrengthVerdict = 'strong' | 'balanced' | 'weak';

/** `deling`'s seven grades, strongest first. */
export const DELING_GRADES = [
  'grade.shen_wang',
  'grade.pian_wang',
  'grade.zhong_he_pian_qiang',
  'grade.zhong_he',
  'grade.zhong_he_pian_ruo',
  'grade.pian_ruo',
  'grade.shen_ruo',
] as const;
export type DelingGrade = (typeof DELING_GRADES)[number];

/** The points methods' five levels, strongest first. */
export const POINT_LEVELS = ['level.ji_qiang', 'level.pian_qiang', 'level.zhong_he', 'level.pian_ruo', 'level.ji_ruo'] as const;
export type PointLevel = (typeof POINT_LEVELS)[number];

/** An exposed stem other than the day master, as a method saw it. */
export interface StemFact {
  readonly slot: number;
  readonly stem: number;
  /** Its ten god (index, 比肩 … 印綬) against the day stem. */
  readonly tenGod: number;
  /** It counts: rooted and not bound by a 干合 with a neighbouring stem. */
  readonly effective: boolean;
  readonly reason: 'rooted' | 'unrooted' | 'combined';
}

export interface DelingStrength {
  readonly method: 'deling';
  readonly verdict: StrengthVerdict;
  readonly grade: DelingGrade;
  /** 旺相休囚死 of the day master's element in the month (0 旺 … 4 死); 得令 when 旺 or 相. */
  readonly monthPhase: number;
  readonly inSeason: boolean;
  /** The day master's own roots (得地), graded; never mixed with the 印 support. */
  readonly roots: readonly Root[];
  readonly rootStrength: 'strong' | 'weak' | 'none';
  /** Exposed 比劫 (same element) and 印 (resource) stems: 得勢 when one is effective. */
  readonly support: readonly StemFact[];
  /** The 印 part of the support apart: 身輕印重 shows as weak roots with heavy resource. */
  readonly resourceStrength: 'strong' | 'weak' | 'none';
  /** Exposed 食傷, 財 and 官殺 stems. */
  readonly drain: readonly StemFact[];
  /** 身輕印重: the day master's roots are light or none while its 印 is heavy. */
  readonly lightBodyHeavyResource: boolean;
}

export interface PointsStrength {
  readonly method: 'taizan_points' | 'cn_percent';
  readonly verdict: StrengthVerdict;
  readonly level: PointLevel;
  /** The same party's share of all points, 0–100, one decimal. */
  readonly score: number;
  /** Points per element 木火土金水, after the month's multipliers, two decimals. */
  readonly elementPoints: readonly number[];
}

const SAME = 0;
const RESOURCE = 4;
/** Ten-god category (⌊t/2⌋) of the same party: 比劫 and 印. */
const isSameParty = (tenGod: number): boolean => tenGod >> 1 === SAME || tenGod >> 1 === RESOURCE;

/** Whether the stem in `slot` is bound by a 干合 with a neighbouring stem. */
const combined = (stems: readonly number[], slot: number): boolean =>
  (slot > 0 && isStemCombination(stems[slot - 1]!, stems[slot]!)) ||
  (slot + 1 < stems.length && isStemCombination(stems[slot]!, stems[slot + 1]!));

const DAY = 2;

function stemFacts({ stems, branches }: PillarParts): StemFact[] {
  const dayStem = stems[DAY]!;
  return stems.flatMap((stem, slot) => {
    if (slot === DAY) return [];
    const rooted = branches.some((branch, b) => rootOf(stem, branch, b) !== null);
    const bound = combined(stems, slot);
    const reason = bound ? 'combined' : rooted ? 'rooted' : 'unrooted';
    return [{ slot, stem, tenGod: tenGodIndex(dayStem, stem), effective: reason === 'rooted', reason } as const];
  });
}

/**
 * liki's table, rows (得令, roots, support) → grade; the rows it does not state (marked *) are ours,
 * one grade below the nearest stated row.
 */
function delingGrade(inSeason: boolean, roots: 'strong' | 'weak' | 'none', support: boolean): DelingGrade {
  if (inSeason) {
    if (roots !== 'none') return support ? 'grade.shen_wang' : 'grade.pian_wang';
    return support ? 'grade.zhong_he_pian_qiang' : 'grade.zhong_he'; // * 得令, no root, no help
  }
  if (roots === 'strong') return support ? 'grade.pian_wang' : 'grade.zhong_he'; // 子平真詮 ch. 6; * no help
  if (roots === 'weak') return support ? 'grade.zhong_he_pian_ruo' : 'grade.pian_ruo'; // * no help
  return support ? 'grade.pian_ruo' : 'grade.shen_ruo';
}

const VERDICT_OF_GRADE: Readonly<Record<DelingGrade, StrengthVerdict>> = {
  'grade.shen_wang': 'strong',
  'grade.pian_wang': 'strong',
  'grade.zhong_he_pian_qiang': 'strong',
  'grade.zhong_he': 'balanced',
  'grade.zhong_he_pian_ruo': 'weak',
  'grade.pian_ruo': 'weak',
  'grade.shen_ruo': 'weak',
};

export function delingStrength(parts: PillarParts): DelingStrength {
  const dayStem = parts.stems[DAY]!;
  const monthPhase = phaseOf(dayStem >> 1, parts.branches[1]!);
  const inSeason = monthPhase <= 1;
  const roots = rootsOf(dayStem, parts.branches);
  const rootStrength = roots.some((r) => r.depth === 'heavy') ? 'strong' : roots.length > 0 ? 'weak' : 'none';
  const facts = stemFacts(parts);
  const support = facts.filter((f) => isSameParty(f.tenGod));
  const resource = support.filter((f) => f.tenGod >> 1 === RESOURCE && f.effective);
  // The 印's own weight: an effective exposed 印 with a heavy root of its own is heavy.
  const resourceStrength = resource.some((f) => rootsOf(f.stem, parts.branches).some((r) => r.depth === 'heavy'))
    ? 'strong'
    : resource.length > 0
      ? 'weak'
      : 'none';
  const grade = delingGrade(
    inSeason,
    rootStrength,
    support.some((f) => f.effective),
  );
  return {
    method: 'deling',
    verdict: VERDICT_OF_GRADE[grade],
    grade,
    monthPhase,
    inSeason,
    roots,
    rootStrength,
    support,
    resourceStrength,
    drain: facts.filter((f) => !isSameParty(f.tenGod)),
    lightBodyHeavyResource: rootStrength !== 'strong' && resourceStrength === 'strong',
  };
}

/** FourPillarsOfDestinyWeb's hidden-stem days (its seeder's 泰山流配分), per branch in HIDDEN_STEMS_BY_BRANCH order of stems. */
// prettier-ignore
const TAIZAN_DAYS: readonly (readonly (readonly [stem: number, days: number])[])[] = [
  [[8, 10], [9, 20]], [[9, 9], [7, 3], [5, 18]], [[4, 7], [2, 7], [0, 16]], [[0, 10], [1, 20]],
  [[1, 9], [9, 3], [4, 18]], [[6, 9], [4, 5], [2, 16]], [[2, 10], [5, 9], [3, 11]], [[3, 9], [1, 3], [5, 18]],
  [[4, 7], [8, 7], [6, 16]], [[6, 10], [7, 20]], [[7, 9], [3, 3], [4, 18]], [[0, 10], [8, 20]],
];
const TAIZAN_MULTIPLIERS = [2.0, 1.5, 0.8, 0.5, 0.3] as const;

/** 同党 share → verdict and level, with the method's cut points (strong ≥ first, weak < second). */
function pointsResult(
  method: PointsStrength['method'],
  points: number[],
  dayElement: number,
  cuts: { readonly strong: number; readonly weak: number; readonly levels: readonly number[] },
): PointsStrength {
  const total = points.reduce((a, b) => a + b, 0);
  const same = points[dayElement]! + points[(dayElement + 4) % 5]!;
  // Graded on the share itself: 69.95 % is under the 70 % cut though it shows as 70.0. (A share that
  // is a cut exactly may come out of the day fractions a hair under it: 1e-9 takes it as the cut.)
  const share = total === 0 ? 0 : (same / total) * 100 + 1e-9;
  const score = Math.round(share * 10) / 10;
  const levelIndex = cuts.levels.findIndex((cut) => share >= cut);
  return {
    method,
    verdict: share >= cuts.strong ? 'strong' : share < cuts.weak ? 'weak' : 'balanced',
    level: POINT_LEVELS[levelIndex === -1 ? 4 : levelIndex]!,
    score,
    elementPoints: points.map((p) => Math.round(p * 100) / 100),
  };
}

export function taizanPoints({ stems, branches }: PillarParts): PointsStrength {
  const points = [0, 0, 0, 0, 0];
  for (const stem of stems) points[stem >> 1]! += 1;
  for (const branch of branches) for (const [stem, days] of TAIZAN_DAYS[branch]!) points[stem >> 1]! += days / 30;
  const month = branches[1]!;
  for (let e = 0; e < 5; e++) points[e]! *= TAIZAN_MULTIPLIERS[phaseOf(e, month)]!;
  return pointsResult('taizan_points', points, stems[DAY]! >> 1, { strong: 55, weak: 45, levels: [70, 55, 45, 30] });
}

/** HayatoKanee's hidden-stem ratios, per branch, in HIDDEN_STEMS_BY_BRANCH order. */
// prettier-ignore
const CN_RATIOS: readonly (readonly number[])[] = [
  [1], [0.5, 0.3, 0.2], [0.6, 0.3, 0.1], [1], [0.5, 0.3, 0.2], [0.6, 0.1, 0.3],
  [0.5, 0.5], [0.5, 0.3, 0.2], [0.6, 0.3, 0.1], [1], [0.5, 0.3, 0.2], [0.7, 0.3],
];
/** Stem and branch base values by relation: same, stem generates branch, stem controls branch, branch controls stem, branch generates stem. */
const CN_BASE = { same: [10, 10], generates: [6, 8], controls: [4, 2], controlled: [2, 4], generated: [8, 6] } as const;
const CN_MULTIPLIERS = [1.2, 1.2, 1.0, 0.8, 0.8] as const;
/** The phase (旺 相 休 囚 死) of an element by its step from the season's element in the generating cycle. */
const PHASE_BY_STEP: readonly number[] = [0, 1, 4, 3, 2];
/** The season's element by month branch with 辰未戌丑 in their seasons (木 木 火 火 … by 寅卯辰, 巳午未, 申酉戌, 亥子丑). */
// prettier-ignore
const SEASON_WITHOUT_EARTH = [4, 4, 0, 0, 0, 1, 1, 1, 3, 3, 3, 4] as const;

export function cnPercent({ stems, branches }: PillarParts): PointsStrength {
  const points = [0, 0, 0, 0, 0];
  stems.forEach((stem, slot) => {
    const branch = branches[slot]!;
    const se = stem >> 1;
    const be = HIDDEN_STEMS_BY_BRANCH[branch]![0] >> 1;
    const step = (be - se + 5) % 5;
    const [stemValue, branchValue] =
      step === 0
        ? CN_BASE.same
        : step === 1
          ? CN_BASE.generates
          : step === 2
            ? CN_BASE.controls
            : step === 3
              ? CN_BASE.controlled
              : CN_BASE.generated;
    points[se]! += stemValue;
    HIDDEN_STEMS_BY_BRANCH[branch]!.forEach((hidden, i) => {
      points[hidden >> 1]! += branchValue * CN_RATIOS[branch]![i]!;
    });
  });
  const month = branches[1]!;
  // 土旺 off: the 土 months count with their season (辰 spring, 未 summer, 戌 autumn, 丑 winter).
  const season = SEASON_WITHOUT_EARTH[month]!;
  for (let e = 0; e < 5; e++) points[e]! *= CN_MULTIPLIERS[PHASE_BY_STEP[(e - season + 5) % 5]!]!;
  return pointsResult('cn_percent', points, stems[DAY]! >> 1, { strong: 55, weak: 45, levels: [70, 55, 45, 30] });
}
