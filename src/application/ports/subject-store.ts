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

/** A timeline search saved in a feed: its matches become events named `name`. */
export interface FeedQuery {
  readonly name: string;
  readonly level: string;
  /** The condition as given (docs/timeline.md), checked when issued. */
  readonly where: unknown;
}

/** A subject's calendar feed: its secret URL's token (as a SHA-256 digest), the events chosen, the month last paid. */
export interface SubjectFeed {
  /** `feed_` + 20 hex characters: stable across re-issues of the URL (the events' UIDs hold it). */
  readonly feedId: string;
  readonly accountId: string;
  readonly subjectId: string;
  /** Lowercase hex SHA-256 of the URL's token: the token itself is shown once, never stored. */
  readonly tokenDigest: string;
  /** The kinds of events it carries (`major`, `annual`, `monthly`, `void`). */
  readonly events: readonly string[];
  /** The language of its events' texts. */
  readonly lang: string;
  /** Saved timeline searches whose matches it carries too (`{name, level, where}`, as issued). */
  readonly queries: readonly FeedQuery[];
  readonly createdMs: number;
  /** `YYYY-MM` (Asia/Tokyo) of the last month charged; null before the first. */
  readonly paidMonth: string | null;
}

export interface SubjectStore {
  /** Sets the subject's feed (a new token replaces the old one, which stops working). */
  putFeed(feed: SubjectFeed): Promise<void>;
  feedOf(accountId: string, subjectId: string): Promise<SubjectFeed | null>;
  feedByToken(tokenDigest: string): Promise<SubjectFeed | null>;
  /** Records the month charged, unless a later one is recorded already. */
  feedPaid(feedId: string, month: string): Promise<void>;
  /** Whether there was one to delete. */
  deleteFeed(accountId: string, subjectId: string): Promise<boolean>;
  /** Adds a subject, or replaces the one of that account and id. */
  put(subject: SealedSubject): Promise<void>;
  get(accountId: string, subjectId: string): Promise<SealedSubject | null>;
  /** The account's subjects in id order, after `after` (an id) when given, at most `limit`. */
  list(accountId: string, page: { readonly limit: number; readonly after?: string | undefined }): Promise<readonly SealedSubject[]>;
  count(accountId: string): Promise<number>;
  /** Whether there was one to delete (its feed goes with it). */
  delete(accountId: string, subjectId: string): Promise<boolean>;
  /** Deletes every subject of the account and their feeds (the account's deletion); how many subjects there were. */
  deleteAccount(accountId: string): Promise<number>;
  /** Subjects sealed by a key other than `keyId`, at most `limit`: what a key rotation re-seals. */
  sealedWithOtherKeys(keyId: string, limit: number): Promise<readonly SealedSubject[]>;
  close(): Promise<void>;
}
