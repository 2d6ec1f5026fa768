/** TRUST_PROXY: whose X-Forwarded-For is believed (only the listed proxies'), and which entry names the client. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, TrustedProxies } from '../../../src/http/client-limits.ts';

const request = (peer: string, forwardedFor?: string): IncomingMessage =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as never;

describe('clientAddress', () => {
  const trusted = new TrustedProxies(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);

  it('without TRUST_PROXY, or from a peer that is not a listed proxy, X-Forwarded-For is never read', () => {
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), null)).toBe('203.0.113.9');
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), new TrustedProxies([]))).toBe('203.0.113.9');
    // The report's case: any peer's header was believed once TRUST_PROXY was set.
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), trusted)).toBe('203.0.113.9');
  });

  it('behind listed proxies, the rightmost entry that is not one of them', () => {
    expect(clientAddress(request('10.1.2.3', '198.51.100.1'), trusted)).toBe('198.51.100.1');
    expect(clientAddress(request('::ffff:10.1.2.3', '198.51.100.1'), trusted)).toBe('198.51.100.1');
    // A client that writes its own entries first gains nothing: they lie left of the first untrusted one.
    expect(clientAddress(request('127.0.0.1', '1.1.1.1, 198.51.100.1, 10.9.9.9'), trusted)).toBe('198.51.100.1');
    expect(clientAddress(request('fd00::1', '2001:db8::7'), trusted)).toBe('2001:db8::7');
    // Every entry a proxy: the leftmost; no header: the peer; garbage stops the walk.
    expect(clientAddress(request('10.0.0.1', '10.0.0.2, 10.0.0.3'), trusted)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.1'), trusted)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.1', 'not-an-address'), trusted)).toBe('10.0.0.1');
  });
});
