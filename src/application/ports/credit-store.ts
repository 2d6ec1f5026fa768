import type { AccountSnapshot, AutochargeSettings, LedgerEntry, Plan } from '../../domain/credits/account.ts';
import type { AutochargeStatus } from '../../domain/credits/charge-rules.ts';

/**
 * The credit store port, in two sides: the hot {@link ChargingStore} every paid call goes through
 * (authenticate, charge, settle, void, the sweep's heartbeats) and the cold {@link AccountDirectory}
 * (accounts, keys, plans, balances, the ledger) that account pages, the dashboard and the operator
 * use. A use-case takes the side it needs. Two implementations: `adapters/memory` (embedded) and `adapters/redis`
 * (standalone or Cluster), both held to `test/contract/credit-store.contract.ts`.
 *
 * Refusals are values (`ChargeOutcome`); an unreachable or slow store throws
 * `DomainError('STORE_UNAVAILABLE')` and must have changed nothing it reports as failed.
 * Raw API keys never reach a store: it sees SHA-256 digests only (`application/accounts/api-keys.ts`).
 */
export interface CreditStore extends ChargingStore, AccountDirectory {
  /** Throws STORE_UNAVAILABLE when the store cannot serve requests (for `/ready`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The hot side: what a paid call and the settlement of its charge do, in as few round trips as can be. */
export interface ChargingStore {
  /**
   * Account owning the key digest, or null for an unknown or revoked key. With a rate limit, also
   * takes one token from the key's bucket, atomically; an empty bucket answers `RateLimited`.
   * A paid call passes no limit here: its token is taken by `charge`, in the same round trip.
   * A store may remember a digest's account for up to {@link KEY_CACHE_MS}: a key revoked
   * elsewhere stops authenticating within that time (at once on the store that revoked it).
   */
  authenticate(keyDigest: ApiKeyDigest, rateLimit?: RateLimit | null): Promise<AuthenticatedAccount | RateLimited | null>;
  /**
   * Atomically: the calling key's rate-limit token (when `rateLimit` is set), month reset,
   * monthly-then-auto debit, autocharge, ledger entry, idempotency record.
   */
  charge(command: ChargeCommand): Promise<ChargeOutcome>;
  /**
   * Undoes one charge, atomically and idempotently: refunds it, marks its ledger entry void, drops
   * its idempotency record, and stops a charge with that id that has not run yet from ever running.
   */
  voidCharge(command: VoidCommand): Promise<VoidOutcome>;
  /** The charge's answer was delivered: it is final, and no longer listed as unsettled. */
  settleCharge(charge: ChargeRef): Promise<void>;
  /**
   * Charges made before `beforeMs` (epoch ms) and neither settled nor voided, with the gateway that
   * made each. At most `limit`.
   */
  unsettledCharges(beforeMs: number, limit: number): Promise<readonly UnsettledCharge[]>;
  /** This gateway is alive for `ttlMs` more: its unsettled charges are its own to settle or void. */
  heartbeat(gatewayId: string, ttlMs: number): Promise<void>;
  /** This gateway stopped cleanly (its charges are all settled or voided). */
  endHeartbeat(gatewayId: string): Promise<void>;
  /** Which of these gateways have a heartbeat now. */
  liveGateways(gatewayIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** The cold side: accounts, their keys, plans and balances, and the ledger, read and changed off the paid path. */
export interface AccountDirectory {
  /** Balances as they stand now (a new month shows the fresh allowance before any charge). */
  balance(accountId: string): Promise<AccountSnapshot | null>;
  /** Ledger entries, newest first. */
  usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]>;

  /** Also lists the account in {@link listAccounts}. */
  createAccount(account: NewAccount): Promise<'created' | 'exists'>;
  /**
   * Binds a key digest to an account, with its name, public id, expiry and scopes (listed by
   * `listKeys`, found by `findKey`); false when the account does not exist or is deleted. Without
   * a grant the key is bound as before keys had names, scopes and expiry: every scope, no expiry, not listed.
   */
  addKey(accountId: string, keyDigest: ApiKeyDigest, grant?: KeyGrant): Promise<boolean>;
  /** False when the digest was not bound to any account. Removes it from its account's list too. */
  revokeKey(keyDigest: ApiKeyDigest): Promise<boolean>;
  /** Revokes one listed key of an account by its public id; false when the account has no such key. */
  revokeKeyById(accountId: string, keyId: string): Promise<boolean>;
  /** The account's listed keys, oldest first, with when each was last used; null for an unknown account. */
  listKeys(accountId: string): Promise<readonly KeyRecord[] | null>;
  /** The account holding a listed key, by the key's public id (`fp_` + 8 characters). */
  findKey(keyId: string): Promise<{ readonly accountId: string } | null>;
  /** Adds to the auto balance; the new snapshot, or null for an unknown account. */
  grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null>;
  setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null>;
  /**
   * Changes the plan and the monthly allowance. This month's balance moves by the allowance's
   * change (never below 0): raising 1,000 to 5,000 adds 4,000 now; the next month starts at the new one.
   */
  setPlan(accountId: string, change: PlanChange): Promise<AccountSnapshot | null>;
  /**
   * Suspends or resumes an account: a suspended account's keys are refused (`suspended: true` from
   * `authenticate`) within KEY_CACHE_MS everywhere, at once on this store; its balances stay.
   */
  setSuspended(accountId: string, suspended: boolean): Promise<AccountSnapshot | null>;
  /**
   * Deletes an account: every key revoked at once, the account marked `deleted` (its id stays taken,
   * its balances frozen); the ledger is kept. False for an unknown or already deleted account.
   */
  deleteAccount(accountId: string): Promise<boolean>;
  /** Account ids, newest first (by creation), after the cursor `before` (an id from a previous page). */
  listAccounts(page: AccountPage): Promise<readonly string[]>;
}

/** Lowercase hex SHA-256 of an API key. Branded so a raw key cannot be passed by mistake. */
export type ApiKeyDigest = string & { readonly __brand: 'ApiKeyDigest' };

export interface AuthenticatedAccount {
  readonly accountId: string;
  /** The key's limits, when it was issued with any (absent: every scope, no expiry). */
  readonly key?: KeyLimits;
  /** The account is suspended (or deleted while this answer was cached): the caller must refuse. */
  readonly suspended?: boolean;
}

/** What a key may do: absent or null members mean no limit. */
export interface KeyLimits {
  /** Epoch ms after which the key is refused. */
  readonly expiresMs: number | null;
  /** Scopes the key holds (`chart`, `compatibility`, `mcp`, …; application/key-scopes.ts); null: all. */
  readonly scopes: readonly string[] | null;
}

/** A key's listing data, fixed when it is issued. The raw key is never stored. */
export interface KeyGrant extends KeyLimits {
  /** Public id: `fp_` + the key's next 8 characters; shown in lists, unique, not a secret. */
  readonly keyId: string;
  /** The customer's name for it (1–64 characters). */
  readonly name: string;
  readonly createdMs: number;
}

export interface KeyRecord extends KeyGrant {
  /** When it last authenticated, within about a minute; null when never. */
  readonly lastUsedMs: number | null;
}

export interface PlanChange {
  readonly plan: Plan;
  readonly monthlyAllowance: number;
}

export interface AccountPage {
  /** 1–100. */
  readonly limit: number;
  /** Only accounts created before this one (an id from a previous page). */
  readonly before?: string | undefined;
}

/** How often a key's last-used time is written at most (per store instance). */
export const KEY_LAST_USED_RESOLUTION_MS = 60_000;

/** A token bucket per API key: `burst` calls at once, refilled at `perSecond`. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

export interface RateLimited {
  readonly rateLimited: true;
  /** When the next call would be admitted. */
  readonly retryAfterMs: number;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ChargeCommand {
  readonly accountId: string;
  /** Unique per charge attempt: the name under which it can be voided. */
  readonly chargeId: string;
  /** Price of one chart for a paying plan (`CREDIT_COST`); enterprise pays 0 whatever this says. */
  readonly unitCost: number;
  /** Recorded in the ledger and in the idempotency record. */
  readonly logId: string;
  readonly idempotency: IdempotencyClaim | null;
  /** The calling key and its limit: one token is taken before anything else; none taken, no charge. */
  readonly rateLimit?: KeyRateLimit | null;
  /** The gateway making the charge: the sweep leaves its charges alone while its heartbeat lasts. */
  readonly gatewayId?: string;
  /** The paid operation's name (`chart`, `compatibility`, …), written to the ledger; `chart` when absent. */
  readonly operation?: string;
}

export interface KeyRateLimit {
  readonly keyDigest: ApiKeyDigest;
  readonly limit: RateLimit;
}

/**
 * How long a store may keep answering `authenticate` for a key from memory after it last asked its
 * backing store: the longest a key revoked by another process keeps working.
 */
export const KEY_CACHE_MS = 1_000;

export interface IdempotencyClaim {
  /** Client-chosen key, scoped to the account. */
  readonly key: string;
  /** Digest of the normalized request + variant; the same key with another digest is a conflict. */
  readonly requestDigest: string;
}

export interface ChargeReceipt {
  readonly cost: number;
  readonly fromMonthly: number;
  readonly fromAuto: number;
  /** Balances after the charge and autocharge. */
  readonly monthlyCredits: number;
  readonly autoCredits: number;
  readonly autocharge: {
    readonly status: AutochargeStatus;
    readonly amount: number;
    readonly threshold: number;
  };
  /** Ledger entry id; null when nothing was charged (enterprise). */
  readonly transactionId: string | null;
  /** The log id of the call that made this charge (the first call, for a replay). */
  readonly logId: string;
}

export type ChargeOutcome =
  | { readonly kind: 'charged'; readonly receipt: ChargeReceipt }
  /** A retry with the same idempotency key and request: the first call's receipt, nothing charged. */
  | { readonly kind: 'replayed'; readonly receipt: ChargeReceipt }
  | { readonly kind: 'insufficient'; readonly cost: number; readonly monthlyCredits: number; readonly autoCredits: number }
  | { readonly kind: 'idempotency-conflict' }
  /** The calling key's bucket is empty: nothing was charged; a token is back in `retryAfterMs`. */
  | { readonly kind: 'rate-limited'; readonly retryAfterMs: number }
  | { readonly kind: 'unknown-account' }
  /** The charge id was voided before the charge ran: nothing was charged. */
  | { readonly kind: 'voided' };

export interface ChargeRef {
  readonly accountId: string;
  readonly chargeId: string;
}

/** Which charge to undo; `idempotencyKey` is the call's, when it had one. */
export interface VoidCommand extends ChargeRef {
  readonly idempotencyKey: string | null;
}

/** A charge neither settled nor voided, and who made it (null: a record from before gateway ids). */
export interface UnsettledCharge extends VoidCommand {
  readonly gatewayId: string | null;
}

/**
 * `voided`: refunded now; `already-void`: done before; `not-charged`: it had not run, and now never
 * will; `final`: an idempotent retry was answered from it, so its answer was delivered and it stands.
 */
export type VoidOutcome = 'voided' | 'already-void' | 'not-charged' | 'final';

/** How long after a charge it can still be voided (and a void marker keeps a late charge from running). */
export const VOIDABLE_SECONDS = 24 * 60 * 60;

export interface LedgerPage {
  /** At most this many entries (1–100). */
  readonly limit: number;
  /** Only entries strictly older than this transaction id. */
  readonly before?: string | undefined;
}

export interface NewAccount {
  readonly accountId: string;
  readonly plan: Plan;
  readonly monthlyAllowance: number;
  readonly autoCredits: number;
  readonly autocharge: AutochargeSettings;
}

/** Idempotency records live this long (a retry within 24 h is replayed: docs/credits.md). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * How long the Redis ledger keeps an entry (`LEDGER_RETENTION_DAYS`): entries older than this are
 * trimmed as new ones are added (`XADD MINID ~`), never by count, so a busy account loses nothing
 * younger. The embedded store keeps its whole (in-process) history.
 */
export const DEFAULT_LEDGER_RETENTION_DAYS = 400;
export const MS_PER_DAY = 86_400_000;
