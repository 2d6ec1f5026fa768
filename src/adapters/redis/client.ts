import { Cluster, Redis } from 'ioredis';

export interface RedisNodeAddress {
  readonly host: string;
  readonly port: number;
}

export type RedisTarget =
  { readonly kind: 'redis'; readonly url: string } | { readonly kind: 'cluster'; readonly nodes: readonly RedisNodeAddress[] };

export interface RedisClientOptions {
  /** Per-command budget, ms; a stalled Redis answers STORE_UNAVAILABLE after this (the whole request stays under 1 s). */
  readonly commandTimeoutMs: number;
  /** Connection errors arrive here (ioredis would otherwise print "Unhandled error event"). */
  readonly onError?: (error: Error) => void;
}

/** Reconnect forever, quickly: a restarted Redis is used again without restarting the service. */
const reconnectDelayMs = (attempt: number): number => Math.min(50 * attempt, 500);

/**
 * Fast failure instead of queueing (ioredis RedisOptions):
 * - `enableOfflineQueue: false`: while disconnected or reconnecting, a command fails at once
 *   instead of waiting in the offline queue for a connection.
 * - `commandTimeout`: a connected but stalled Redis rejects the command after the budget.
 * - `maxRetriesPerRequest: 0` + `autoResendUnfulfilledCommands: false`: a command in flight when the
 *   connection drops fails; it is never re-sent, because a re-sent charge could be a second charge.
 * - `connectTimeout`: a black-holed host does not hold the connection attempt for the default 10 s.
 * The store adds its own deadline on top (RedisCreditStore), so the budget holds whatever the client does.
 *
 * Auto-pipelining batches every command, the credit scripts' EVALSHA included (see commands.ts):
 * on a loaded gateway one write carries many calls, which costs far less CPU than a write each.
 */
export function createRedisClient(target: RedisTarget, options: RedisClientOptions): Redis | Cluster {
  const perNode = {
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(options.commandTimeoutMs, 500),
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    enableAutoPipelining: true,
  };
  const client =
    target.kind === 'cluster'
      ? new Cluster(
          target.nodes.map(({ host, port }) => ({ host, port })),
          {
            enableOfflineQueue: false,
            enableAutoPipelining: true,
            clusterRetryStrategy: reconnectDelayMs,
            redisOptions: perNode,
          },
        )
      : new Redis(target.url, { ...perNode, enableOfflineQueue: false, retryStrategy: reconnectDelayMs });
  client.on('error', (error: Error) => options.onError?.(error));
  if (client instanceof Cluster) client.on('node error', (error: Error) => options.onError?.(error));
  return client;
}

/** Resolves true once the client is ready, false if it is not within `timeoutMs`. */
export function waitUntilReady(client: Redis | Cluster, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
  });
}
