/**
 * The registry of paid operations. Adding one (luck cycles, compatibility) is a domain function, a
 * `PaidOperation` beside `chart.ts`, one entry below and its price in the composition root; every
 * protocol then runs it through the same `PaidOperationRunner`.
 */
// The chart and the compatibility read birthplaces by name: the gazetteer's records come from here.
import '../places-data.ts';
import { chartOperation } from './chart.ts';
import { compatibilityOperation } from './compatibility.ts';
import { reportOperation } from './report.ts';

export const OPERATIONS = {
  chart: chartOperation,
  compatibility: compatibilityOperation,
  report: reportOperation,
} as const;

export type OperationName = keyof typeof OPERATIONS;

/** Credits per successful call of each operation for a paying plan: every operation has a price. */
export type OperationPrices = Readonly<Record<OperationName, number>>;
