/**
 * The chart as a paid operation: the shared request schema, the chart core, and the variant the
 * caller asked for. The core is all that is computed before the charge (~0.3 µs); each protocol
 * presents it: REST as the whole `result` object, GraphQL as a lazy view of the selected sections.
 */
import { computeChartCore, type ChartCore } from '../../domain/chart/chart-core.ts';
import { parseChartRequest, type ChartRequest } from '../../domain/chart/request.ts';
import type { Variant } from '../../domain/chart/variants.ts';
import type { FieldIssue } from '../errors.ts';
import { refuse, succeed } from '../outcome.ts';
import type { PaidOperation } from '../paid/paid-operation.ts';
import { refusals } from '../refusals.ts';

export interface ChartInput {
  /** Request fields in the spec's names (REST body or query, GraphQL input mapped back). */
  readonly fields: unknown;
  readonly variant: Variant;
  /**
   * What the protocol's sections ask of the request itself (REST `include=luck`, GraphQL `luck`
   * selected: the 大運 need a gender), checked on the request as parsed (undefined when it did not
   * parse); reported after the request's and the options' issues.
   */
  readonly checks?: ((request: ChartRequest | undefined) => readonly FieldIssue[]) | undefined;
  /** Problems the protocol found in its own options (REST / CLI `include`), reported with the request's. */
  readonly optionIssues?: readonly FieldIssue[];
  /** What the protocol's options add to the answer (REST / CLI `include` and its options), as plain data; absent without them. */
  readonly sections?: unknown;
}

export interface ChartOrder {
  readonly request: ChartRequest;
  readonly variant: Variant;
  readonly sections?: unknown;
}

export interface CastChart {
  readonly variant: Variant;
  readonly core: ChartCore;
}

export type ChartOperation = PaidOperation<ChartInput, ChartOrder, CastChart>;

export const chartOperation: ChartOperation = {
  name: 'chart',
  validate: ({ fields, variant, checks, optionIssues = [], sections }) => {
    const parsed = parseChartRequest(fields);
    const issues = [...(parsed.ok ? [] : parsed.issues), ...optionIssues, ...(checks?.(parsed.ok ? parsed.request : undefined) ?? [])];
    if (!parsed.ok || issues.length > 0) return refuse(refusals.invalidRequest(issues));
    return succeed(sections === undefined ? { request: parsed.request, variant } : { request: parsed.request, variant, sections });
  },
  compute: ({ request, variant }) => ({ variant, core: computeChartCore(request) }),
  // The digest of { request, variant } that idempotency records have always held, plus the opted-in
  // sections when there are any. `timeGiven` is implied by the fields already there (hour and
  // minute), so it is left out and old digests stay.
  fingerprint: ({ request: { timeGiven: _implied, ...request }, variant, sections }) =>
    sections === undefined ? { request, variant } : { request, variant, sections },
};
