/**
 * The chart engine for GraphQL. Its input was already validated by the GraphQL input type, with the
 * same zod schema (src/domain/chart/request.ts), so `parse` only passes the ChartRequest on.
 * `compute` returns the chart core (~0.3 µs) and the variant; resolvers derive each `result`
 * section only when the query selects it.
 */
import { computeChartCore, type ChartCore } from '../domain/chart/chart-core.js';
import type { ChartRequest } from '../domain/chart/request.js';
import type { ChartEngine, Variant } from './ports/chart-engine.js';

export interface LazyChart {
  readonly variant: Variant;
  readonly core: ChartCore;
}

export const lazyChartEngine: ChartEngine<ChartRequest, LazyChart> = {
  parse: (validated) => validated as ChartRequest,
  compute: (request, variant) => ({ variant, core: computeChartCore(request) }),
};
