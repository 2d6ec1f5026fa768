import { KEY_CACHE_MS, type ApiKeyDigest, type Clock } from '../../application/ports/credit-store.ts';
import type { KeyBinding } from './replies.ts';

/**
 * Which account a key digest belongs to, with the key's limits and whether the account is
 * suspended (its record, decoded), remembered for {@link KEY_CACHE_MS} after Redis said so,
 * so that a paid call with a known key makes one round trip (the charge) instead of two. Unknown
 * keys are not remembered: a key issued a moment ago works at once. A key revoked by another
 * process keeps working here for at most KEY_CACHE_MS; `forget` makes a local revocation immediate.
 * Bounded: past `maxEntries` the oldest answers are dropped (Map order is insertion order, and an
 * entry is re-inserted whenever it is fetched again).
 */
export class KeyAccountCache {
  private readonly entries = new Map<ApiKeyDigest, { readonly binding: KeyBinding; readonly fetchedMs: number }>();
  private readonly clock: Clock;
  private readonly maxEntries: number;

  constructor(clock: Clock, maxEntries = 10_000) {
    this.clock = clock;
    this.maxEntries = maxEntries;
  }

  get(digest: ApiKeyDigest): KeyBinding | undefined {
    const entry = this.entries.get(digest);
    if (entry === undefined) return undefined;
    const ageMs = this.clock.now() - entry.fetchedMs;
    // A clock that went back counts as expired too: never trust an answer of unknown age.
    if (ageMs >= 0 && ageMs < KEY_CACHE_MS) return entry.binding;
    this.entries.delete(digest);
    return undefined;
  }

  remember(digest: ApiKeyDigest, binding: KeyBinding, fetchedMs: number): void {
    this.entries.delete(digest);
    this.entries.set(digest, { binding, fetchedMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(digest: ApiKeyDigest): void {
    this.entries.delete(digest);
  }
}
