import { Cluster, type Redis } from 'ioredis';
import { refusals } from '../../application/refusals.ts';
import {
  IDEMPOTENCY_TTL_SECONDS,
  DEFAULT_LEDGER_RETENTION_DAYS,
  KEY_LAST_USED_RESOLUTION_MS,
  MS_PER_DAY,
  type ApiKeyDigest,
  type AuthenticatedAccount,
  type ChargeCommand,
  type ChargeOutcome,
  type ChargingStore,
  type Clock,
  type RateLimit,
  type RateLimited,
  type ChargeRef,
  type UnsettledCharge,
  type VoidCommand,
  type VoidOutcome,
  VOIDABLE_SECONDS,
} from '../../application/ports/credit-store.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import type { CreditScripts } from './commands.ts';
import type { CreditKeys } from './keys.ts';
import {
  authenticatedAs,
  decodeChargeReply,
  decodeKeyRecord,
  decodeRateTokenReply,
  decodeVoidReply,
  encodeKeyRecord,
  decodeAddKeyReply,
  type KeyBinding,
} from './replies.ts';
import type { KeyAccountCache } from './key-cache.ts';
import type { LedgerArchive } from '../../application/ports/ledger-archive.ts';
import { ReplicaWaiter, type ReplicaWaitOptions } from './replica-wait.ts';
import type { ScriptConnection } from './script-connection.ts';
import type { Guard, RedisStoreContext } from './store-context.ts';

export interface RedisChargingOptions {
  /** Ledger entries older than this are trimmed as new ones are added (default DEFAULT_LEDGER_RETENTION_DAYS). */
  readonly ledgerRetentionDays?: number;
  readonly idempotencyTtlSeconds?: number;
  /** `REDIS_WAIT_REPLICAS` / `REDIS_WAIT_TIMEOUT_MS`: replicas that must confirm a charge before it is answered. */
  readonly replicaWait?: ReplicaWaitOptions;
}

/**
 * A charge script must start this long before the gateway gives up, so that its reply still
 * arrives in time; one that starts later refuses (charge.lua ARGV[8]) and takes nothing.
 */
const SCRIPT_DEADLINE_MARGIN_MS = 150;

/** How many keys' last-used writes a store remembers (past it, the oldest are forgotten: written again sooner). */
const LAST_USED_MEMORY = 10_000;

/**
 * The Redis store's hot side: authenticate (the key cache, then one GET), charge and void (one
 * script each, then the replica WAIT when asked for), settlements batched into UNLINKs, and the
 * sweep's heartbeats and scans, over the client, keys and scripts it shares with the directory
 * side ({@link RedisStoreContext}).
 */
export class RedisCharging implements ChargingStore {
  private readonly client: Redis | Cluster;
  private readonly keys: CreditKeys;
  private readonly scripts: CreditScripts;
  /** The scripts' leaner connection, where it applies (script-connection.ts). */
  private readonly scriptConnection: ScriptConnection | null;
  private readonly clock: Clock;
  private readonly callTimeoutMs: number;
  private readonly ledgerRetentionMs: number;
  private readonly idempotencyTtlSeconds: number;
  private readonly keyCache: KeyAccountCache;
  private readonly archive: LedgerArchive | undefined;
  private readonly guard: Guard;
  private readonly replicas: ReplicaWaiter | null;
  private readonly replicaWaitMs: number;
  /** Redis clock minus local clock, ms, measured on every (re)connect; used for script deadlines. */
  private redisClockOffsetMs = 0;
  /** Public key id → when this store last wrote its last-used time (at most once per KEY_LAST_USED_RESOLUTION_MS). */
  private readonly lastUseWritten = new Map<string, number>();
  /** Charge records waiting for this turn's UNLINK, by slot group (one group outside Cluster). */
  private readonly settling = new Map<string, { key: string; resolve: () => void; reject: (error: unknown) => void }[]>();
  private settleScheduled = false;

