/**
 * The node:http server around the app: timeouts and connection caps (in all and per client
 * address), parser errors answered with the JSON error body, and a graceful shutdown that finishes
 * in-flight requests and waits until every charge they made is settled or its void queued.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, type DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import { AnsweringResponse, type App } from './app.ts';
import { carriesKey } from './client-limits.ts';

export interface HttpServerOptions {
  /** A whole request (headers and body) must arrive within this (`HTTP_REQUEST_TIMEOUT_MS`). */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this (`HTTP_HEADERS_TIMEOUT_MS`). */
  readonly headersTimeoutMs: number;
  /**
   * Open connections at most (`HTTP_MAX_CONNECTIONS`). Near it, connections that hold a slot without
   * progress are cut to make room, and the last tenth of the slots is kept for keyed callers.
   */
  readonly maxConnections: number;
  /** Idle keep-alive connections are closed after this; above common load-balancer idle timeouts. */
  readonly keepAliveTimeoutMs?: number;
  /** Once an answer is written, the client must have taken it within this (`HTTP_WRITE_TIMEOUT_MS`); 0: no limit. */
  readonly writeTimeoutMs?: number;
  /** A connection on which no byte moves for this long is closed, idle keep-alive ones included (`HTTP_IDLE_TIMEOUT_MS`); 0: never. */
  readonly idleTimeoutMs?: number;
  /** Open connections per peer address at most (`HTTP_MAX_CONNECTIONS_PER_ADDRESS`); 0: no cap. */
  readonly maxConnectionsPerAddress?: number;
}

/**
 * How often Node checks the request and headers timeouts (its default, 30 s, let a 10 s timeout
 * fire after 34 s). Every timeout then fires within this of its setting.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 500;

export function createHttpServer(app: App, options: HttpServerOptions): Server {
  const writeTimeoutMs = options.writeTimeoutMs ?? 0;
  const overCap = new WeakSet<Socket>();
  const gate = new ConnectionGate(options, overCap, app.isPaidPath);
  const server = createServer(
    {
      // An idle keep-alive connection (a client that took its answer, or whose kernel did, and sent
      // nothing more) is closed after the idle timeout too.
      keepAliveTimeout: options.keepAliveTimeoutMs ?? (options.idleTimeoutMs || 65_000),
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      ServerResponse: TrackedResponse as unknown as typeof ServerResponse,
    },
    (req, res) => {
      // A request that arrived on a connection refused by a cap is never run (nor charged).
      if (overCap.has(req.socket)) {
        req.socket.destroy();
        return;
      }
      if (!gate.take(req, res)) return;
      if (res instanceof AnsweringResponse) res.writeTimeoutMs = writeTimeoutMs;
      app.listener(req, res);
    },
  );
  // No `server.maxConnections`: Node would drop every connection over it, whoever it came from,
  // while connections that never read or never send held the slots. The gate counts instead.
  if ((options.idleTimeoutMs ?? 0) > 0) server.timeout = options.idleTimeoutMs!;
  server.on('connection', gate.admit);
  server.on('clientError', answerClientError);
  return server;
}

/**
 * The share of `maxConnections` kept for keyed callers: once the open connections are inside this
 * last tenth, a connection whose first request carries no key is refused.
 */
const RESERVED_SHARE = 0.1;

/**
 * How long a connection must have done nothing before an arrival inside the reserved share cuts it.
 * Without it, two clients connecting at once cut each other before either had sent its request,
 * and a keep-alive client was cut as it was about to send its next one.
 */
const STALL_GRACE_MS = 1_000;

/** One open connection in the gate's count. */
interface Connection {
  readonly socket: Socket;
  readonly address: string;
  /**
   * Requests taken whose response the handler has not ended: while one is, the connection is never
   * cut (it may be paid work under way).
   */
  handling: number;
  /** The request taken last: while it is not complete, the client has not sent it whole. */
  request: IncomingMessage | undefined;
  /** Its response: until it is finished, the answer is being delivered (or not taken). */
  response: ServerResponse | undefined;
  /** Requests taken on it so far (only the first is checked against the reserved share). */
  requests: number;
  /**
   * When it was accepted, last began or ended a request, or was last seen taking its answer
   * (`performance.now()`).
   */
  activeMs: number;
  /** The socket's bytes still waiting in Node when its activity was last noted: an answer being taken lowers them. */
  pendingBytes: number;
  /** Still counted (false once cut, refused or closed). */
  counted: boolean;
  /** Neighbours in the gate's list, least recently active first. */
  older: Connection | undefined;
  newer: Connection | undefined;
}

/** Every response of the server: it tells the gate when its handler has ended it. */
class TrackedResponse extends AnsweringResponse {
  /** The gate that counts this response's request as handled on `handledOn`, until its `end()`. */
  gate: ConnectionGate | undefined = undefined;
  handledOn: Connection | undefined = undefined;

