/** Variant A `summary` (docs/fields.md, "4. Variant A only"); rules in scores.ts and docs/scores.md. */
import { STEMS, stemElement, type Element, type Stem } from '../../calendar/stems.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { DAY_MASTER_TRAITS, STRENGTH_LABELS, STRENGTH_TRAITS, TEN_GOD_TRAITS } from '../../catalogue/ja-analysis.ts';
import { dominantTenGod, profileOf } from './profile.ts';
import { chartFortuneScore } from './scores.ts';

export interface BasicSummary {
  readonly day_master: Stem;
  readonly element: Element;
  readonly strength: (typeof STRENGTH_LABELS)[number];
  readonly fortune_score: number;
  readonly personality_traits: readonly string[];
}

export function basicSummary(input: AnalysisInput): BasicSummary {
  const profile = profileOf(input);
  return {
    day_master: STEMS[profile.dayStem]!,
    element: stemElement(profile.dayStem),
    strength: STRENGTH_LABELS[profile.strengthLevel],
    fortune_score: chartFortuneScore(profile.strengthScore, profile.elementCounts),
    personality_traits: [
      DAY_MASTER_TRAITS[profile.dayStem]!,
      STRENGTH_TRAITS[profile.strengthLevel],
      TEN_GOD_TRAITS[dominantTenGod(profile)]!,
    ],
  };
}
