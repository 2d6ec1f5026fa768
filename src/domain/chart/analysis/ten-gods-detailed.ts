/** Variant B `ten_gods` (docs/fields.md, "6.1 `ten_gods`"): per-pillar stem, ten god and meaning, plus a summary. */
import { STEMS, type Stem } from '../../calendar/stems.ts';
import { TEN_GOD_CATEGORIES, TEN_GODS, type TenGod, type TenGodCategory } from '../../calendar/ten-gods.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { BALANCE_TYPES, SECTION_DESCRIPTIONS, TEN_GOD_MEANINGS, tenGodPattern } from '../../catalogue/ja-analysis.ts';
import { dominantTenGod, HOUR, profileOf, strongestCategory, type ChartProfile } from './profile.ts';

export interface PillarTenGod {
  readonly stem: Stem;
  readonly ten_god: TenGod;
  readonly meaning: string;
}

export interface DetailedTenGods {
  readonly description: string;
  readonly year_pillar: PillarTenGod;
  readonly month_pillar: PillarTenGod;
  readonly day_pillar: PillarTenGod;
  /** Null in a three-pillar chart (the birth time unknown). */
  readonly hour_pillar: PillarTenGod | null;
  readonly summary: {
    readonly dominant_ten_god: TenGod;
    readonly dominant_count: number;
    readonly pattern_description: string;
    readonly balance_assessment: {
      readonly strongest_category: TenGodCategory;
      readonly balance_type: (typeof BALANCE_TYPES)[number];
    };
  };
}

function pillarTenGod(profile: ChartProfile, pillar: number): PillarTenGod {
  const god = profile.stemTenGods[pillar]!;
  return { stem: STEMS[profile.stems[pillar]!]!, ten_god: TEN_GODS[god]!, meaning: TEN_GOD_MEANINGS[god]! };
}

/**
 * Balance type over the category counts of the seven positions: 偏重型 when one category holds
 * 4 or more, 均衡型 when at least 4 of the 5 categories appear, 標準型 otherwise.
 */
function balanceTypeOf(categoryCounts: readonly number[]): (typeof BALANCE_TYPES)[number] {
  let present = 0;
  let largest = 0;
  for (const count of categoryCounts) {
    if (count > 0) present++;
    if (count > largest) largest = count;
  }
  return largest >= 4 ? BALANCE_TYPES[0] : present >= 4 ? BALANCE_TYPES[1] : BALANCE_TYPES[2];
}

export function detailedTenGods(input: AnalysisInput): DetailedTenGods {
  const profile = profileOf(input);
  const dominant = dominantTenGod(profile);
  const count = profile.tenGodCounts[dominant]!;
  const tied = [dominant, ...profile.tenGodCounts.flatMap((c, god) => (c === count && god !== dominant ? [god] : []))];
  return {
    description: SECTION_DESCRIPTIONS.tenGods,
    year_pillar: pillarTenGod(profile, 0),
    month_pillar: pillarTenGod(profile, 1),
    day_pillar: pillarTenGod(profile, 2),
    hour_pillar: profile.stems.length > HOUR ? pillarTenGod(profile, HOUR) : null,
    summary: {
      dominant_ten_god: TEN_GODS[dominant]!,
      dominant_count: count,
      pattern_description: tenGodPattern(tied, count),
      balance_assessment: {
        strongest_category: TEN_GOD_CATEGORIES[strongestCategory(profile)]!,
        balance_type: balanceTypeOf(profile.categoryCounts),
      },
    },
  };
}
