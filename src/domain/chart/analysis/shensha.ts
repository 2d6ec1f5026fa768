/**
 * Variant B `shensha` (docs/fields.md, "6.3 `shensha`"). References (docs/scores.md, "Shensha
 * references"): 天乙 and 文昌 from the day stem on all four branches; 桃花 and 華蓋 from the year
 * branch and the day branch via their 三合 group, never matching the reference pillar itself; 空亡
 * from the day pillar's 旬 on the year, month and hour branches; 魁罡 from the day pillar (the
 * classic four).
 */
import { BRANCHES } from '../../calendar/branches.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import { isHeavenlyNoble, isKuigang, isLiteraryStar, isVoidBranch } from '../../calendar/shensha-rules.ts';
import { canopyBranchFrom, peachBlossomBranchFrom } from '../../calendar/three-harmony.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { DAY, profileOf } from './profile.ts';
import { scoreBandOf, shenshaFortuneScore, type StarCounts } from './scores.ts';

/** Star keys in output order; the catalogue holds each star's texts by its key. */
export const STAR_KEYS = ['tianyi_guiren', 'wenchang_guiren', 'taohua', 'huagai', 'kongwang'] as const;
export type StarKey = (typeof STAR_KEYS)[number];

export interface StarLocation {
  readonly pillar: string;
  readonly branch: string;
  readonly meaning: string;
}
export interface StarEntry {
  readonly present: boolean;
  readonly locations: readonly StarLocation[];
  readonly count: number;
  readonly effect: string;
}
export type Shensha = { readonly description: string } & Readonly<Record<StarKey, StarEntry>> & {
    readonly kuigang: { readonly present: boolean; readonly ganzhi: string | null; readonly meaning: string; readonly effect: string };
    readonly summary: {
      readonly active_stars: readonly string[];
      readonly total_stars: number;
      readonly fortune_score: number;
      readonly overall_assessment: string;
      readonly description: string;
    };
  };

/** Per star, per pillar: bit 0 = hit, bit 1 = found from the year branch, bit 2 = from the day branch. */
export type StarHits = Readonly<Record<StarKey, readonly number[]>> & { readonly kuigang: boolean };

const HIT = 1;
const FROM_YEAR = 2;
const FROM_DAY = 4;
const YEAR = 0;

let lastInput: AnalysisInput | undefined;
let lastHits: StarHits | undefined;

/** The chart's star hits; shensha and enhanced_summary both need them, so the last chart's are kept. */
export function starHitsOf(input: AnalysisInput): StarHits {
  if (input === lastInput && lastHits !== undefined) return lastHits;
  lastHits = computeStarHits(input);
  lastInput = input;
  return lastHits;
}

function computeStarHits(input: AnalysisInput): StarHits {
  const { dayStem, branches } = profileOf(input);
  const tianyi = [0, 0, 0, 0];
  const wenchang = [0, 0, 0, 0];
  const taohua = [0, 0, 0, 0];
  const huagai = [0, 0, 0, 0];
  const kongwang = [0, 0, 0, 0];
  const peachFromYear = peachBlossomBranchFrom(branches[YEAR]!);
  const peachFromDay = peachBlossomBranchFrom(branches[DAY]!);
  const canopyFromYear = canopyBranchFrom(branches[YEAR]!);
  const canopyFromDay = canopyBranchFrom(branches[DAY]!);
  for (let p = 0; p < branches.length; p++) {
    const branch = branches[p]!;
    if (isHeavenlyNoble(dayStem, branch)) tianyi[p] = HIT;
    if (isLiteraryStar(dayStem, branch)) wenchang[p] = HIT;
    if (p !== YEAR && branch === peachFromYear) taohua[p]! |= HIT | FROM_YEAR;
    if (p !== DAY && branch === peachFromDay) taohua[p]! |= HIT | FROM_DAY;
    if (p !== YEAR && branch === canopyFromYear) huagai[p]! |= HIT | FROM_YEAR;
    if (p !== DAY && branch === canopyFromDay) huagai[p]! |= HIT | FROM_DAY;
    if (p !== DAY && isVoidBranch(input.pillars.day, branch)) kongwang[p] = HIT;
  }
  return { tianyi_guiren: tianyi, wenchang_guiren: wenchang, taohua, huagai, kongwang, kuigang: isKuigang(input.pillars.day) };
}

const countHits = (hits: readonly number[]): number => hits.reduce((n, mask) => n + (mask & HIT), 0);

export const starCountsOf = (hits: StarHits): StarCounts => ({
  heavenlyNoble: countHits(hits.tianyi_guiren),
  literaryStar: countHits(hits.wenchang_guiren),
  peachBlossom: countHits(hits.taohua),
  canopy: countHits(hits.huagai),
  voidBranches: countHits(hits.kongwang),
  kuigang: hits.kuigang,
});

function starEntry(star: StarKey, hits: readonly number[], branches: readonly number[], c: Catalogue): StarEntry {
  const locations: StarLocation[] = [];
  for (let p = 0; p < branches.length; p++) {
    const mask = hits[p]!;
    if ((mask & HIT) === 0) continue;
    locations.push({
      pillar: c.analysis.PILLAR_LABELS[p]!,
      branch: BRANCHES[branches[p]!]!,
      meaning: c.analysis.STAR_LOCATION_MEANINGS[star][p]![mask >> 1]!,
    });
  }
  const present = locations.length > 0;
  return {
    present,
    locations,
    count: locations.length,
    effect: present ? c.analysis.STAR_TEXTS[star].present : c.analysis.STAR_TEXTS[star].absent,
  };
}

export function shensha(input: AnalysisInput, c: Catalogue): Shensha {
  const { branches } = profileOf(input);
  const hits = starHitsOf(input);
  const entries = {} as Record<StarKey, StarEntry>;
  const activeStars: string[] = [];
  let totalStars = 0;
  for (const star of STAR_KEYS) {
    const entry = starEntry(star, hits[star], branches, c);
    entries[star] = entry;
    totalStars += entry.count;
    if (entry.present) activeStars.push(c.analysis.STAR_TEXTS[star].name);
  }
  if (hits.kuigang) {
    activeStars.push(c.analysis.KUIGANG_TEXTS.name);
    totalStars += 1;
  }
  const fortuneScore = shenshaFortuneScore(starCountsOf(hits));
  return {
    description: c.analysis.SECTION_DESCRIPTIONS.shensha,
    ...entries,
    kuigang: {
      present: hits.kuigang,
      ganzhi: hits.kuigang ? ganzhiName(input.pillars.day) : null,
      meaning: c.analysis.KUIGANG_TEXTS.meaning,
      effect: hits.kuigang ? c.analysis.KUIGANG_TEXTS.present : c.analysis.KUIGANG_TEXTS.absent,
    },
    summary: {
      active_stars: activeStars,
      total_stars: totalStars,
      fortune_score: fortuneScore,
      overall_assessment: c.analysis.SHENSHA_ASSESSMENTS[scoreBandOf('shensha', fortuneScore)]!,
      description: c.analysis.SECTION_DESCRIPTIONS.shenshaSummary,
    },
  };
}
