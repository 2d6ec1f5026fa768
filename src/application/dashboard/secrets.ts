/**
 * The dashboard's secrets: session ids, CSRF tokens and mailed tokens are 32 random bytes
 * (base64url, 43 characters); session ids and mailed tokens reach the store as SHA-256 digests.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretDigest } from '../ports/dashboard-store.ts';

/** The shape of every secret above: anything else is not looked up. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const secret = (): string => randomBytes(32).toString('base64url');
export const digestOf = (value: string): SecretDigest => hash('sha256', value, 'hex') as SecretDigest;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF token of a form, compared in constant time. */
export const csrfMatches = (expected: string, given: string | undefined): boolean => given !== undefined && sameText(expected, given);
