/**
 * The Pothos builder: plugins, options and the context type. Types live in src/graphql/schema/*.
 */
import SchemaBuilder from '@pothos/core';
import ValidationPlugin from '@pothos/plugin-validation';
import type { AppServices } from '../http/services.js';
import { inputValidationError } from './errors.js';

export interface GraphQLContext {
  readonly services: AppServices;
  /** This request's id: the `X-Request-Id` header and the envelope's `logId`. */
  readonly logId: string;
  /** Set to the envelope's `logId` when a replay answers with the first call's. */
  readonly requestId: { value: string };
  /** The Fetch API request yoga built (headers carry the API key). */
  readonly request: Request;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
}>({
  plugins: [ValidationPlugin],
  defaultFieldNullability: false,
  validation: { validationError: inputValidationError },
});

builder.queryType({ description: 'Free reads: solar terms (no key), the caller’s account and usage (key required).' });
builder.mutationType({ description: 'Paid operations. Each successful `calculate` costs credits.' });
