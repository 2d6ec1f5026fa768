/**
 * DomainError → GraphQLError with `extensions.code` from the one error table (application/errors.ts;
 * README "Errors"), so REST and GraphQL cannot disagree. Anything else a resolver throws is masked by
 * yoga and logged.
 */
import type { StandardSchemaV1 } from '@pothos/plugin-validation';
import { GraphQLError } from 'graphql';
import type { DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import { graphqlNameOf } from '../domain/chart/request-contract.ts';

export interface GraphQLIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** The GraphQL path of a request field named as the application names it. */
function pathOf(field: string, argumentName: string | null): (string | number)[] {
  // A field argument of the selection (`luck.years`) is a path of its own, not an input field.
  if (field.startsWith('luck.')) return field.split('.');
  // A compatibility birth (`a.year`, `b`): the argument, then its input field.
  const dot = field.indexOf('.');
  const side = dot === -1 ? field : field.slice(0, dot);
  if (side === 'a' || side === 'b') return dot === -1 ? [side] : [side, graphqlNameOf(field.slice(dot + 1))];
  return argumentName === null ? [graphqlNameOf(field)] : [argumentName, graphqlNameOf(field)];
}

/**
 * A refusal as a GraphQL error; each issue's path is the argument that holds the field (`input`,
 * or `null`: the field is itself an argument of the query, as the free queries take theirs).
 */
export function toGraphQLError(error: DomainError, argumentName: string | null = 'input'): GraphQLError {
  const issues: GraphQLIssue[] = error.issues.map((issue) => ({
    path: pathOf(issue.field, argumentName),
    message: issue.message,
  }));
  const retryAfter = error.retryAfterSeconds;
  // No stack: a coded error is answered, never logged with one (as DomainError, application/errors.ts).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const coded = new GraphQLError(error.message, {
    extensions: {
      code: error.code,
      ...(issues.length > 0 ? { issues } : {}),
      // RATE_LIMITED: the seconds in the body, and as the Retry-After header (yoga reads `http`).
      ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter, http: { headers: { 'Retry-After': String(retryAfter) } } }),
    },
  });
  Error.stackTraceLimit = stackTraceLimit;
  return coded;
}

/**
 * Yoga's mask. A coded error (thrown by a resolver through `resolveOutcome`, or by validation) is
 * answered as it is, with the `path` and `locations` graphql-js gave it; anything else becomes a
 * masked INTERNAL error (at the same path), with no message or stack of the original.
 */
export function maskUnexpectedError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError && (error.originalError === undefined || error.originalError instanceof GraphQLError)) return error;
  const located = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError('Internal error', {
    ...(located?.nodes === undefined ? {} : { nodes: located.nodes }),
    ...(located?.path === undefined ? {} : { path: located.path }),
    extensions: { code: 'INTERNAL' },
  });
}

/** @pothos/plugin-validation failures: one BAD_USER_INPUT error listing every bad field with its path. */
export function inputValidationError(failure: StandardSchemaV1.FailureResult): GraphQLError {
  const issues = failure.issues.map((issue) => ({
    path: (issue.path ?? []).map((segment) => {
      const key = typeof segment === 'object' ? segment.key : segment;
      return typeof key === 'string' ? graphqlNameOf(key) : (key as number);
    }),
    message: issue.message,
  }));
  const refusal = refusals.invalidRequest(issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
  return new GraphQLError(refusal.message, { extensions: { code: refusal.code, issues } });
}
