/**
 * The one node:http listener: REST routes (plain Node, no fetch pipeline) ahead of yoga, which serves
 * `/graphql` and GraphiQL. It gives each request its identity and writes `X-Request-Id` from it —
 * the only place that header is written: the request's log id, or the first call's on an
 * idempotent replay (the paid-operation pipeline says which).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ChargeHandle, ChargeSettlement } from '../application/charge-settlement.js';
import type { RequestIdentity } from '../application/request-identity.js';
import type { Services } from '../application/services.js';
import { createGraphQLServer, GRAPHQL_PATH, type GraphQLServer, type GraphQLServerOptions } from '../graphql/server.js';
import { createCorsPolicy } from './cors.js';
import { handleRest } from './rest/router.js';
import { sendError } from './rest/respond.js';
import { toDomainError } from '../application/refusals.js';

export interface AppOptions extends GraphQLServerOptions {
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

/**
 * The request's identity, bound to its response: `X-Request-Id` follows the answer's log id, and
 * the charges made for it are settled when the response has been handed in full to the client's
 * connection, or voided when it is not (the client went away first, or shutdown cut it).
 */
function identityOf(res: ServerResponse, logId: string, settlement: ChargeSettlement): RequestIdentity {
  res.setHeader('X-Request-Id', logId);
  let charges: ChargeHandle[] | undefined;
  return {
    logId,
    answerAs: (answeredLogId) => res.setHeader('X-Request-Id', answeredLogId),
    charged: (charge) => {
      if (res.closed && !res.writableFinished) {
        settlement.void(charge, 'the client went away before the answer');
        return;
      }
      if (charges === undefined) {
        charges = [];
        res.once('close', () => {
          for (const each of charges!) {
            if (res.writableFinished) settlement.confirm(each);
            else settlement.void(each, 'the answer was not delivered');
          }
        });
      }
      charges.push(charge);
    },
  };
}

export function createApp(services: Services, options: AppOptions, newLogId: () => string = randomUUID): App {
  const graphql = createGraphQLServer(options);
  const cors = createCorsPolicy(options.corsOrigins);
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const identity = identityOf(res, newLogId(), services.settlement);
    if (cors.apply(req, res)) return;
    if (draining) res.setHeader('Connection', 'close');
    else {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    }
    const handled = isGraphQLPath(req.url) ? graphql(req, res, { services, identity }) : handleRest(req, res, services, identity);
    Promise.resolve(handled).catch((error: unknown) => {
      services.logger.error('unhandled error in the HTTP listener', { logId: identity.logId, error: String(error) });
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
