/**
 * The node:http server around the app: timeouts and connection caps (in all and per client
 * address), parser errors answered with the JSON error body, and a graceful shutdown that finishes
 * in-flight requests and waits until every charge they made is settled or its void queued.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, type DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import { AnsweringResponse, type App } from './app.ts';

export interface HttpServerOptions {
  /** A whole request (headers and body) must arrive within this (`HTTP_REQUEST_TIMEOUT_MS`). */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this (`HTTP_HEADERS_TIMEOUT_MS`). */
  readonly headersTimeoutMs: number;
  /** Open connections at most (`HTTP_MAX_CONNECTIONS`); more are refused by the kernel's backlog. */
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
  const server = createServer(
    {
      // An idle keep-alive connection (a client that took its answer, or whose kernel did, and sent
      // nothing more) is closed after the idle timeout too.
      keepAliveTimeout: options.keepAliveTimeoutMs ?? (options.idleTimeoutMs || 65_000),
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      ServerResponse: AnsweringResponse as unknown as typeof ServerResponse,
    },
    (req, res) => {
      // A request that arrived on a connection refused by the per-address cap is never run (nor charged).
      if (overCap.has(req.socket)) {
        req.socket.destroy();
        return;
      }
      if (res instanceof AnsweringResponse) res.writeTimeoutMs = writeTimeoutMs;
      app.listener(req, res);
    },
  );
  server.maxConnections = options.maxConnections;
  if ((options.idleTimeoutMs ?? 0) > 0) server.timeout = options.idleTimeoutMs!;
  const perAddress = options.maxConnectionsPerAddress ?? 0;
  if (perAddress > 0) capConnectionsPerAddress(server, perAddress, overCap);
  server.on('clientError', answerClientError);
  return server;
}

/** Connections beyond `max` from one peer address are answered 429 and closed at once (and put in `refused`). */
function capConnectionsPerAddress(server: Server, max: number, refused: WeakSet<Socket>): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      refused.add(socket);
      writeRawError(socket, refusals.tooManyConnections(max));
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
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