  override end(...args: unknown[]): this {
    super.end(...args);
    const { gate, handledOn: connection } = this;
    if (gate !== undefined && connection !== undefined) {
      this.gate = undefined;
      this.handledOn = undefined;
      gate.ended(connection);
    }
    return this;
  }
}

/**
 * The server's own count of open connections, in place of Node's `maxConnections` (which dropped
 * every connection over the cap, whoever it came from, while stalled ones held the slots). Per
 * connection one record and one `close` listener; per request a map lookup, a clock read and a move
 * to the end of a list, at its start and at its `end()`: nothing that grows with the connections on
 * the paid calls' path. Only an arrival inside the reserved share walks the list, from its least
 * recently active end, to the first connection it may cut.
 */
class ConnectionGate {
  private readonly bySocket = new Map<Socket, Connection>();
  private readonly perAddress = new Map<string, number>();
  private oldest: Connection | undefined = undefined;
  private newest: Connection | undefined = undefined;
  private readonly max: number;
  /** Slots any connection may take; the rest, up to `max`, are for keyed callers. */
  private readonly general: number;
  private readonly maxPerAddress: number;
  private readonly isPaidPath: (path: string) => boolean;
  private readonly refused: WeakSet<Socket>;

  constructor(options: HttpServerOptions, refused: WeakSet<Socket>, isPaidPath: (path: string) => boolean) {
    this.max = options.maxConnections;
    this.general = options.maxConnections - Math.floor(options.maxConnections * RESERVED_SHARE);
    this.maxPerAddress = options.maxConnectionsPerAddress ?? 0;
    this.isPaidPath = isPaidPath;
    this.refused = refused;
  }

  /**
   * A new connection: over its address's cap it is answered 429 and closed (as before, never
   * counted). Entering the reserved share, it first cuts the least recently active connection that
   * has held its slot without progress for STALL_GRACE_MS; when every slot is taken, any connection
   * with nothing at stake; when none can be cut, it is refused.
   */
  readonly admit = (socket: Socket): void => {
    const address = socket.remoteAddress ?? 'unknown';
    const fromAddress = (this.perAddress.get(address) ?? 0) + 1;
    if (this.maxPerAddress > 0 && fromAddress > this.maxPerAddress) {
      this.refuse(socket, refusals.tooManyConnections(this.maxPerAddress));
      return;
    }
    if (this.bySocket.size >= this.general) this.cutOneStalled();
    if (this.bySocket.size >= this.max) {
      this.refuse(socket, refusals.noConnectionFree());
      return;
    }
    if (this.maxPerAddress > 0) this.perAddress.set(address, fromAddress);
    const connection: Connection = {
      socket,
      address,
      handling: 0,
      request: undefined,
      response: undefined,
      requests: 0,
      activeMs: performance.now(),
      pendingBytes: 0,
      counted: true,
      older: undefined,
      newer: undefined,
    };
    this.bySocket.set(socket, connection);
    this.append(connection);
    socket.once('close', () => this.forget(connection));
  };

