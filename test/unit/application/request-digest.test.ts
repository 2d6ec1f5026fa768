import { describe, expect, it } from 'vitest';
import { canonicalJson, requestDigest } from '../../../src/application/paid/request-digest.ts';

describe('requestDigest', () => {
  it('does not depend on key order', () => {
    expect(requestDigest({ request: { year: 1990, month: 5, nested: { a: 1, b: 2 } }, variant: 'A' })).toBe(
      requestDigest({ variant: 'A', request: { nested: { b: 2, a: 1 }, month: 5, year: 1990 } }),
    );
  });

  it('differs between variants and between requests', () => {
    const request = { year: 1990, month: 5 };
    expect(requestDigest({ request, variant: 'A' })).not.toBe(requestDigest({ request, variant: 'B' }));
    expect(requestDigest({ request, variant: 'A' })).not.toBe(requestDigest({ request: { ...request, month: 6 }, variant: 'A' }));
  });

  it('canonical JSON drops undefined members and sorts keys', () => {
    expect(canonicalJson({ b: [1, 'x', null], a: undefined, c: { z: true, y: 1.5 } })).toBe('{"b":[1,"x",null],"c":{"y":1.5,"z":true}}');
  });
});
