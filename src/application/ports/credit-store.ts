import type { AccountSnapshot, AutochargeSettings, LedgerEntry, Plan } from '../../domain/credits/account.ts';
import type { AutochargeStatus } from '../../domain/credits/charge-rules.ts';

/**
 * The credit store port. Two implementations: `adapters/memory` (embedded) and `adapters/redis`
 * (standalone or Cluster), both held to `test/contract/credit-store.contract.ts`.
 *
 * Refusals are values (`ChargeOutcome`); an unreachable or slow store throws
 * `DomainError('STORE_UNAVAILABLE')` and must have changed nothing it reports as failed.
 * Raw API keys never reach a store: it sees SHA-256 digests only (`application/api-keys.ts`).
 */
export interface CreditStore {
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
  /** Balances as they stand now (a new month shows the fresh allowance before any charge). */
  balance(accountId: string): Promise<AccountSnapshot | null>;
  /** Ledger entries, newest first. */
  usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]>;

  createAccount(account: NewAccount): Promise<'created' | 'exists'>;
  /** Binds a key digest to an account; false when the account does not exist. */
  addKey(accountId: string, keyDigest: ApiKeyDigest): Promise<boolean>;
  /** False when the digest was not bound to any account. */
  revokeKey(keyDigest: ApiKeyDigest): Promise<boolean>;
  /** Adds to the auto balance; the new snapshot, or null for an unknown account. */
  grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null>;
  setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null>;

  /** Throws STORE_UNAVAILABLE when the store cannot serve requests (for `/ready`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Lowercase hex SHA-256 of an API key. Branded so a raw key cannot be passed by mistake. */
export type ApiKeyDigest = string & { readonly __brand: 'ApiKeyDigest' };

export interface AuthenticatedAccount {
  readonly accountId: string;
}

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
