/**
 * The one node:http listener: REST routes (plain Node, no fetch pipeline) and GraphiQL's page ahead
 * of yoga, which serves `/graphql`. It gives each request its identity and writes `X-Request-Id` from it —
 * the only place that header is written: the request's log id, or the first call's on an
 * idempotent replay (the paid-operation pipeline says which).
 */
import { randomUUID } from 'node:crypto';
import { ServerResponse, type IncomingMessage, type RequestListener } from 'node:http';
import type { ChargeHandle } from '../application/paid/charge-settlement.ts';
import { stackOf } from '../application/ports/logger.ts';
import type { RequestDetails } from '../application/paid/request-identity.ts';
import type { Services } from '../application/services.ts';
import { KnownDocuments } from '../graphql/known-documents.ts';
import { createGraphQLServer, type GraphQLServer, type GraphQLServerOptions } from '../graphql/server.ts';
import { AccessLog } from './access-log.ts';
import { createCorsPolicy } from './cors.ts';
import { createGraphQLFastPath } from './graphql-fast-path.ts';
import { createGraphQLPage, type GraphQLPageOptions } from './graphql-page.ts';
import { paidRoutesOf } from './rest/paid-route.ts';
import { paidOperations } from '../wire/operations/index.ts';
import { pathOf, sendNotFound, shownPath, type Matched, type RouteFacts } from './route-table.ts';
import { createRouteTable, UNROUTED, type RouteContext } from './routes.ts';
import { answeredError, sendError } from '../wire/respond.ts';
import { refusals, toDomainError } from '../application/refusals.ts';
import { AddressLimiter, carriedKey, carriesKey, clientAddress, TrustedProxies, type AddressRateLimit } from './client-limits.ts';
import type { Caller } from '../graphql/builder.ts';

export interface AppOptions extends GraphQLServerOptions, GraphQLPageOptions {
  /** Origins allowed to read answers from a browser (`CORS_ORIGINS`); `*` for any; none by default. */
  readonly corsOrigins: readonly string[];
  /** Requests without a valid key, per client address (`ANON_RATE_LIMIT_PER_SECOND`, `ANON_RATE_LIMIT_BURST`). */
  readonly anonymousRateLimit?: AddressRateLimit;
  /** Reverse proxies in front (addresses, CIDR blocks) whose `X-Forwarded-For` is believed (`TRUST_PROXY`); none by default. */
  readonly trustedProxies?: readonly string[];
  /**
   * Who may read `/metrics`: `open` (anyone), `closed` (nobody: 404, production without a token), or
   * a bearer token (`METRICS_TOKEN`).
   */
  readonly metricsAccess?: 'open' | 'closed' | { readonly token: string };
  /** `PUBLIC_URL`: the dashboard's forms may come from this origin, and its cookies are Secure when it is https. */
  readonly publicUrl?: string;
  /** `LOG_REFUSALS_PER_MINUTE`: a caller's refusals logged in full per minute, the rest counted (access-log.ts); 0 or absent: every one. */
  readonly refusalLinesPerMinute?: number;
  /** `FAST_GRAPHQL`: the direct GraphQL path (graphql-fast-path.ts); false: yoga serves every GraphQL request. Default true. */
  readonly fastGraphql?: boolean;
  /** `JSON_SLICES`: paid answers holding long arrays serialized in slices (wire/json-slices.ts); false: at once. Default true. */
  readonly jsonSlices?: boolean;
}

/**
 * A response that tells when the server has handed it whole to Node (`end()`): from then on the
 * answer's fate is the client's, and its charges are final (docs/credits.md). The HTTP server creates
 * every response as one of these (`http/server.ts`); with a plain ServerResponse the app falls
 * back to `writableEnded` when the connection closes.
 */
export class AnsweringResponse extends ServerResponse {
  /** Runs once, at the first `end()`, just before the answer's last bytes are written. */
  onEnd: (() => void) | undefined = undefined;
  /** After `end()`, the client has this long to take the whole answer before the connection is cut (0: no limit). */
  writeTimeoutMs = 0;

