/** Variant B `nayin` (docs/fields.md, "6.2 `nayin`"): 納音 per pillar and the compatibility of their elements. */
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import { nayinElementIndex, nayinIndexOf } from '../../calendar/nayin.ts';
import { ELEMENTS, type Element } from '../../calendar/stems.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { argMax } from './profile.ts';
import { nayinHarmonyScore, scoreBandOf } from './scores.ts';

export interface PillarNayin {
  readonly ganzhi: string;
  readonly nayin: string;
  readonly element: string;
  readonly meaning: string;
}

export interface DetailedNayin {
  readonly description: string;
  readonly year_pillar: PillarNayin;
  readonly month_pillar: PillarNayin;
  readonly day_pillar: PillarNayin;
  /** Null in a three-pillar chart (the birth time unknown). */
  readonly hour_pillar: PillarNayin | null;
  readonly compatibility: {
    /** Only the elements that occur, in the order 木火土金水. */
    readonly element_distribution: Readonly<Partial<Record<Element, number>>>;
    readonly harmony_level: { readonly score: number; readonly level: string };
    /** Most frequent 納音 element; ties go to the earlier of 木火土金水. */
    readonly dominant_element: string;
  };
}

function pillarNayin(pillar: number, c: Catalogue): PillarNayin {
  const index = nayinIndexOf(pillar);
  return {
    ganzhi: ganzhiName(pillar),
    nayin: c.labels.nayin[index]!,
    element: c.labels.element[nayinElementIndex(pillar)]!,
    meaning: c.analysis.NAYIN_MEANINGS[index]!,
  };
}

export function detailedNayin(input: AnalysisInput, c: Catalogue): DetailedNayin {
  const { year, month, day, hour } = input.pillars;
  const elements = (hour === null ? [year, month, day] : [year, month, day, hour]).map(nayinElementIndex);
  const counts = [0, 0, 0, 0, 0];
  for (const element of elements) counts[element]!++;
  const distribution: Partial<Record<Element, number>> = {};
  // Keyed like `gogyo_balance`: the contract's 木火土金水 in every language.
  for (let e = 0; e < 5; e++) if (counts[e]! > 0) distribution[ELEMENTS[e]!] = counts[e]!;
  const score = nayinHarmonyScore(elements);
  return {
    description: c.analysis.SECTION_DESCRIPTIONS.nayin,
    year_pillar: pillarNayin(year, c),
    month_pillar: pillarNayin(month, c),
    day_pillar: pillarNayin(day, c),
    hour_pillar: hour === null ? null : pillarNayin(hour, c),
    compatibility: {
      element_distribution: distribution,
      harmony_level: { score, level: c.analysis.HARMONY_LEVELS[scoreBandOf('nayinHarmony', score)]! },
      dominant_element: c.labels.element[argMax(counts)]!,
    },
  };
}
