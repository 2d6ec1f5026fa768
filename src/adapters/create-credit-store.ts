import { DEFAULT_LEDGER_RETENTION_DAYS, systemClock, type Clock, type CreditStore } from '../application/ports/credit-store.ts';
import { MemoryCreditStore } from './memory/credit-store.ts';
import { PostgresLedgerArchive } from './postgres/ledger-archive.ts';
import { createRedisClient, waitUntilReady, type RedisTarget } from './redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from './redis/credit-store.ts';
import { LedgerArchiver } from './redis/ledger-archiver.ts';
import type { ReplicaWaitOptions } from './redis/replica-wait.ts';

export type CreditStoreTarget = { readonly kind: 'embedded' } | RedisTarget;

export interface OpenCreditStoreOptions {
  readonly redisKeyPrefix: string;
  /** Days the Redis ledger keeps an entry (`LEDGER_RETENTION_DAYS`); the embedded store keeps its whole history. */
  readonly ledgerRetentionDays?: number;
  /** The durable ledger (`LEDGER_DATABASE_URL`, `LEDGER_REDIS_KEEP_HOURS`); Redis targets only. */
  readonly ledgerDatabase?: { readonly url: string; readonly redisKeepHours: number } | null;
  readonly clock?: Clock;
  /** Redis connection errors (they repeat while Redis is down; throttle when logging). */
  readonly onStoreError?: (error: Error) => void;
  /** Ledger database errors (they repeat while it is down; throttle when logging). */
  readonly onLedgerDatabaseError?: (error: Error) => void;
  /** How long to wait for Redis at start before carrying on not ready (default 3000 ms). */
  readonly readyTimeoutMs?: number;
  /** Replicas that must confirm a charge (`REDIS_WAIT_REPLICAS`, `REDIS_WAIT_TIMEOUT_MS`); Redis targets only. */
  readonly replicaWait?: ReplicaWaitOptions;
  /** Every store call's deadline on Redis (`STORE_CALL_TIMEOUT_MS`, default 450 ms). */
  readonly callTimeoutMs?: number;
  /** `REDIS_SCRIPT_CONNECTION`: the credit scripts' own connection beside a standalone Redis (default true). */
  readonly scriptConnection?: boolean;
}

export interface OpenedCreditStore {
  readonly store: CreditStore;
  /** Where balances and the ledger live, for the start-up line. */
  readonly description: string;
  /** With a ledger database: the archiver, on a Redis connection of its own (not started). */
  readonly archiver: LedgerArchiver | null;
  /** Closes the store, and the archiver's connection and the database pool when there are. */
  close(): Promise<void>;
}

const MS_PER_HOUR = 3_600_000;
/** The archiver's Redis commands (a batch read, an exact trim) may take longer than a charge's budget. */
const ARCHIVER_COMMAND_TIMEOUT_MS = 10_000;
/** How long start-up waits for the ledger database's migrations before going on without them. */
const START_MIGRATION_WAIT_MS = 3_000;

/**
 * The credit store a target names: Redis Cluster, Redis, or the embedded store; with a ledger
 * database, also the archive and its archiver. Neither a Redis nor a database that is not
 * reachable at start stops the service: calls answer STORE_UNAVAILABLE until Redis is, and the
 * archiver catches up once the database is.
 */
export async function openCreditStore(target: CreditStoreTarget, options: OpenCreditStoreOptions): Promise<OpenedCreditStore> {
  const clock = options.clock ?? systemClock;
  if (target.kind === 'embedded') {
    const store = new MemoryCreditStore({ clock });
    return {
      store,
      description:
        'embedded (in process); balances are not persisted and vanish when the process exits; the ledger keeps the whole history of this process',
      archiver: null,
      close: () => store.close(),
    };
  }
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const client = createRedisClient(target, {
    commandTimeoutMs: callTimeoutMs,
    ...(options.onStoreError === undefined ? {} : { onError: options.onStoreError }),
  });
  const storeOptions = {
    callTimeoutMs,
    ...(options.replicaWait === undefined ? {} : { replicaWait: options.replicaWait }),
    ...(options.onStoreError === undefined ? {} : { onConnectionError: options.onStoreError }),
    ...(options.scriptConnection === undefined ? {} : { scriptConnection: options.scriptConnection }),
  };
  const retentionDays = options.ledgerRetentionDays ?? DEFAULT_LEDGER_RETENTION_DAYS;
  const redisName = target.kind === 'cluster' ? `Redis Cluster (${target.nodes.length} seed nodes)` : 'Redis';
  const database = options.ledgerDatabase ?? null;
  if (database === null) {
    const store = new RedisCreditStore({
      client,
      keyPrefix: options.redisKeyPrefix,
      clock,
      ledgerRetentionDays: retentionDays,
      ...storeOptions,
    });
    const where = `${redisName}; the ledger (usage history) lives in Redis and keeps ${retentionDays} days (LEDGER_RETENTION_DAYS), no older`;
    const ready = await waitUntilReady(client, options.readyTimeoutMs ?? 3000);
    return { store, description: ready ? where : notReachable(where), archiver: null, close: () => store.close() };
  }

  const archive = new PostgresLedgerArchive({
    url: database.url,
    ...(options.onLedgerDatabaseError === undefined ? {} : { onError: options.onLedgerDatabaseError }),
  });
  const store = new RedisCreditStore({ client, keyPrefix: options.redisKeyPrefix, clock, archive, ...storeOptions });
  // Its own connection, with its own budget: archiver reads and trims never queue in front of a charge.
  const archiverClient = createRedisClient(target, {
    commandTimeoutMs: ARCHIVER_COMMAND_TIMEOUT_MS,
    ...(options.onStoreError === undefined ? {} : { onError: options.onStoreError }),
  });
  const archiver = new LedgerArchiver({
    client: archiverClient,
    keyPrefix: options.redisKeyPrefix,
    archive,
    keepMs: database.redisKeepHours * MS_PER_HOUR,
  });
  // Start-up waits a moment for the migrations, not longer: a slow or absent database must not hold
  // the gateway back (the archiver and reads migrate on first use, under the same advisory lock).
  const migrating = archive.migrate().then(
    (applied) => (applied.length === 0 ? 'schema up to date' : `schema migrated (${applied.join(', ')})`),
    (error: unknown) => `not reachable yet (${error instanceof Error ? error.message : String(error)}); the archiver catches up once it is`,
  );
  let timer: NodeJS.Timeout | undefined;
  const schema = await Promise.race([
    migrating,
    new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve('still migrating or not answering yet; the archiver catches up once it is'),
        START_MIGRATION_WAIT_MS,
      );
    }),
  ]);
  clearTimeout(timer);
  const where =
    `${redisName}; the ledger lives in ${archive.description} (LEDGER_DATABASE_URL; ${schema}), ` +
    `archived from Redis, which keeps the newest entries and archived ones for ${database.redisKeepHours} h (LEDGER_REDIS_KEEP_HOURS)`;
  const ready = await waitUntilReady(client, options.readyTimeoutMs ?? 3000);
  return {
    store,
    description: ready ? where : notReachable(where),
    archiver,
    close: async () => {
      await archiver.stop();
      archiverClient.disconnect();
      await store.close();
      await archive.close();
    },
  };
}

const notReachable = (where: string): string => `${where}; Redis not reachable yet: calls answer STORE_UNAVAILABLE until it is`;
