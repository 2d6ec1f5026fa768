import { hash } from 'node:crypto';

/**
 * Digest of what identifies a paid request (its operation's fingerprint), for idempotency: the same
 * key with a different digest is a conflict. Canonical JSON (sorted keys) so field order cannot matter.
 */
export function requestDigest(fingerprint: unknown): string {
  return hash('sha256', canonicalJson(fingerprint), 'hex');
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new TypeError(`canonicalJson: ${typeof value} is not JSON data`);
    }
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
