/**
 * The GraphQL server: yoga over the Pothos schema, hardened (graphql-armor limits, CSRF prevention on
 * GET, a body cap, no field suggestions in production). GraphiQL's page is served by the HTTP layer.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { refusals } from '../application/refusals.ts';
import type { GraphQLContext, ServerContext } from './builder.ts';
import { maskUnexpectedError } from './errors.ts';
import { daySpanLimitRule, introspectionLimitRule, paidFieldLimitRule, StoreCircuit } from './paid-fields.ts';
import { anonymousDocuments } from './anonymous-documents.ts';
import { compiledExecution, KnownDocuments } from './known-documents.ts';
import { noteOperationName, variablesAsGraphqlJs } from './execution-plugins.ts';
import { schemaFor } from './schema/index.ts';

export interface GraphQLServerOptions {
  /** Production hardening: no field suggestions. */
  readonly production: boolean;
  /**
   * `__schema` and `__type` answered (`GRAPHQL_INTROSPECTION`; default off in production). When on,
   * an operation may hold one of them (ten aliased schema walks used to cost ~100 ms of CPU, free and
   * anonymous), and anonymous callers are rate-limited per address like any keyless request.
   */
  readonly introspection?: boolean;
  /** Credits per paid operation, written into the served descriptions (each operation's default without). */
  readonly prices?: Readonly<Record<string, number>>;
  /** Keyed callers' documents, compiled once: shared with the HTTP layer's direct path (a new set when absent). */
  readonly knownDocuments?: KnownDocuments;
}

const operationRules = (introspection: boolean): Plugin<GraphQLContext> => ({
  onValidate: ({ addValidationRule }) => {
    addValidationRule(paidFieldLimitRule);
    addValidationRule(daySpanLimitRule);
    addValidationRule(introspection ? introspectionLimitRule : NoSchemaIntrospectionCustomRule);
  },
  // The schema has no Subscription type: a subscription is the caller's mistake (400 with a code),
  // not an execution failure with a stack trace in the log.
  onSubscribe: ({ setResultAndStopExecution }) => {
    const refusal = refusals.subscriptionsUnsupported();
    setResultAndStopExecution({
      errors: [new GraphQLError(refusal.message, { extensions: { code: refusal.code, http: { status: refusal.httpStatus } } })],
    });
  },
});

/** What each operation adds to the request's context (yoga's `context`, and the prepared path in http/graphql-fast-path.ts). */
export const operationContext = (): Pick<GraphQLContext, 'storeCircuit'> => ({ storeCircuit: new StoreCircuit() });

export type GraphQLServer = YogaServerInstance<ServerContext, GraphQLContext>;

export const GRAPHQL_PATH = '/graphql';
/** The largest GraphQL request body, for yoga and for the HTTP fast path alike. */
export const GRAPHQL_MAX_BODY_BYTES = 64 * 1024;

/** The services reach resolvers through each request's ServerContext, not through the server. */
export function createGraphQLServer(options: GraphQLServerOptions): GraphQLServer {
  const introspection = options.introspection ?? !options.production;
  return createYoga<ServerContext, GraphQLContext>({
    schema: schemaFor(options.prices),
    graphqlEndpoint: GRAPHQL_PATH,
    context: (initial) => ({ ...initial, ...operationContext() }),
    landingPage: false,
    // CORS is one policy for both protocols, applied by the HTTP listener (http/cors.ts).
    cors: false,
    // GraphiQL's page is served compressed by the HTTP layer (http/graphql-page.ts), ahead of yoga.
    graphiql: false,
    maxRequestBodySize: GRAPHQL_MAX_BODY_BYTES,
    // No document cache here: yoga's is bounded in entries, not bytes, and would keep what anonymous
    // callers send. Documents of keyed callers are kept, parsed, validated and compiled by
    // graphql-jit, by the HTTP layer's direct path (http/graphql-fast-path.ts), bounded in bytes;
    // what yoga serves (other media types, GET, a document first seen) runs on graphql-js.
    parserAndValidationCache: false,
    maskedErrors: { maskError: (error) => maskUnexpectedError(error) },
    logging: false,
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 15 }, // the full Variant B selection through fragments measures 11
        maxAliases: { n: 10 },
        maxTokens: { n: 2000 },
        maxDirectives: { n: 10 },
        // Introspection is bounded by its own rule (one schema walk per operation): armor's cost
        // model prices GraphiQL's one walk at ~87,000.
        costLimit: { maxCost: 20_000 },
        blockFieldSuggestion: { enabled: options.production },
      }),
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }),
      // After armor: for a caller without an accepted key, its own parse (a smaller token limit, a
      // document that needs a key refused before validation).
      anonymousDocuments,
      // A keyed caller's document of one operation runs on graphql-jit's query, compiled once
      // (graphql/known-documents.ts): the full Variant B selection has ~250 fields, and graphql-jit
      // resolves them ~15–25 % faster than the interpreter here (bench/graphql.ts).
      compiledExecution(options.knownDocuments ?? new KnownDocuments()),
      // After compiledExecution: they wrap the executor it installs.
      noteOperationName,
      variablesAsGraphqlJs,
      operationRules(introspection),
    ],
  });
}
