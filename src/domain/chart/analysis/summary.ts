/** Variant A `summary` (docs/fields.md, "4. Variant A only"); rules in scores.ts and docs/scores.md. */
import { STEMS } from '../../calendar/stems.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import { stemElementLabel } from '../../catalogue/words.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { dominantTenGod, profileOf } from './profile.ts';
import { chartFortuneScore } from './scores.ts';

export interface BasicSummary {
  readonly day_master: string;
  readonly element: string;
  readonly strength: string;
  readonly fortune_score: number;
  readonly personality_traits: readonly string[];
}

export function basicSummary(input: AnalysisInput, c: Catalogue): BasicSummary {
  const profile = profileOf(input);
  return {
    day_master: STEMS[profile.dayStem]!,
    element: stemElementLabel(c, profile.dayStem),
    strength: c.analysis.STRENGTH_LABELS[profile.strengthLevel],
    fortune_score: chartFortuneScore(profile.strengthScore, profile.elementCounts),
    personality_traits: [
      c.analysis.DAY_MASTER_TRAITS[profile.dayStem]!,
      c.analysis.STRENGTH_TRAITS[profile.strengthLevel],
      c.analysis.TEN_GOD_TRAITS[dominantTenGod(profile)]!,
    ],
  };
}
