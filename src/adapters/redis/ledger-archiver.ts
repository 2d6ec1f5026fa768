import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Cluster, type Redis } from 'ioredis';
import { compareLedgerIds, parseLedgerId, type LedgerArchive } from '../../application/ports/ledger-archive.ts';
import type { LedgerEntry } from '../../domain/credits/account.ts';
import { registerCreditScripts, type CreditScripts } from './commands.ts';
import { CreditKeys } from './keys.ts';
import { decodeLedgerEntry, fieldsOf } from './replies.ts';

/**
 * The ledger archiver: moves each account's Redis ledger stream into the durable
 * {@link LedgerArchive}, so that Redis keeps only recent entries and nothing is ever lost.
 *
 * Per account stream, a consumer group `archiver` reads entries in order; a batch is inserted into
 * the archive (idempotently, keyed by transaction id), and acknowledged (XACK) only once the insert
 * has committed. A batch read but not acknowledged (the archive was down, the process died) stays
 * pending and is read again first, so nothing is skipped; inserting it twice changes nothing. Redis
 * then trims (XTRIM MINID) only entries below the oldest unacknowledged one, and only those older than
 * `keepMs`. A charge voided after its entry was archived is marked void in the archive from the
 * account's `voided` hash, whose field is dropped once the archive holds it and the stream no longer does.
 *
 * Accounts are split into {@link ARCHIVER_SHARDS} shards by their id; a gateway archives the shards
 * whose lease (a Redis key with a holder id and a lifetime, renewed every pass) it holds, so N
 * gateways split the work instead of repeating it, and a stopped gateway's shards are taken over
 * once its leases lapse. Every key it touches carries its account's hash tag (or is a lease of its
 * own), so it runs unchanged on Redis Cluster, where each master's streams are found by SCAN.
 *
 * It talks to Redis on its own connection, so its reads never queue in front of a paid call's charge,
 * and nothing on the paid path waits for it or for the archive.
 */

export const ARCHIVER_SHARDS = 16;
export const ARCHIVER_GROUP = 'archiver';
/** One consumer name for every archiver: the lease makes one the only reader of an account at a time. */
const CONSUMER = 'archiver';
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_BATCH = 500;
/** A busy account gives way to the others after this many batches in one pass; the next pass goes on. */
const MAX_BATCHES_PER_ACCOUNT = 200;
/** Voided-hash fields read per HSCAN step. */
const VOIDS_PER_SCAN = 500;

export interface LedgerArchiverOptions {
  /** A connection of the archiver's own (e.g. the store's client `.duplicate()`). */
  readonly client: Redis | Cluster;
  readonly keyPrefix: string;
  readonly archive: LedgerArchive;
  /** Archived entries stay in Redis this long (ms), so recent pages are read without the database. */
  readonly keepMs: number;
  /** This archiver's lease holder id (default host:pid:random). */
  readonly holder?: string;
  readonly leaseMs?: number;
  /** Entries per read and insert. */
  readonly batchSize?: number;
  readonly now?: () => number;
}

export interface ArchivePass {
  /** Shards this archiver held during the pass, and those another holder had. */
  readonly shardsHeld: number;
  readonly shardsElsewhere: number;
  readonly accounts: number;
  /** Entries acknowledged (now in the archive), and of those the ones the archive did not have yet. */
  readonly acknowledged: number;
  readonly inserted: number;
  /** Entries trimmed from Redis after archiving. */
  readonly trimmed: number;
  /** Voids copied into the archive. */
  readonly voidsArchived: number;
  /**
   * Entries read but gone from the stream before they were archived: deleted by something other
   * than an archiver (XDEL, a gateway without LEDGER_DATABASE_URL trimming by retention). Should be 0.
   */
  readonly lost: number;
}

/** What becomes of each pass {@link LedgerArchiver.start} runs: the duty's health (`/ready`, metrics). */
export interface PassObserver {
  started(): void;
  succeeded(): void;
  failed(error: unknown): void;
}

