import type { AccountCredits, AccountSnapshot, AccountStatus, AutochargeSettings, LedgerEntry } from '../../domain/credits/account.ts';
import { decideCharge, rollMonth } from '../../domain/credits/charge-rules.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import {
  IDEMPOTENCY_TTL_SECONDS,
  MS_PER_DAY,
  systemClock,
  type AccountPage,
  type ApiKeyDigest,
  type AuthenticatedAccount,
  type ChargeCommand,
  type ChargeOutcome,
  type ChargeReceipt,
  type Clock,
  type CreditStore,
  type KeyGrant,
  type KeyLimits,
  type KeyRecord,
  type LedgerPage,
  type NewAccount,
  type PlanChange,
  type RateLimit,
  type RateLimited,
  type ChargeRef,
  type UnsettledCharge,
  type VoidCommand,
  type VoidOutcome,
  VOIDABLE_SECONDS,
} from '../../application/ports/credit-store.ts';

interface IdempotencyRecord {
  readonly requestDigest: string;
  readonly receipt: ChargeReceipt;
  readonly expiresAtMs: number;
  /** A retry was answered from this record: the first charge was delivered and may not be voided. */
  replayed: boolean;
}

/** What voidCharge needs to undo one charge (charge.lua's charge record). */
interface ChargeRecord {
  readonly transactionId: string;
  readonly fromMonthly: number;
  readonly fromAuto: number;
  readonly month: string;
  readonly idempotencyKey: string | null;
  readonly atMs: number;
  readonly expiresAtMs: number;
  readonly gatewayId: string | null;
}

interface StoredAccount {
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
interface KeyBinding {
  readonly accountId: string;
  readonly keyId: string | null;
  /** Null: every scope, no expiry. */
  readonly limits: KeyLimits | null;
}

/** How many expired entries may pile up before they are dropped (amortizes the splice). */
const LEDGER_TRIM_SLACK = 1_024;

export interface MemoryCreditStoreOptions {
  readonly clock?: Clock;
  /** Ledger entries older than this many days are dropped; by default none is: the whole (in-process) history is kept. */
  readonly ledgerRetentionDays?: number;
  readonly idempotencyTtlSeconds?: number;
}

/**
 * The embedded credit store: the rules of `domain/credits/charge-rules.ts` applied in process.
 * Every method body runs without an `await` between read and write, so each operation is atomic
 * on Node's single thread, just as each Lua script is on Redis. Nothing is persisted.
 */
export class MemoryCreditStore implements CreditStore {
  private readonly clock: Clock;
  private readonly ledgerRetentionMs: number;
  private readonly idempotencyTtlMs: number;
  private readonly voidableMs = VOIDABLE_SECONDS * 1000;
  private readonly accounts = new Map<string, StoredAccount>();
  /** Keyed by digest: a lookup reveals nothing usable about the key itself. */
  private readonly keyBindings = new Map<ApiKeyDigest, KeyBinding>();
  /** A listed key's public id → its account (the Redis store's `keyid:<id>`). */
  private readonly accountIdByKeyId = new Map<string, string>();
  /** Every account by creation time, then id, ascending (the Redis store's `accounts` sorted set). */
  private readonly accountIndex: { readonly createdMs: number; readonly accountId: string }[] = [];
  /** Token buckets by key digest (the Redis store's `:rate:<digest>` hashes). */
  private readonly rateBuckets = new Map<string, { tokens: number; atMs: number }>();
  /** Gateway id → when its heartbeat expires. */
  private readonly heartbeats = new Map<string, number>();
  private lastTransactionMs = 0;
  private lastTransactionSeq = 0;

  constructor(options: MemoryCreditStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.ledgerRetentionMs =
      options.ledgerRetentionDays === undefined ? Number.POSITIVE_INFINITY : options.ledgerRetentionDays * MS_PER_DAY;
    this.idempotencyTtlMs = (options.idempotencyTtlSeconds ?? IDEMPOTENCY_TTL_SECONDS) * 1000;
  }

