import type { LedgerEntry } from '../../domain/credits/account.ts';
import type { LedgerPage } from './credit-store.ts';

/**
 * The durable ledger: every charge's entry, kept for good in a database made for it.
 * Redis holds the newest entries and the atomic counters; an archiver copies its ledger stream
 * here and Redis then trims only what was copied. One implementation: `adapters/postgres`.
 *
 * Entries are keyed by (account, transaction id): appending one twice is a no-op, so an archiver
 * that dies between the insert and its acknowledgement, or two that race, duplicate nothing.
 * Methods throw when the database cannot be reached; nothing on the paid path calls them.
 */
export interface LedgerArchive {
  /** Adds the entries not archived yet, in one transaction; resolves once committed, with how many were new. */
  append(accountId: string, entries: readonly LedgerEntry[], voidedAtMs: ReadonlyMap<string, number>): Promise<number>;
  /**
   * Marks archived entries void (a charge undone after it was archived: void status is final once
   * set). Resolves with the transaction ids the archive holds, now void; the others are not archived yet.
   */
  markVoided(accountId: string, voidedAtMs: ReadonlyMap<string, number>): Promise<ReadonlySet<string>>;
  /**
   * Resolves when the archive answers (its schema current); an archiver asks it every pass, so a
   * database that refuses it (a wrong password) is noticed before anything needs archiving.
   */
  check(): Promise<void>;
  /** Archived entries strictly older than `page.before` (all when absent), newest first. */
  page(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]>;
  /** Where the archive lives, without credentials, for the start-up line. */
  readonly description: string;
  close(): Promise<void>;
}

/** A ledger id `<ms>-<seq>` as numbers, for ordering and for the archive's key. */
export function parseLedgerId(id: string): { readonly ms: number; readonly seq: number } {
  const dash = id.indexOf('-');
  const ms = Number(id.slice(0, dash));
  const seq = Number(id.slice(dash + 1));
  if (dash < 1 || !Number.isSafeInteger(ms) || !Number.isSafeInteger(seq)) throw new RangeError(`not a ledger id: ${id}`);
  return { ms, seq };
}

/** Negative when ledger id `a` is older than `b`, 0 when equal. */
export function compareLedgerIds(a: string, b: string): number {
  const x = parseLedgerId(a);
  const y = parseLedgerId(b);
  return x.ms - y.ms || x.seq - y.seq;
}