  constructor(context: RedisStoreContext, options: RedisChargingOptions = {}) {
    this.client = context.client;
    this.keys = context.keys;
    this.scripts = context.scripts;
    this.scriptConnection = context.scriptConnection;
    this.clock = context.clock;
    this.callTimeoutMs = context.callTimeoutMs;
    this.ledgerRetentionMs = (options.ledgerRetentionDays ?? DEFAULT_LEDGER_RETENTION_DAYS) * MS_PER_DAY;
    this.idempotencyTtlSeconds = options.idempotencyTtlSeconds ?? IDEMPOTENCY_TTL_SECONDS;
    this.keyCache = context.keyCache;
    this.archive = context.archive;
    this.guard = context.guard;
    const wait = options.replicaWait;
    this.replicas = wait === undefined || wait.replicas === 0 ? null : new ReplicaWaiter(context.client, wait);
    this.replicaWaitMs = wait?.timeoutMs ?? 0;
    this.client.on('ready', () => void this.measureClockOffset());
    if (this.client.status === 'ready') void this.measureClockOffset();
  }

  async authenticate(keyDigest: ApiKeyDigest, rateLimit: RateLimit | null = null): Promise<AuthenticatedAccount | RateLimited | null> {
    const binding = await this.bindingOf(keyDigest);
    if (binding === null) return null;
    this.noteUse(binding);
    const account = authenticatedAs(binding);
    if (rateLimit === null || rateLimit.perSecond <= 0) return account;
    const reply = await this.guard('authenticate', () =>
      this.scripts.rateToken(this.keys.rateBucket(binding.accountId, keyDigest), {
        perSecond: rateLimit.perSecond,
        burst: rateLimit.burst,
        nowMs: this.clock.now(),
      }),
    );
    return decodeRateTokenReply(reply) ?? account;
  }

  /** The key's record: from the cache, else one GET (auto-pipelined) whose decoded answer is cached. */
  private async bindingOf(keyDigest: ApiKeyDigest): Promise<KeyBinding | null> {
    const cached = this.keyCache.get(keyDigest);
    if (cached !== undefined) return cached;
    const askedMs = this.clock.now();
    const record = await this.guard('authenticate', () => this.client.get(this.keys.apiKey(keyDigest)));
    if (record === null) return null;
    const binding = decodeKeyRecord(record);
    if (!record.startsWith('{')) void this.upgradeLegacyKey(keyDigest, binding.accountId).catch(() => {});
    // Aged from when the question was sent: a revocation after that is seen within KEY_CACHE_MS.
    this.keyCache.remember(keyDigest, binding, askedMs);
    return binding;
  }

  /**
   * A key bound before keys had names, scopes and expiry (its record a bare account id) is not among its account's keys, so
   * a suspension or deletion would not reach it: on its first use it is recorded there and its
   * record rewritten in the current form (revoked if its account was deleted meanwhile). Not awaited.
   */
  private async upgradeLegacyKey(keyDigest: ApiKeyDigest, accountId: string): Promise<void> {
    const reply = await this.scripts.addKey(this.keys.account(accountId), this.keys.keyLists(accountId), {
      digest: keyDigest,
      keyId: '',
      grant: '',
    });
    const added = decodeAddKeyReply(reply);
    if (added === null) {
      // Deleted (or gone): the key goes, unless the account hash is missing altogether (left alone).
      if ((await this.client.hget(this.keys.account(accountId), 'status')) === 'deleted')
        await this.client.del(this.keys.apiKey(keyDigest));
      this.keyCache.forget(keyDigest);
      return;
    }
    const binding: KeyBinding = { accountId, keyId: null, limits: null, suspended: added.suspended };
    await this.scripts.rewriteKey(this.keys.apiKey(keyDigest), encodeKeyRecord(binding, added.version), added.version);
    this.keyCache.forget(keyDigest);
  }

  /**
   * Notes a listed key's use, at most once per KEY_LAST_USED_RESOLUTION_MS per key on this store;
   * never awaited, and a failed write is only tried again on the key's next use.
   */
  private noteUse(binding: KeyBinding): void {
    const keyId = binding.keyId;
    if (keyId === null) return;
    const nowMs = this.clock.now();
    const last = this.lastUseWritten.get(keyId);
    if (last !== undefined && Math.abs(nowMs - last) < KEY_LAST_USED_RESOLUTION_MS) return;
    this.lastUseWritten.delete(keyId);
    this.lastUseWritten.set(keyId, nowMs);
    if (this.lastUseWritten.size > LAST_USED_MEMORY) this.lastUseWritten.delete(this.lastUseWritten.keys().next().value!);
    this.scripts.touchKey(this.keys.keyLists(binding.accountId), keyId, nowMs).catch(() => {
      if (this.lastUseWritten.get(keyId) === nowMs) this.lastUseWritten.delete(keyId);
    });
  }

