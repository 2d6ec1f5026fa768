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

/** One element read: a whole value, the header of an array whose items follow, or not all here yet. */
type Element =
  | { readonly kind: 'value'; readonly value: unknown; readonly end: number }
  | { readonly kind: 'array'; readonly count: number; readonly end: number }
  /** `needed`: the offset the buffer must reach before the element can be read. */
  | { readonly kind: 'incomplete'; readonly needed: number };

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

/** The element starting at `start` (its header line, and a bulk string's bytes). */
function readElement(buffer: Buffer, start: number): Element {
  const line = start < buffer.length ? lineAt(buffer, start) : undefined;
  if (line === undefined) return { kind: 'incomplete', needed: buffer.length + 1 };
  switch (buffer[start]!) {
    case STATUS:
      return { kind: 'value', value: line.text, end: line.next };
    case ERROR:
      return { kind: 'value', value: new ReplyError(line.text), end: line.next };
    case INTEGER: {
      const n = Number(line.text);
      if (!Number.isInteger(n) || line.text === '') throw new ProtocolError(`an integer reply is not an integer: "${line.text}"`);
      return { kind: 'value', value: n, end: line.next };
    }
    case BULK: {
      const length = lengthOf(line.text);
      if (length === -1) return { kind: 'value', value: null, end: line.next };
      const end = line.next + length + 2;
      if (end > buffer.length) return { kind: 'incomplete', needed: end };
      if (buffer[end - 2] !== CR || buffer[end - 1] !== LF) throw new ProtocolError('a bulk string does not end in CRLF');
      return { kind: 'value', value: buffer.toString('utf8', line.next, line.next + length), end };
    }
    case ARRAY: {
      const count = lengthOf(line.text);
      if (count === -1) return { kind: 'value', value: null, end: line.next };
      if (count === 0) return { kind: 'value', value: [], end: line.next };
      return { kind: 'array', count, end: line.next };
    }
    default:
      throw new ProtocolError(`unknown reply type byte ${buffer[start]}`);
  }
}

/**
 * Replies from a stream of chunks, in order, in time linear in their size: arrays under way are
 * kept open between chunks (each element is read once), and the chunks of an element not all here
 * yet (a long bulk string) are only joined once its last byte has arrived.
 */
export class ReplyReader {
  private chunks: Buffer[] = [];
  private length = 0;
  /** Bytes the unread chunks must hold before the next element can be read (0: try with every chunk). */
  private needed = 0;
  /** Arrays whose items are still arriving, outermost first. */
  private readonly open: { readonly items: unknown[]; remaining: number }[] = [];

  /** The replies completed by `chunk`. Throws ProtocolError on bytes that are not RESP2 replies. */
  read(chunk: Buffer): unknown[] {
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.length < this.needed) return [];
    const buffer = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    const replies: unknown[] = [];
    let offset = 0;
    this.needed = 0;
    for (;;) {
      const element = readElement(buffer, offset);
      if (element.kind === 'incomplete') {
        this.needed = element.needed - offset;
        break;
      }
      offset = element.end;
      if (element.kind === 'array') {
        this.open.push({ items: [], remaining: element.count });
        continue;
      }
      let value = element.value;
      let whole = true;
      while (this.open.length > 0) {
        const array = this.open[this.open.length - 1]!;
        array.items.push(value);
        if (--array.remaining > 0) {
          whole = false;
          break;
        }
        this.open.pop();
        value = array.items;
      }
      if (whole) replies.push(value);
    }
    const rest = buffer.subarray(offset);
    this.chunks = rest.length === 0 ? [] : [rest];
    this.length = rest.length;
    return replies;
  }

  /** Forgets a partial reply (the connection it came on is gone). */
  reset(): void {
    this.chunks = [];
    this.length = 0;
    this.needed = 0;
    this.open.length = 0;
  }
}
