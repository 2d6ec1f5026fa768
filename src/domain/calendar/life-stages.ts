/**
 * 十二運 (twelve life stages) of a stem on a branch, 陽順陰逆 with 戊 = 丙 and 己 = 丁.
 * Sources: [yamay] 十二運星早見表; [lumbermill] JYUNIUNSEI; identical to [lunar-javascript]
 * CHANG_SHENG / CHANG_SHENG_OFFSET with 临官 → 建禄.
 */
import type { BranchIndex } from './branches.ts';
import type { StemIndex } from './stems.ts';
import { LIFE_STAGE_CODES, type LifeStageCode } from '../vocabulary/codes.ts';
import { JA } from '../vocabulary/ja.ts';

export const LIFE_STAGES = JA.stage;
export type LifeStage = (typeof LIFE_STAGES)[number];

/** Branch of 長生 for each stem 甲..癸: 亥 午 寅 酉 寅 酉 巳 子 申 卯. */
export const LONGEVITY_BRANCH_BY_STEM = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3] as const satisfies readonly BranchIndex[];

/** 10×12 lookup, row = stem, built once at load: yang stems count forward, yin stems backward. */
export const LIFE_STAGE_BY_STEM: readonly Uint8Array[] = LONGEVITY_BRANCH_BY_STEM.map((start, stem) =>
  Uint8Array.from({ length: 12 }, (_, branch) => ((stem & 1) === 0 ? branch - start + 12 : start - branch + 12) % 12),
);

export const lifeStageName = (stem: StemIndex, branch: BranchIndex): LifeStage => LIFE_STAGES[LIFE_STAGE_BY_STEM[stem]![branch]!]!;
/** The life stage as its code (what logic compares). */
export const lifeStageCode = (stem: StemIndex, branch: BranchIndex): LifeStageCode => LIFE_STAGE_CODES[LIFE_STAGE_BY_STEM[stem]![branch]!]!;