  async charge(command: ChargeCommand): Promise<ChargeOutcome> {
    const { accountId, idempotency } = command;
    const nowMs = this.clock.now();
    // The connection the script is about to go over (the script connection's, or null: ioredis's), for the replica WAIT.
    const session = this.scriptConnection?.session ?? null;
    const reply = await this.guard('charge', () =>
      this.scripts.charge(
        {
          account: this.keys.account(accountId),
          ledger: this.keys.ledger(accountId),
          idempotency: this.keys.idempotency(accountId, idempotency?.key ?? ''),
          chargeRecord: this.keys.chargeRecord(accountId, command.chargeId),
          voidMarker: this.keys.voidMarker(accountId, command.chargeId),
          // Without a limit the key is passed but untouched (a key of the account's slot, for Cluster).
          rateBucket: this.keys.rateBucket(accountId, command.rateLimit?.keyDigest ?? ('' as ApiKeyDigest)),
        },
        {
          unitCost: command.unitCost,
          month: tokyoMonthOf(nowMs),
          nowMs,
          logId: command.logId,
          requestDigest: idempotency?.requestDigest ?? '',
          idempotencyTtlSeconds: this.idempotencyTtlSeconds,
          // Stream ids are Redis-clock milliseconds: entries before this one are past the retention.
          // With an archive, the archiver trims, and only what it has archived.
          ledgerMinId: this.archive === undefined ? Math.max(0, Date.now() + this.redisClockOffsetMs - this.ledgerRetentionMs) : 0,
          deadlineMs: Date.now() + this.redisClockOffsetMs + this.callTimeoutMs - SCRIPT_DEADLINE_MARGIN_MS,
          chargeRecordTtlSeconds: VOIDABLE_SECONDS,
          idempotencyKey: idempotency?.key ?? '',
          ratePerSecond: command.rateLimit?.limit.perSecond ?? 0,
          rateBurst: command.rateLimit?.limit.burst ?? 1,
          gatewayId: command.gatewayId ?? '',
          operation: command.operation ?? 'chart',
        },
      ),
    );
    const outcome = decodeChargeReply(reply);
    if (outcome === 'deadline-passed') {
      throw refusals.chargeNotApplied();
    }
    // A charge (or a replay, which makes its charge final) is answered only once the replicas hold it:
    // short of that the caller throws, and the pipeline voids the charge (failover).
    if (outcome.kind === 'charged' || outcome.kind === 'replayed') await this.confirmByReplicas('charge', accountId, session);
    return outcome;
  }

  /**
   * The replicas hold what was just written for the account (over `session`, the script connection's,
   * or ioredis's when null), or this throws STORE_UNAVAILABLE; nothing to do without REDIS_WAIT_REPLICAS.
   */
  private async confirmByReplicas(operation: 'charge' | 'voidCharge', accountId: string, session: object | null): Promise<void> {
    if (this.replicas === null) return;
    // At most one WAIT queued ahead of this one, then its own, plus one call's time for the round
    // trips (a master's connection may be opened here): a slow answer is a hung store, not a short one.
    const { wanted, got } = await this.guard(
      operation,
      () => this.replicas!.confirm(this.keys.account(accountId), session === null ? null : { connection: this.scriptConnection!, session }),
      2 * this.replicaWaitMs + this.callTimeoutMs,
    );
    if (got < wanted) throw refusals.replicaNotConfirmed(wanted, got, this.replicaWaitMs);
  }

  async voidCharge(command: VoidCommand): Promise<VoidOutcome> {
    const { accountId, chargeId } = command;
    const nowMs = this.clock.now();
    const session = this.scriptConnection?.session ?? null;
    const reply = await this.guard('voidCharge', () =>
      this.scripts.voidCharge(
        {
          account: this.keys.account(accountId),
          chargeRecord: this.keys.chargeRecord(accountId, chargeId),
          voidMarker: this.keys.voidMarker(accountId, chargeId),
          voided: this.keys.voided(accountId),
          idempotency: this.keys.idempotency(accountId, command.idempotencyKey ?? ''),
        },
        { markerTtlSeconds: VOIDABLE_SECONDS, nowMs, month: tokyoMonthOf(nowMs) },
      ),
    );
    const outcome = decodeVoidReply(reply);
    // A void is confirmed by the replicas like a charge: unconfirmed, it throws, and the settlement
    // retries it until it lands (after a failover, on the new master, which may hold the charge
    // without the void). A retry is harmless: the void is idempotent.
    await this.confirmByReplicas('voidCharge', accountId, session);
    return outcome;
  }

