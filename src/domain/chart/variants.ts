/**
 * The two `result` shapes (spec §2.3 Variant A, §2.4 Variant B): the calendar fields of the chart
 * core followed by the derived analysis sections, in the spec's field order.
 */
import { buildVariantAAnalysis, type VariantAAnalysis } from './analysis/variant-a.js';
import { buildVariantBAnalysis, type VariantBAnalysis } from './analysis/variant-b.js';
import { calendarFieldsA, calendarFieldsB, type CalendarFieldsA, type CalendarFieldsB } from './calendar-fields.js';
import { computeChartCore } from './chart-core.js';
import type { ChartRequest } from './request.js';

export const VARIANTS = ['A', 'B'] as const;
export type Variant = (typeof VARIANTS)[number];

export type VariantAResult = CalendarFieldsA & VariantAAnalysis;
export type VariantBResult = CalendarFieldsB & VariantBAnalysis;

// Object.assign onto the fresh calendar object: an object spread of two 8–11-key objects measured
// ~6 µs per chart here (V8 slow path), more than the whole analysis.
export function buildVariantAResult(request: ChartRequest): VariantAResult {
  const core = computeChartCore(request);
  return Object.assign(calendarFieldsA(core), buildVariantAAnalysis(core));
}

export function buildVariantBResult(request: ChartRequest): VariantBResult {
  const core = computeChartCore(request);
  return Object.assign(calendarFieldsB(core), buildVariantBAnalysis(core));
}

export const buildResult = (request: ChartRequest, variant: Variant): VariantAResult | VariantBResult =>
  variant === 'A' ? buildVariantAResult(request) : buildVariantBResult(request);
