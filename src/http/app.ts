/**
 * The one node:http listener: REST routes (plain Node, no fetch pipeline) ahead of yoga, which serves
 * `/graphql` and GraphiQL. Every response carries `X-Request-Id` = the call's log id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { handleRest } from './rest/router.js';
import type { AppServices } from './services.js';
import { createGraphQLServer, GRAPHQL_PATH, serverContextFor, type GraphQLServer } from './yoga.js';

export interface App {
  readonly listener: RequestListener;
  readonly yoga: GraphQLServer;
}

const isGraphQLPath = (url: string | undefined): boolean => {
  if (url === undefined || !url.startsWith(GRAPHQL_PATH)) return false;
  const next = url.charCodeAt(GRAPHQL_PATH.length);
  return Number.isNaN(next) || next === 0x3f /* ? */;
};

export function createApp(services: AppServices): App {
  const yoga = createGraphQLServer(services);
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const logId = randomUUID();
    res.setHeader('X-Request-Id', logId);
    const handled = isGraphQLPath(req.url) ? yoga(req, res, serverContextFor(services, logId)) : handleRest(req, res, services, logId);
    Promise.resolve(handled).catch((error: unknown) => {
      services.logger.error('unhandled error in the HTTP listener', { logId, error: String(error) });
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ status: 'error', message: `Internal error (log_id ${logId})`, code: 'INTERNAL' }));
      } else res.destroy();
    });
  };
  return { listener, yoga };
}
