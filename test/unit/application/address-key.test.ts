import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../src/application/dashboard/throttle.ts';

describe('addressKey: what log-in throttling counts a client under', () => {
  it('keeps IPv4 (and IPv4-mapped IPv6) as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it('counts IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:85a3:1::/64';
    expect(addressKey('2001:db8:85a3:1:abcd::1')).toBe(key);
    expect(addressKey('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:85a3:1::')).toBe(key);
    expect(addressKey('2001:db8:85a3:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
