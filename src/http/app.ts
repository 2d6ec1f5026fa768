/**
 * The one node:http listener: REST routes (plain Node, no fetch pipeline) and GraphiQL's page ahead
 * of yoga, which serves `/graphql`. It gives each request its identity and writes `X-Request-Id` from it —
 * the only place that header is written: the request's log id, or the first call's on an
 * idempotent replay (the paid-operation pipeline says which).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ChargeHandle } from '../application/charge-settlement.ts';
import { stackOf } from '../application/ports/logger.ts';
import type { RequestDetails, RequestIdentity } from '../application/request-identity.ts';
import type { Services } from '../application/services.ts';
import { createGraphQLServer, GRAPHQL_PATH, type GraphQLServer, type GraphQLServerOptions } from '../graphql/server.ts';
import { createCorsPolicy } from './cors.ts';
import { createGraphQLFastPath } from './graphql-fast-path.ts';
import { createGraphQLPage, wantsPage, type GraphQLPageOptions } from './graphql-page.ts';
import { handleRest } from './rest/router.ts';
import { handleMcp, MCP_PATH } from '../mcp/http.ts';
import { sendError } from './rest/respond.ts';
import { toDomainError } from '../application/refusals.ts';

export interface AppOptions extends GraphQLServerOptions, GraphQLPageOptions {
  /** Origins allowed to read answers from a browser (`CORS_ORIGINS`); `*` for any; none by default. */
  readonly corsOrigins: readonly string[];
}

export interface App {
  readonly listener: RequestListener;
  readonly graphql: GraphQLServer;
  /**
   * Shutdown has begun: every response from now on, and every one in flight whose headers are not
   * yet written, carries `Connection: close`, so keep-alive clients leave after their answer.
   */
  drain(): void;
}

const isGraphQLPath = (url: string | undefined): boolean => {
  if (url === undefined || !url.startsWith(GRAPHQL_PATH)) return false;
  const next = url.charCodeAt(GRAPHQL_PATH.length);
  return Number.isNaN(next) || next === 0x3f; /* ? */
};

/** Routes as metric labels: known paths, everything else `other` (a label per unknown path would not be bounded). */
const KNOWN_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/graphql',
  '/v1/calculate',
  '/api/v1/calculate',
  '/health',
  '/ready',
  '/openapi.json',
  '/metrics',
  '/api/v1/compatibility',
  '/v1/chart.svg',
  '/chart',
  MCP_PATH,
]);
const MAX_LOGGED_PATH_CHARS = 200;

const pathOf = (url: string | undefined): string => {
  const path = (url ?? '/').split('?', 1)[0]!;
  return path.length > MAX_LOGGED_PATH_CHARS ? `${path.slice(0, MAX_LOGGED_PATH_CHARS)}…` : path;
};

/**
 * The request's identity, bound to its response: `X-Request-Id` follows the answer's log id; the
 * charges made for it are settled when the response has been handed in full to the client's
 * connection, or voided when it is not (the client went away first, or shutdown cut it); and when
 * the response is done, one access-log line and the request metrics are written.
 */
function identityOf(req: IncomingMessage, res: ServerResponse, logId: string, services: Services): RequestIdentity {
  const startedMs = performance.now();
  res.setHeader('X-Request-Id', logId);
  let charges: ChargeHandle[] = [];
  let details: RequestDetails = {};
  res.once('close', () => {
    const delivered = res.writableFinished;
    for (const charge of charges) {
      if (delivered) services.settlement.confirm(charge);
      else services.settlement.void(charge, 'the answer was not delivered');
    }
    charges = [];
    const status = delivered ? res.statusCode : 0;
    const seconds = (performance.now() - startedMs) / 1000;
    const path = pathOf(req.url);
    const route = KNOWN_ROUTES.has(path) ? path : 'other';
    services.metrics.requestFinished(route, status, seconds);
    const level = details.unexpected === true ? 'error' : details.error !== undefined || status === 0 || status >= 500 ? 'warn' : 'info';
    services.logger[level]('request', {
      method: req.method,
      path,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      logId,
      ...details,
    });
  });
  return {
    logId,
    answerAs: (answeredLogId) => res.setHeader('X-Request-Id', answeredLogId),
    charged: (charge) => {
      if (res.closed && !res.writableFinished) services.settlement.void(charge, 'the client went away before the answer');
      else charges.push(charge);
    },
    note: (more) => {
      details = { ...details, ...more };
    },
  };
}

export function createApp(services: Services, options: AppOptions, newLogId: () => string = randomUUID): App {
  const graphql = createGraphQLServer(options);
  const graphqlPage = createGraphQLPage(options);
  const graphqlFastPath = createGraphQLFastPath(graphql);
  const cors = createCorsPolicy(options.corsOrigins);
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const identity = identityOf(req, res, newLogId(), services);
    if (cors.apply(req, res)) return;
    if (draining) res.setHeader('Connection', 'close');
    else {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    }
    const handled = isGraphQLPath(req.url)
      ? wantsPage(req)
        ? graphqlPage(req, res)
        : graphqlFastPath(req, res, { services, identity }).then((served) => {
            if (served) return;
            identity.note({ graphqlVia: 'yoga' });
            return graphql(req, res, { services, identity });
          })
      : pathOf(req.url) === MCP_PATH
        ? handleMcp(req, res, services, identity)
        : handleRest(req, res, services, identity);
    Promise.resolve(handled).catch((error: unknown) => {
      identity.note({ error: stackOf(error), unexpected: true });
      if (res.headersSent) res.destroy();
      else sendError(req, res, toDomainError(error, identity.logId));
    });
  };
  const drain = (): void => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  return { listener, graphql, drain };
}
