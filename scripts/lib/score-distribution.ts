/**
 * How the interpretive scores and levels fall over random charts 1900–2100: birth date, time and
 * longitude (122–154°E, Japan) uniform, Asia/Tokyo, default conventions. Shared by
 * scripts/score-distribution.ts (the figures docs/scores.md quotes) and the test that keeps every
 * level between 5 % and 35 %.
 */
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { buildVariantBResult } from '../../src/domain/chart/variants.ts';
import { mulberry32 } from '../../test/support/prng.ts';

export interface ScoreSample {
  readonly name: string;
  readonly score: number;
  readonly level: string;
}

/** Every scored field of one Variant B result, as name / score / level. */
function samplesOf(raw: Record<string, unknown>): ScoreSample[] {
  const parsed = parseChartRequest(raw);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => i.message).join('; '));
  const result = buildVariantBResult(computeChartCore(parsed.request), JA_CATALOGUE);
  const f = result.enhanced_summary.fortune_indicators;
  return [
    { name: 'overall_fortune', score: f.overall_fortune.score, level: f.overall_fortune.level },
    { name: 'career_potential', score: f.career_potential.score, level: f.career_potential.level },
    { name: 'relationship_luck', score: f.relationship_luck.score, level: f.relationship_luck.level },
    { name: 'wealth_potential', score: f.wealth_potential.score, level: f.wealth_potential.level },
    { name: 'academic_talent', score: f.academic_talent.score, level: f.academic_talent.level },
    { name: 'harmony_level', score: result.nayin.compatibility.harmony_level.score, level: result.nayin.compatibility.harmony_level.level },
    { name: 'shensha_summary', score: result.shensha.summary.fortune_score, level: result.shensha.summary.overall_assessment },
  ];
}

export interface Distribution {
  readonly name: string;
  readonly scores: readonly number[];
  /** Share of the charts at each level, in the order the levels first appear sorted by score (best first). */
  readonly levels: readonly (readonly [string, number])[];
}

export function scoreDistribution(charts: number, seed: number): Distribution[] {
  const random = mulberry32(seed);
  const first = Date.UTC(1900, 0, 1);
  const span = Date.UTC(2100, 11, 31) - first;
  const byName = new Map<string, ScoreSample[]>();
  for (let i = 0; i < charts; i++) {
    const date = new Date(first + Math.floor(random() * span));
    const raw = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: Math.floor(random() * 24),
      minute: Math.floor(random() * 60),
      location: Math.round((122 + random() * 32) * 100) / 100,
    };
    for (const sample of samplesOf(raw)) {
      let list = byName.get(sample.name);
      if (list === undefined) byName.set(sample.name, (list = []));
      list.push(sample);
    }
  }
  return [...byName].map(([name, samples]) => {
    const counts = new Map<string, { count: number; best: number }>();
    for (const { score, level } of samples) {
      const entry = counts.get(level) ?? { count: 0, best: -1 };
      counts.set(level, { count: entry.count + 1, best: Math.max(entry.best, score) });
    }
    const levels = [...counts].sort((a, b) => b[1].best - a[1].best).map(([level, { count }]) => [level, count / samples.length] as const);
    return { name, scores: samples.map((s) => s.score).sort((a, b) => a - b), levels };
  });
}
