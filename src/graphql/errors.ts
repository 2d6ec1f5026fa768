/**
 * DomainError → GraphQLError with `extensions.code` from the one error table (DESIGN §6), so REST
 * and GraphQL cannot disagree. Anything else a resolver throws is masked by yoga and logged.
 */
import { GraphQLError } from 'graphql';
import type { StandardSchemaV1 } from '@pothos/plugin-validation';
import { type DomainError, toDomainError } from '../application/errors.js';
import type { Outcome } from '../application/outcome.js';
import type { GraphQLContext } from './builder.js';

/** Request field (REST/spec spelling) → GraphQL input field. */
const GRAPHQL_FIELD: Readonly<Record<string, string>> = { solar_time: 'solarTime', day_boundary: 'dayBoundary', zokan_table: 'zokanTable' };

export interface GraphQLIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export function toGraphQLError(error: DomainError, argumentName = 'input'): GraphQLError {
  const issues: GraphQLIssue[] = error.issues.map((issue) => ({
    path: [argumentName, GRAPHQL_FIELD[issue.field] ?? issue.field],
    message: issue.message,
  }));
  return new GraphQLError(error.message, {
    extensions: { code: error.code, ...(issues.length > 0 ? { issues } : {}) },
  });
}

/** The value of a successful outcome; a refusal becomes the matching GraphQL error. */
export function unwrapOutcome<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw toGraphQLError(outcome.error);
  return outcome.value;
}

/**
 * Runs a use-case. Expected failures (including a thrown STORE_UNAVAILABLE) become coded errors;
 * anything else is logged with the request's log id and answered as a masked INTERNAL error.
 */
export async function resolveOutcome<T>(context: GraphQLContext, run: () => Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await run();
  } catch (error) {
    const domainError = toDomainError(error, context.logId);
    if (domainError.code === 'INTERNAL') context.services.logger.error('unexpected error in a GraphQL resolver', { logId: context.logId, error: String(error) });
    throw toGraphQLError(domainError);
  }
  return unwrapOutcome(outcome);
}

/** Yoga's mask for errors thrown outside {@link resolveOutcome}: same code, no details. */
export const maskUnexpectedError = (error: unknown): GraphQLError =>
  error instanceof GraphQLError && error.originalError === undefined
    ? error
    : error instanceof GraphQLError && error.originalError instanceof GraphQLError
      ? error.originalError
      : new GraphQLError('Internal error', { extensions: { code: 'INTERNAL' } });

/** @pothos/plugin-validation failures: one BAD_USER_INPUT error listing every bad field with its path. */
export function inputValidationError(failure: StandardSchemaV1.FailureResult): GraphQLError {
  const issues: GraphQLIssue[] = failure.issues.map((issue) => ({
    path: (issue.path ?? []).map((segment) => {
      const key = typeof segment === 'object' ? segment.key : segment;
      return typeof key === 'string' ? (GRAPHQL_FIELD[key] ?? key) : (key as number);
    }),
    message: issue.message,
  }));
  const message = `Invalid request: ${issues.map((i) => i.message).join('; ')}`;
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', issues } });
}