  override end(...args: unknown[]): this {
    // The charges are settled before the answer's last bytes are handed to the socket: a settlement
    // that leaves at once (the Redis script connection) is then with the kernel before the answer
    // is, so a gateway killed after writing an answer cannot have it refunded by the sweep.
    const hook = this.onEnd;
    this.onEnd = undefined;
    hook?.();
    (ServerResponse.prototype.end as (this: ServerResponse, ...rest: unknown[]) => unknown).apply(this, args);
    // A client that does not read its answer may not hold the connection.
    if (this.writeTimeoutMs > 0 && !this.writableFinished && !this.closed && !undelivered.has(this))
      awaitDelivery(this, this.writeTimeoutMs);
    return this;
  }
}

/**
 * Answers written but not yet taken whole by their clients, with the moment each must be taken by:
 * one sweep every DELIVERY_SWEEP_MS cuts the connections past it (a timer per answer cost more, on
 * every request, than the sweep). A write timeout is thus enforced within DELIVERY_SWEEP_MS.
 */
const undelivered = new Map<AnsweringResponse, number>();
const DELIVERY_SWEEP_MS = 250;
let deliverySweep: NodeJS.Timeout | undefined;
const forgetDelivery = function (this: AnsweringResponse): void {
  undelivered.delete(this);
};

function awaitDelivery(res: AnsweringResponse, timeoutMs: number): void {
  undelivered.set(res, performance.now() + timeoutMs);
  // 'close' follows 'finish' (or the connection's end): the answer is no longer waited on.
  res.once('close', forgetDelivery);
  if (deliverySweep === undefined) {
    deliverySweep = setInterval(sweepDeliveries, DELIVERY_SWEEP_MS);
    deliverySweep.unref();
  }
}

function sweepDeliveries(): void {
  const now = performance.now();
  for (const [res, deadline] of undelivered) {
    if (deadline > now) continue;
    undelivered.delete(res);
    if (!res.writableFinished && !res.closed) res.req.socket.destroy();
  }
  if (undelivered.size === 0) {
    clearInterval(deliverySweep);
    deliverySweep = undefined;
  }
}

export interface App {
  readonly listener: RequestListener;
  readonly graphql: GraphQLServer;
  /** The GraphQL documents kept, parsed and compiled, for keyed callers (bounded in bytes). */
  readonly graphqlDocuments: Pick<KnownDocuments, 'count' | 'bytes'>;
  /** Whether a path is a paid operation's (it always needs a key, perhaps in its body). */
  readonly isPaidPath: (path: string) => boolean;
  /**
   * Shutdown has begun: every response from now on, and every one in flight whose headers are not
   * yet written, carries `Connection: close`, so keep-alive clients leave after their answer; the
   * access log writes its summaries of the refusals it left out.
   */
  drain(): void;
  /**
   * Resolves once every request taken so far has finished (its handler returned and its response
   * closed, so any void it queued is queued), or after `timeoutMs`; true when none is left.
   */
  settled(timeoutMs: number): Promise<boolean>;
}

/**
 * One request as the app sees it: its identity, bound to its response — `X-Request-Id` follows the
 * answer's log id; the charges made for it are settled once the server has written a success answer
 * (`end()` called on an open connection: what the client then does with it is its own affair), or
 * voided when the server did not (an error answer, the connection gone before the answer was
 * written, shutdown cutting the request first) — and, once the response is closed, its one
 * access-log line (a caller's repeated refusals sampled: access-log.ts) and the request metrics. It is also the request's entry in the app's count of
 * requests not finished (its handler still running, or its response not closed).
 *
 * One object and one `close` listener per request: every request passes here, so nothing in it
 * allocates what it does not need (no promise per request, no closure per method).
 */
