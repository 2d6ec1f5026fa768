import { createHash } from 'node:crypto';
import type { Variant } from './ports/chart-engine.js';

/**
 * Digest of a parsed (normalized) request plus the variant, for idempotency: the same key with a
 * different digest is a conflict. Canonical JSON (sorted keys) so field order cannot matter.
 */
export function requestDigest(request: unknown, variant: Variant): string {
  return createHash('sha256').update(canonicalJson({ request, variant }), 'utf8').digest('hex');
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