  async authenticate(keyDigest: ApiKeyDigest, rateLimit: RateLimit | null = null): Promise<AuthenticatedAccount | RateLimited | null> {
    const binding = this.keyBindings.get(keyDigest);
    const stored = binding === undefined ? undefined : this.accounts.get(binding.accountId);
    if (binding === undefined || stored === undefined) return null;
    if (binding.keyId !== null) stored.lastUsed.set(binding.keyId, Math.max(stored.lastUsed.get(binding.keyId) ?? 0, this.clock.now()));
    const account: AuthenticatedAccount = {
      accountId: binding.accountId,
      ...(binding.limits === null ? {} : { key: binding.limits }),
      ...(stored.status === 'active' ? {} : { suspended: true }),
    };
    if (rateLimit === null || rateLimit.perSecond <= 0) return account;
    const retryAfterMs = this.takeToken(keyDigest, rateLimit);
    return retryAfterMs === 0 ? account : { rateLimited: true, retryAfterMs };
  }

  /** token-bucket.lua's take_token: 0 when a token was taken, else ms until one is back. */
  private takeToken(keyDigest: ApiKeyDigest, rateLimit: RateLimit): number {
    const nowMs = this.clock.now();
    const bucket = this.rateBuckets.get(keyDigest) ?? { tokens: rateLimit.burst, atMs: nowMs };
    if (nowMs > bucket.atMs) {
      bucket.tokens = Math.min(rateLimit.burst, bucket.tokens + ((nowMs - bucket.atMs) * rateLimit.perSecond) / 1000);
      bucket.atMs = nowMs;
    }
    if (bucket.tokens < 1) return Math.ceil(((1 - bucket.tokens) * 1000) / rateLimit.perSecond);
    bucket.tokens -= 1;
    this.rateBuckets.set(keyDigest, bucket);
    return 0;
  }

  async charge(command: ChargeCommand): Promise<ChargeOutcome> {
    const stored = this.accounts.get(command.accountId);
    const nowMs = this.clock.now();
    if ((stored?.voidMarkers.get(command.chargeId) ?? 0) > nowMs) return { kind: 'voided' };
    if (stored === undefined || stored.status !== 'active') return { kind: 'unknown-account' };
    const rate = command.rateLimit ?? null;
    if (rate !== null && rate.limit.perSecond > 0) {
      const retryAfterMs = this.takeToken(rate.keyDigest, rate.limit);
      if (retryAfterMs > 0) return { kind: 'rate-limited', retryAfterMs };
    }
    const claim = command.idempotency;
    if (claim !== null) {
      const record = stored.idempotency.get(claim.key);
      if (record !== undefined && record.expiresAtMs > nowMs) {
        if (record.requestDigest !== claim.requestDigest) return { kind: 'idempotency-conflict' };
        record.replayed = true;
        return { kind: 'replayed', receipt: record.receipt };
      }
    }
    const current = rollMonth(stored.credits, tokyoMonthOf(nowMs));
    const decision = decideCharge(current, command.unitCost);
    if (decision.kind === 'insufficient') {
      return {
        kind: 'insufficient',
        cost: decision.cost,
        monthlyCredits: current.monthlyCredits,
        autoCredits: current.autoCredits,
      };
    }
    // Enterprise calls are recorded too, at 0 credits, but report no transaction.
    stored.credits = decision.after;
    const ledgerId = this.nextTransactionId(nowMs);
    const transactionId = current.plan === 'enterprise' ? null : ledgerId;
    stored.ledger.push({
      transactionId: ledgerId,
      logId: command.logId,
      operation: command.operation ?? 'chart',
      cost: decision.cost,
      fromMonthly: decision.fromMonthly,
      fromAuto: decision.fromAuto,
      autochargedAmount: decision.autochargedAmount,
      atMs: nowMs,
      voided: false,
    });
    // Entries past the retention are dropped in batches, like Redis's `MINID ~`: one splice per
    // LEDGER_TRIM_SLACK of them, not a shift of the whole array on every charge.
    const expired = this.expiredEntries(stored.ledger, nowMs);
    if (expired > LEDGER_TRIM_SLACK) stored.ledger.splice(0, expired);
    forgetExpired(stored.charges, nowMs, (record) => record.expiresAtMs);
    stored.charges.set(command.chargeId, {
      transactionId: ledgerId,
      fromMonthly: decision.fromMonthly,
      fromAuto: decision.fromAuto,
      month: decision.after.month,
      idempotencyKey: claim?.key ?? null,
      atMs: nowMs,
      expiresAtMs: nowMs + this.voidableMs,
      gatewayId: command.gatewayId ?? null,
    });
    const receipt: ChargeReceipt = {
      cost: decision.cost,
      fromMonthly: decision.fromMonthly,
      fromAuto: decision.fromAuto,
      monthlyCredits: decision.after.monthlyCredits,
      autoCredits: decision.after.autoCredits,
      autocharge: {
        status: decision.autocharge,
        amount: decision.autochargedAmount,
        threshold: current.autocharge.threshold,
      },
      transactionId,
      logId: command.logId,
    };
    if (claim !== null) {
      this.forgetExpired(stored, nowMs);
      stored.idempotency.delete(claim.key); // re-insert at the end, keeping insertion order = expiry order
      stored.idempotency.set(claim.key, {
        requestDigest: claim.requestDigest,
        receipt,
        expiresAtMs: nowMs + this.idempotencyTtlMs,
        replayed: false,
      });
    }
    return { kind: 'charged', receipt };
  }

