/** Variant B `ten_gods` (docs/fields.md, "6.1 `ten_gods`"): per-pillar stem, ten god and meaning, plus a summary. */
import { STEMS } from '../../calendar/stems.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { dominantTenGod, HOUR, profileOf, strongestCategory, type ChartProfile } from './profile.ts';

export interface PillarTenGod {
  readonly stem: string;
  readonly ten_god: string;
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
    readonly dominant_ten_god: string;
    readonly dominant_count: number;
    readonly pattern_description: string;
    readonly balance_assessment: {
      readonly strongest_category: string;
      readonly balance_type: string;
    };
  };
}

function pillarTenGod(profile: ChartProfile, pillar: number, c: Catalogue): PillarTenGod {
  const god = profile.stemTenGods[pillar]!;
  return { stem: STEMS[profile.stems[pillar]!]!, ten_god: c.labels.shishen[god]!, meaning: c.analysis.TEN_GOD_MEANINGS[god]! };
}

/**
 * Balance type over the category counts of the seven positions: 偏重型 when one category holds
 * 4 or more, 均衡型 when at least 4 of the 5 categories appear, 標準型 otherwise.
 */
function balanceTypeOf(categoryCounts: readonly number[], c: Catalogue): string {
  let present = 0;
  let largest = 0;
  for (const count of categoryCounts) {
    if (count > 0) present++;
    if (count > largest) largest = count;
  }
  return largest >= 4 ? c.analysis.BALANCE_TYPES[0] : present >= 4 ? c.analysis.BALANCE_TYPES[1] : c.analysis.BALANCE_TYPES[2];
}

export function detailedTenGods(input: AnalysisInput, c: Catalogue): DetailedTenGods {
  const profile = profileOf(input);
  const dominant = dominantTenGod(profile);
  const count = profile.tenGodCounts[dominant]!;
  const tied = [dominant, ...profile.tenGodCounts.flatMap((n, god) => (n === count && god !== dominant ? [god] : []))];
  return {
    description: c.analysis.SECTION_DESCRIPTIONS.tenGods,
    year_pillar: pillarTenGod(profile, 0, c),
    month_pillar: pillarTenGod(profile, 1, c),
    day_pillar: pillarTenGod(profile, 2, c),
    hour_pillar: profile.stems.length > HOUR ? pillarTenGod(profile, HOUR, c) : null,
    summary: {
      dominant_ten_god: c.labels.shishen[dominant]!,
      dominant_count: count,
      pattern_description: c.analysis.tenGodPattern(tied, count),
      balance_assessment: {
        strongest_category: c.labels.shishen_group[strongestCategory(profile)]!,
        balance_type: balanceTypeOf(profile.categoryCounts, c),
      },
    },
  };
}
