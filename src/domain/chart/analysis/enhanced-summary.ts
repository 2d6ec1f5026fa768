/** Variant B `enhanced_summary` (docs/fields.md, section 6.4); every score rule is in scores.ts / docs/scores.md. */
import type { AnalysisInput } from '../analysis-input.ts';
import {
  ALL_ELEMENTS_PRESENT,
  DAY_MASTER_TRAITS,
  LEARNING_STYLE_BY_CATEGORY,
  LEARNING_STYLE_BY_ELEMENT,
  LITERARY_STAR_LEARNING,
  MISSING_ELEMENT_TRAITS,
  OVERALL_FORTUNE_DESCRIPTIONS,
  PEACH_BLOSSOM_RELATIONSHIP,
  RELATIONSHIP_BY_ELEMENT,
  SCORE_LEVELS,
  SECTION_DESCRIPTIONS,
  SPOUSE_STARS_RELATIONSHIP,
  STRENGTH_TRAITS,
  SUITABLE_FIELDS,
  TEN_GOD_TRAITS,
  WEALTH_TYPES,
} from '../../catalogue/ja-analysis.ts';
import { dominantTenGod, profileOf, strongestCategory, type ChartProfile } from './profile.ts';
import {
  academicScore,
  careerScore,
  categoriesForScores,
  chartFortuneScore,
  overallFortuneScore,
  relationshipScore,
  scoreBandOf,
  type ScoreKind,
  shenshaFortuneScore,
  wealthScore,
} from './scores.ts';
import { starCountsOf, starHitsOf } from './shensha.ts';

type ScoreLevel = (typeof SCORE_LEVELS)[number];
interface Indicator {
  readonly score: number;
  readonly level: ScoreLevel;
}

export interface EnhancedSummary {
  readonly description: string;
  readonly key_characteristics: readonly string[];
  readonly fortune_indicators: {
    readonly overall_fortune: Indicator & { readonly description: string };
    readonly career_potential: Indicator & { readonly suitable_fields: readonly string[] };
    readonly relationship_luck: Indicator & { readonly characteristics: readonly string[] };
    readonly wealth_potential: Indicator & { readonly wealth_type: string };
    readonly academic_talent: Indicator & { readonly learning_style: readonly string[] };
  };
}

const [OUTPUT, WEALTH, AUTHORITY, RESOURCE] = [1, 2, 3, 4] as const;
const [INDIRECT_WEALTH, DIRECT_WEALTH] = [4, 5] as const;

const levelOf = (kind: ScoreKind, score: number): ScoreLevel => SCORE_LEVELS[scoreBandOf(kind, score)]!;

/** 食傷生財 when output stars feed wealth stars; otherwise the majority of 正財 / 偏財. */
function wealthTypeOf({ categoryCounts, tenGodCounts }: ChartProfile): string {
  if (categoryCounts[WEALTH] === 0) return WEALTH_TYPES[3];
  if (categoryCounts[OUTPUT]! >= 2) return WEALTH_TYPES[0];
  return tenGodCounts[DIRECT_WEALTH]! >= tenGodCounts[INDIRECT_WEALTH]! ? WEALTH_TYPES[1] : WEALTH_TYPES[2];
}

function keyCharacteristics(profile: ChartProfile): string[] {
  const missing = profile.elementCounts.indexOf(0);
  return [
    DAY_MASTER_TRAITS[profile.dayStem]!,
    STRENGTH_TRAITS[profile.strengthLevel],
    TEN_GOD_TRAITS[dominantTenGod(profile)]!,
    missing === -1 ? ALL_ELEMENTS_PRESENT : MISSING_ELEMENT_TRAITS[missing]!,
  ];
}

export function enhancedSummary(input: AnalysisInput): EnhancedSummary {
  const profile = profileOf(input);
  const { strengthLevel } = profile;
  const categories = categoriesForScores(profile.categoryCounts);
  const dayElement = profile.dayStem >> 1;
  const stars = starCountsOf(starHitsOf(input));
  const overall = overallFortuneScore(chartFortuneScore(profile.strengthScore, profile.elementCounts), shenshaFortuneScore(stars));

  const career = careerScore(categories, strengthLevel);
  const relationship = relationshipScore(categories, stars.peachBlossom, stars.voidBranches);
  const wealth = wealthScore(categories, strengthLevel);
  const academic = academicScore(categories, stars.literaryStar);

  const relationshipTraits: string[] = [
    RELATIONSHIP_BY_ELEMENT[dayElement]!,
    SPOUSE_STARS_RELATIONSHIP[categories[WEALTH]! + categories[AUTHORITY]! > 0 ? 0 : 1],
  ];
  if (stars.peachBlossom > 0) relationshipTraits.push(PEACH_BLOSSOM_RELATIONSHIP);
  const learningStyle: string[] = [
    LEARNING_STYLE_BY_ELEMENT[dayElement]!,
    LEARNING_STYLE_BY_CATEGORY[categories[RESOURCE]! >= categories[OUTPUT]! ? 0 : 1],
  ];
  if (stars.literaryStar > 0) learningStyle.push(LITERARY_STAR_LEARNING);

  return {
    description: SECTION_DESCRIPTIONS.enhancedSummary,
    key_characteristics: keyCharacteristics(profile),
    fortune_indicators: {
      overall_fortune: {
        score: overall,
        level: levelOf('overallFortune', overall),
        description: OVERALL_FORTUNE_DESCRIPTIONS[scoreBandOf('overallFortune', overall)]!,
      },
      career_potential: { score: career, level: levelOf('career', career), suitable_fields: SUITABLE_FIELDS[strongestCategory(profile)]! },
      relationship_luck: { score: relationship, level: levelOf('relationship', relationship), characteristics: relationshipTraits },
      wealth_potential: { score: wealth, level: levelOf('wealth', wealth), wealth_type: wealthTypeOf(profile) },
      academic_talent: { score: academic, level: levelOf('academic', academic), learning_style: learningStyle },
    },
  };
}
