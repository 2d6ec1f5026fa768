/**
 * How the verdicts move across the birth-time window: the analysis of every chart the window holds
 * (the `alternatives`: ± `uncertainty_minutes`, or the whole civil day when the time is unknown — the
 * twelve 時辰), counted per value with the share of the window each holds. "身強 in 9 of 12 charts;
 * 用神 木 in 7": which verdicts stay and which change with the birth time.
 */
import { branchOf, stemOf } from '../calendar/sexagenary.ts';
import { chartAlternatives } from '../chart/certainty.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { outerChecks, outerPatternOf, shipingPattern } from './pattern.ts';
import { delingStrength, type PillarParts, type StrengthVerdict } from './strength.ts';
import { usefulGodsOf } from './useful-gods.ts';

/** One value of a verdict over the window: how many charts give it and their share of the window. */
export interface Spread<T> {
  readonly value: T;
  readonly charts: number;
  readonly share: number;
}

export interface Sensitivity {
  readonly charts: number;
  readonly strength: readonly Spread<StrengthVerdict>[];
  readonly pattern: readonly Spread<string>[];
  /** 扶抑's 用 element (null: a balanced chart). */
  readonly usefulElement: readonly Spread<number | null>[];
}

function tally<T>(values: readonly { readonly value: T; readonly share: number }[]): Spread<T>[] {
  const spreads: { value: T; charts: number; share: number }[] = [];
  for (const { value, share } of values) {
    const found = spreads.find((s) => s.value === value);
    if (found === undefined) spreads.push({ value, charts: 1, share });
    else {
      found.charts++;
      found.share += share;
    }
  }
  return spreads.map((s) => ({ ...s, share: Math.round(s.share * 1000) / 1000 })).sort((a, b) => b.share - a.share || b.charts - a.charts);
}

export function sensitivityOf(core: ChartCore): Sensitivity {
  const readings = chartAlternatives(core).map((alternative) => {
    const { year, month, day, hour } = alternative.pillars;
    const pillars = [year, month, day, hour];
    const parts: PillarParts = { stems: pillars.map(stemOf), branches: pillars.map(branchOf) };
    const verdict = delingStrength(parts).verdict;
    const inner = shipingPattern(parts);
    const outer = outerPatternOf(outerChecks(parts), inner, 'shiping');
    const gods = usefulGodsOf(parts, verdict, inner.pattern, outer?.pattern ?? null, false);
    return { share: alternative.share, verdict, pattern: outer?.pattern ?? inner.pattern, element: gods.fuyi.yong };
  });
  return {
    charts: readings.length,
    strength: tally(readings.map((r) => ({ value: r.verdict, share: r.share }))),
    pattern: tally(readings.map((r) => ({ value: r.pattern, share: r.share }))),
    usefulElement: tally(readings.map((r) => ({ value: r.element, share: r.share }))),
  };
}
