import { hash, randomBytes } from 'node:crypto';
import type { ApiKeyDigest } from '../ports/credit-store.ts';

/**
 * API keys: `fp_` + 32 random bytes (base64url). Stores keep only the SHA-256 digest, and look a
 * key up by digest, so lookup timing depends on the digest, which says nothing usable about the
 * key. Keys are never logged.
 */
export const API_KEY_PREFIX = 'fp_';

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256, hex. `crypto.hash` is the one-shot form: no Hash object per request. */
export function digestApiKey(apiKey: string): ApiKeyDigest {
  return hash('sha256', apiKey, 'hex') as ApiKeyDigest;
}

export function generateAccountId(): string {
  return `acct_${randomBytes(10).toString('hex')}`;
}