class RequestRecord implements RouteContext {
  readonly logId: string;
  private readonly req: IncomingMessage;
  private readonly res: ServerResponse;
  private readonly services: Services;
  /** Its metric label: its route's (`other` for a path no route has). */
  label = UNROUTED.label;
  /** The path holds a secret (a feed's token): the access line shows the route's label instead. */
  secretPath = false;
  /** Whose request it is, decided before its route's handler runs. */
  caller: Caller = 'keyed';
  private readonly startedMs = performance.now();
  private charges: ChargeHandle[] | undefined = undefined;
  private details: RequestDetails | undefined = undefined;
  /** The server has written its answer: every charge is decided. */
  private answered = false;
  /** The handler has returned (or was never called); with the response closed, the request is finished. */
  private handlerDone = false;
  private closed = false;
  /** A refused key (401) takes a token of this address's refused-key budget when the response closes. */
  refusedKeyAddress: string | undefined = undefined;
  /** The request already took a token of the anonymous budget (so a 401 does not take a second one). */
  tookAnonymous = false;
  /** The request already took a token of the refused-key budget (its key was looked up and not accepted). */
  tookRefusedKey = false;
  private readonly onFinished: (record: RequestRecord) => void;
  private readonly onRefusedKey: (address: string, tookAnonymous: boolean) => void;
  private readonly onAcceptedKey: (req: IncomingMessage) => void;
  private readonly accessLog: AccessLog;

