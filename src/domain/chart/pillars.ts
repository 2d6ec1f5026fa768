import type { CycleIndex } from '../calendar/sexagenary.ts';

/** The four pillars as sexagenary cycle indices (甲子 = 0). */
export interface FourPillars {
  readonly year: CycleIndex;
  readonly month: CycleIndex;
  readonly day: CycleIndex;
  readonly hour: CycleIndex;
}

export const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
export type PillarKey = (typeof PILLAR_KEYS)[number];
