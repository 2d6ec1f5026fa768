import type { AccountCredits, AccountStatus, LedgerEntry } from '../../domain/credits/account.ts';
import {
  MS_PER_DAY,
  systemClock,
  type ApiKeyDigest,
  type ChargeReceipt,
  type Clock,
  type KeyGrant,
  type KeyLimits,
} from '../../application/ports/credit-store.ts';

/**
 * What the embedded store's two sides share: the accounts, the key bindings and the account index,
 * held by the charging side (`charging.ts`) and the directory side (`directory.ts`) alike. Each
 * side's own bookkeeping (token buckets, heartbeats, transaction ids) stays with it.
 */
export interface MemoryState {
  readonly clock: Clock;
  /** Ledger entries older than this are not history any more; infinite: the whole history is kept. */
  readonly ledgerRetentionMs: number;
  readonly accounts: Map<string, StoredAccount>;
  /** Keyed by digest: a lookup reveals nothing usable about the key itself. */
  readonly keyBindings: Map<ApiKeyDigest, KeyBinding>;
  /** A listed key's public id → its account (the Redis store's `keyid:<id>`). */
  readonly accountIdByKeyId: Map<string, string>;
  /** Every account by creation time, then id, ascending (the Redis store's `accounts` sorted set). */
  readonly accountIndex: { readonly createdMs: number; readonly accountId: string }[];
}

export interface MemoryStateOptions {
  readonly clock?: Clock;
  /** Ledger entries older than this many days are dropped; by default none is: the whole (in-process) history is kept. */
  readonly ledgerRetentionDays?: number;
}

export function createMemoryState(options: MemoryStateOptions = {}): MemoryState {
  return {
    clock: options.clock ?? systemClock,
    ledgerRetentionMs: options.ledgerRetentionDays === undefined ? Number.POSITIVE_INFINITY : options.ledgerRetentionDays * MS_PER_DAY,
    accounts: new Map(),
    keyBindings: new Map(),
    accountIdByKeyId: new Map(),
    accountIndex: [],
  };
}

export interface IdempotencyRecord {
  readonly requestDigest: string;
  readonly receipt: ChargeReceipt;
  readonly expiresAtMs: number;
  /** A retry was answered from this record: the first charge was delivered and may not be voided. */
  replayed: boolean;
}

/** What voidCharge needs to undo one charge (charge.lua's charge record). */
export interface ChargeRecord {
  readonly transactionId: string;
  readonly fromMonthly: number;
  readonly fromAuto: number;
  readonly month: string;
  readonly idempotencyKey: string | null;
  readonly atMs: number;
  readonly expiresAtMs: number;
  readonly gatewayId: string | null;
}

export interface StoredAccount {
  credits: AccountCredits;
  status: AccountStatus;
  readonly createdMs: number;
  /** Every key digest bound to the account → its public id (null: issued without a grant, unlisted). */
  readonly keys: Map<ApiKeyDigest, string | null>;
  /** Listed keys by public id. */
  readonly grants: Map<string, { readonly grant: KeyGrant; readonly digest: ApiKeyDigest }>;
  /** Public key id → when it last authenticated. */
  readonly lastUsed: Map<string, number>;
  /** Oldest first. */
  readonly ledger: LedgerEntry[];
  readonly idempotency: Map<string, IdempotencyRecord>;
  readonly charges: Map<string, ChargeRecord>;
  /** Charge id → when its void marker expires. */
  readonly voidMarkers: Map<string, number>;
}

/** What a key digest is bound to (the Redis store's `apikey:<digest>` record). */
export interface KeyBinding {
  readonly accountId: string;
  readonly keyId: string | null;
  /** Null: every scope, no expiry. */
  readonly limits: KeyLimits | null;
}

/** How many of the oldest entries are past the retention (entries are in time order). */
export function expiredEntries(ledger: readonly { readonly atMs: number }[], nowMs: number, ledgerRetentionMs: number): number {
  if (ledgerRetentionMs === Number.POSITIVE_INFINITY) return 0;
  const cutoff = nowMs - ledgerRetentionMs;
  let lo = 0;
  let hi = ledger.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ledger[mid]!.atMs < cutoff) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
