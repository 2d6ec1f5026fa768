/**
 * The registry of operations, paid and free. Adding a paid one: its application operation (validate,
 * compute, fingerprint) beside `application/operations/chart.ts`, its declaration beside `./chart.ts`,
 * and one `registerOperation` line below; every protocol then serves it, priced by its setting.
 * Adding a free one: its declaration beside `./free/lunar-dates.ts` and one `registerFreeOperation`
 * line; its REST path, OpenAPI path, MCP tool and metric label follow.
 */
import { paidOperationNames, registerPaidOperation } from '../../application/operations/index.ts';
import { once, Registry } from '../../application/registry.ts';
import { chartDeclaration } from './chart.ts';
import { compatibilityDeclaration } from './compatibility.ts';
import { reportDeclaration } from './report.ts';
import { timelineDeclaration } from './timeline.ts';
import type { AnyOperationDeclaration } from './declaration.ts';
import type { FreeOperationDeclaration } from './free.ts';
import { lunarDatesDeclaration } from './free/lunar-dates.ts';
import { pillarsToDatesDeclaration } from './free/pillars-to-dates.ts';
import { attributionDeclaration, placesDeclaration } from './free/places.ts';
import { solarTermsDeclaration } from './free/solar-terms.ts';
import { versionsDeclaration } from './free/versions.ts';

/** An operation of either kind under its name: one list, so a name is never taken twice. */
type Registered =
  | { readonly name: string; readonly paid: AnyOperationDeclaration; readonly free?: never }
  | { readonly name: string; readonly free: FreeOperationDeclaration; readonly paid?: never };

const OPERATION_REGISTRY = new Registry<Registered>('operation');

/** Registers a paid operation (at start-up: a registration after the first read throws). */
export const registerOperation = (declaration: AnyOperationDeclaration): void => {
  OPERATION_REGISTRY.register({ name: declaration.operation.name, paid: declaration });
  // The application's list too: the operation's name becomes a key scope.
  registerPaidOperation(declaration.operation);
};

/** Registers a free operation (at start-up, like a paid one). */
export const registerFreeOperation = (declaration: FreeOperationDeclaration): void => {
  OPERATION_REGISTRY.register({ name: declaration.name, free: declaration });
};

registerOperation(chartDeclaration);
registerOperation(compatibilityDeclaration);
registerOperation(reportDeclaration);
registerOperation(timelineDeclaration);
// In the order of their REST paths in the OpenAPI document; the solar terms have no path.
registerFreeOperation(lunarDatesDeclaration);
registerFreeOperation(placesDeclaration);
registerFreeOperation(attributionDeclaration);
registerFreeOperation(versionsDeclaration);
registerFreeOperation(pillarsToDatesDeclaration);
registerFreeOperation(solarTermsDeclaration);

/**
 * Every paid operation, in registration order. Each one the application knows has a declaration
 * here (a scope a key can hold that no protocol serves is a mistake of start-up, said at once).
 */
export const paidOperations = once((): readonly AnyOperationDeclaration[] => {
  const declared = OPERATION_REGISTRY.all().flatMap((entry) => (entry.paid === undefined ? [] : [entry.paid]));
  const undeclared = paidOperationNames().filter((name) => !declared.some((d) => d.operation.name === name));
  if (undeclared.length > 0)
    throw new Error(`paid operation(s) ${undeclared.join(', ')} have no protocol declaration: register them in wire/operations`);
  return declared;
});

/** Every free operation, in registration order. */
export const freeOperations = once((): readonly FreeOperationDeclaration[] =>
  OPERATION_REGISTRY.all().flatMap((entry) => (entry.free === undefined ? [] : [entry.free])),
);

/** Credits per successful call of each operation for a paying plan, from the settings (`CREDIT_COST`, …) or each default. */
export const operationPrices = (settings: Readonly<Record<string, number | undefined>>): Readonly<Record<string, number>> =>
  Object.fromEntries(paidOperations().map(({ operation, price }) => [operation.name, settings[price.setting] ?? price.default]));
