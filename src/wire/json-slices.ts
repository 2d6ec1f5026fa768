/**
 * JSON written in slices: the same text as `JSON.stringify`, produced a slice at a time with the
 * event loop let go between slices, for the answers that hold long arrays (a year of 日運, 150
 * years of 歳運: up to ~700 KB, ~10 ms to serialize and encode in one go, during which no other
 * request would be answered). Answers without a long array near the top are serialized at once,
 * as before: the common chart never takes a turn more.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Arrays longer than this are written element by element. */
const LONG_ARRAY = 64;
/** How deep (from the answer's top) long arrays are looked for; below it a value is serialized whole. */
const MAX_DEPTH = 5;
/** The most time spent between two turns of the event loop. */
const SLICE_MS = 4;
/** Text collected before it is encoded into a chunk of bytes. */
const CHUNK_CHARS = 64 * 1024;

const isPlainRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
};

/** Whether a long array sits within MAX_DEPTH plain levels of `value` (only such answers are sliced). */
export function holdsLongArray(value: unknown, depth = 0): boolean {
  if (Array.isArray(value)) {
    if (value.length > LONG_ARRAY) return true;
    if (depth >= MAX_DEPTH) return false;
    for (const item of value) if (holdsLongArray(item, depth + 1)) return true;
    return false;
  }
  if (!isPlainRecord(value) || depth >= MAX_DEPTH) return false;
  for (const key in value) if (holdsLongArray(value[key], depth + 1)) return true;
  return false;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const isOmitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * `JSON.stringify(value)` as UTF-8 chunks, letting the event loop go at least every SLICE_MS.
 * Their concatenation is byte for byte the one-go serialization (test/unit/wire/json-slices.test.ts).
 */
export async function jsonChunks(value: unknown): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let text = '';
  let sliceStarted = performance.now();
  const push = (piece: string): void => {
    text += piece;
    if (text.length >= CHUNK_CHARS) {
      chunks.push(Buffer.from(text, 'utf8'));
      text = '';
    }
  };
  const breathe = async (): Promise<void> => {
    if (performance.now() - sliceStarted < SLICE_MS) return;
    await nextTurn();
    sliceStarted = performance.now();
  };
  const write = async (item: unknown, depth: number): Promise<void> => {
    if (Array.isArray(item) && depth <= MAX_DEPTH && (item.length > LONG_ARRAY || holdsLongArray(item, depth))) {
      push('[');
      for (let i = 0; i < item.length; i++) {
        if (i > 0) push(',');
        const element: unknown = item[i];
        if (isOmitted(element)) push('null');
        else await write(element, depth + 1);
        await breathe();
      }
      push(']');
      return;
    }
    if (isPlainRecord(item) && depth < MAX_DEPTH && holdsLongArray(item, depth)) {
      push('{');
      let first = true;
      for (const key of Object.keys(item)) {
        const member = item[key];
        if (isOmitted(member)) continue;
        push(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        await write(member, depth + 1);
      }
      push('}');
      return;
    }
    push(JSON.stringify(item) ?? 'null');
  };
  await write(value, 0);
  if (text !== '') chunks.push(Buffer.from(text, 'utf8'));
  return chunks;
}
