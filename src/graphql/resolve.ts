/** What every resolver of a keyed field does with the request: find the key, run a use-case, map its errors. */
import { resolveCredentials, type Credentials } from '../application/paid/credentials.ts';
import type { Outcome } from '../application/outcome.ts';
import { stackOf } from '../application/ports/logger.ts';
import { toDomainError } from '../application/refusals.ts';
import type { GraphQLContext } from './builder.ts';
import { toGraphQLError } from './errors.ts';

export const credentialsOf = ({ request }: GraphQLContext): Credentials =>
  resolveCredentials('graphql', { authorization: request.headers.get('authorization'), xApiKey: request.headers.get('x-api-key') });

/**
 * Runs a use-case. Refusals and expected failures (including a thrown STORE_UNAVAILABLE) become
 * coded errors; anything else is logged with the request's log id and answered as a masked INTERNAL error.
 */
export async function resolveOutcome<T>(context: GraphQLContext, run: () => Promise<Outcome<T>>): Promise<T> {
  const outage = context.storeCircuit.outage;
  if (outage !== undefined) throw toGraphQLError(outage);
  let outcome: Outcome<T>;
  try {
    outcome = await run();
  } catch (error) {
    const domainError = toDomainError(error, context.identity.logId);
    context.storeCircuit.record(domainError);
    // Into the request's one access-log line: the stack for a bug, the message for an outage.
    if (domainError.code === 'INTERNAL') {
      context.identity.note({ error: stackOf(error), unexpected: true });
    } else if (domainError.code === 'STORE_UNAVAILABLE') context.identity.note({ error: domainError.message });
    throw toGraphQLError(domainError);
  }
  if (!outcome.ok) throw toGraphQLError(outcome.error);
  return outcome.value;
}
