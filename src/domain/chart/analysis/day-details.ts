/** day_ganzhi_details, shared by Variant A and B (field meanings: docs/fields.md, `day_ganzhi_details`). */
import { BRANCH_ANIMALS, type BranchAnimal } from '../../calendar/animals.ts';
import { dayNineStar, type NineStar } from '../../calendar/nine-star.ts';
import { branchOf, stemOf } from '../../calendar/sexagenary.ts';
import { STEMS, stemElement, stemPolarityLabel, type Element, type Stem } from '../../calendar/stems.ts';
import { threeHarmonyGroupOf, type ThreeHarmonyGroupName } from '../../calendar/three-harmony.ts';
import type { AnalysisInput } from '../analysis-input.ts';

export interface DayGanzhiDetails {
  /** Sexagenary number 1–60, 甲子 = 1. */
  readonly number: number;
  readonly element: Element;
  readonly yin_yang: '陽+' | '陰-';
  readonly heavenly_stem: Stem;
  /** 三合 group of the day branch: 水局 金局 火局 木局. */
  readonly earthly_branch_group: ThreeHarmonyGroupName;
  /** 日家九星 of the day-pillar date, e.g. 一白水星. */
  readonly star: NineStar;
  readonly animal: BranchAnimal;
}

export function dayGanzhiDetails(input: AnalysisInput): DayGanzhiDetails {
  const day = input.pillars.day;
  const stem = stemOf(day);
  const branch = branchOf(day);
  return {
    number: day + 1,
    element: stemElement(stem),
    yin_yang: stemPolarityLabel(stem),
    heavenly_stem: STEMS[stem]!,
    earthly_branch_group: threeHarmonyGroupOf(branch).name,
    star: dayNineStar(input.dayPillarJdn),
    animal: BRANCH_ANIMALS[branch]!,
  };
}
