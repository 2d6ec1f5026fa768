/**
 * Variant A per-pillar sections (docs/fields.md, section 4): ten_gods, zokan, zokan_ten_gods, juniun, nayin,
 * gogyo_balance. The hour pillar's key is `time` in Variant A.
 */
import { STEMS } from '../../calendar/stems.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import { lifeStageLabel } from '../../catalogue/words.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { HOUR, profileOf } from './profile.ts';

/** `time` is null in a three-pillar chart (the birth time unknown, `time_unknown`). */
export interface StemTenGods {
  readonly year: string;
  readonly month: string;
  readonly time: string | null;
}
/** `time` is null in a three-pillar chart (the birth time unknown, `time_unknown`). */
export interface PerPillar<T> {
  readonly year: T;
  readonly month: T;
  readonly day: T;
  readonly time: T | null;
}
export type GogyoBalance = Readonly<Record<string, number>>;

/** The hour pillar's entry of a per-pillar array, or null when the chart has no hour pillar. */
const hourOf = <T>(values: readonly number[], label: (value: number) => T): T | null =>
  values.length > HOUR ? label(values[HOUR]!) : null;

export function tenGodsOfStems(input: AnalysisInput, c: Catalogue): StemTenGods {
  const gods = profileOf(input).stemTenGods;
  return { year: c.labels.shishen[gods[0]!]!, month: c.labels.shishen[gods[1]!]!, time: hourOf(gods, (god) => c.labels.shishen[god]!) };
}

/** One hidden stem per branch by the day-count rule, J1 or J2 per input.zokanTable. */
export function zokanStems(input: AnalysisInput): PerPillar<string> {
  const stems = profileOf(input).zokanStems;
  return {
    year: STEMS[stems[0]!]!,
    month: STEMS[stems[1]!]!,
    day: STEMS[stems[2]!]!,
    time: hourOf(stems, (stem) => STEMS[stem]!),
  };
}

export function zokanTenGods(input: AnalysisInput, c: Catalogue): PerPillar<string> {
  const gods = profileOf(input).zokanTenGods;
  return {
    year: c.labels.shishen[gods[0]!]!,
    month: c.labels.shishen[gods[1]!]!,
    day: c.labels.shishen[gods[2]!]!,
    time: hourOf(gods, (god) => c.labels.shishen[god]!),
  };
}

/** 十二運 of the day stem on each pillar's branch. */
export function juniun(input: AnalysisInput, c: Catalogue): PerPillar<string> {
  const { dayStem, branches } = profileOf(input);
  return {
    year: lifeStageLabel(c, dayStem, branches[0]!),
    month: lifeStageLabel(c, dayStem, branches[1]!),
    day: lifeStageLabel(c, dayStem, branches[2]!),
    time: hourOf(branches, (branch) => lifeStageLabel(c, dayStem, branch)),
  };
}

/** Variant A's nayin: an empty placeholder kept from the legacy body; a fresh array per call. */
export const emptyNayin = (): never[] => [];

/** The keys are the contract's own (木 火 土 金 水 in every language), not labels. */
export function gogyoBalance(input: AnalysisInput): GogyoBalance {
  const counts = profileOf(input).elementCounts;
  return { 木: counts[0]!, 火: counts[1]!, 土: counts[2]!, 金: counts[3]!, 水: counts[4]! };
}
