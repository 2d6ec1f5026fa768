/**
 * The `analysis` section as answered (REST / CLI `include=analysis`, GraphQL `analysis`, MCP): each
 * method's verdict with its codes, its words in the answer's language, the facts it used, its rule
 * ids and citations (keys of docs/sources.md) and a confidence; then where the methods agree.
 * A chart whose birth time is unknown is analysed on its three pillars and says so.
 */
import { BRANCHES } from '../calendar/branches.ts';
import { STEMS } from '../calendar/stems.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { chartWarnings } from '../chart/certainty.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { branchOf, stemOf } from '../calendar/sexagenary.ts';
import { ELEMENT_CODES, TEN_GOD_CODES } from '../vocabulary/codes.ts';
import { PHASE_CODES } from './roots.ts';
import {
  cnPercent,
  DELING_GRADES,
  delingStrength,
  POINT_LEVELS,
  taizanPoints,
  type PillarParts,
  type PointsStrength,
  type StemFact,
  type StrengthVerdict,
} from './strength.ts';

const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const VERDICT_INDEX: Readonly<Record<StrengthVerdict, number>> = { strong: 0, balanced: 1, weak: 2 };

/** Each method's rule ids and the sources they cite (docs/analysis.md lists the rules). */
export const STRENGTH_RULES = {
  deling: {
    ruleIds: ['ZP-6-roots', 'ZP-4-combined', 'LIKI-wangshuai-table', 'PHASE-month'],
    citations: ['zipingzhenquan', 'liki', 'mingyu'],
  },
  taizan_points: { ruleIds: ['FPD-taizan-points', 'PHASE-month'], citations: ['fourpillars-web'] },
  cn_percent: { ruleIds: ['HK-beneficial-percent', 'PHASE-month-no-earth'], citations: ['hayatokanee-fengshui'] },
} as const;

export type Confidence = 'high' | 'medium' | 'low';

const partsOf = (core: ChartCore): PillarParts => {
  const { year, month, day, hour } = core.pillars;
  const pillars = hour === null ? [year, month, day] : [year, month, day, hour];
  return { stems: pillars.map(stemOf), branches: pillars.map(branchOf) };
};

const stemFactJson = (c: Catalogue) => (f: StemFact) => ({
  pillar: PILLARS[f.slot]!,
  stem: STEMS[f.stem]!,
  ten_god: TEN_GOD_CODES[f.tenGod]!,
  ten_god_label: c.labels.shishen[f.tenGod]!,
  effective: f.effective,
  reason: f.reason,
});

const pointsJson = (p: PointsStrength, c: Catalogue, confidence: Confidence) => ({
  method: p.method,
  name: c.classical.methods[p.method],
  verdict: p.verdict,
  verdict_label: c.analysis.STRENGTH_LABELS[VERDICT_INDEX[p.verdict]]!,
  grade: p.level,
  grade_label: c.classical.levels[POINT_LEVELS.indexOf(p.level)]!,
  score: p.score,
  evidence: {
    element_points: Object.fromEntries(ELEMENT_CODES.map((code, e) => [code, p.elementPoints[e]!])),
  },
  rule_ids: STRENGTH_RULES[p.method].ruleIds,
  citations: STRENGTH_RULES[p.method].citations,
  confidence,
});

/** The section's JSON in the catalogue's words. */
export function analysisJson(core: ChartCore, c: Catalogue) {
  const parts = partsOf(core);
  const deling = delingStrength(parts);
  const taizan = taizanPoints(parts);
  const cn = cnPercent(parts);
  const verdicts = [deling.verdict, taizan.verdict, cn.verdict];
  const agree = verdicts.every((v) => v === verdicts[0]);
  // A 節 inside the window can change the month pillar, and with it every verdict: low. Methods that
  // disagree: medium. Otherwise high.
  const nearTerm = chartWarnings(core, undefined, c.warnings).some((w) => w.code === 'NEAR_SOLAR_TERM');
  const confidence: Confidence = nearTerm ? 'low' : agree ? 'high' : 'medium';
  return {
    pillars_used: parts.stems.length,
    strength: [
      {
        method: deling.method,
        name: c.classical.methods.deling,
        verdict: deling.verdict,
        verdict_label: c.analysis.STRENGTH_LABELS[VERDICT_INDEX[deling.verdict]]!,
        grade: deling.grade,
        grade_label: c.classical.grades[DELING_GRADES.indexOf(deling.grade)]!,
        score: null,
        evidence: {
          month_branch: BRANCHES[parts.branches[1]!]!,
          month_phase: PHASE_CODES[deling.monthPhase]!,
          month_phase_label: c.classical.phases[deling.monthPhase]!,
          in_season: deling.inSeason,
          roots: deling.roots.map((r) => ({
            pillar: PILLARS[r.slot]!,
            branch: BRANCHES[r.branch]!,
            stem: r.stem === null ? null : STEMS[r.stem]!,
            qi: r.qi,
            depth: r.depth,
          })),
          root_strength: deling.rootStrength,
          support: deling.support.map(stemFactJson(c)),
          resource_strength: deling.resourceStrength,
          light_body_heavy_resource: deling.lightBodyHeavyResource,
          drain: deling.drain.map(stemFactJson(c)),
        },
        rule_ids: STRENGTH_RULES.deling.ruleIds,
        citations: STRENGTH_RULES.deling.citations,
        confidence,
      },
      pointsJson(taizan, c, confidence),
      pointsJson(cn, c, confidence),
    ],
    agreement: {
      strength: agree ? 'agree' : 'split',
      verdicts: { deling: deling.verdict, taizan_points: taizan.verdict, cn_percent: cn.verdict },
    },
  };
}