  /**
   * Settling deletes the charge's record. Records settled in one turn of the event loop go in one
   * UNLINK (on Cluster, one per account: its keys share a slot), each settlement resolving with it.
   */
  settleCharge(charge: ChargeRef): Promise<void> {
    // Over the script connection the settlement is written at once (the caller settles just before
    // it writes the answer); through ioredis it leaves with the next turn's batch.
    const connection = this.scriptConnection;
    if (connection?.ready === true) {
      const key = this.keys.chargeRecord(charge.accountId, charge.chargeId);
      return this.guard('settleCharge', () => connection.unlinkNow([key])).then(() => {});
    }
    return new Promise<void>((resolve, reject) => {
      const key = this.keys.chargeRecord(charge.accountId, charge.chargeId);
      const group = this.client instanceof Cluster ? charge.accountId : '';
      let batch = this.settling.get(group);
      if (batch === undefined) this.settling.set(group, (batch = []));
      batch.push({ key, resolve, reject });
      if (!this.settleScheduled) {
        this.settleScheduled = true;
        setImmediate(() => this.flushSettlements());
      }
    });
  }

  private flushSettlements(): void {
    this.settleScheduled = false;
    const batches = [...this.settling.values()];
    this.settling.clear();
    for (const batch of batches) {
      this.guard('settleCharge', () => this.client.unlink(...batch.map(({ key }) => key))).then(
        () => {
          for (const { resolve } of batch) resolve();
        },
        (error: unknown) => {
          for (const { reject } of batch) reject(error);
        },
      );
    }
  }

  /** SCANs every master for charge records (they carry their account's hash tag, so any node may hold some). */
  async unsettledCharges(beforeMs: number, limit: number): Promise<readonly UnsettledCharge[]> {
    const nodes: Redis[] = this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
    const found: UnsettledCharge[] = [];
    for (const node of nodes) {
      for await (const keys of node.scanStream({ match: this.keys.chargeRecordPattern(), count: 500 }) as AsyncIterable<string[]>) {
        for (const key of keys) {
          const ref = this.keys.parseChargeRecord(key);
          if (ref === null) continue;
          const [atMs, idempotencyKey, gatewayId] = await node.hmget(key, 'at_ms', 'idem_key', 'gw');
          if (atMs === null || atMs === undefined || Number(atMs) >= beforeMs) continue;
          found.push({
            ...ref,
            idempotencyKey: idempotencyKey === null || idempotencyKey === undefined || idempotencyKey === '' ? null : idempotencyKey,
            gatewayId: gatewayId === null || gatewayId === undefined || gatewayId === '' ? null : gatewayId,
          });
          if (found.length >= limit) return found;
        }
      }
    }
    return found;
  }

  async heartbeat(gatewayId: string, ttlMs: number): Promise<void> {
    await this.guard('heartbeat', () => this.client.set(this.keys.gateway(gatewayId), String(this.clock.now()), 'PX', ttlMs));
  }

  async endHeartbeat(gatewayId: string): Promise<void> {
    await this.guard('heartbeat', () => this.client.del(this.keys.gateway(gatewayId)));
  }

  async liveGateways(gatewayIds: readonly string[]): Promise<ReadonlySet<string>> {
    const ids = [...new Set(gatewayIds)];
    const beats = await Promise.all(ids.map((id) => this.guard('heartbeat', () => this.client.exists(this.keys.gateway(id)))));
    return new Set(ids.filter((_, i) => beats[i] === 1));
  }

  private async measureClockOffset(): Promise<void> {
    try {
      const before = Date.now();
      const [seconds = 0, micros = 0] = (await this.client.time()).map(Number);
      const after = Date.now();
      this.redisClockOffsetMs = seconds * 1000 + Math.floor(micros / 1000) - Math.round((before + after) / 2);
    } catch {
      // Keep the previous offset; the next 'ready' measures again.
    }
  }
}
