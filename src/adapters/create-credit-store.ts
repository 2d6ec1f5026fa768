import { provisionDemoAccount } from '../application/account-admin.js';
import { systemClock, type Clock, type CreditStore } from '../application/ports/credit-store.js';
import type { Config } from '../config.js';
import { MemoryCreditStore } from './memory/credit-store.js';
import { createRedisClient, waitUntilReady } from './redis/client.js';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from './redis/credit-store.js';

export interface OpenCreditStoreOptions {
  readonly clock?: Clock;
  /** Start-up notices, one line each (the demo key is printed here, once). */
  readonly print?: (line: string) => void;
  /** Redis connection errors (they repeat while Redis is down; throttle when logging). */
  readonly onStoreError?: (error: Error) => void;
  /** Provision the demo account in the embedded store (default true; the admin CLI turns it off). */
  readonly provisionDemo?: boolean;
  /** How long to wait for Redis at start before carrying on not ready (default 3000 ms). */
  readonly readyTimeoutMs?: number;
}

/**
 * The credit store the configuration asks for: Redis Cluster when REDIS_CLUSTER_NODES is set,
 * Redis when REDIS_URL is, otherwise the embedded store with its demo account. A Redis that is
 * not reachable at start does not stop the service: calls answer STORE_UNAVAILABLE until it is.
 */
export async function openCreditStore(
  config: Pick<Config, 'creditStore' | 'redisKeyPrefix' | 'demo'>,
  options: OpenCreditStoreOptions = {},
): Promise<CreditStore> {
  const print = options.print ?? (() => {});
  const clock = options.clock ?? systemClock;
  const target = config.creditStore;

  if (target.kind === 'embedded') {
    const store = new MemoryCreditStore({ clock });
    print('credit store: embedded (in process); balances are not persisted and vanish when the process exits');
    if (options.provisionDemo ?? true) {
      const demo = await provisionDemoAccount(store, config.demo);
      print(`demo account "${demo.accountId}" (${config.demo.plan}), API key: ${demo.apiKey}`);
    }
    return store;
  }

  const client = createRedisClient(target, {
    commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS,
    ...(options.onStoreError === undefined ? {} : { onError: options.onStoreError }),
  });
  const store = new RedisCreditStore({ client, keyPrefix: config.redisKeyPrefix, clock });
  const where = target.kind === 'cluster' ? `Redis Cluster (${target.nodes.length} seed nodes)` : 'Redis';
  if (await waitUntilReady(client, options.readyTimeoutMs ?? 3000)) {
    print(`credit store: ${where}`);
  } else {
    print(`credit store: ${where} not reachable yet; calls answer STORE_UNAVAILABLE until it is`);
  }
  return store;
}
