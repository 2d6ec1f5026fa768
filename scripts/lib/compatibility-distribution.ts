/**
 * How the compatibility score and level fall over random pairs of births 1900–2100 (date, time and
 * longitude 122–154°E uniform, Asia/Tokyo; every fifth birth without a time). Shared by
 * scripts/compatibility-distribution.ts (the figures docs/scores.md quotes) and the test that keeps
 * every level between 5 % and 35 %.
 */
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { compatibilityOf, type CompatibilityChart } from '../../src/domain/compatibility/compatibility.ts';
import { mulberry32 } from '../../test/support/prng.ts';

export interface CompatibilityDistribution {
  /** Scores, ascending. */
  readonly scores: readonly number[];
  /** Share of the pairs at each level, best level first. */
  readonly levels: readonly (readonly [string, number])[];
}

export function compatibilityDistribution(pairs: number, seed: number): CompatibilityDistribution {
  const random = mulberry32(seed);
  const first = Date.UTC(1900, 0, 1);
  const span = Date.UTC(2100, 11, 31) - first;
  let births = 0;
  const chart = (): CompatibilityChart => {
    const date = new Date(first + Math.floor(random() * span));
    const timeKnown = births++ % 5 !== 4;
    const raw = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      ...(timeKnown ? { hour: date.getUTCHours(), minute: date.getUTCMinutes() } : {}),
      location: 122 + random() * 32,
    };
    const parsed = parseChartRequest(raw);
    if (!parsed.ok) throw new Error(parsed.issues.map((i) => i.message).join('; '));
    return { pillars: computeChartCore(parsed.request).pillars, timeKnown };
  };
  const results = Array.from({ length: pairs }, () => compatibilityOf(chart(), chart(), JA_CATALOGUE.compatibility));
  const levels = new Map<string, number>();
  for (const r of results.toSorted((x, y) => y.score - x.score)) levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
  return {
    scores: results.map((r) => r.score).toSorted((x, y) => x - y),
    levels: [...levels].map(([level, count]) => [level, count / pairs] as const),
  };
}
