/**
 * The one node:http listener: REST routes (plain Node, no fetch pipeline) and GraphiQL's page ahead
 * of yoga, which serves `/graphql`. It gives each request its identity and writes `X-Request-Id` from it —
 * the only place that header is written: the request's log id, or the first call's on an
 * idempotent replay (the paid-operation pipeline says which).
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { ServerResponse, type IncomingMessage, type RequestListener } from 'node:http';
import type { ChargeHandle } from '../application/charge-settlement.ts';
import { stackOf } from '../application/ports/logger.ts';
import type { RequestDetails, RequestIdentity } from '../application/request-identity.ts';
import type { Services } from '../application/services.ts';
import { createGraphQLServer, GRAPHQL_PATH, type GraphQLServer, type GraphQLServerOptions } from '../graphql/server.ts';
import { createCorsPolicy } from './cors.ts';
import { createGraphQLFastPath } from './graphql-fast-path.ts';
import { createGraphQLPage, wantsPage, type GraphQLPageOptions } from './graphql-page.ts';
import { handleRest } from './rest/router.ts';
import { paidRoutesOf } from './rest/paid-route.ts';
import { paidOperations } from '../wire/operations/index.ts';
import { handleMcp, MCP_PATH } from '../mcp/http.ts';
import { ACCOUNT_PATH, handleDashboard } from './account/routes.ts';
import { ADMIN_API_PATH, handleAdminApi, isAdminApiPath } from './admin/api.ts';
import { answeredError, sendError } from '../wire/respond.ts';
import { refusals, toDomainError } from '../application/refusals.ts';
import { AddressLimiter, carriesKey, clientAddress, type AddressRateLimit } from './client-limits.ts';

export interface AppOptions extends GraphQLServerOptions, GraphQLPageOptions {
  /** Origins allowed to read answers from a browser (`CORS_ORIGINS`); `*` for any; none by default. */
  readonly corsOrigins: readonly string[];
  /** Requests without a valid key, per client address (`ANON_RATE_LIMIT_PER_SECOND`, `ANON_RATE_LIMIT_BURST`). */
  readonly anonymousRateLimit?: AddressRateLimit;
  /** Reverse proxies in front whose `X-Forwarded-For` entries are believed (`TRUST_PROXY`); 0: none. */
  readonly trustProxyHops?: number;
  /**
   * Who may read `/metrics`: `open` (anyone), `closed` (nobody: 404, production without a token), or
   * a bearer token (`METRICS_TOKEN`).
   */
  readonly metricsAccess?: 'open' | 'closed' | { readonly token: string };
  /** `PUBLIC_URL`: the dashboard's forms may come from this origin, and its cookies are Secure when it is https. */
  readonly publicUrl?: string;
}

/**
 * A response that tells when the server has handed it whole to Node (`end()`): from then on the
 * answer's fate is the client's, and its charges are final (docs/credits.md). The HTTP server creates
 * every response as one of these (`http/server.ts`); with a plain ServerResponse the app falls
 * back to `writableEnded` when the connection closes.
 */
export class AnsweringResponse extends ServerResponse {
  /** Runs once, right after the first `end()`. */
  onEnd: (() => void) | undefined = undefined;
  /** After `end()`, the client has this long to take the whole answer before the connection is cut (0: no limit). */
  writeTimeoutMs = 0;

  override end(...args: unknown[]): this {
    (ServerResponse.prototype.end as (this: ServerResponse, ...rest: unknown[]) => unknown).apply(this, args);
    const hook = this.onEnd;
    this.onEnd = undefined;
    hook?.();
    if (this.writeTimeoutMs > 0 && !this.writableFinished && !this.closed) {
      // A client that does not read its answer may not hold the connection.
      const timer = setTimeout(() => this.req.socket.destroy(), this.writeTimeoutMs);
      timer.unref();
      this.once('close', () => clearTimeout(timer));
      this.once('finish', () => clearTimeout(timer));
    }
    return this;
  }
}

/** Probes and metrics: never limited per address (a load balancer asks often, from one address). */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/health', '/ready', '/metrics']);

export interface App {
  readonly listener: RequestListener;
  readonly graphql: GraphQLServer;
  /**
   * Shutdown has begun: every response from now on, and every one in flight whose headers are not
   * yet written, carries `Connection: close`, so keep-alive clients leave after their answer.
   */
  drain(): void;
  /**
   * Resolves once every request taken so far has finished (its handler returned and its response
   * closed, so any void it queued is queued), or after `timeoutMs`; true when none is left.
   */
  settled(timeoutMs: number): Promise<boolean>;
}

