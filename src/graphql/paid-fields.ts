/**
 * Paid fields in one GraphQL operation. Mutation fields run one after another, so an operation
 * with many `calculate` / `compatibility` aliases multiplies both the charges and, under a store outage, the time to
 * answer. Two rules bound it:
 * - a validation rule caps the paid fields of an operation (aliases and the unaliased field
 *   together, fragments included) before anything runs, so before any charge;
 * - a per-operation circuit: once the credit store has failed for one field, the operation's later
 *   paid fields fail at once with the same STORE_UNAVAILABLE, so the whole answer comes within the
 *   one store deadline, not one deadline per field.
 */
import { GraphQLError, Kind, OperationTypeNode, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';
import type { DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import { paidOperations } from '../wire/operations/index.ts';
import { once } from '../application/registry.ts';

/** Root mutation fields that charge credits: every registered paid operation's. */
const paidFields = once((): ReadonlySet<string> => new Set(paidOperations().map((declaration) => declaration.graphql.field)));
export const MAX_PAID_FIELDS_PER_OPERATION = 10;

export function paidFieldLimitRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      if (operation.operation !== OperationTypeNode.MUTATION) return;
      const count = countRootFields(paidFields(), operation.selectionSet, context, new Set());
      if (count <= MAX_PAID_FIELDS_PER_OPERATION) return;
      const refusal = refusals.tooManyPaidFields(count, MAX_PAID_FIELDS_PER_OPERATION, [...paidFields()]);
      context.reportError(new GraphQLError(refusal.message, { nodes: operation, extensions: { code: refusal.code } }));
    },
  };
}

/**
 * `Luck.days` (日運 of up to 366 dates) at most once per paid field of the operation, aliases and
 * fragments counted where they are used: ten aliased spans under one charge cost ~25 ms of CPU in one
 * go (bench/heavy.ts); one span per charge keeps a year of 日運 the most one charge asks for.
 * (`days` is the schema's only field of that name.)
 */
export function daySpanLimitRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      const spans = countFieldsAnywhere('days', operation.selectionSet, context, []);
      if (spans === 0) return;
      const paid =
        operation.operation === OperationTypeNode.MUTATION ? countRootFields(paidFields(), operation.selectionSet, context, new Set()) : 0;
      if (spans <= paid) return;
      const refusal = refusals.tooManyDaySpans(spans, paid);
      context.reportError(new GraphQLError(refusal.message, { nodes: operation, extensions: { code: refusal.code } }));
    },
  };
}

/** Fields of a name at any depth of a selection, each fragment counted where it is spread (`using`: the spreads being expanded, against cycles). */
function countFieldsAnywhere(name: string, selectionSet: SelectionSetNode, context: ValidationContext, using: readonly string[]): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === name) count += 1;
      if (selection.selectionSet !== undefined) count += countFieldsAnywhere(name, selection.selectionSet, context, using);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countFieldsAnywhere(name, selection.selectionSet, context, using);
    } else if (!using.includes(selection.name.value)) {
      const fragment = context.getFragment(selection.name.value);
      if (fragment !== undefined && fragment !== null)
        count += countFieldsAnywhere(name, fragment.selectionSet, context, [...using, selection.name.value]);
    }
  }
  return count;
}

/** Introspection root fields: each walks the schema, so an operation may hold one. */
const INTROSPECTION_FIELDS: ReadonlySet<string> = new Set(['__schema', '__type']);
export const MAX_INTROSPECTION_FIELDS_PER_OPERATION = 1;

/**
 * When introspection is on: at most one `__schema` or `__type` per operation (aliases and fragments
 * included). One full schema walk, as GraphiQL and codegen send, costs a few ms; ten aliased ones
 * cost ~100 ms, free.
 */
export function introspectionLimitRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      const count = countRootFields(INTROSPECTION_FIELDS, operation.selectionSet, context, new Set());
      if (count <= MAX_INTROSPECTION_FIELDS_PER_OPERATION) return;
      const refusal = refusals.tooManyIntrospectionFields(count, MAX_INTROSPECTION_FIELDS_PER_OPERATION);
      context.reportError(new GraphQLError(refusal.message, { nodes: operation, extensions: { code: refusal.code } }));
    },
  };
}

function countRootFields(
  names: ReadonlySet<string>,
  selectionSet: SelectionSetNode,
  context: ValidationContext,
  visitedFragments: Set<string>,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (names.has(selection.name.value)) count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countRootFields(names, selection.selectionSet, context, visitedFragments);
    } else if (!visitedFragments.has(selection.name.value)) {
      visitedFragments.add(selection.name.value);
      const fragment = context.getFragment(selection.name.value);
      if (fragment !== undefined && fragment !== null) count += countRootFields(names, fragment.selectionSet, context, visitedFragments);
    }
  }
  return count;
}

/** The first store outage an operation met; later paid fields of the same operation fail with it at once. */
export class StoreCircuit {
  #outage: DomainError | undefined;

  get outage(): DomainError | undefined {
    return this.#outage;
  }

  record(error: DomainError): void {
    if (error.code === 'STORE_UNAVAILABLE') this.#outage ??= error;
  }
}