  async voidCharge(command: VoidCommand): Promise<VoidOutcome> {
    const nowMs = this.clock.now();
    const stored = this.accounts.get(command.accountId);
    if (stored === undefined) return 'not-charged';
    if ((stored.voidMarkers.get(command.chargeId) ?? 0) > nowMs) return 'already-void';
    const found = stored.charges.get(command.chargeId);
    const record = found === undefined || found.expiresAtMs <= nowMs ? undefined : found;
    if (record?.idempotencyKey != null && stored.idempotency.get(record.idempotencyKey)?.replayed === true) {
      stored.charges.delete(command.chargeId);
      return 'final';
    }
    forgetExpired(stored.voidMarkers, nowMs, (expiresAtMs) => expiresAtMs);
    stored.voidMarkers.set(command.chargeId, nowMs + this.voidableMs);
    if (record === undefined) return 'not-charged';
    stored.charges.delete(command.chargeId);
    // Credits go back where they came from; monthly credits of a month that has passed are gone (void.lua).
    const sameMonth = record.month === tokyoMonthOf(nowMs) && stored.credits.month === record.month;
    stored.credits = {
      ...stored.credits,
      monthlyCredits: stored.credits.monthlyCredits + (sameMonth ? record.fromMonthly : 0),
      autoCredits: stored.credits.autoCredits + record.fromAuto,
    };
    const index = stored.ledger.findIndex((entry) => entry.transactionId === record.transactionId);
    if (index !== -1) stored.ledger[index] = { ...stored.ledger[index]!, voided: true };
    if (record.idempotencyKey !== null) stored.idempotency.delete(record.idempotencyKey);
    return 'voided';
  }

  async settleCharge(charge: ChargeRef): Promise<void> {
    this.accounts.get(charge.accountId)?.charges.delete(charge.chargeId);
  }

  async unsettledCharges(beforeMs: number, limit: number): Promise<readonly UnsettledCharge[]> {
    const nowMs = this.clock.now();
    const found: UnsettledCharge[] = [];
    for (const [accountId, stored] of this.accounts) {
      for (const [chargeId, record] of stored.charges) {
        if (found.length >= limit) return found;
        if (record.atMs < beforeMs && record.expiresAtMs > nowMs)
          found.push({ accountId, chargeId, idempotencyKey: record.idempotencyKey, gatewayId: record.gatewayId });
      }
    }
    return found;
  }

  async heartbeat(gatewayId: string, ttlMs: number): Promise<void> {
    this.heartbeats.set(gatewayId, this.clock.now() + ttlMs);
  }

  async endHeartbeat(gatewayId: string): Promise<void> {
    this.heartbeats.delete(gatewayId);
  }

  async liveGateways(gatewayIds: readonly string[]): Promise<ReadonlySet<string>> {
    const nowMs = this.clock.now();
    return new Set(gatewayIds.filter((id) => (this.heartbeats.get(id) ?? 0) > nowMs));
  }

