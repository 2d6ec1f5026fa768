/**
 * RESP2, as much of it as the script connection (script-connection.ts) speaks: a command written as
 * an array of bulk strings, and replies read incrementally into the values ioredis gives for them —
 * a bulk string as a UTF-8 string, an integer as a number, a status as its text, nil as null, an
 * error as a `ReplyError` carrying Redis's message (so `NOSCRIPT …`, `BUSY …` read the same), and
 * arrays of these, nested.
 */

/** An error reply. Named as ioredis names its own, which the store's outage test reads (credit-store.ts). */
export class ReplyError extends Error {
  override readonly name = 'ReplyError';
}

/** A reply the reader cannot make sense of: the connection is out of step and must be dropped. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** `*N` then `$len` and the bytes of each part (numbers written as `String` writes them, as ioredis does). */
export function encodeCommand(parts: readonly (string | number)[]): string {
  let text = `*${parts.length}\r\n`;
  for (const part of parts) {
    const value = typeof part === 'number' ? String(part) : part;
    text += `$${Buffer.byteLength(value, 'utf8')}\r\n${value}\r\n`;
  }
  return text;
}

const CR = 13;
const LF = 10;
const STATUS = 0x2b; // +
const ERROR = 0x2d; // -
const INTEGER = 0x3a; // :
const BULK = 0x24; // $
const ARRAY = 0x2a; // *

interface Parsed {
  readonly value: unknown;
  /** Where the next reply starts. */
  readonly end: number;
}

/** The header line's text, from after the type byte to its CR, and where the next line starts; undefined: not all here yet. */
function lineAt(buffer: Buffer, start: number): { readonly text: string; readonly next: number } | undefined {
  const cr = buffer.indexOf(CR, start + 1);
  if (cr === -1 || cr + 1 >= buffer.length) return undefined;
  if (buffer[cr + 1] !== LF) throw new ProtocolError('a reply line does not end in CRLF');
  return { text: buffer.toString('latin1', start + 1, cr), next: cr + 2 };
}

function lengthOf(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < -1 || text === '') throw new ProtocolError(`a reply length is not a length: "${text}"`);
  return n;
}

/** The reply starting at `start`, or undefined when its bytes have not all arrived. */
function parseReply(buffer: Buffer, start: number): Parsed | undefined {
  if (start >= buffer.length) return undefined;
  const line = lineAt(buffer, start);
  if (line === undefined) return undefined;
  switch (buffer[start]!) {
    case STATUS:
      return { value: line.text, end: line.next };
    case ERROR:
      return { value: new ReplyError(line.text), end: line.next };
    case INTEGER: {
      const n = Number(line.text);
      if (!Number.isInteger(n) || line.text === '') throw new ProtocolError(`an integer reply is not an integer: "${line.text}"`);
      return { value: n, end: line.next };
    }
    case BULK: {
      const length = lengthOf(line.text);
      if (length === -1) return { value: null, end: line.next };
      const end = line.next + length + 2;
      if (end > buffer.length) return undefined;
      if (buffer[end - 2] !== CR || buffer[end - 1] !== LF) throw new ProtocolError('a bulk string does not end in CRLF');
      return { value: buffer.toString('utf8', line.next, line.next + length), end };
    }
    case ARRAY: {
      const count = lengthOf(line.text);
      if (count === -1) return { value: null, end: line.next };
      const items: unknown[] = [];
      let offset = line.next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, offset);
        if (item === undefined) return undefined;
        items.push(item.value);
        offset = item.end;
      }
      return { value: items, end: offset };
    }
    default:
      throw new ProtocolError(`unknown reply type byte ${buffer[start]}`);
  }
}

/**
 * Replies from a stream of chunks, in order. A reply split across chunks waits for the rest; it is
 * parsed again from its start when more arrives, which is cheap for the scripts' short replies.
 */
export class ReplyReader {
  private rest: Buffer | null = null;

  /** The replies completed by `chunk`. Throws ProtocolError on bytes that are not RESP2 replies. */
  read(chunk: Buffer): unknown[] {
    const buffer = this.rest === null ? chunk : Buffer.concat([this.rest, chunk]);
    const replies: unknown[] = [];
    let offset = 0;
    for (;;) {
      const reply = parseReply(buffer, offset);
      if (reply === undefined) break;
      replies.push(reply.value);
      offset = reply.end;
    }
    this.rest = offset === buffer.length ? null : buffer.subarray(offset);
    return replies;
  }

  /** Forgets a partial reply (the connection it came on is gone). */
  reset(): void {
    this.rest = null;
  }
}
