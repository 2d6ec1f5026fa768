import { decideCharge, rollMonth } from '../../domain/credits/charge-rules.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import {
  IDEMPOTENCY_TTL_SECONDS,
  type ApiKeyDigest,
  type AuthenticatedAccount,
  type ChargeCommand,
  type ChargeOutcome,
  type ChargeReceipt,
  type ChargeRef,
  type ChargingStore,
  type Clock,
  type RateLimit,
  type RateLimited,
  type UnsettledCharge,
  type VoidCommand,
  type VoidOutcome,
  VOIDABLE_SECONDS,
} from '../../application/ports/credit-store.ts';
import { expiredEntries, type KeyBinding, type MemoryState, type StoredAccount } from './state.ts';

/** How many expired entries may pile up before they are dropped (amortizes the splice). */
const LEDGER_TRIM_SLACK = 1_024;

export interface MemoryChargingOptions {
  readonly idempotencyTtlSeconds?: number;
}

/**
 * The embedded store's hot side: authenticate, charge, void, settle and the sweep's heartbeats, on
 * the accounts and key bindings it shares with the directory side ({@link MemoryState}). Every
 * method body runs without an `await` between read and write, so each operation is atomic on
 * Node's single thread, just as each Lua script is on Redis.
 */
export class MemoryCharging implements ChargingStore {
  private readonly clock: Clock;
  private readonly ledgerRetentionMs: number;
  private readonly idempotencyTtlMs: number;
  private readonly voidableMs = VOIDABLE_SECONDS * 1000;
  private readonly accounts: Map<string, StoredAccount>;
  private readonly keyBindings: Map<ApiKeyDigest, KeyBinding>;
  /** Token buckets by key digest (the Redis store's `:rate:<digest>` hashes). */
  private readonly rateBuckets = new Map<string, { tokens: number; atMs: number }>();
  /** Gateway id → when its heartbeat expires. */
  private readonly heartbeats = new Map<string, number>();
  private lastTransactionMs = 0;
  private lastTransactionSeq = 0;

  constructor(state: MemoryState, options: MemoryChargingOptions = {}) {
    this.clock = state.clock;
    this.ledgerRetentionMs = state.ledgerRetentionMs;
    this.idempotencyTtlMs = (options.idempotencyTtlSeconds ?? IDEMPOTENCY_TTL_SECONDS) * 1000;
    this.accounts = state.accounts;
    this.keyBindings = state.keyBindings;
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
    const expired = expiredEntries(stored.ledger, nowMs, this.ledgerRetentionMs);
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
