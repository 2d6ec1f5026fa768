/**
 * Where saved subjects (a customer's stored births) are kept: sealed, never in clear. The store sees
 * the account, the subject id, which key sealed it and the sealed text (AES-256-GCM, sealed and
 * opened by application/subjects/cipher.ts); the name and the birth are inside the sealed text.
 *
 * Two implementations, held to `test/contract/subject-store.contract.ts`: `adapters/memory` (embedded,
 * in process) and `adapters/postgres` (PostgreSQL, `SUBJECTS_DATABASE_URL`). An unreachable database
 * throws `DomainError('STORE_UNAVAILABLE')`.
 */

export interface SealedSubject {
  /** `sub_` + 20 hex characters. */
  readonly subjectId: string;
  readonly accountId: string;
  /** The id of the key that sealed it (`SUBJECT_KEYS`). */
  readonly keyId: string;
  /** The sealed name and birth: iv, ciphertext and tag, base64url, dot-separated. */
  readonly sealed: string;
  readonly createdMs: number;
  readonly updatedMs: number;
}

export interface SubjectStore {
  /** Adds a subject, or replaces the one of that account and id. */
  put(subject: SealedSubject): Promise<void>;
  get(accountId: string, subjectId: string): Promise<SealedSubject | null>;
  /** The account's subjects in id order, after `after` (an id) when given, at most `limit`. */
  list(accountId: string, page: { readonly limit: number; readonly after?: string | undefined }): Promise<readonly SealedSubject[]>;
  count(accountId: string): Promise<number>;
  /** Whether there was one to delete. */
  delete(accountId: string, subjectId: string): Promise<boolean>;
  /** Deletes every subject of the account (the account's deletion); how many there were. */
  deleteAccount(accountId: string): Promise<number>;
  /** Subjects sealed by a key other than `keyId`, at most `limit`: what a key rotation re-seals. */
  sealedWithOtherKeys(keyId: string, limit: number): Promise<readonly SealedSubject[]>;
  close(): Promise<void>;
}
