/**
 * Variant A per-pillar sections (docs/fields.md, section 4): ten_gods, zokan, zokan_ten_gods, juniun, nayin,
 * gogyo_balance. The hour pillar's key is `time` in Variant A.
 */
import { lifeStageName, type LifeStage } from '../../calendar/life-stages.ts';
import { STEMS, type Element, type Stem } from '../../calendar/stems.ts';
import { TEN_GODS, type TenGod } from '../../calendar/ten-gods.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { HOUR, profileOf } from './profile.ts';

/** `time` is null in a three-pillar chart (the birth time unknown, `time_unknown`). */
export interface StemTenGods {
  readonly year: TenGod;
  readonly month: TenGod;
  readonly time: TenGod | null;
}
/** `time` is null in a three-pillar chart (the birth time unknown, `time_unknown`). */
export interface PerPillar<T> {
  readonly year: T;
  readonly month: T;
  readonly day: T;
  readonly time: T | null;
}
export type GogyoBalance = Readonly<Record<Element, number>>;

/** The hour pillar's entry of a per-pillar array, or null when the chart has no hour pillar. */
const hourOf = <T>(values: readonly number[], label: (value: number) => T): T | null =>
  values.length > HOUR ? label(values[HOUR]!) : null;

export function tenGodsOfStems(input: AnalysisInput): StemTenGods {
  const gods = profileOf(input).stemTenGods;
  return { year: TEN_GODS[gods[0]!]!, month: TEN_GODS[gods[1]!]!, time: hourOf(gods, (god) => TEN_GODS[god]!) };
}

/** One hidden stem per branch by the day-count rule, J1 or J2 per input.zokanTable. */
export function zokanStems(input: AnalysisInput): PerPillar<Stem> {
  const stems = profileOf(input).zokanStems;
  return { year: STEMS[stems[0]!]!, month: STEMS[stems[1]!]!, day: STEMS[stems[2]!]!, time: hourOf(stems, (stem) => STEMS[stem]!) };
}

export function zokanTenGods(input: AnalysisInput): PerPillar<TenGod> {
  const gods = profileOf(input).zokanTenGods;
  return { year: TEN_GODS[gods[0]!]!, month: TEN_GODS[gods[1]!]!, day: TEN_GODS[gods[2]!]!, time: hourOf(gods, (god) => TEN_GODS[god]!) };
}

/** 十二運 of the day stem on each pillar's branch. */
export function juniun(input: AnalysisInput): PerPillar<LifeStage> {
  const { dayStem, branches } = profileOf(input);
  return {
    year: lifeStageName(dayStem, branches[0]!),
    month: lifeStageName(dayStem, branches[1]!),
    day: lifeStageName(dayStem, branches[2]!),
    time: hourOf(branches, (branch) => lifeStageName(dayStem, branch)),
  };
}

/** Variant A's nayin: an empty placeholder kept from the legacy body; a fresh array per call. */
export const emptyNayin = (): never[] => [];

export function gogyoBalance(input: AnalysisInput): GogyoBalance {
  const counts = profileOf(input).elementCounts;
  return { 木: counts[0]!, 火: counts[1]!, 土: counts[2]!, 金: counts[3]!, 水: counts[4]! };
}
