/**
 * The node:http server around the app: timeouts and a connection cap, parser errors answered with
 * the JSON error body, and a graceful shutdown that finishes in-flight requests.
 */
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, type DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';
import type { App } from './app.ts';

export interface HttpServerOptions {
  /** A whole request (headers and body) must arrive within this (`HTTP_REQUEST_TIMEOUT_MS`). */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this (`HTTP_HEADERS_TIMEOUT_MS`). */
  readonly headersTimeoutMs: number;
  /** Open connections at most (`HTTP_MAX_CONNECTIONS`); more are refused by the kernel's backlog. */
  readonly maxConnections: number;
  /** Idle keep-alive connections are closed after this; above common load-balancer idle timeouts. */
  readonly keepAliveTimeoutMs?: number;
}

export function createHttpServer(app: App, options: HttpServerOptions): Server {
  const server = createServer(
    {
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 65_000,
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.headersTimeoutMs,
    },
    app.listener,
  );
  server.maxConnections = options.maxConnections;
  server.on('clientError', answerClientError);
  return server;
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
  const refusal = refusalOf(error.code);
  const body = JSON.stringify(errorBody(refusal));
  socket.end(
    `HTTP/1.1 ${refusal.httpStatus} ${STATUS_CODES[refusal.httpStatus] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n` +
      'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
      body,
  );
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

/**
 * Graceful shutdown: stop accepting, tell keep-alive clients to leave (`Connection: close`, idle
 * connections closed now), let in-flight requests finish within `graceMs`, then cut what is left.
 * Resolves `true` when every request finished in time.
 */
export function shutDownGracefully(server: Server, app: App, graceMs: number): Promise<boolean> {
  app.drain();
  return new Promise((resolve) => {
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
}