const isGraphQLPath = (url: string | undefined): boolean => {
  if (url === undefined || !url.startsWith(GRAPHQL_PATH)) return false;
  const next = url.charCodeAt(GRAPHQL_PATH.length);
  return Number.isNaN(next) || next === 0x3f; /* ? */
};

/** Routes as metric labels: known paths, everything else `other` (a label per unknown path would not be bounded). */
const FREE_ROUTES: readonly string[] = [
  '/',
  '/graphql',
  '/health',
  '/ready',
  '/openapi.json',
  '/metrics',
  '/chart',
  MCP_PATH,
  ACCOUNT_PATH,
  ADMIN_API_PATH,
];
/** Path families counted under one metric label each (`/account/keys` → `/account`). */
const PREFIX_ROUTES: readonly string[] = [ACCOUNT_PATH, ADMIN_API_PATH];
const MAX_LOGGED_PATH_CHARS = 200;
const OPERATOR_API_OFF =
  'the operator API is off: it needs the dashboard store (DASHBOARD=off turns it off; with Redis it needs DASHBOARD_DATABASE_URL or LEDGER_DATABASE_URL): docs/admin.md';

const pathOf = (url: string | undefined): string => {
  const path = (url ?? '/').split('?', 1)[0]!;
  return path.length > MAX_LOGGED_PATH_CHARS ? `${path.slice(0, MAX_LOGGED_PATH_CHARS)}…` : path;
};

/**
 * The request's identity, bound to its response: `X-Request-Id` follows the answer's log id; the
 * charges made for it are settled once the server has written a success answer (`end()` called on
 * an open connection: what the client then does with it is its own affair), or voided
 * when the server did not (an error answer, the connection gone before the answer was written,
 * shutdown cutting the request first); and when the response is done, one access-log line and the
 * request metrics are written.
 */
function identityOf(
  req: IncomingMessage,
  res: ServerResponse,
  logId: string,
  services: Services,
  knownRoutes: ReadonlySet<string>,
): RequestIdentity {
  const startedMs = performance.now();
  res.setHeader('X-Request-Id', logId);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  let charges: ChargeHandle[] = [];
  let details: RequestDetails = {};
  /** The server has written its answer: every charge is decided. */
  let answered = false;
  const answer = (): void => {
    if (answered) return;
    answered = true;
    const written = res.statusCode < 400 && !req.socket.destroyed;
    for (const charge of charges) {
      if (written) services.settlement.confirm(charge);
      else
        services.settlement.void(charge, res.statusCode >= 400 ? 'the answer was an error' : 'the connection was gone before the answer');
    }
    charges = [];
  };
  if (res instanceof AnsweringResponse) res.onEnd = answer;
  res.once('close', () => {
    if (!answered) {
      if (res.writableEnded) answer();
      else for (const charge of charges) services.settlement.void(charge, 'the answer was not written: the connection closed first');
      answered = true;
      charges = [];
    }
    const delivered = res.writableFinished;
    const status = delivered ? res.statusCode : 0;
    const seconds = (performance.now() - startedMs) / 1000;
    const path = pathOf(req.url);
    const route = knownRoutes.has(path) ? path : (PREFIX_ROUTES.find((prefix) => path.startsWith(`${prefix}/`)) ?? 'other');
    services.metrics.requestFinished(route, status, seconds);
    const level = details.unexpected === true ? 'error' : details.error !== undefined || status === 0 || status >= 500 ? 'warn' : 'info';
    // Every error answer's line says which: its code and message (a caller's mistake stays at info).
    const refusal = details.error === undefined ? answeredError(res) : undefined;
    services.logger[level]('request', {
      method: req.method,
      path,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      logId,
      ...details,
      ...(refusal === undefined ? {} : { error: `${refusal.code}: ${refusal.message}` }),
    });
  });
  return {
    logId,
    answerAs: (answeredLogId) => res.setHeader('X-Request-Id', answeredLogId),
    charged: (charge) => {
      if (answered) {
        services.settlement.void(
          charge,
          res.writableEnded ? 'charged after the answer was written' : 'the connection was closed (or cut by shutdown) before the answer',
        );
      } else if (res.closed || req.socket.destroyed) services.settlement.void(charge, 'the client went away before the answer');
      else charges.push(charge);
    },
    note: (more) => {
      details = { ...details, ...more };
    },
  };
}

