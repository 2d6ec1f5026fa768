/** The real chart engine: the shared request schema and the domain's result builders. */
import { parseChartRequest, type ChartRequest } from '../domain/chart/request.js';
import { buildResult, type VariantAResult, type VariantBResult } from '../domain/chart/variants.js';
import { DomainError } from './errors.js';
import type { ChartEngine } from './ports/chart-engine.js';

export type ChartResult = VariantAResult | VariantBResult;

export const domainChartEngine: ChartEngine<ChartRequest, ChartResult> = {
  parse(raw) {
    const parsed = parseChartRequest(raw);
    if (!parsed.ok) throw new DomainError('BAD_USER_INPUT', parsed.message, { issues: parsed.issues });
    return parsed.request;
  },
  compute: buildResult,
};
