/**
 * The chart as a paid operation: the shared request schema, the chart core, and the variant the
 * caller asked for. The core is all that is computed before the charge (~0.3 µs); each protocol
 * presents it: REST as the whole `result` object, GraphQL as a lazy view of the selected sections.
 */
import { computeChartCore, type ChartCore } from '../../domain/chart/chart-core.ts';
import { parseChartRequest, type ChartRequest } from '../../domain/chart/request.ts';
import type { Variant } from '../../domain/chart/variants.ts';
import { refuse, succeed } from '../outcome.ts';
import type { PaidOperation } from '../paid-operation.ts';
import { refusals } from '../refusals.ts';

export interface ChartInput {
  /** Request fields in the spec's names (REST body or query, GraphQL input mapped back). */
  readonly fields: unknown;
  readonly variant: Variant;
}

export interface ChartOrder {
  readonly request: ChartRequest;
  readonly variant: Variant;
}

export interface CastChart {
  readonly variant: Variant;
  readonly core: ChartCore;
}

export type ChartOperation = PaidOperation<ChartInput, ChartOrder, CastChart>;

export const chartOperation: ChartOperation = {
  name: 'chart',
  validate: ({ fields, variant }) => {
    const parsed = parseChartRequest(fields);
    return parsed.ok ? succeed({ request: parsed.request, variant }) : refuse(refusals.invalidRequest(parsed.issues));
  },
  compute: ({ request, variant }) => ({ variant, core: computeChartCore(request) }),
  // The digest of { request, variant } that idempotency records have always held.
  fingerprint: ({ request, variant }) => ({ request, variant }),
};
