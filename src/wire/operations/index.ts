/**
 * The registry of paid operations. Adding one: its application operation (validate, compute,
 * fingerprint) beside `application/operations/chart.ts`, its declaration beside `./chart.ts`, and
 * one `register` line below; every protocol then serves it, priced by its setting.
 */
import { Registry } from '../registry.ts';
import { chartDeclaration } from './chart.ts';
import { compatibilityDeclaration } from './compatibility.ts';
import { reportDeclaration } from './report.ts';
import type { AnyOperationDeclaration } from './declaration.ts';

const OPERATION_REGISTRY = new Registry<AnyOperationDeclaration & { readonly name: string }>('paid operation');

/** Registers a paid operation (at start-up: a registration after the first read throws). */
export const registerOperation = (declaration: AnyOperationDeclaration): void => {
  OPERATION_REGISTRY.register({ ...declaration, name: declaration.operation.name });
};

registerOperation(chartDeclaration);
registerOperation(compatibilityDeclaration);
registerOperation(reportDeclaration);

/** Every paid operation, in registration order. */
export const paidOperations = (): readonly AnyOperationDeclaration[] => OPERATION_REGISTRY.all();

/** Credits per successful call of each operation for a paying plan, from the settings (`CREDIT_COST`, …) or each default. */
export const operationPrices = (settings: Readonly<Record<string, number | undefined>>): Readonly<Record<string, number>> =>
  Object.fromEntries(paidOperations().map(({ operation, price }) => [operation.name, settings[price.setting] ?? price.default]));
