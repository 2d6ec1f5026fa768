/**
 * RESP2 for the script connection (src/adapters/redis/resp.ts): commands as Redis reads them, and
 * replies read whole however the bytes are split across chunks.
 */
import { describe, expect, it } from 'vitest';
import { encodeCommand, ProtocolError, ReplyError, ReplyReader } from '../../../src/adapters/redis/resp.ts';

/** Replies as Redis writes them, with the values ioredis gives for each. */
const REPLIES: readonly [string, string, unknown][] = [
  ['status', '+OK\r\n', 'OK'],
  ['integer', ':42\r\n', 42],
  ['negative integer', ':-6\r\n', -6],
  ['bulk string', '$5\r\nhello\r\n', 'hello'],
  ['empty bulk string', '$0\r\n\r\n', ''],
  ['bulk string holding CRLF', '$4\r\na\r\nb\r\n', 'a\r\nb'],
  ['UTF-8 bulk string', `$${Buffer.byteLength('甲子 日柱')}\r\n甲子 日柱\r\n`, '甲子 日柱'],
  ['nil bulk string', '$-1\r\n', null],
  ['nil array', '*-1\r\n', null],
  ['empty array', '*0\r\n', []],
  ['a charge reply', '*4\r\n:1\r\n$5\r\n1-0-0\r\n:990\r\n$-1\r\n', [1, '1-0-0', 990, null]],
  ['nested arrays', '*2\r\n*2\r\n:1\r\n$1\r\na\r\n*1\r\n*0\r\n', [[1, 'a'], [[]]]],
];

describe('RESP2 replies', () => {
  it.each(REPLIES)('%s, whole', (_name, wire, value) => {
    expect(new ReplyReader().read(Buffer.from(wire))).toEqual([value]);
  });

  it('every reply in a row, split at every byte: the same replies, in order, each once', () => {
    const wire = Buffer.from(REPLIES.map(([, text]) => text).join(''));
    const expected = REPLIES.map(([, , value]) => value);
    for (let cut = 0; cut <= wire.length; cut++) {
      const reader = new ReplyReader();
      expect([...reader.read(wire.subarray(0, cut)), ...reader.read(wire.subarray(cut))]).toEqual(expected);
    }
    // One byte at a time.
    const reader = new ReplyReader();
    const got: unknown[] = [];
    for (let i = 0; i < wire.length; i++) got.push(...reader.read(wire.subarray(i, i + 1)));
    expect(got).toEqual(expected);
  });

  it('long replies in many chunks: a 20,000-item array in 1 KB chunks, a 1 MB bulk string in 64 KB chunks', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => `item-${i}`);
    const big = '甲'.repeat(350_000);
    const wire = Buffer.from(
      `*${items.length}\r\n${items.map((item) => `$${item.length}\r\n${item}\r\n`).join('')}$${Buffer.byteLength(big)}\r\n${big}\r\n:1\r\n`,
    );
    for (const size of [1024, 65_536]) {
      const reader = new ReplyReader();
      const got: unknown[] = [];
      for (let at = 0; at < wire.length; at += size) got.push(...reader.read(wire.subarray(at, at + size)));
      expect(got).toEqual([items, big, 1]);
    }
  });

  it('an error inside an array is a ReplyError item, as ioredis gives it', () => {
    const [reply] = new ReplyReader().read(Buffer.from('*2\r\n:1\r\n-ERR inner\r\n'));
    expect((reply as unknown[])[0]).toBe(1);
    expect((reply as unknown[])[1]).toBeInstanceOf(ReplyError);
    expect(((reply as unknown[])[1] as Error).message).toBe('ERR inner');
  });

  it('an error reply is a ReplyError with the message Redis sent (as ioredis names it)', () => {
    const [error] = new ReplyReader().read(Buffer.from('-NOSCRIPT No matching script. Please use EVAL.\r\n'));
    expect(error).toBeInstanceOf(ReplyError);
    expect((error as Error).name).toBe('ReplyError');
    expect((error as Error).message).toBe('NOSCRIPT No matching script. Please use EVAL.');
  });

  it('a partial reply is kept until the rest arrives, and forgotten on reset', () => {
    const reader = new ReplyReader();
    expect(reader.read(Buffer.from('*2\r\n:1\r\n'))).toEqual([]);
    reader.reset();
    expect(reader.read(Buffer.from(':7\r\n'))).toEqual([7]);
  });

  it.each([
    ['an unknown type byte', '!oops\r\n'],
    ['a length that is not a number', '$x\r\nab\r\n'],
    ['a bulk string longer than said', '$1\r\nab\r\n'],
    ['a line ended by CR alone', ':1\rx'],
    ['an integer that is not one', ':1.5\r\n'],
  ])('bytes that are not a reply (%s) throw a ProtocolError', (_name, wire) => {
    expect(() => new ReplyReader().read(Buffer.from(wire))).toThrow(ProtocolError);
  });
});

describe('RESP2 commands', () => {
  it('an array of bulk strings, lengths in bytes, numbers as String writes them', () => {
    expect(encodeCommand(['EVALSHA', 'abc', 2, 'k', '甲', -1.5, 0])).toBe(
      '*7\r\n$7\r\nEVALSHA\r\n$3\r\nabc\r\n$1\r\n2\r\n$1\r\nk\r\n$3\r\n甲\r\n$4\r\n-1.5\r\n$1\r\n0\r\n',
    );
  });
});
