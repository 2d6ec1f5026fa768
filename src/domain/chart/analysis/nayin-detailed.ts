/** Variant B `nayin` (docs/fields.md, "6.2 `nayin`"): 納音 per pillar and the compatibility of their elements. */
import { nayinElementIndex, nayinIndexOf, NAYIN_NAMES, type NayinName } from '../../calendar/nayin.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import { ELEMENTS, type Element } from '../../calendar/stems.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { HARMONY_LEVELS, NAYIN_MEANINGS, SECTION_DESCRIPTIONS } from '../../catalogue/ja-analysis.ts';
import { argMax } from './profile.ts';
import { nayinHarmonyScore, scoreBandOf } from './scores.ts';

export interface PillarNayin {
  readonly ganzhi: string;
  readonly nayin: NayinName;
  readonly element: Element;
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
    readonly harmony_level: { readonly score: number; readonly level: (typeof HARMONY_LEVELS)[number] };
    /** Most frequent 納音 element; ties go to the earlier of 木火土金水. */
    readonly dominant_element: Element;
  };
}

function pillarNayin(pillar: number): PillarNayin {
  const index = nayinIndexOf(pillar);
  return {
    ganzhi: ganzhiName(pillar),
    nayin: NAYIN_NAMES[index]!,
    element: ELEMENTS[nayinElementIndex(pillar)]!,
    meaning: NAYIN_MEANINGS[index]!,
  };
}

export function detailedNayin(input: AnalysisInput): DetailedNayin {
  const { year, month, day, hour } = input.pillars;
  const elements = (hour === null ? [year, month, day] : [year, month, day, hour]).map(nayinElementIndex);
  const counts = [0, 0, 0, 0, 0];
  for (const element of elements) counts[element]!++;
  const distribution: Partial<Record<Element, number>> = {};
  for (let e = 0; e < 5; e++) if (counts[e]! > 0) distribution[ELEMENTS[e]!] = counts[e]!;
  const score = nayinHarmonyScore(elements);
  return {
    description: SECTION_DESCRIPTIONS.nayin,
    year_pillar: pillarNayin(year),
    month_pillar: pillarNayin(month),
    day_pillar: pillarNayin(day),
    hour_pillar: hour === null ? null : pillarNayin(hour),
    compatibility: {
      element_distribution: distribution,
      harmony_level: { score, level: HARMONY_LEVELS[scoreBandOf('nayinHarmony', score)]! },
      dominant_element: ELEMENTS[argMax(counts)]!,
    },
  };
}
