/**
 * The POST body of the calculate shims: `application/json` (UTF-8) only, at most 16 KiB, checked on
 * the declared Content-Length before reading and counted while streaming (chunked bodies declare
 * nothing), so an oversized body is refused without being read.
 */
import type { IncomingMessage } from 'node:http';
import type { DomainError } from '../application/errors.ts';
import { refusals } from '../application/refusals.ts';

export const MAX_BODY_BYTES = 16 * 1024;

/** The client went away before the body was complete: nothing to answer. */
export class ClientAbortedError extends Error {
  override readonly name = 'ClientAbortedError';
}

const tooLarge = () => refusals.payloadTooLarge(MAX_BODY_BYTES);

// Built once: decoding is stateless without `stream`, so one fatal decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Refuses anything but `application/json` (parameters allowed; a charset, if given, must be UTF-8). */
export function checkJsonContentType(header: string | undefined): DomainError | null {
  if (header === undefined) return refusals.unsupportedMediaType('none sent');
  const [mediaType = '', ...params] = header.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return refusals.unsupportedMediaType('other type');
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"|"$/g, '')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return refusals.unsupportedMediaType('other charset');
  }
  return null;
}

/** Throws DomainError PAYLOAD_TOO_LARGE, or ClientAbortedError when the request stream breaks. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return Promise.reject(tooLarge());

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        cleanup();
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onAbort = () => {
      cleanup();
      reject(new ClientAbortedError('request body aborted by the client'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}

/** The decoded JSON value; BAD_USER_INPUT for an empty body, invalid UTF-8 or malformed JSON. */
export function parseJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw refusals.malformedJson('not UTF-8');
  }
  if (text.trim() === '') throw refusals.malformedJson('empty');
  try {
    return JSON.parse(text);
  } catch {
    throw refusals.malformedJson('not JSON');
  }
}
