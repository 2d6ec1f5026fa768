/**
 * In-process first refusals: a paid call whose key was rate-limited a moment ago, or whose
 * account was found short of the price a moment ago, is refused before it is validated and
 * computed, so a flood of 429s or 402s costs no chart. The charge script stays the authority: a
 * hint only repeats what the store itself answered, for no longer than the store said (the rate
 * limit's retry time) or a second (a balance, which a grant may change).
 */
import type { Clock } from '../ports/credit-store.ts';

/** How long a "balance below the price" answer is trusted without asking the store again. */
export const SHORT_BALANCE_HINT_MS = 1_000;
/** Entries kept at most; beyond that the expired ones, then the oldest, are dropped. */
const MAX_ENTRIES = 10_000;

interface Hint<V> {
  readonly untilMs: number;
  readonly value: V;
}

/** A bounded map whose entries expire. */
class ExpiringMap<V> {
  private readonly entries = new Map<string, Hint<V>>();

  get(key: string, nowMs: number): Hint<V> | undefined {
    const hint = this.entries.get(key);
    if (hint === undefined) return undefined;
    if (hint.untilMs <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hint;
  }

  set(key: string, value: V, untilMs: number, nowMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { untilMs, value });
    if (this.entries.size <= MAX_ENTRIES) return;
    for (const [k, hint] of this.entries) if (hint.untilMs <= nowMs) this.entries.delete(k);
    for (const k of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(k);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

export interface ShortBalance {
  /** The price that was refused; any price at least this high is refused too. */
  readonly cost: number;
  readonly monthlyCredits: number;
  readonly autoCredits: number;
}

export class RefusalHints {
  private readonly rateLimited = new ExpiringMap<null>();
  private readonly short = new ExpiringMap<ShortBalance>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The store refused this key's call for its rate limit: a token is back in `retryAfterMs`. */
  keyRateLimited(keyDigest: string, retryAfterMs: number): void {
    const nowMs = this.clock.now();
    this.rateLimited.set(keyDigest, null, nowMs + retryAfterMs, nowMs);
  }

  /** Milliseconds until this key's next token, when the store said so a moment ago; else null. */
  rateLimitedFor(keyDigest: string): number | null {
    const nowMs = this.clock.now();
    const hint = this.rateLimited.get(keyDigest, nowMs);
    return hint === undefined ? null : hint.untilMs - nowMs;
  }

  /** The store found the account short of `balance.cost` (autocharge could not cover it either). */
  accountShort(accountId: string, balance: ShortBalance): void {
    const nowMs = this.clock.now();
    this.short.set(accountId, balance, nowMs + SHORT_BALANCE_HINT_MS, nowMs);
  }

  /** The account was just found short of a price at most `cost`: it cannot pay `cost` now either. */
  shortOf(accountId: string, cost: number): ShortBalance | null {
    const hint = this.short.get(accountId, this.clock.now());
    return hint !== undefined && cost >= hint.value.cost ? hint.value : null;
  }

  /** The account was charged: whatever was short a moment ago is not any more. */
  accountCharged(accountId: string): void {
    this.short.delete(accountId);
  }
}
