/**
 * The paid operations the application knows: the key scopes are their names. The built-in ones are
 * below (typed, for the callers that run one by name); a protocol's registry adds any other it
 * declares (wire/operations: `registerOperation`), so an operation served anywhere can also be
 * granted to a scoped key. Every protocol runs them through the same `PaidOperationRunner`.
 */
// The chart and the compatibility read birthplaces by name: the gazetteer's records come from here.
import '../places-data.ts';
import { chartOperation } from './chart.ts';
import { compatibilityOperation } from './compatibility.ts';
import { reportOperation } from './report.ts';
import type { PaidOperation } from '../paid/paid-operation.ts';
import { once, Registry } from '../registry.ts';

export const OPERATIONS = {
  chart: chartOperation,
  compatibility: compatibilityOperation,
  report: reportOperation,
} as const;

export type OperationName = keyof typeof OPERATIONS;

type AnyPaidOperation = PaidOperation<any, any, any>;

const PAID_OPERATIONS = new Registry<AnyPaidOperation>('paid operation');
for (const operation of Object.values(OPERATIONS)) PAID_OPERATIONS.register(operation);

/** Adds a paid operation (at start-up); one already known (the same object) is left as it is. */
export const registerPaidOperation = (operation: AnyPaidOperation): void => {
  if (!(Object.values(OPERATIONS) as AnyPaidOperation[]).includes(operation)) PAID_OPERATIONS.register(operation);
};

/** Every paid operation's name, the built-in ones first; reading seals the list. */
export const paidOperationNames = once((): readonly string[] => PAID_OPERATIONS.all().map((operation) => operation.name));

/** Credits per successful call of each operation for a paying plan: every operation has a price. */
export type OperationPrices = Readonly<Record<OperationName, number>>;
