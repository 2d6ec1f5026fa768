/**
 * Heavy presentations take turns between accounts (docs/rest.md, "Heavy requests"). A paid call's
 * presentation (the whole REST or MCP body, every section asked for) runs on the event loop; a key
 * that sends many heavy calls at once has their continuations run back to back once the store's
 * replies arrive together, and every other customer waits behind all of them. Here an account whose
 * presentation took HEAVY_MS or more is heavy for HEAVY_FOR_MS: its next presentations wait for a
 * turn — one heavy presentation per event-loop turn, accounts in turn (round robin) — so between two of
 * them the loop answers everyone else. A light account never waits and costs nothing here.
 */

/** A presentation this long marks its account heavy. */
export const HEAVY_MS = 4;
/** How long an account stays heavy after its last heavy presentation. */
export const HEAVY_FOR_MS = 1_000;

export class FairTurns {
  /** Accounts marked heavy, until when (`performance.now()`). */
  private readonly heavyUntil = new Map<string, number>();
  /** A turn is taken (its presentation runs, or its release waits for the next turn of the loop). */
  private held = false;
  /** Each heavy account's waiting presentations; the Map's order is the round robin's. */
  private readonly waiting = new Map<string, (() => void)[]>();

  /** Whether the account's next presentation must take a turn. */
  isHeavy(accountId: string): boolean {
    const until = this.heavyUntil.get(accountId);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    this.heavyUntil.delete(accountId);
    return false;
  }

  /** Resolves when it is the account's turn; at once (undefined) when nobody holds one. */
  take(accountId: string): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(accountId);
      if (queue === undefined) this.waiting.set(accountId, [resolve]);
      else queue.push(resolve);
    });
  }

  /** The turn is over: the next account's waiting presentation gets it on the loop's next turn. */
  release(): void {
    setImmediate(this.next);
  }

  /** A presentation took `ms`: past HEAVY_MS, its account is heavy for HEAVY_FOR_MS. */
  presented(accountId: string, ms: number): void {
    if (ms < HEAVY_MS) return;
    this.heavyUntil.delete(accountId);
    this.heavyUntil.set(accountId, performance.now() + HEAVY_FOR_MS);
    // Bounded: the oldest marks go first (an account forgotten is only light again).
    if (this.heavyUntil.size > 10_000) this.heavyUntil.delete(this.heavyUntil.keys().next().value!);
  }

  private readonly next = (): void => {
    for (const [account, queue] of this.waiting) {
      const resolve = queue.shift();
      this.waiting.delete(account);
      if (queue.length > 0) this.waiting.set(account, queue);
      if (resolve !== undefined) {
        resolve();
        return;
      }
    }
    this.held = false;
  };
}
