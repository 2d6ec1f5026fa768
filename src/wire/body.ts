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

/**
 * The first member named twice in one object of a valid JSON text (`JSON.parse` keeps the last
 * silently), as its path (`autocharge.threshold`); undefined when every name is once per object.
 */
export function duplicateMember(text: string): string | undefined {
  const stack: { readonly keys: Set<string> | null; readonly path: string; atKey: boolean; last: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = i + 1;
      while (text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c ? 2 : 1;
      const top = stack.at(-1);
      if (top?.keys != null && top.atKey) {
        const name = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(name)) return top.path + name;
        top.keys.add(name);
        top.last = name;
        top.atKey = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      const top = stack.at(-1);
      const path = top === undefined ? '' : top.keys === null ? top.path : `${top.path}${top.last}.`;
      stack.push({ keys: c === 0x7b ? new Set() : null, path, atKey: c === 0x7b, last: '' });
    } else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c) {
      const top = stack.at(-1);
      if (top?.keys != null) top.atKey = true;
    }
  }
  return undefined;
}

/** The decoded JSON value; BAD_USER_INPUT for an empty body, invalid UTF-8 or malformed JSON. */
export function parseJsonBody(body: Buffer, options: { readonly refuseDuplicates?: boolean } = {}): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw refusals.malformedJson('not UTF-8');
  }
  if (text.trim() === '') throw refusals.malformedJson('empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refusals.malformedJson('not JSON');
  }
  if (options.refuseDuplicates === true) {
    const twice = duplicateMember(text);
    if (twice !== undefined) throw refusals.invalidField(twice, `${twice} is given twice: send each member once`);
  }
  return value;
}