  async balance(accountId: string): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined) return null;
    // A deleted account's balances are frozen: no new month's allowance either.
    const credits = stored.status === 'deleted' ? stored.credits : rollMonth(stored.credits, tokyoMonthOf(this.clock.now()));
    return { accountId, status: stored.status, createdMs: stored.createdMs, ...credits };
  }

  async usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    const ledger = this.accounts.get(accountId)?.ledger ?? [];
    const entries: LedgerEntry[] = [];
    // Entries past the retention that the batched trim has not dropped yet are not history any more.
    const oldest = this.expiredEntries(ledger, this.clock.now());
    // Entries are in id order: the first one at or after `before` is found by bisection.
    let end = ledger.length;
    if (page.before !== undefined) {
      let lo = 0;
      while (lo < end) {
        const mid = (lo + end) >> 1;
        if (compareTransactionIds(ledger[mid]!.transactionId, page.before) < 0) lo = mid + 1;
        else end = mid;
      }
    }
    for (let i = end - 1; i >= oldest && entries.length < page.limit; i--) entries.push(ledger[i]!);
    return entries;
  }

  /** How many of the oldest entries are past the retention (entries are in time order). */
  private expiredEntries(ledger: readonly { readonly atMs: number }[], nowMs: number): number {
    if (this.ledgerRetentionMs === Number.POSITIVE_INFINITY) return 0;
    const cutoff = nowMs - this.ledgerRetentionMs;
    let lo = 0;
    let hi = ledger.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ledger[mid]!.atMs < cutoff) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  async createAccount(account: NewAccount): Promise<'created' | 'exists'> {
    if (this.accounts.has(account.accountId)) return 'exists';
    const nowMs = this.clock.now();
    this.accounts.set(account.accountId, {
      credits: {
        plan: account.plan,
        monthlyAllowance: account.monthlyAllowance,
        monthlyCredits: account.monthlyAllowance,
        autoCredits: account.autoCredits,
        month: tokyoMonthOf(nowMs),
        autocharge: account.autocharge,
      },
      status: 'active',
      createdMs: nowMs,
      keys: new Map(),
      grants: new Map(),
      lastUsed: new Map(),
      ledger: [],
      idempotency: new Map(),
      charges: new Map(),
      voidMarkers: new Map(),
    });
    const entry = { createdMs: nowMs, accountId: account.accountId };
    this.accountIndex.splice(this.indexPosition(entry), 0, entry);
    return 'created';
  }

  async addKey(accountId: string, keyDigest: ApiKeyDigest, grant?: KeyGrant): Promise<boolean> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return false;
    this.unbind(keyDigest);
    const keyId = grant?.keyId ?? null;
    const limits =
      grant === undefined || (grant.expiresMs === null && grant.scopes === null)
        ? null
        : { expiresMs: grant.expiresMs, scopes: grant.scopes };
    this.keyBindings.set(keyDigest, { accountId, keyId, limits });
    stored.keys.set(keyDigest, keyId);
    if (grant !== undefined) {
      stored.grants.set(grant.keyId, { grant, digest: keyDigest });
      this.accountIdByKeyId.set(grant.keyId, accountId);
    }
    return true;
  }

  async revokeKey(keyDigest: ApiKeyDigest): Promise<boolean> {
    return this.unbind(keyDigest);
  }

  async revokeKeyById(accountId: string, keyId: string): Promise<boolean> {
    const listed = this.accounts.get(accountId)?.grants.get(keyId);
    return listed !== undefined && this.unbind(listed.digest);
  }

  /** Revokes a key: unbound, and off its account's list. False when it was not bound. */
  private unbind(keyDigest: ApiKeyDigest): boolean {
    const binding = this.keyBindings.get(keyDigest);
    if (binding === undefined) return false;
    this.keyBindings.delete(keyDigest);
    const stored = this.accounts.get(binding.accountId);
    stored?.keys.delete(keyDigest);
    if (binding.keyId !== null) {
      stored?.grants.delete(binding.keyId);
      stored?.lastUsed.delete(binding.keyId);
      this.accountIdByKeyId.delete(binding.keyId);
    }
    return true;
  }

  async listKeys(accountId: string): Promise<readonly KeyRecord[] | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined) return null;
    return [...stored.grants.values()]
      .map(({ grant }): KeyRecord => ({
        keyId: grant.keyId,
        name: grant.name,
        createdMs: grant.createdMs,
        expiresMs: grant.expiresMs,
        scopes: grant.scopes,
        lastUsedMs: stored.lastUsed.get(grant.keyId) ?? null,
      }))
      .sort((a, b) => a.createdMs - b.createdMs || (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0));
  }

  async findKey(keyId: string): Promise<{ readonly accountId: string } | null> {
    const accountId = this.accountIdByKeyId.get(keyId);
    return accountId === undefined ? null : { accountId };
  }

  async grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    stored.credits = { ...stored.credits, autoCredits: stored.credits.autoCredits + amount };
    return this.balance(accountId);
  }

  async setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    stored.credits = { ...stored.credits, autocharge: { threshold: settings.threshold, amount: settings.amount } };
    return this.balance(accountId);
  }

  /** set-plan.lua: the month rolled first, then this month's balance moved by the allowance's change, never below 0. */
  async setPlan(accountId: string, change: PlanChange): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    const current = rollMonth(stored.credits, tokyoMonthOf(this.clock.now()));
    stored.credits = {
      ...current,
      plan: change.plan,
      monthlyAllowance: change.monthlyAllowance,
      monthlyCredits: Math.max(0, current.monthlyCredits + change.monthlyAllowance - current.monthlyAllowance),
    };
    return this.balance(accountId);
  }

  async setSuspended(accountId: string, suspended: boolean): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    stored.status = suspended ? 'suspended' : 'active';
    return this.balance(accountId);
  }

  async deleteAccount(accountId: string): Promise<boolean> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return false;
    stored.status = 'deleted';
    // Deleting the entry being visited is safe in a Map iteration.
    for (const keyDigest of stored.keys.keys()) this.unbind(keyDigest);
    return true;
  }

  async listAccounts(page: AccountPage): Promise<readonly string[]> {
    let end = this.accountIndex.length;
    if (page.before !== undefined) {
      const cursor = this.accounts.get(page.before);
      if (cursor === undefined) return [];
      end = this.indexPosition({ createdMs: cursor.createdMs, accountId: page.before });
    }
    const ids: string[] = [];
    for (let i = end - 1; i >= 0 && ids.length < page.limit; i--) ids.push(this.accountIndex[i]!.accountId);
    return ids;
  }

  /** Where an entry is, or goes, in the account index (by creation time, then id: Redis's sorted-set order). */
  private indexPosition(entry: { readonly createdMs: number; readonly accountId: string }): number {
    let lo = 0;
    let hi = this.accountIndex.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = this.accountIndex[mid]!;
      const before =
        other.createdMs - entry.createdMs || (other.accountId < entry.accountId ? -1 : other.accountId > entry.accountId ? 1 : 0);
      if (before < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** `<ms>-<seq>` like a Redis stream id, strictly increasing even if the clock steps back. */
  private nextTransactionId(nowMs: number): string {
    if (nowMs > this.lastTransactionMs) {
      this.lastTransactionMs = nowMs;
      this.lastTransactionSeq = 0;
    } else {
      this.lastTransactionSeq += 1;
    }
    return `${this.lastTransactionMs}-${this.lastTransactionSeq}`;
  }

  private forgetExpired(stored: StoredAccount, nowMs: number): void {
    for (const [key, record] of stored.idempotency) {
      if (record.expiresAtMs > nowMs) break; // insertion order is expiry order
      stored.idempotency.delete(key);
    }
  }
}

/** Drops entries whose expiry has passed; insertion order is expiry order, so it stops at the first live one. */
function forgetExpired<V>(map: Map<string, V>, nowMs: number, expiresAtMs: (value: V) => number): void {
  for (const [key, value] of map) {
    if (expiresAtMs(value) > nowMs) break;
    map.delete(key);
  }
}

function compareTransactionIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}
