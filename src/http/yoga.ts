/**
 * The GraphQL server: yoga over the Pothos schema, hardened (graphql-armor limits, CSRF prevention on
 * GET, a body cap, no field suggestions in production) and with GraphiQL served from the package.
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { GraphQLContext } from '../graphql/builder.js';
import { GRAPHIQL_DEFAULT_DOCUMENT, GRAPHIQL_DEFAULT_VARIABLES } from '../graphql/default-document.js';
import { maskUnexpectedError } from '../graphql/errors.js';
import { schema } from '../graphql/schema/index.js';
import type { AppServices } from './services.js';

/** What the listener (or a test's `yoga.fetch`) hands yoga with each request; yoga adds `request`. */
export interface ServerContext {
  readonly services: AppServices;
  readonly logId: string;
  /** The `X-Request-Id` to answer with: `logId`, or the first call's log id on an idempotent replay. */
  readonly requestId: { value: string };
}

export const serverContextFor = (services: AppServices, logId: string): ServerContext => ({ services, logId, requestId: { value: logId } });

export type GraphQLServer = YogaServerInstance<ServerContext, GraphQLContext>;

export const GRAPHQL_PATH = '/graphql';
const MAX_BODY_BYTES = 64 * 1024;

export function createGraphQLServer(services: AppServices): GraphQLServer {
  const production = services.config.nodeEnv === 'production';
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: services.config.graphiql
      ? { title: 'Four Pillars API', defaultQuery: GRAPHIQL_DEFAULT_DOCUMENT, defaultTabs: [{ query: GRAPHIQL_DEFAULT_DOCUMENT, variables: GRAPHIQL_DEFAULT_VARIABLES }] }
      : false,
    renderGraphiQL,
    maxRequestBodySize: MAX_BODY_BYTES,
    maskedErrors: { maskError: (error) => maskUnexpectedError(error) },
    logging: false,
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 15 }, // the full Variant B selection through fragments measures 11
        maxAliases: { n: 10 },
        maxTokens: { n: 2000 },
        maxDirectives: { n: 10 },
        costLimit: { maxCost: 20_000 },
        blockFieldSuggestion: { enabled: production },
      }),
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }),
      // Compiles each operation once (cached per document): the full Variant B selection has ~250
      // fields, and graphql-jit resolves them ~15–25 % faster than the interpreter here (bench/graphql.ts).
      useGraphQlJit(),
      {
        onResponse: ({ response, serverContext }: { response: Response; serverContext: Partial<ServerContext> }) => {
          if (serverContext.requestId !== undefined) response.headers.set('X-Request-Id', serverContext.requestId.value);
        },
      },
    ],
  });
}
