/**
 * Sealing a saved subject: AES-256-GCM under the configured keys (`SUBJECT_KEYS`, `id:base64` of 32
 * bytes, comma-separated, the first the one that seals), a fresh 96-bit IV per seal, and the account
 * and subject ids as additional data, so a sealed text copied to another account or subject does not
 * open. The other keys only open: a rotation puts the new key first, re-seals (`admin reseal-subjects`)
 * and then drops the old one.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SubjectKey {
  readonly id: string;
  readonly key: Buffer;
}

export interface SubjectCipher {
  /** The key that seals. */
  readonly keyId: string;
  seal(accountId: string, subjectId: string, plain: unknown): { readonly keyId: string; readonly sealed: string };
  /** The plain value, or throws when no key opens it (a wrong key, a tampered or moved text). */
  open(accountId: string, subjectId: string, keyId: string, sealed: string): unknown;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** `id:base64,id:base64` → the keys, or why not (the setting's rule). */
export function parseSubjectKeys(text: string): { keys: SubjectKey[] } | { error: string } {
  const keys: SubjectKey[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const colon = part.indexOf(':');
    const id = colon < 0 ? '' : part.slice(0, colon);
    const key = Buffer.from(colon < 0 ? '' : part.slice(colon + 1), 'base64');
    if (!KEY_ID.test(id)) return { error: 'each key is id:base64, the id 1–32 letters, digits, _ or -' };
    if (key.length !== 32) return { error: `key "${id}" must be 32 bytes in base64 (openssl rand -base64 32)` };
    if (keys.some((k) => k.id === id)) return { error: `key id "${id}" is given twice` };
    keys.push({ id, key });
  }
  return keys.length === 0 ? { error: 'at least one key, id:base64' } : { keys };
}

const additionalData = (accountId: string, subjectId: string): Buffer => Buffer.from(`${accountId}/${subjectId}`, 'utf8');

export function createSubjectCipher(keys: readonly SubjectKey[]): SubjectCipher {
  if (keys.length === 0) throw new Error('a subject cipher needs a key');
  const sealing = keys[0]!;
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  return {
    keyId: sealing.id,
    seal(accountId, subjectId, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing.key, iv);
      cipher.setAAD(additionalData(accountId, subjectId));
      const text = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
      const sealed = [iv, text, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
      return { keyId: sealing.id, sealed };
    },
    open(accountId, subjectId, keyId, sealed) {
      const key = byId.get(keyId);
      if (key === undefined) throw new Error(`subject ${subjectId} is sealed with key "${keyId}", which SUBJECT_KEYS no longer holds`);
      const [iv, text, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (iv === undefined || text === undefined || tag === undefined) throw new Error(`subject ${subjectId}: not a sealed text`);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(additionalData(accountId, subjectId));
      decipher.setAuthTag(tag);
      return JSON.parse(Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8')) as unknown;
    },
  };
}