type AccountPass = Pick<ArchivePass, 'acknowledged' | 'inserted' | 'trimmed' | 'voidsArchived' | 'lost'>;

/** An archive call failed: the pass stops (every account needs the archive). */
class ArchiveFailed extends Error {
  constructor(cause: unknown) {
    super('the ledger archive failed', { cause });
  }
}

type StreamItem = [id: string, fields: string[] | null];

/** FNV-1a over the id: the account's shard, the same in every process. */
export function shardOf(accountId: string, shards = ARCHIVER_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < accountId.length; i++) {
    hash ^= accountId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

const nextId = (id: string): string => {
  const { ms, seq } = parseLedgerId(id);
  return `${ms}-${seq + 1}`;
};

const minId = (a: string, b: string): string => (compareLedgerIds(a, b) <= 0 ? a : b);

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class LedgerArchiver {
  readonly holder: string;
  private readonly client: Redis | Cluster;
  private readonly keys: CreditKeys;
  private readonly scripts: CreditScripts;
  private readonly archive: LedgerArchive;
  private readonly keepMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly now: () => number;
  private readonly groupsMade = new Set<string>();
  private held = new Set<number>();
  private leasesTakenAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(options: LedgerArchiverOptions) {
    this.client = options.client;
    this.keys = new CreditKeys(options.keyPrefix);
    this.scripts = registerCreditScripts(options.client);
    this.archive = options.archive;
    this.keepMs = options.keepMs;
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.now = options.now ?? Date.now;
  }

  /**
   * Archives every `intervalMs` until {@link stop}; a failed pass (database down) is reported and
   * retried. Entries lost before they were archived are reported too, in a pass that succeeded.
   */
  start(intervalMs: number, onError: (error: unknown) => void, observer?: PassObserver): void {
    const tick = (): void => {
      if (this.stopped) return;
      observer?.started();
      this.running = this.runOnce()
        .then(
          (pass) => {
            observer?.succeeded();
            if (pass.lost > 0) onError(new Error(`${pass.lost} ledger entries were deleted from Redis before they could be archived`));
          },
          (error: unknown) => {
            observer?.failed(error);
            onError(error);
          },
        )
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops the loop, waits for a pass in progress, and gives up the leases held. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running.catch(() => {});
    await Promise.all(
      [...this.held].map((shard) => this.scripts.releaseLease(this.keys.archiverLease(shard), this.holder).catch(() => {})),
    );
    this.held.clear();
  }

  /**
   * One pass: takes or renews the leases, checks the archive answers, then archives every account
   * of a held shard. Throws when the archive fails (the pass stops there: the next one retries),
   * or, after trying the other accounts, the first Redis error one account met.
   */
  async runOnce(): Promise<ArchivePass> {
    const elsewhere = await this.renewLeases();
    const report = {
      shardsHeld: this.held.size,
      shardsElsewhere: elsewhere,
      accounts: 0,
      acknowledged: 0,
      inserted: 0,
      trimmed: 0,
      voidsArchived: 0,
      lost: 0,
    };
    if (this.held.size === 0) return report;
    // Asked every pass, work or none: a pass succeeds only when the archive answers.
    await this.archive.check();
    let firstError: Error | undefined;
    for await (const accountId of this.ledgerAccounts()) {
      if (this.stopped) break;
      if (!(await this.holds(shardOf(accountId)))) continue;
      let done: AccountPass;
      try {
        done = await this.archiveAccount(accountId);
      } catch (error) {
        if (error instanceof ArchiveFailed) throw error.cause;
        firstError ??= error instanceof Error ? error : new Error(String(error));
        continue;
      }
      report.accounts++;
      report.acknowledged += done.acknowledged;
      report.inserted += done.inserted;
      report.trimmed += done.trimmed;
      report.voidsArchived += done.voidsArchived;
      report.lost += done.lost;
    }
    if (firstError !== undefined) throw firstError;
    return report;
  }

  /** Whether this archiver holds the shard's lease, renewing the leases when a third of their life has gone. */
  private async holds(shard: number): Promise<boolean> {
    if (this.now() - this.leasesTakenAt > this.leaseMs / 3) await this.renewLeases();
    return this.held.has(shard);
  }

  /** Takes or renews every shard's lease it can; returns how many another holder has. */
  private async renewLeases(): Promise<number> {
    this.leasesTakenAt = this.now();
    const replies = await Promise.all(
      Array.from({ length: ARCHIVER_SHARDS }, (_, shard) =>
        this.scripts.takeLease(this.keys.archiverLease(shard), this.holder, this.leaseMs),
      ),
    );
    this.held = new Set(replies.flatMap((reply, shard) => (reply === 1 ? [shard] : [])));
    return ARCHIVER_SHARDS - this.held.size;
  }

  /** Every account with a ledger stream, from every master. */
  private async *ledgerAccounts(): AsyncGenerator<string> {
    const nodes: Redis[] = this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
    for (const node of nodes) {
      const stream = node.scanStream({ match: this.keys.ledgerPattern(), type: 'stream', count: 1000 }) as AsyncIterable<string[]>;
      for await (const keys of stream) {
        for (const key of keys) {
          const accountId = this.keys.parseLedger(key);
          if (accountId !== null) yield accountId;
        }
      }
    }
  }

  /**
   * Archives one account's stream, batch by batch, while this archiver holds the account's shard
   * (another that took the lease over meanwhile may archive the same batch: harmless), trimming
   * after each batch what may go; then copies the account's voids.
   */
  async archiveAccount(accountId: string): Promise<AccountPass> {
    const ledger = this.keys.ledger(accountId);
    const shard = shardOf(accountId);
    const done = { acknowledged: 0, inserted: 0, trimmed: 0, voidsArchived: 0, lost: 0 };
    // Pending entries first (read before but never acknowledged), then new ones.
    for (let from: '0' | '>' = '0', batches = 0; batches < MAX_BATCHES_PER_ACCOUNT; batches++) {
      if (this.stopped || !(await this.holds(shard))) return done;
      const items = await this.readGroup(ledger, from);
      if (items.length === 0) {
        if (from === '>') break;
        from = '>';
        continue;
      }
      const present = items.filter((item): item is [string, string[]] => item[1] !== null);
      // A pending entry that is gone from the stream was deleted by something other than an
      // archiver (XDEL, or a gateway without LEDGER_DATABASE_URL trimming by retention): reported, then cleared.
      done.lost += items.length - present.length;
      const voidedAtMs = await this.voidedAt(
        accountId,
        present.map(([id]) => id),
      );
      const entries: LedgerEntry[] = present.map((item) => decodeLedgerEntry(item, voidedAtMs.has(item[0])));
      done.inserted += await this.archived(() => this.archive.append(accountId, entries, voidedAtMs));
      // Only after the insert committed: an entry acknowledged is an entry archived.
      await this.client.xack(ledger, ARCHIVER_GROUP, ...items.map(([id]) => id));
      done.acknowledged += items.length;
      done.trimmed += await this.trim(ledger);
      if (from === '>' && items.length < this.batchSize) break;
    }
    // Trimmed again even when nothing was new: entries age past the keep window.
    done.trimmed += await this.trim(ledger);
    done.voidsArchived = await this.archiveVoids(accountId, await this.trimPoint(ledger));
    return done;
  }

  private async trim(ledger: string): Promise<number> {
    const cut = await this.trimPoint(ledger);
    return cut === null ? 0 : this.client.xtrim(ledger, 'MINID', cut);
  }

  /** Runs an archive call; its failure stops the pass (the database is down or refusing). */
  private async archived<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new ArchiveFailed(error);
    }
  }

  private async readGroup(ledger: string, from: '0' | '>'): Promise<StreamItem[]> {
    const read = () =>
      this.client.xreadgroup('GROUP', ARCHIVER_GROUP, CONSUMER, 'COUNT', this.batchSize, 'STREAMS', ledger, from) as Promise<
        [string, StreamItem[]][] | null
      >;
    if (!this.groupsMade.has(ledger)) await this.makeGroup(ledger);
    try {
      return (await read())?.[0]?.[1] ?? [];
    } catch (error) {
      // The group is gone (a Redis that lost its data): make it again from the start; archiving twice changes nothing.
      if (!errorText(error).startsWith('NOGROUP')) throw error;
      this.groupsMade.delete(ledger);
      await this.makeGroup(ledger);
      return (await read())?.[0]?.[1] ?? [];
    }
  }

  /** The group starts at the stream's beginning: entries written before archiving was turned on are archived too. */
  private async makeGroup(ledger: string): Promise<void> {
    try {
      await this.client.xgroup('CREATE', ledger, ARCHIVER_GROUP, '0');
    } catch (error) {
      if (!errorText(error).startsWith('BUSYGROUP')) throw error;
    }
    this.groupsMade.add(ledger);
  }

  private async voidedAt(accountId: string, ids: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (ids.length === 0) return found;
    const values = await this.client.hmget(this.keys.voided(accountId), ...ids);
    values.forEach((value, i) => {
      if (value !== null) found.set(ids[i]!, Number(value));
    });
    return found;
  }

  /**
   * Entries below the oldest unacknowledged one (or below the last one delivered, when none is
   * pending) are archived; of those, the ones older than `keepMs` may go. Null: nothing to trim.
   */
  private async trimPoint(ledger: string): Promise<string | null> {
    // One snapshot (MULTI): read apart, another archiver could acknowledge the oldest pending
    // entry and deliver newer ones in between, and the cut would pass entries not yet archived.
    const replies = await this.client.multi().xpending(ledger, ARCHIVER_GROUP).xinfo('GROUPS', ledger).exec();
    if (replies === null) throw new Error(`the snapshot of ${ledger} was aborted`);
    const [[pendingError, summary], [groupsError, groups]] = replies as [[Error | null, unknown], [Error | null, unknown]];
    if (pendingError !== null) throw pendingError;
    if (groupsError !== null) throw groupsError;
    const [pendingCount, oldestPending] = summary as [number, string | null];
    let archivedBelow: string;
    if (pendingCount > 0 && oldestPending !== null) {
      archivedBelow = oldestPending;
    } else {
      const group = (groups as unknown[][]).map((flat) => fieldsOf(flat)).find((fields) => fields.get('name') === ARCHIVER_GROUP);
      const lastDelivered = group?.get('last-delivered-id');
      if (typeof lastDelivered !== 'string' || lastDelivered === '0-0') return null;
      archivedBelow = nextId(lastDelivered);
    }
    return minId(archivedBelow, `${Math.max(0, this.now() - this.keepMs)}-0`);
  }

  /**
   * Copies the account's voids into the archive; a void's field is dropped once the archive holds it
   * and its entry has left the stream (below `cut`), since stream reads still take void status from it.
   */
  private async archiveVoids(accountId: string, cut: string | null): Promise<number> {
    const voidedKey = this.keys.voided(accountId);
    let copied = 0;
    // In chunks (HSCAN), never the whole hash at once (a million voids stalled Redis).
    let cursor = '0';
    do {
      const [next, flat] = await this.client.hscan(voidedKey, cursor, 'COUNT', VOIDS_PER_SCAN);
      cursor = next;
      const voided = new Map<string, number>();
      for (let i = 0; i + 1 < flat.length; i += 2) voided.set(flat[i]!, Number(flat[i + 1]));
      if (voided.size === 0) continue;
      const archived = await this.archived(() => this.archive.markVoided(accountId, voided));
      const gone = cut === null ? [] : [...archived].filter((id) => compareLedgerIds(id, cut) < 0);
      if (gone.length > 0) await this.client.hdel(voidedKey, ...gone);
      copied += archived.size;
    } while (cursor !== '0');
    return copied;
  }
}