  /**
   * A request on a counted connection: false when it is refused (the first request of a connection
   * inside the reserved share, without a key), else it is counted as handled until its `end()`.
   */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    const connection = this.bySocket.get(req.socket);
    if (connection === undefined) return true;
    if (connection.requests++ === 0 && this.bySocket.size > this.general && !this.keyed(req)) {
      this.forget(connection);
      // Its body, if any, is read and dropped: the connection ends with the answer, not a reset.
      req.resume();
      this.refuse(req.socket, refusals.connectionsReservedForKeys());
      return false;
    }
    connection.handling += 1;
    connection.request = req;
    connection.response = res;
    if (res instanceof TrackedResponse) {
      res.gate = this;
      res.handledOn = connection;
    }
    this.touch(connection);
    return true;
  }

  /** A response's `end()`: its request is no longer handled. */
  ended(connection: Connection): void {
    connection.handling -= 1;
    if (connection.counted) this.touch(connection);
  }

  /** A key in a header or the query, or a paid path (whose key may be in the body, not read yet). */
  private keyed(req: IncomingMessage): boolean {
    if (carriesKey(req)) return true;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    return this.isPaidPath(query === -1 ? url : url.slice(0, query));
  }

  /**
   * Cuts the least recently active connection costing a slot without progress (see `stallOf`): one
   * stalled for STALL_GRACE_MS; with every slot taken, else the oldest with nothing at stake (no
   * answer on its way), as refusing the arrival would be no better.
   */
  private cutOneStalled(): void {
    const graceEndMs = performance.now() - STALL_GRACE_MS;
    for (let connection = this.oldest, next = connection?.newer; connection !== undefined; connection = next, next = connection?.newer) {
      const stall = stallOf(connection);
      if (stall === 'busy') continue;
      if (stall === 'delivering' && connection.socket.writableLength < connection.pendingBytes) {
        // Its client is taking the answer, however slowly: progress, not a stall (noted, and moved to the newest end).
        this.touch(connection);
        continue;
      }
      if (connection.activeMs > graceEndMs) {
        // The list is ordered by activity: every connection after this one is within its grace too.
        if (this.bySocket.size < this.max) return;
        if (stall === 'delivering') continue;
      }
      this.cut(connection);
      return;
    }
  }

  private cut(connection: Connection): void {
    this.forget(connection);
    connection.socket.destroy();
  }

  private refuse(socket: Socket, refusal: DomainError): void {
    this.refused.add(socket);
    writeRawError(socket, refusal);
  }

  /** Out of the count (once: a cut or refusal, then the `close` after it, both call this). */
  private forget(connection: Connection): void {
    if (!connection.counted) return;
    connection.counted = false;
    this.bySocket.delete(connection.socket);
    this.unlink(connection);
    if (this.maxPerAddress === 0) return;
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left <= 0) this.perAddress.delete(connection.address);
    else this.perAddress.set(connection.address, left);
  }

  /** Active now: to the newest end of the list. */
  private touch(connection: Connection): void {
    connection.activeMs = performance.now();
    connection.pendingBytes = connection.socket.writableLength;
    if (connection === this.newest) return;
    this.unlink(connection);
    this.append(connection);
  }

  private append(connection: Connection): void {
    connection.older = this.newest;
    connection.newer = undefined;
    if (this.newest === undefined) this.oldest = connection;
    else this.newest.newer = connection;
    this.newest = connection;
  }

  private unlink(connection: Connection): void {
    const { older, newer } = connection;
    if (older === undefined) this.oldest = newer;
    else older.newer = newer;
    if (newer === undefined) this.newest = older;
    else newer.older = older;
    connection.older = undefined;
    connection.newer = undefined;
  }
}

/**
 * What a connection does with its slot. `busy`: a request is being handled (computed, or its
 * answer produced), which is progress even when slow: cutting it could void paid work; never cut.
 * `arriving`: nothing sent whole yet (no request, or its one request's body still coming: no paid
 * call charges before its request is whole). `delivering`: its answer is written and the client has
 * not taken it all. `idle`: a keep-alive connection between requests.
 */
function stallOf(connection: Connection): 'busy' | 'arriving' | 'delivering' | 'idle' {
  const { handling, request, response } = connection;
  if (handling > 1) return 'busy';
  if (handling === 1) return request?.complete === false ? 'arriving' : 'busy';
  if (response === undefined) return 'arriving';
  return response.writableFinished || response.destroyed ? 'idle' : 'delivering';
}

/**
 * Node's HTTP parser refused the request (oversized headers, a bad Content-Length, a request that
 * took too long): answer with the JSON error body and an `X-Request-Id` like any other error.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  writeRawError(socket, refusalOf(error.code));
}

/** An error answer written straight to the socket (no request object: the parser refused it, or the connection is over a cap). */
function writeRawError(socket: Socket, refusal: DomainError): void {
  const body = JSON.stringify(errorBody(refusal));
  const retryAfter = refusal.retryAfterSeconds === undefined ? '' : `Retry-After: ${Math.ceil(refusal.retryAfterSeconds)}\r\n`;
  socket.end(
    `HTTP/1.1 ${refusal.httpStatus} ${STATUS_CODES[refusal.httpStatus] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      retryAfter +
      'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
      body,
  );
  socket.destroySoon();
}

function refusalOf(code: string | undefined): DomainError {
  switch (code ?? '') {
    case 'HPE_HEADER_OVERFLOW':
      return refusals.headersTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return refusals.requestTimeout();
    default:
      return refusals.malformedHttp();
  }
}

/** After the cut, how long the requests that were cut may take to finish (their handlers return, their voids are queued). */
const AFTER_CUT_MS = 2_000;

/**
 * Graceful shutdown: stop accepting, tell keep-alive clients to leave (`Connection: close`, idle
 * connections closed now), let in-flight requests finish within `graceMs`, then cut what is left,
 * and wait until every request taken has finished: its handler returned and its response closed,
 * so each charge it made is settled or its void queued (`server.close()` alone resolved before the
 * cut requests had queued their voids, and the store closed with charges standing).
 * Resolves `true` when every request finished within the grace period.
 */
export async function shutDownGracefully(server: Server, app: App, graceMs: number): Promise<boolean> {
  app.drain();
  const inTime = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve(false);
    }, graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve(true);
    });
    server.closeIdleConnections();
  });
  const allDone = await app.settled(AFTER_CUT_MS);
  return inTime && allDone;
}
