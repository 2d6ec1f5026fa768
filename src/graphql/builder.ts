/**
 * The Pothos builder: plugins, options and the context type. Types live in src/graphql/schema/*.
 */
import SchemaBuilder from '@pothos/core';
import ValidationPlugin from '@pothos/plugin-validation';
import type { RequestIdentity } from '../application/paid/request-identity.ts';
import type { Services } from '../application/services.ts';
import { inputValidationError } from './errors.ts';
import type { StoreCircuit } from './paid-fields.ts';
import type { YearSpan } from '../domain/luck/void-periods.ts';

/**
 * Whether the request's key was accepted, as the HTTP listener found before reading the document:
 * `keyed` (accepted, or the store could not say), `keyless` (none sent), `refused` (not accepted).
 */
export type Caller = 'keyed' | 'keyless' | 'refused';

/** What the HTTP listener (or a test's `yoga.fetch`) hands yoga with each request. */
export interface ServerContext {
  readonly services: Services;
  readonly identity: RequestIdentity;
  /** Absent (in-process callers, tests): keyed; anonymous documents are then the resolvers' to refuse. */
  readonly caller?: Caller;
}

export interface GraphQLContext extends ServerContext {
  /**
   * The request's headers (they carry the API key): the Fetch API request yoga built, or the
   * direct path's view of node's headers (http/graphql-fast-path.ts).
   */
  readonly request: { readonly headers: { get(name: string): string | null } };
  /** One per operation: the first store outage, which the operation's later paid fields repeat at once. */
  readonly storeCircuit: StoreCircuit;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  /** Input scalars checked as the document is validated, before anything is charged (schema/void-periods.ts). */
  Scalars: { YearSpan: { Input: YearSpan; Output: string } };
}>({
  plugins: [ValidationPlugin],
  defaultFieldNullability: false,
  validation: { validationError: inputValidationError },
});

builder.queryType({ description: 'Free reads: solar terms (no key), the caller’s account and usage (key required).' });
builder.mutationType({ description: 'Paid operations. Each successful `calculate` costs credits.' });
