import { DEFAULT_LEDGER_RETENTION_DAYS, systemClock, type Clock, type CreditStore } from '../application/ports/credit-store.ts';
import { MemoryCreditStore } from './memory/credit-store.ts';
import { createRedisClient, waitUntilReady, type RedisTarget } from './redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from './redis/credit-store.ts';

export type CreditStoreTarget = { readonly kind: 'embedded' } | RedisTarget;

export interface OpenCreditStoreOptions {
  readonly redisKeyPrefix: string;
  /** Days the Redis ledger keeps an entry (`LEDGER_RETENTION_DAYS`); the embedded store keeps its whole history. */
  readonly ledgerRetentionDays?: number;
  readonly clock?: Clock;
  /** Redis connection errors (they repeat while Redis is down; throttle when logging). */
  readonly onStoreError?: (error: Error) => void;
  /** How long to wait for Redis at start before carrying on not ready (default 3000 ms). */
  readonly readyTimeoutMs?: number;
}

export interface OpenedCreditStore {
  readonly store: CreditStore;
  /** Where balances live, for the start-up line. */
  readonly description: string;
}

/**
 * The credit store a target names: Redis Cluster, Redis, or the embedded store. A Redis that is
 * not reachable at start does not stop the service: calls answer STORE_UNAVAILABLE until it is.
 */
export async function openCreditStore(target: CreditStoreTarget, options: OpenCreditStoreOptions): Promise<OpenedCreditStore> {
  const clock = options.clock ?? systemClock;
  if (target.kind === 'embedded') {
    return {
      store: new MemoryCreditStore({ clock }),
      description:
        'embedded (in process); balances are not persisted and vanish when the process exits; the ledger keeps the whole history of this process',
    };
  }
  const client = createRedisClient(target, {
    commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS,
    ...(options.onStoreError === undefined ? {} : { onError: options.onStoreError }),
  });
  const retentionDays = options.ledgerRetentionDays ?? DEFAULT_LEDGER_RETENTION_DAYS;
  const store = new RedisCreditStore({ client, keyPrefix: options.redisKeyPrefix, clock, ledgerRetentionDays: retentionDays });
  const where =
    `${target.kind === 'cluster' ? `Redis Cluster (${target.nodes.length} seed nodes)` : 'Redis'}; ` +
    `the ledger (usage history) lives in Redis and keeps ${retentionDays} days (LEDGER_RETENTION_DAYS), no older`;
  const ready = await waitUntilReady(client, options.readyTimeoutMs ?? 3000);
  return { store, description: ready ? where : `${where} not reachable yet; calls answer STORE_UNAVAILABLE until it is` };
}
