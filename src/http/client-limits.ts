/**
 * What one client address may cost the server without a valid API key: a token bucket
 * per address for requests that carry no key (and for every 401, so made-up keys are counted too),
 * and the address a request comes from, read behind the trusted reverse proxies of `TRUST_PROXY`.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export interface AddressRateLimit {
  /** Tokens per second; 0 turns the limit off. */
  readonly perSecond: number;
  readonly burst: number;
}

/** Addresses remembered at most; idle full buckets are dropped first. */
const MAX_ADDRESSES = 50_000;

interface Bucket {
  tokens: number;
  atMs: number;
}

/** Per-process token buckets keyed by client address (each worker has its own: the limit is per worker). */
export class AddressLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: AddressRateLimit;
  private readonly now: () => number;

  constructor(limit: AddressRateLimit, now: () => number = () => performance.now()) {
    this.limit = limit;
    this.now = now;
  }

  get enabled(): boolean {
    return this.limit.perSecond > 0;
  }

  /**
   * Takes a token; 0 when one was taken, else ms until one is back. With `inDebt`, a token is taken
   * even when none is left (down to -burst): for a request already answered that must still count.
   */
  take(address: string, inDebt = false): number {
    return this.consume(address, true, inDebt);
  }

  /** Whether a token is there, without taking it; 0 when it is, else ms until one is back. */
  check(address: string): number {
    return this.consume(address, false);
  }

  private consume(address: string, take: boolean, inDebt = false): number {
    if (!this.enabled) return 0;
    const nowMs = this.now();
    let bucket = this.buckets.get(address);
    if (bucket === undefined) {
      if (!take) return 0;
      bucket = { tokens: this.limit.burst, atMs: nowMs };
      this.remember(address, bucket, nowMs);
    } else {
      bucket.tokens = Math.min(this.limit.burst, bucket.tokens + ((nowMs - bucket.atMs) * this.limit.perSecond) / 1000);
      bucket.atMs = nowMs;
    }
    if (bucket.tokens < 1) {
      if (inDebt && bucket.tokens > -this.limit.burst) bucket.tokens -= 1;
      return Math.max(1, Math.ceil(((1 - bucket.tokens) * 1000) / this.limit.perSecond));
    }
    if (take) bucket.tokens -= 1;
    return 0;
  }

  private remember(address: string, bucket: Bucket, nowMs: number): void {
    this.buckets.set(address, bucket);
    if (this.buckets.size <= MAX_ADDRESSES) return;
    // Full again: forgetting these changes nothing.
    const refillMs = (this.limit.burst * 1000) / this.limit.perSecond;
    for (const [key, old] of this.buckets) if (nowMs - old.atMs >= refillMs) this.buckets.delete(key);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_ADDRESSES) break;
      this.buckets.delete(key);
    }
  }
}

/**
 * The reverse proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`: addresses and CIDR
 * blocks); nobody else's is.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    this.empty = entries.length === 0;
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, Number(prefix), type);
    }
  }

  has(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as `10.0.0.1`. */
const plain = (address: string): string => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/**
 * The client's address: the connection's peer, unless the peer is a trusted proxy; then, walking
 * `X-Forwarded-For` from its right (each proxy appends the address it received from), the first
 * address that is not a trusted proxy. Entries left of it were written by the client or by
 * untrusted hops, and are never read. Every entry trusted: the leftmost one.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies | null): string {
  const peer = plain(req.socket.remoteAddress ?? 'unknown');
  if (trusted === null || trusted.empty || !trusted.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined) return peer;
  const hops = text
    .split(',')
    .map((part) => plain(part.trim()))
    .filter((part) => part !== '');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return client === peer ? peer : client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const QUERY_KEY = /(?:^|&)api_?key=([^&]*)/i;

/**
 * The API key a request carries in a header or the query, as the free paths, GraphQL and MCP would
 * read it (`Authorization: Bearer`, `X-API-Key`, `?api_key=`); null when none is readable.
 */
export function carriedKey(req: IncomingMessage, channels: { readonly query: boolean } = { query: true }): string | null {
  const bearer = BEARER.exec(req.headers.authorization ?? '')?.[1];
  if (bearer !== undefined) return bearer;
  const header = req.headers['x-api-key'];
  const xApiKey = (Array.isArray(header) ? header[0] : header)?.trim();
  if (xApiKey !== undefined && xApiKey !== '') return xApiKey;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if (query === -1 || !channels.query) return null;
  const value = QUERY_KEY.exec(url.slice(query + 1))?.[1];
  if (value === undefined || value === '') return null;
  try {
    return decodeURIComponent(value.replaceAll('+', ' ')).trim() || null;
  } catch {
    return null;
  }
}

/** Whether the request carries an API key on any channel (the key itself is checked later). */
export function carriesKey(req: IncomingMessage): boolean {
  if (req.headers.authorization !== undefined || req.headers['x-api-key'] !== undefined) return true;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return query !== -1 && /(?:^|&)api_?key=/i.test(url.slice(query + 1));
}
