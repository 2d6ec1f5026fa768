/** day_ganzhi_details, shared by Variant A and B (field meanings: docs/fields.md, `day_ganzhi_details`). */
import { STEMS } from '../../calendar/stems.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import { polarityLabel, stemElementLabel } from '../../catalogue/words.ts';
import { dayNineStarIndex } from '../../calendar/nine-star.ts';
import { branchOf, stemOf } from '../../calendar/sexagenary.ts';
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

export function dayGanzhiDetails(input: AnalysisInput, c: Catalogue): DayGanzhiDetails {
  const day = input.pillars.day;
  const stem = stemOf(day);
  const branch = branchOf(day);
  return {
    number: day + 1,
    element: stemElementLabel(c, stem),
    yin_yang: polarityLabel(c, stem),
    heavenly_stem: STEMS[stem]!,
    // The 三合 group is branch mod 4 (申子辰 水局, 巳酉丑 金局, 寅午戌 火局, 亥卯未 木局).
    earthly_branch_group: c.labels.sanhe[branch % 4]!,
    star: c.labels.nine_star[dayNineStarIndex(input.dayPillarJdn)]!,
    animal: c.labels.zodiac[branch]!,
  };
}
