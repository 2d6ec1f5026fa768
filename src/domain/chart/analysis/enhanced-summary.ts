/** Variant B `enhanced_summary` (docs/fields.md, section 6.4); every score rule is in scores.ts / docs/scores.md. */
import type { Catalogue } from '../../catalogue/index.ts';
import type { AnalysisInput } from '../analysis-input.ts';
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

type ScoreLevel = string;
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

const levelOf = (c: Catalogue, kind: ScoreKind, score: number): ScoreLevel => c.analysis.SCORE_LEVELS[scoreBandOf(kind, score)]!;

/** 食傷生財 when output stars feed wealth stars; otherwise the majority of 正財 / 偏財. */
function wealthTypeOf({ categoryCounts, tenGodCounts }: ChartProfile, c: Catalogue): string {
  if (categoryCounts[WEALTH] === 0) return c.analysis.WEALTH_TYPES[3];
  if (categoryCounts[OUTPUT]! >= 2) return c.analysis.WEALTH_TYPES[0];
  return tenGodCounts[DIRECT_WEALTH]! >= tenGodCounts[INDIRECT_WEALTH]! ? c.analysis.WEALTH_TYPES[1] : c.analysis.WEALTH_TYPES[2];
}

function keyCharacteristics(profile: ChartProfile, c: Catalogue): string[] {
  const missing = profile.elementCounts.indexOf(0);
  return [
    c.analysis.DAY_MASTER_TRAITS[profile.dayStem]!,
    c.analysis.STRENGTH_TRAITS[profile.strengthLevel],
    c.analysis.TEN_GOD_TRAITS[dominantTenGod(profile)]!,
    missing === -1 ? c.analysis.ALL_ELEMENTS_PRESENT : c.analysis.MISSING_ELEMENT_TRAITS[missing]!,
  ];
}

export function enhancedSummary(input: AnalysisInput, c: Catalogue): EnhancedSummary {
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
    c.analysis.RELATIONSHIP_BY_ELEMENT[dayElement]!,
    c.analysis.SPOUSE_STARS_RELATIONSHIP[categories[WEALTH]! + categories[AUTHORITY]! > 0 ? 0 : 1],
  ];
  if (stars.peachBlossom > 0) relationshipTraits.push(c.analysis.PEACH_BLOSSOM_RELATIONSHIP);
  const learningStyle: string[] = [
    c.analysis.LEARNING_STYLE_BY_ELEMENT[dayElement]!,
    c.analysis.LEARNING_STYLE_BY_CATEGORY[categories[RESOURCE]! >= categories[OUTPUT]! ? 0 : 1],
  ];
  if (stars.literaryStar > 0) learningStyle.push(c.analysis.LITERARY_STAR_LEARNING);

  return {
    description: c.analysis.SECTION_DESCRIPTIONS.enhancedSummary,
    key_characteristics: keyCharacteristics(profile, c),
    fortune_indicators: {
      overall_fortune: {
        score: overall,
        level: levelOf(c, 'overallFortune', overall),
        description: c.analysis.OVERALL_FORTUNE_DESCRIPTIONS[scoreBandOf('overallFortune', overall)]!,
      },
      career_potential: {
        score: career,
        level: levelOf(c, 'career', career),
        suitable_fields: c.analysis.SUITABLE_FIELDS[strongestCategory(profile)]!,
      },
      relationship_luck: { score: relationship, level: levelOf(c, 'relationship', relationship), characteristics: relationshipTraits },
      wealth_potential: { score: wealth, level: levelOf(c, 'wealth', wealth), wealth_type: wealthTypeOf(profile, c) },
      academic_talent: { score: academic, level: levelOf(c, 'academic', academic), learning_style: learningStyle },
    },
  };
}
