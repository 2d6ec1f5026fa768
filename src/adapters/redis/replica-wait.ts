import { Cluster, Command, type Redis } from 'ioredis';
import type { ScriptConnection } from './script-connection.ts';

/**
 * Replicas that must confirm a charge before its answer leaves (`REDIS_WAIT_REPLICAS`): a number,
 * or 'auto' = 1 when the master holding the account has a replica, else 0.
 */
export interface ReplicaWaitOptions {
  readonly replicas: number | 'auto';
  readonly timeoutMs: number;
}

/** A master's replicas counted this recently are trusted for 'auto'. */
const REPLICA_COUNT_TTL_MS = 10_000;

/**
 * Redis `WAIT`, group-committed per master connection. `WAIT n t` blocks the connection that sent
 * it until n replicas have acknowledged every write that connection sent before it; all charges of
 * a gateway to one master share one connection, so one WAIT confirms every charge whose reply came
 * back before it was sent. Charges confirmed while a WAIT is out join the next one: at most one WAIT
 * in flight and one queued per master, whatever the load.
 *
 * What it does not do (README, durability): WAIT is not consensus. A confirmed charge is in a
 * replica's memory, so a failover to that replica keeps it; a replica that was not confirmed (or a
 * failover to a replica that lagged) can still lose unconfirmed writes, which is why a charge whose
 * WAIT falls short is refused (503) and voided instead of answered.
 */
/** Where a charge's writes went when not over the client: the script connection, and which of its connections. */
export interface ScriptRoute {
  readonly connection: ScriptConnection;
  readonly session: object;
}

/** A connection WAIT is sent over: a master's (ioredis), or one session of the script connection. */
type Waitable = { readonly kind: 'node'; readonly node: Redis } | { readonly kind: 'script'; readonly route: ScriptRoute };

export class ReplicaWaiter {
  /** One batch per connection: a master's client, or a script connection's session token. */
  private readonly batches = new Map<object, Batch>();
  private readonly replicaCounts = new Map<Redis, { count: number; atMs: number }>();

  private readonly client: Redis | Cluster;
  private readonly options: ReplicaWaitOptions;

  constructor(client: Redis | Cluster, options: ReplicaWaitOptions) {
    this.client = client;
    this.options = options;
  }

  /**
   * Resolves with the replicas wanted and the replicas that confirmed the writes up to now on the
   * key's master, over the connection the charge went: `via` (the script connection's session it was
   * sent on: a WAIT there fails if that connection has gone since) or else the master's client.
   */
  async confirm(key: string, via: ScriptRoute | null = null): Promise<{ wanted: number; got: number }> {
    const node = this.masterOf(key);
    if (node === null) return { wanted: 0, got: 0 };
    const wanted = this.options.replicas === 'auto' ? Math.min(1, await this.replicasOf(node)) : this.options.replicas;
    if (wanted === 0) return { wanted, got: 0 };
    const got = await this.join(via === null ? { kind: 'node', node } : { kind: 'script', route: via }, wanted);
    return { wanted, got };
  }

  private join(target: Waitable, wanted: number): Promise<number> {
    const key = target.kind === 'node' ? target.node : target.route.session;
    let batch = this.batches.get(key);
    if (batch === undefined || batch.sent) {
      const next: Batch = { sent: false, wanted, waiters: [] };
      // The WAIT goes out once the current one (if any) has answered: it then covers every write before it.
      const previous = batch?.done ?? Promise.resolve();
      next.done = previous.then(() => this.send(target, key, next));
      this.batches.set(key, next);
      batch = next;
    } else {
      batch.wanted = Math.max(batch.wanted, wanted);
    }
    const current = batch;
    return new Promise<number>((resolve, reject) => current.waiters.push({ resolve, reject }));
  }

  private async send(target: Waitable, key: object, batch: Batch): Promise<void> {
    batch.sent = true;
    if (this.batches.get(key) === batch) this.batches.delete(key);
    try {
      const acknowledged =
        target.kind === 'node'
          ? await target.node.wait(batch.wanted, this.options.timeoutMs)
          : await target.route.connection.wait(batch.wanted, this.options.timeoutMs, target.route.session);
      for (const waiter of batch.waiters) waiter.resolve(acknowledged);
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    }
  }

  /** The connection to the master serving the key (the one the charge script ran on). */
  private masterOf(key: string): Redis | null {
    if (!(this.client instanceof Cluster)) return this.client;
    const owner = this.client.slots[new Command('get', [key]).getSlot()]?.[0];
    if (owner === undefined) return null;
    return this.client.nodes('master').find((node) => `${node.options.host}:${node.options.port}` === owner) ?? null;
  }

  private async replicasOf(node: Redis): Promise<number> {
    const known = this.replicaCounts.get(node);
    const nowMs = Date.now();
    if (known !== undefined && nowMs - known.atMs < REPLICA_COUNT_TTL_MS) return known.count;
    const info = await node.info('replication');
    const count = Number(/^connected_slaves:(\d+)/m.exec(info)?.[1] ?? 0);
    this.replicaCounts.set(node, { count, atMs: nowMs });
    return count;
  }
}

interface Batch {
  sent: boolean;
  wanted: number;
  waiters: { resolve: (acknowledged: number) => void; reject: (error: unknown) => void }[];
  done?: Promise<void>;
}
