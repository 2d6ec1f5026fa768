import { hash, randomBytes } from 'node:crypto';
import type { SecretDigest } from '../ports/dashboard-store.ts';

/**
 * Admin tokens (docs/admin.md): `adm_` + 32 random bytes (base64url), kept as SHA-256 digests only;
 * `adm_` and the next 8 characters are the token's public id, shown in lists and the audit log.
 */
export const ADMIN_TOKEN_PREFIX = 'adm_';

/** The id under which `ADMIN_TOKEN` (registered at start, never stored) appears in the audit log. */
export const ENV_ADMIN_TOKEN_ID = 'adm_env';

export const ADMIN_TOKEN_ID_PATTERN = /^adm_[A-Za-z0-9_-]{8}$/;

export const generateAdminToken = (): string => ADMIN_TOKEN_PREFIX + randomBytes(32).toString('base64url');

export const adminTokenIdOf = (token: string): string => token.slice(0, ADMIN_TOKEN_PREFIX.length + 8);

/** SHA-256, hex: how admin tokens and one-time tokens reach the dashboard store. */
export const digestSecret = (secret: string): SecretDigest => hash('sha256', secret, 'hex') as SecretDigest;

/** A one-time token (an invitation): 32 random bytes, base64url (43 characters, as the dashboard expects). */
export const generateOneTimeToken = (): string => randomBytes(32).toString('base64url');
