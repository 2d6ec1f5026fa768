import type { CycleIndex } from '../calendar/sexagenary.ts';

/** The four pillars as sexagenary cycle indices (甲子 = 0). */
export interface FourPillars {
  readonly year: CycleIndex;
  readonly month: CycleIndex;
  readonly day: CycleIndex;
  /** Null in a three-pillar chart (the caller said the birth time is unknown: `time_unknown`). */
  readonly hour: CycleIndex | null;
}

export const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
export type PillarKey = (typeof PILLAR_KEYS)[number];

/** Pillars with an hour: what a chart at a given instant has (an alternative, a compatibility side with a time). */
export interface PillarsWithHour extends FourPillars {
  readonly hour: CycleIndex;
}

/** The pillars of a chart cast at an instant, which always has an hour pillar. */
export function withHour(pillars: FourPillars): PillarsWithHour {
  if (pillars.hour === null) throw new Error('a chart cast at an instant has an hour pillar');
  return pillars as PillarsWithHour;
}