export function createApp(services: Services, options: AppOptions, newLogId: () => string = randomUUID): App {
  const graphql = createGraphQLServer({ ...options, prices: services.prices });
  // The paid operations' paths (wire/operations): served by one handler, always keyed, and metric
  // labels beside the free routes.
  const paidRoutes = paidRoutesOf(paidOperations());
  const knownRoutes: ReadonlySet<string> = new Set([...FREE_ROUTES, ...paidRoutes.keys()]);
  const graphqlPage = createGraphQLPage(options);
  const graphqlFastPath = createGraphQLFastPath(graphql);
  const cors = createCorsPolicy(options.corsOrigins);
  // Two budgets per address: keyless requests, and refused keys (401s). A flood of either never
  // touches the other, so anonymous traffic from a shared address (NAT, an office) cannot lock
  // out the paying clients behind it; made-up keys exhaust only the 401 budget.
  const anonymous = new AddressLimiter(options.anonymousRateLimit ?? { perSecond: 0, burst: 1 });
  const refusedKeys = new AddressLimiter(options.anonymousRateLimit ?? { perSecond: 0, burst: 1 });
  const trustProxyHops = options.trustProxyHops ?? 0;
  const metricsAccess = options.metricsAccess ?? 'open';
  /** Requests not finished yet: each one's response not closed, or its handler still running. */
  const inFlight = new Set<Promise<void>>();
  let draining = false;
  const responses = new Set<ServerResponse>();
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const identity = identityOf(req, res, newLogId(), services, knownRoutes);
    responses.add(res);
    if (draining) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => res.once('close', resolve));
    if (cors.apply(req, res)) {
      track(closed, res);
      return;
    }
    const path = pathOf(req.url);
    if (anonymous.enabled && !UNLIMITED_PATHS.has(path)) {
      const address = clientAddress(req, trustProxyHops);
      // Keyless requests take a token of their own budget. Keyed ones (and every request to a path
      // that needs a key) pass while the address has refused-key tokens left, and take one when
      // their key is refused (401).
      // Every paid path needs a key (a body key of Variant A included).
      const keyed = paidRoutes.has(path) || carriesKey(req);
      const retryAfterMs = keyed ? refusedKeys.check(address) : anonymous.take(address);
      if (retryAfterMs > 0) {
        sendError(req, res, refusals.addressRateLimited(retryAfterMs));
        track(closed, res);
        return;
      }
      res.once('close', () => {
        if (res.statusCode === 401) refusedKeys.take(address);
      });
    }
    if (path === '/metrics' && metricsAccess !== 'open') {
      if (metricsAccess === 'closed') sendError(req, res, refusals.notFound(req.method ?? '', path));
      else if (!bearerMatches(req.headers.authorization, metricsAccess.token)) sendError(req, res, refusals.metricsToken());
      if (res.writableEnded) {
        track(closed, res);
        return;
      }
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
        : path === ACCOUNT_PATH || path.startsWith(`${ACCOUNT_PATH}/`)
          ? services.dashboard
            ? handleDashboard(req, res, services.dashboard, identity, {
                trustProxyHops,
                ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
              })
            : sendError(
                req,
                res,
                refusals.featureOff(path, 'the account dashboard is off (DASHBOARD=off, or Redis without a database: docs/dashboard.md)'),
              )
          : isAdminApiPath(path)
            ? services.operator
              ? handleAdminApi(req, res, services.operator, identity, clientAddress(req, trustProxyHops))
              : sendError(req, res, refusals.featureOff(path, OPERATOR_API_OFF))
            : handleRest(req, res, services, identity, paidRoutes);
    const finished = Promise.resolve(handled).catch((error: unknown) => {
      identity.note({ error: stackOf(error), unexpected: true });
      if (res.headersSent) res.destroy();
      else sendError(req, res, toDomainError(error, identity.logId));
    });
    track(
      Promise.all([finished, closed]).then(() => {}),
      res,
    );
  };
  const track = (done: Promise<void>, res: ServerResponse): void => {
    inFlight.add(done);
    void done.finally(() => {
      inFlight.delete(done);
      responses.delete(res);
    });
  };
  const drain = (): void => {
    draining = true;
    for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  const settled = async (timeoutMs: number): Promise<boolean> => {
    const deadline = performance.now() + timeoutMs;
    while (inFlight.size > 0) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
    return true;
  };
  return { listener, graphql, drain, settled };
}

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (match === null) return false;
  const given = Buffer.from(match[1]!);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