  constructor(
    req: IncomingMessage,
    res: ServerResponse,
    logId: string,
    services: Services,
    onFinished: (record: RequestRecord) => void,
    onRefusedKey: (address: string, tookAnonymous: boolean) => void,
    onAcceptedKey: (req: IncomingMessage) => void,
    accessLog: AccessLog,
  ) {
    this.req = req;
    this.res = res;
    this.logId = logId;
    this.services = services;
    this.onFinished = onFinished;
    this.onRefusedKey = onRefusedKey;
    this.onAcceptedKey = onAcceptedKey;
    this.accessLog = accessLog;
    res.setHeader('X-Request-Id', logId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (res instanceof AnsweringResponse) res.onEnd = this.answer;
    res.once('close', this.onClose);
  }

  get response(): ServerResponse {
    return this.res;
  }

  answerAs(answeredLogId: string): void {
    this.res.setHeader('X-Request-Id', answeredLogId);
  }

  charged(charge: ChargeHandle): void {
    const { res, req, services } = this;
    if (this.answered) {
      services.settlement.void(
        charge,
        res.writableEnded ? 'charged after the answer was written' : 'the connection was closed (or cut by shutdown) before the answer',
      );
    } else if (res.closed || req.socket.destroyed) services.settlement.void(charge, 'the client went away before the answer');
    else (this.charges ??= []).push(charge);
  }

  note(more: RequestDetails): void {
    this.details = this.details === undefined ? more : { ...this.details, ...more };
  }

  /** The handler is done (returned, resolved or failed). */
  handlerFinished(): void {
    this.handlerDone = true;
    if (this.closed) this.onFinished(this);
  }

  private readonly answer = (): void => {
    if (this.answered) return;
    this.answered = true;
    const charges = this.charges;
    if (charges === undefined) return;
    this.charges = undefined;
    const { res, services } = this;
    const written = res.statusCode < 400 && !this.req.socket.destroyed;
    for (const charge of charges) {
      if (written) services.settlement.confirm(charge);
      else
        services.settlement.void(charge, res.statusCode >= 400 ? 'the answer was an error' : 'the connection was gone before the answer');
    }
  };

  private readonly onClose = (): void => {
    const { req, res, services } = this;
    if (!this.answered) {
      if (res.writableEnded) this.answer();
      else if (this.charges !== undefined)
        for (const charge of this.charges) services.settlement.void(charge, 'the answer was not written: the connection closed first');
      this.answered = true;
      this.charges = undefined;
    }
    const delivered = res.writableFinished;
    const status = delivered ? res.statusCode : 0;
    const seconds = (performance.now() - this.startedMs) / 1000;
    const path = this.secretPath ? this.label : shownPath(pathOf(req.url));
    services.metrics.requestFinished(this.label, status, seconds);
    const details = this.details;
    const level = details?.unexpected === true ? 'error' : details?.error !== undefined || status === 0 || status >= 500 ? 'warn' : 'info';
    // Every error answer's line says which: its code and message (a caller's mistake stays at info).
    const refusal = details?.error === undefined ? answeredError(res) : undefined;
    const line: Record<string, unknown> = {
      method: req.method,
      path,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      logId: this.logId,
    };
    if (details !== undefined) Object.assign(line, details);
    if (refusal !== undefined) line['error'] = `${refusal.code}: ${refusal.message}`;
    this.accessLog.request(level, line, status, details?.accountId, req);
    if (this.refusedKeyAddress !== undefined && res.statusCode === 401 && !this.tookRefusedKey)
      this.onRefusedKey(this.refusedKeyAddress, this.tookAnonymous);
    // A paid call authenticated its key (its account is noted): the key passes the refused-key budget from now on.
    else if (this.refusedKeyAddress !== undefined && details?.accountId !== undefined && res.statusCode !== 401) this.onAcceptedKey(req);
    this.closed = true;
    if (this.handlerDone) this.onFinished(this);
  };
}

export function createApp(services: Services, options: AppOptions, newLogId: () => string = randomUUID): App {
  const knownDocuments = new KnownDocuments();
  const graphql = createGraphQLServer({ ...options, prices: services.prices, knownDocuments });
  // The paid operations' paths (wire/operations): served by one handler, always keyed.
  const paidRoutes = paidRoutesOf(paidOperations(), { jsonSlices: options.jsonSlices ?? true });
  const cors = createCorsPolicy(options.corsOrigins);
  // Two budgets per address: keyless requests, and refused keys (401s). A flood of either never
  // touches the other, so anonymous traffic from a shared address (NAT, an office) cannot lock
  // out the paying clients behind it; made-up keys exhaust only the 401 budget.
  const anonymous = new AddressLimiter(options.anonymousRateLimit ?? { perSecond: 0, burst: 1 });
  const refusedKeys = new AddressLimiter(options.anonymousRateLimit ?? { perSecond: 0, burst: 1 });
  const trustedProxies = new TrustedProxies(options.trustedProxies ?? []);
  // Every path served, built once: look-ups give each request its route, handler and metric label.
  const routes = createRouteTable({
    services,
    paidRoutes,
    metricsAccess: options.metricsAccess ?? 'open',
    graphqlPage: createGraphQLPage(options),
    graphqlFastPath: createGraphQLFastPath(graphql, knownDocuments, { direct: options.fastGraphql ?? true }),
    dashboard: { trustedProxies, ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }) },
    addressOf: (req) => clientAddress(req, trustedProxies),
  });
  // A caller's repeated refusals are sampled (access-log.ts), by account or by this address.
  const accessLog = new AccessLog({
    logger: services.logger,
    metrics: services.metrics,
    addressOf: (req) => clientAddress(req, trustedProxies),
    refusalsPerWindow: options.refusalLinesPerMinute ?? 0,
  });
  /** Requests not finished yet: each one's response not closed, or its handler still running. */
  const unfinished = new Set<RequestRecord>();
  /** `settled()` calls waiting for `unfinished` to empty. */
  let whenSettled: (() => void)[] = [];
  const finished = (record: RequestRecord): void => {
    unfinished.delete(record);
    if (unfinished.size === 0 && whenSettled.length > 0) {
      const waiting = whenSettled;
      whenSettled = [];
      for (const resolve of waiting) resolve();
    }
  };
  // A refused key is an anonymous request too: it takes from both budgets (the anonymous one in
  // debt when it is empty: the request was already answered).
  const takeRefusedKey = (address: string, tookAnonymous: boolean): void => {
    refusedKeys.take(address);
    if (!tookAnonymous) anonymous.take(address, true);
  };
  let draining = false;
  /**
   * Whose request it is, decided before any of its work: a key carried on a path that does not
   * authenticate it itself (GraphQL, MCP, the free paths) is looked up now (the store keeps keys it
   * saw in memory for a second), so a key that is not accepted makes the request anonymous on every
   * path — it takes from the anonymous budget, and GraphQL neither validates nor compiles a
   * document of it that needs a key (graphql/anonymous-documents.ts). The paid REST paths
   * authenticate in their pipeline; their 401s take from both budgets when the response closes.
   */
  const acceptedKeys = new RecentKeys();
  const acceptedKey = (req: IncomingMessage): void => {
    const key = carriedKey(req);
    if (key !== null) acceptedKeys.add(key);
  };
  /** What the look-up found: whose request it is, and whether it is budgeted as anonymous. */
  interface Found {
    readonly caller: Caller;
    /** The key was looked up and not accepted. */
    readonly refused: boolean;
    /** No accepted key: the anonymous budget applies (also when the store could not say). */
    readonly anonymous: boolean;
  }
  const callerOf = async (req: IncomingMessage, route: RouteFacts): Promise<Found> => {
    // Paths that check their own credentials (an API key in the paid pipeline, an admin or metrics
    // token): their 401s are counted when the response closes.
    if (route.ownCredentials === true)
      return carriesKey(req)
        ? { caller: 'keyed', refused: false, anonymous: false }
        : { caller: 'keyless', refused: false, anonymous: true };
    // GraphQL and MCP read a key from the headers only; the free paths from the query too.
    const key = carriedKey(req, { query: route.headerKeyOnly !== true });
    if (key === null)
      return carriesKey(req)
        ? { caller: 'refused', refused: false, anonymous: true }
        : { caller: 'keyless', refused: false, anonymous: true };
    const accepted = await services.recognizeKey(key);
    // The store could not say (an outage): GraphQL answers as to a keyed caller (its paid fields
    // answer STORE_UNAVAILABLE, not a refusal of the key), but the request is budgeted as anonymous.
    if (accepted === undefined) return { caller: 'keyed', refused: false, anonymous: true };
    if (!accepted) return { caller: 'refused', refused: true, anonymous: true };
    acceptedKeys.add(key);
    return { caller: 'keyed', refused: false, anonymous: false };
  };
  /** Everything a request gets; what it returns (a promise for the asynchronous handlers) is awaited by the listener. */
  const serve = (req: IncomingMessage, res: ServerResponse, identity: RequestRecord): unknown => {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const found = routes.find(req.method, queryStart === -1 ? url : url.slice(0, queryStart));
    const route: RouteFacts & { readonly label: string } = found === null ? UNROUTED : found.store;
    identity.label = route.label;
    identity.secretPath = route.secretPath === true;
    if (draining) res.setHeader('Connection', 'close');
    if (cors.apply(req, res)) return undefined;
    // Probes and metrics are never limited per address (a load balancer asks often, from one address).
    const limited = anonymous.enabled && route.unlimited !== true;
    const graphqlPath = route.graphql === true;
    // Nothing to look up: no limit applies and the path is not GraphQL's (whose documents depend on it).
    if (!limited && !graphqlPath) return dispatch(req, res, identity, found, 'keyed');
    const address = limited ? clientAddress(req, trustedProxies) : '';
    if (limited) identity.refusedKeyAddress = address;
    // Keyed requests pass while the address has refused-key tokens left: a flood of made-up keys
    // is refused before any look-up (each key looked up and not accepted, and each 401, takes one).
    // A key accepted within the last minute passes whatever its address's budget: a paying client
    // behind a shared address is not locked out by another's made-up keys.
    if (limited && (route.paid === true || carriesKey(req))) {
      const retryAfterMs = refusedKeys.check(address);
      if (retryAfterMs > 0 && !acceptedKeys.has(carriedKey(req))) return sendError(req, res, refusals.addressRateLimited(retryAfterMs));
    }
    // Paid paths check their key in the pipeline (its 401 is counted when the response closes): no
    // look-up here, and no extra turn on the paid calls' path.
    if (route.paid === true) return dispatch(req, res, identity, found, 'keyed');
    if (limited && !graphqlPath && !carriesKey(req)) {
      // Keyless: nothing to look up.
      identity.tookAnonymous = true;
      const retryAfterMs = anonymous.take(address);
      if (retryAfterMs > 0) return sendError(req, res, refusals.addressRateLimited(retryAfterMs));
      return dispatch(req, res, identity, found, 'keyless');
    }
    return callerOf(req, route).then((caller) => {
      if (limited) {
        if (caller.refused) {
          identity.tookRefusedKey = true;
          refusedKeys.take(address);
        }
        if (caller.anonymous) {
          // Unauthenticated means anonymous, whatever header carried a key.
          identity.tookAnonymous = true;
          const retryAfterMs = anonymous.take(address);
          if (retryAfterMs > 0) return sendError(req, res, refusals.addressRateLimited(retryAfterMs));
        }
      }
      return dispatch(req, res, identity, found, caller.caller);
    });
  };
  /** The route's handler for the method (a 405 for another), or the 404 of a path no route has. */
  const dispatch = (
    req: IncomingMessage,
    res: ServerResponse,
    identity: RequestRecord,
    found: Matched<RouteContext> | null,
    caller: Caller,
  ): unknown => {
    identity.caller = caller;
    return found === null ? sendNotFound(req, res) : found.handler(req, res, identity, found.params);
  };
  /** A bug (thrown or rejected): answered and logged, and the request counted finished whatever happens. */
  const failure = (identity: RequestRecord, req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    try {
      failed(identity, req, res, error);
    } finally {
      identity.handlerFinished();
    }
  };
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const identity = new RequestRecord(req, res, newLogId(), services, finished, takeRefusedKey, acceptedKey, accessLog);
    unfinished.add(identity);
    let handled: unknown;
    try {
      handled = serve(req, res, identity);
    } catch (error) {
      return failure(identity, req, res, error);
    }
    if (handled instanceof Promise)
      handled.then(
        () => identity.handlerFinished(),
        (error: unknown) => failure(identity, req, res, error),
      );
    else identity.handlerFinished();
  };
  const drain = (): void => {
    draining = true;
    accessLog.flush();
    for (const record of unfinished) if (!record.response.headersSent) record.response.setHeader('Connection', 'close');
  };
  const settled = (timeoutMs: number): Promise<boolean> => {
    if (unfinished.size === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        whenSettled = whenSettled.filter((waiting) => waiting !== done);
        resolve(unfinished.size === 0);
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      whenSettled.push(done);
    });
  };
  return {
    listener,
    graphql,
    graphqlDocuments: knownDocuments,
    isPaidPath: (path) => routes.find('GET', path)?.store.paid === true,
    drain,
    settled,
  };
}

/** A handler that threw or rejected: a bug, logged with its stack; the client gets the masked 500 if nothing was sent yet. */
function failed(identity: RequestRecord, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  identity.note({ error: stackOf(error), unexpected: true });
  if (res.headersSent) res.destroy();
  else sendError(req, res, toDomainError(error, identity.logId));
}

/** Keys accepted at most ACCEPTED_KEY_MS ago, at most ACCEPTED_KEYS of them (the oldest forgotten first). */
const ACCEPTED_KEY_MS = 60_000;
const ACCEPTED_KEYS = 10_000;

class RecentKeys {
  private readonly seen = new Map<string, number>();

  add(key: string): void {
    this.seen.delete(key);
    this.seen.set(key, performance.now() + ACCEPTED_KEY_MS);
    if (this.seen.size > ACCEPTED_KEYS) this.seen.delete(this.seen.keys().next().value!);
  }

  has(key: string | null): boolean {
    if (key === null) return false;
    const until = this.seen.get(key);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    this.seen.delete(key);
    return false;
  }
}
