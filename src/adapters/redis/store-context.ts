import type { Cluster, Redis } from 'ioredis';
import type { Clock } from '../../application/ports/credit-store.ts';
import type { LedgerArchive } from '../../application/ports/ledger-archive.ts';
import { refusals } from '../../application/refusals.ts';
import type { CreditScripts } from './commands.ts';
import type { KeyAccountCache } from './key-cache.ts';
import type { CreditKeys } from './keys.ts';
import type { ScriptConnection } from './script-connection.ts';

/**
 * What the Redis store's two sides share, made once by the store (`credit-store.ts`): the client,
 * the key names, the registered scripts and their connection, the key cache (the directory forgets
 * what the charging side remembers), the call budget and its guard. Each side copies what it uses
 * into fields of its own; its own bookkeeping (settlement batches, last-used writes, the Redis
 * clock's offset) stays with it.
 */
export interface RedisStoreContext {
  readonly client: Redis | Cluster;
  readonly keys: CreditKeys;
  readonly scripts: CreditScripts;
  /** The scripts' leaner connection, where it applies (script-connection.ts). */
  readonly scriptConnection: ScriptConnection | null;
  /** Business time: the Tokyo month and ledger timestamps. */
  readonly clock: Clock;
  /** Budget per store call, ms. */
  readonly callTimeoutMs: number;
  readonly keyCache: KeyAccountCache;
  /** The durable ledger, when there is one. */
  readonly archive: LedgerArchive | undefined;
  readonly guard: Guard;
}

/** Runs `work` under the call budget (or `budgetMs`); outages become STORE_UNAVAILABLE, anything else propagates. */
export type Guard = <T>(operation: string, work: () => Promise<T>, budgetMs?: number) => Promise<T>;

/** Redis replies that mean "cannot serve now" rather than "your script is wrong". */
const OUTAGE_REPLY = /^(LOADING|BUSY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|NOREPLICAS|OOM|MOVED|ASK)\b/;

/** The guard of a store whose calls have `callTimeoutMs` each. */
export function guardWithin(callTimeoutMs: number): Guard {
  return <T>(operation: string, work: () => Promise<T>, budgetMs = callTimeoutMs): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(refusals.storeTooSlow(operation, budgetMs)), budgetMs);
      work().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(isOutage(error) ? refusals.storeUnavailable(error) : error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** Client and connection failures are outages; error replies only when they say "not now"; bugs are not. */
function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ReplyError') return OUTAGE_REPLY.test(error.message);
  return !(error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError);
}
