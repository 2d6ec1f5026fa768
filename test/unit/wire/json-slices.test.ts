/**
 * JSON in slices (src/wire/json-slices.ts): the chunks joined are JSON.stringify's text byte for
 * byte — long arrays at any depth it slices, members JSON leaves out (undefined, functions, symbols),
 * null in their place in arrays, toJSON, non-plain objects, non-finite numbers, strings in every
 * script — and the event loop is let go while a long answer is written.
 */
import { describe, expect, it } from 'vitest';
import { holdsLongArray, jsonChunks } from '../../../src/wire/json-slices.ts';

const joined = async (value: unknown): Promise<string> => Buffer.concat(await jsonChunks(value)).toString('utf8');

/** A random JSON-ish value (deterministic), with long arrays and the members JSON handles specially. */
function randomValue(seed: number, depth = 0): unknown {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const make = (level: number): unknown => {
    const kind = Math.floor(next() * (level > 5 ? 8 : 11));
    switch (kind) {
      case 0:
        return Math.floor(next() * 1e6) - 5e5;
      case 1:
        return ['甲子', 'é"\\\n', '\u{1F600}', 'plain', '\u2028'][Math.floor(next() * 5)];
      case 2:
        return next() < 0.5;
      case 3:
        return null;
      case 4:
        return [Number.NaN, Number.POSITIVE_INFINITY, -0, 1.5e300][Math.floor(next() * 4)];
      case 5:
        return undefined;
      case 6:
        return new Date(Date.UTC(2024, 1, 4, Math.floor(next() * 24)));
      case 7:
        return () => 1;
      case 8:
      case 9: {
        // Long arrays hold shallower values, so that a value stays a few thousand members.
        const long = level < 4 && next() < 0.4;
        const length = long ? 60 + Math.floor(next() * 140) : Math.floor(next() * 6);
        return Array.from({ length }, () => make(level + (long ? 3 : 1)));
      }
      default: {
        const record: Record<string, unknown> = {};
        for (let i = 0, n = Math.floor(next() * 7); i < n; i++) record[`k${i}${i % 2 === 0 ? '' : '名'}`] = make(level + 1);
        if (next() < 0.1) record['sym'] = Symbol('x');
        return record;
      }
    }
  };
  return make(depth);
}

describe('JSON in slices', () => {
  it('is JSON.stringify’s text for 300 random values with long arrays at every depth', async () => {
    let sliced = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const value = { answer: randomValue(seed), more: [randomValue(seed + 1000)] };
      if (holdsLongArray(value)) sliced++;
      expect(await joined(value), `seed ${seed}`).toBe(JSON.stringify(value));
    }
    expect(sliced).toBeGreaterThan(50);
  });

  it('a year of days: equal text, and other work runs while it is written', async () => {
    const days = Array.from({ length: 20_000 }, (_, i) => ({
      date: `2025-01-${i}`,
      ganzhi: '甲子',
      relations: [{ kind: 'clash', with: ['day'], note: undefined }],
    }));
    const value = { status: 'success', result: { luck: { days, years: days.slice(0, 150) } } };
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const text = await joined(value);
    clearInterval(ticker);
    expect(text).toBe(JSON.stringify(value));
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers without a long array are not sliced', () => {
    expect(
      holdsLongArray({ result: { pillars: ['甲子', '乙丑', '丙寅', '丁卯'], luck: { cycles: Array.from({ length: 12 }, () => ({})) } } }),
    ).toBe(false);
    expect(holdsLongArray({ result: { luck: { days: Array.from({ length: 65 }, () => 1) } } })).toBe(true);
    expect(holdsLongArray(Array.from({ length: 65 }, () => 1))).toBe(true);
  });
});
