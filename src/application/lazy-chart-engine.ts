/**
 * The chart engine for GraphQL: the same parsing as REST (after authentication, DESIGN §6), but
 * `compute` returns only the chart core (~0.3 µs) and the variant; resolvers derive each `result`
 * section only when the query selects it.
 */
import { computeChartCore, type ChartCore } from '../domain/chart/chart-core.js';
import type { ChartRequest } from '../domain/chart/request.js';
import { domainChartEngine } from './chart-engine.js';
import type { ChartEngine, Variant } from './ports/chart-engine.js';

export interface LazyChart {
  readonly variant: Variant;
  readonly core: ChartCore;
}

export const lazyChartEngine: ChartEngine<ChartRequest, LazyChart> = {
  parse: domainChartEngine.parse,
  compute: (request, variant) => ({ variant, core: computeChartCore(request) }),
};
