/**
 * The two `result` shapes (spec §2.3 Variant A, §2.4 Variant B) built from a chart core.
 */
import { calendarFieldsA, calendarFieldsB, type CalendarFieldsA, type CalendarFieldsB } from './calendar-fields.js';
import { computeChartCore } from './chart-core.js';
import type { ChartRequest } from './request.js';

export const VARIANTS = ['A', 'B'] as const;
export type Variant = (typeof VARIANTS)[number];

export type VariantAResult = CalendarFieldsA;
export type VariantBResult = CalendarFieldsB;

export function buildVariantAResult(request: ChartRequest): VariantAResult {
  return calendarFieldsA(computeChartCore(request));
}

export function buildVariantBResult(request: ChartRequest): VariantBResult {
  return calendarFieldsB(computeChartCore(request));
}

export const buildResult = (request: ChartRequest, variant: Variant): VariantAResult | VariantBResult =>
  variant === 'A' ? buildVariantAResult(request) : buildVariantBResult(request);
