/**
 * The one node:http listener: REST routes (plain Node, no fetch pipeline) ahead of yoga, which serves
 * `/graphql` and GraphiQL. It gives each request its identity and writes `X-Request-Id` from it —
 * the only place that header is written: the request's log id, or the first call's on an
 * idempotent replay (the paid-operation pipeline says which).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestIdentity } from '../application/request-identity.js';
import type { Services } from '../application/services.js';
import { createGraphQLServer, GRAPHQL_PATH, type GraphQLServer, type GraphQLServerOptions } from '../graphql/server.js';
import { handleRest } from './rest/router.js';
import { sendError } from './rest/respond.js';
import { toDomainError } from '../application/refusals.js';

export type AppOptions = GraphQLServerOptions;

export interface App {
  readonly listener: RequestListener;
  readonly graphql: GraphQLServer;
}

const isGraphQLPath = (url: string | undefined): boolean => {
  if (url === undefined || !url.startsWith(GRAPHQL_PATH)) return false;
  const next = url.charCodeAt(GRAPHQL_PATH.length);
  return Number.isNaN(next) || next === 0x3f; /* ? */
};

function identityOf(res: ServerResponse, logId: string): RequestIdentity {
  res.setHeader('X-Request-Id', logId);
  return { logId, answerAs: (answeredLogId) => res.setHeader('X-Request-Id', answeredLogId) };
}

export function createApp(services: Services, options: AppOptions, newLogId: () => string = randomUUID): App {
  const graphql = createGraphQLServer(options);
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const identity = identityOf(res, newLogId());
    const handled = isGraphQLPath(req.url) ? graphql(req, res, { services, identity }) : handleRest(req, res, services, identity);
    Promise.resolve(handled).catch((error: unknown) => {
      services.logger.error('unhandled error in the HTTP listener', { logId: identity.logId, error: String(error) });
      if (res.headersSent) res.destroy();
      else sendError(req, res, toDomainError(error, identity.logId));
    });
  };
  return { listener, graphql };
}
