/**
 * The `analysis` section as judged, in codes: each method's verdict, the 格 of both schools with
 * their 成敗, the useful gods, the 化 of the stems, how sure each reading is and where the methods
 * agree. A chart whose birth time is unknown is judged on its three pillars. The section's JSON
 * (wire/present/analysis-json.ts) puts this in the catalogue's words.
 */
import { termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import { zokanStem } from '../calendar/hidden-stems.ts';
import { branchOf, stemOf } from '../calendar/sexagenary.ts';
import { birthWindowOf } from '../chart/certainty.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { ditiansuiOf, type DitiansuiReading } from './ditiansui.ts';
import { formationOf, type FormationVerdict } from './formation.ts';
import {
  japanesePattern,
  outerChecks,
  outerPatternOf,
  samePattern,
  shipingPattern,
  STRONG_SIDE_PATTERNS,
  WEAK_SIDE_PATTERNS,
  type OuterCheck,
  type ShipingPattern,
} from './pattern.ts';
import {
  cnPercent,
  delingStrength,
  taizanPoints,
  type DelingStrength,
  type PillarParts,
  type PointsStrength,
  type StrengthVerdict,
} from './strength.ts';
import { transformationsOf, type Transformation } from './transformations.ts';
import { bingYaoOf, tongguanOf, usefulGodsOf, type BingYao, type Tongguan, type UsefulGods } from './useful-gods.ts';

/** Each method's rule ids and the sources they cite (docs/analysis.md lists the rules). */
export const STRENGTH_RULES = {
  deling: {
    ruleIds: ['ZP-6-roots', 'ZP-4-combined', 'LIKI-wangshuai-table', 'PHASE-month'],
    citations: ['zipingzhenquan', 'liki', 'mingyu'],
  },
  taizan_points: { ruleIds: ['FPD-taizan-points', 'PHASE-month'], citations: ['fourpillars-web'] },
  cn_percent: { ruleIds: ['HK-beneficial-percent', 'PHASE-month-no-earth'], citations: ['hayatokanee-fengshui'] },
  ditiansui: { ruleIds: ['DTS-weigh', 'DTS-xu-tu', 'DTS-zao-tu'], citations: ['ditiansui'] },
} as const;

export const PATTERN_RULES = {
  shiping: { citations: ['zipingzhenquan'] },
  japanese: { ruleIds: ['JP-getsushi-genmei'], citations: ['sityuu'] },
} as const;

export type Confidence = 'high' | 'medium' | 'low';

/** The chart's analysis in codes and indices: what the section answers, before its words. */
export interface Analysis {
  readonly parts: PillarParts;
  readonly dayStem: number;
  readonly deling: DelingStrength;
  readonly taizan: PointsStrength;
  readonly cn: PointsStrength;
  /** 任鐵樵's school (滴天髓闡微): his 旺衰 with its extremes, the 外格 he reads and his 用. */
  readonly ditiansui: DitiansuiReading;
  /** The four strength methods give one verdict. */
  readonly strengthAgrees: boolean;
  /** Of the strength verdicts: low when a 節 falls inside the birth-time window, medium when the methods disagree. */
  readonly strengthConfidence: Confidence;
  readonly transformations: readonly Transformation[];
  readonly shiping: ShipingPattern;
  readonly checks: readonly OuterCheck[];
  /** The 外格 that holds, or null (the 内格 stands). */
  readonly outer: OuterCheck | null;
  readonly formation: FormationVerdict;
  /** The 月支元命 stem and its ten god against the day stem (the Japanese school's 格). */
  readonly monthZokan: number;
  readonly zokanTenGod: number;
  /** The two schools' 格 of the month are the same. */
  readonly patternsAgree: boolean;
  readonly patternConfidence: Confidence;
  readonly gods: UsefulGods;
  readonly tongguan: Tongguan | null;
  readonly bingyao: readonly BingYao[];
  readonly godsConfidence: Confidence;
  /** The 用 element the chart's own 格 supports (its 外格's, else the month 格's); null for an undetermined 格. */
  readonly patternYong: number | null;
  /** A school takes as 用 what the 格 it reports avoids (the 官殺 of a strong-side 外格, the 格's 忌): its confidence is low. */
  readonly yongContradictsPattern: boolean;
  /** 扶抑, 調候, 子平真詮 and 任鐵樵 name one 用 element (those that name one). */
  readonly usefulElementAgrees: boolean;
}

const partsOf = (core: ChartCore): PillarParts => {
  const { year, month, day, hour } = core.pillars;
  return hour === null
    ? { stems: [stemOf(year), stemOf(month), stemOf(day)], branches: [branchOf(year), branchOf(month), branchOf(day)] }
    : {
        stems: [stemOf(year), stemOf(month), stemOf(day), stemOf(hour)],
        branches: [branchOf(year), branchOf(month), branchOf(day), branchOf(hour)],
      };
};

/** A 節 (the one that opened the month or the next) falls inside the birth-time window: the month pillar may be another. */
function termInWindow(core: ChartCore): boolean {
  const opened = termStartMinuteUnixSec(core.monthTermIndex);
  const next = termStartMinuteUnixSec(core.monthTermIndex + 2);
  // An unknown time's window is its civil day (within two days of the birth instant): skip the zone's
  // arithmetic when both 節 are farther than that.
  if (core.request.timeUnknown === true && core.birthUnixSec - opened > 2 * 86_400 && next - core.birthUnixSec > 2 * 86_400) return false;
  const { from, to } = birthWindowOf(core);
  return (opened > from && opened <= to) || (next > from && next <= to);
}

/** How many of the schools' 用 elements agree: all → high, two → medium, else low (null 用 are skipped). */
function yongConfidence(yongs: readonly (number | null)[]): Confidence {
  const perElement = [0, 0, 0, 0, 0];
  let named = 0;
  let most = 0;
  for (const y of yongs) {
    if (y === null) continue;
    named++;
    most = Math.max(most, ++perElement[y]!);
  }
  return named > 0 && most === named ? 'high' : most >= 2 ? 'medium' : 'low';
}

/**
 * A 用 that contradicts the 格 its school reports: the 官殺 of a strong-side 外格 (破局), the 比劫 or 印
 * of a 從 the weak side follows ("從神" broken), or what an ordinary 格 avoids (`avoids`, ten-god groups).
 */
function contradicts(day: number, pattern: string, avoids: readonly number[], yong: number | null): boolean {
  if (yong === null) return false;
  const group = (yong - day + 5) % 5;
  if (STRONG_SIDE_PATTERNS.has(pattern)) return group === 3;
  if (WEAK_SIDE_PATTERNS.has(pattern)) return group === 0 || group === 4;
  if (pattern.startsWith('pattern.hua_') || pattern === 'pattern.liang_qi') return false;
  return avoids.includes(group);
}

/** The chart's analysis: every method's verdict and how sure it is. */
export function analysisOf(core: ChartCore): Analysis {
  const parts = partsOf(core);
  const deling = delingStrength(parts);
  const taizan = taizanPoints(parts);
  const cn = cnPercent(parts);
  const shiping = shipingPattern(parts);
  const transformations = transformationsOf(parts);
  const tongguan = tongguanOf(cn.elementPoints);
  // A 節 inside the window can change the month pillar, and with it every verdict: low. Methods that
  // disagree: medium. Otherwise high.
  const nearTerm = termInWindow(core);
  const checks = outerChecks(parts, transformations);
  const outer = outerPatternOf(checks, shiping, 'shiping');
  const monthZokan = zokanStem(core.zokanTable, parts.branches[1]!, core.zokanDayCount);
  const zokanTenGod = japanesePattern(parts.stems[2]!, monthZokan);
  const afterMidTerm = core.birthUnixSec >= termStartMinuteUnixSec(core.monthTermIndex + 1);
  const gods = usefulGodsOf(parts, deling.verdict, shiping.pattern, outer?.pattern ?? null, afterMidTerm);
  const formation = formationOf(parts, shiping.pattern, deling.verdict, deling.rootStrength, transformations);
  const ditiansui = ditiansuiOf(parts, transformations, tongguan?.mediator ?? null, gods.schools.shiping?.yong ?? null);
  const verdicts: readonly StrengthVerdict[] = [deling.verdict, taizan.verdict, cn.verdict, ditiansui.verdict];
  const strengthAgrees = verdicts.every((v) => v === verdicts[0]);
  // Each school's own 用 (調候-first falling back on 扶抑 is not a second vote).
  const yongs = [
    gods.schools.fuyi_first?.yong ?? null,
    gods.bases.tiaohou_first === 'fuyi' ? null : (gods.schools.tiaohou_first?.yong ?? null),
    gods.schools.shiping?.yong ?? null,
    ditiansui.yong,
  ];
  // The two schools' 格 of the month: the same when the 月支元命 ten god is the one 子平真詮 names.
  const patternsAgree = samePattern(shiping.pattern, zokanTenGod);
  // The 格 reading is less sure when its 成敗 turns on a rescue or is undecided, when a 外格 misses by
  // one condition, or when the two schools name different 格.
  // (a 化気 check whose day master has no neighbour to combine with is not near)
  const nearOuter = checks.some((ch) => ch.missing === 1 && ch.conditions['day_master_combines_neighbour'] !== false);
  const yongAgreement = yongConfidence(yongs);
  const yongContradictsPattern =
    contradicts(parts.stems[2]! >> 1, outer?.pattern ?? shiping.pattern, gods.geju.avoids, gods.schools.shiping?.yong ?? null) ||
    // 任鐵樵 is held to the 外格 he reads, not to 子平's 喜忌 of an ordinary 格.
    (ditiansui.outer !== null && contradicts(parts.stems[2]! >> 1, ditiansui.outer.pattern, [], ditiansui.yong));
  return {
    parts,
    dayStem: parts.stems[2]!,
    deling,
    taizan,
    cn,
    ditiansui,
    strengthAgrees,
    strengthConfidence: nearTerm ? 'low' : strengthAgrees ? 'high' : 'medium',
    transformations,
    shiping,
    checks,
    outer,
    formation,
    monthZokan,
    zokanTenGod,
    patternsAgree,
    patternConfidence: nearTerm
      ? 'low'
      : formation.formation === 'rescued' || formation.formation === 'undetermined' || nearOuter || !patternsAgree
        ? 'medium'
        : 'high',
    gods,
    tongguan,
    bingyao: bingYaoOf(parts, gods.geju.avoids),
    godsConfidence: nearTerm || yongContradictsPattern ? 'low' : yongAgreement,
    patternYong: gods.schools.shiping?.yong ?? null,
    yongContradictsPattern,
    usefulElementAgrees: yongAgreement === 'high',
  };
}
