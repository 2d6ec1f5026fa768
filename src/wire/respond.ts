/**
 * Writing REST responses: JSON bodies with an exact Content-Length, the one error body (docs/rest.md,
 * Responses), and the headers every error row needs (`Allow`, `Retry-After`). `X-Request-Id` is set by the app before
 * the router runs; `writeHead` keeps it.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { errorBody, type DomainError } from '../application/errors.ts';
import { MAX_BODY_BYTES } from './body.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Sends an already serialized JSON document. */
export function sendJsonText(res: ServerResponse, status: number, json: string, headers: OutgoingHttpHeaders = {}): void {
  // Encoded once: the length and the bytes written come from the same pass over the string.
  const body = Buffer.from(json, 'utf8');
  res.writeHead(status, {
    'Content-Type': JSON_CONTENT_TYPE,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/**
 * Sends JSON already encoded in chunks (wire/json-slices.ts), as one answer with its exact
 * Content-Length. Nothing is written to a response whose connection went away meanwhile: its
 * charge is voided as for any answer not written.
 */
export function sendJsonChunks(res: ServerResponse, status: number, chunks: readonly Buffer[], headers: OutgoingHttpHeaders = {}): void {
  if (res.destroyed) return;
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  res.writeHead(status, { 'Content-Type': JSON_CONTENT_TYPE, 'Content-Length': length, 'Cache-Control': 'no-store', ...headers });
  res.cork();
  for (const chunk of chunks.slice(0, -1)) res.write(chunk);
  res.end(chunks.at(-1));
  res.uncork();
}

/** A text body of another type (the landing page, the metrics exposition, the chart's SVG), or bytes (the report's PDF). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  contentType: string,
  headers: OutgoingHttpHeaders = {},
): void {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': body.length, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** The refusal each error answer carried, for its access-log line. */
const ANSWERED_ERRORS = new WeakMap<ServerResponse, DomainError>();
export const answeredError = (res: ServerResponse): DomainError | undefined => ANSWERED_ERRORS.get(res);

/** The error body, and after its members any `members` of the path's own (`/ready`'s duty states). */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  error: DomainError,
  headers: OutgoingHttpHeaders = {},
  members: Readonly<Record<string, unknown>> = {},
): void {
  ANSWERED_ERRORS.set(res, error);
  const extra: OutgoingHttpHeaders = { ...headers };
  if (error.retryAfterSeconds !== undefined) extra['Retry-After'] = String(Math.max(0, Math.ceil(error.retryAfterSeconds)));
  // Node discards an unread request body after the response so the connection can be reused. That
  // is fine for a small declared body; an oversized or chunked one would be read in full, so the
  // connection is closed instead.
  if (hasUnboundedUnreadBody(req)) extra['Connection'] = 'close';
  sendJson(res, error.httpStatus, { ...errorBody(error), ...members }, extra);
}

function hasUnboundedUnreadBody(req: IncomingMessage): boolean {
  if (req.readableEnded) return false;
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const declared = Number(req.headers['content-length'] ?? 0);
  return !(declared <= MAX_BODY_BYTES);
}
