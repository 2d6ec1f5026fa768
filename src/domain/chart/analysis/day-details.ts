/** day_ganzhi_details, shared by Variant A and B (field meanings: docs/fields.md, `day_ganzhi_details`). */
import { JA_CATALOGUE, type Catalogue } from '../../catalogue/index.ts';
import { polarityLabel, stemElementLabel } from '../../catalogue/words.ts';
import { dayNineStar } from '../../calendar/nine-star.ts';
import { branchOf, stemOf } from '../../calendar/sexagenary.ts';
import { threeHarmonyGroupOf } from '../../calendar/three-harmony.ts';
import type { AnalysisInput } from '../analysis-input.ts';

export interface DayGanzhiDetails {
  /** Sexagenary number 1–60, 甲子 = 1. */
  readonly number: number;
  readonly element: string;
  readonly yin_yang: string;
  readonly heavenly_stem: string;
  /** 三合 group of the day branch: 水局 金局 火局 木局. */
  readonly earthly_branch_group: string;
  /** 日家九星 of the day-pillar date, e.g. 一白水星. */
  readonly star: string;
  readonly animal: string;
}

export function dayGanzhiDetails(input: AnalysisInput, c: Catalogue = JA_CATALOGUE): DayGanzhiDetails {
  const day = input.pillars.day;
  const stem = stemOf(day);
  const branch = branchOf(day);
  return {
    number: day + 1,
    element: stemElementLabel(c, stem),
    yin_yang: polarityLabel(c, stem),
    heavenly_stem: c.labels.stem[stem]!,
    earthly_branch_group: threeHarmonyGroupOf(branch).name,
    star: dayNineStar(input.dayPillarJdn),
    animal: c.labels.zodiac[branch]!,
  };
}
