import { Cluster, type Redis } from 'ioredis';
import { refusals } from '../../application/refusals.ts';
import {
  IDEMPOTENCY_TTL_SECONDS,
  DEFAULT_LEDGER_RETENTION_DAYS,
  KEY_LAST_USED_RESOLUTION_MS,
  MS_PER_DAY,
  systemClock,
  type AccountPage,
  type ApiKeyDigest,
  type AuthenticatedAccount,
  type ChargeCommand,
  type ChargeOutcome,
  type Clock,
  type CreditStore,
  type KeyGrant,
  type KeyRecord,
  type LedgerPage,
  type NewAccount,
  type PlanChange,
  type RateLimit,
  type RateLimited,
  type ChargeRef,
  type UnsettledCharge,
  type VoidCommand,
  type VoidOutcome,
  VOIDABLE_SECONDS,
} from '../../application/ports/credit-store.ts';
import type { AccountSnapshot, AutochargeSettings, LedgerEntry } from '../../domain/credits/account.ts';
import { rollMonth } from '../../domain/credits/charge-rules.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import { registerCreditScripts, ScriptStatus, type CreditScripts } from './commands.ts';
import { CreditKeys } from './keys.ts';
import {
  ACCOUNT_FIELDS,
  authenticatedAs,
  decodeAccount,
  decodeChargeReply,
  decodeCreateAccountReply,
  decodeGrant,
  decodeKeyRecord,
  decodeLedgerEntry,
  decodeRateTokenReply,
  decodeVoidReply,
  encodeGrant,
  encodeKeyRecord,
  decodeAddKeyReply,
  decodeForgetKeyReply,
  decodeKeyListsReply,
  fieldsOf,
  limitsOf,
  UnexpectedReplyError,
  type KeyBinding,
} from './replies.ts';
import { KeyAccountCache } from './key-cache.ts';
import type { LedgerArchive } from '../../application/ports/ledger-archive.ts';
import { ReplicaWaiter, type ReplicaWaitOptions } from './replica-wait.ts';
import { ScriptConnection } from './script-connection.ts';

export interface RedisCreditStoreOptions {
  readonly client: Redis | Cluster;
  readonly keyPrefix: string;
  /** Business time: the Tokyo month and ledger timestamps. Injected in tests. */
  readonly clock?: Clock;
  /**
   * Budget per store call, ms. A paid request makes at most two (authenticate on a cache miss, charge), so the default 450
   * keeps the whole request under 1 s. Past it the call throws STORE_UNAVAILABLE.
   */
  readonly callTimeoutMs?: number;
  /** Ledger entries older than this are trimmed as new ones are added (default DEFAULT_LEDGER_RETENTION_DAYS). */
  readonly ledgerRetentionDays?: number;
  readonly idempotencyTtlSeconds?: number;
  /**
   * The durable ledger: with it, charges never trim the stream (the archiver trims what
   * it has archived) and `usage` pages on from the stream's oldest entry into the archive.
   */
  readonly archive?: LedgerArchive;
  /** `REDIS_WAIT_REPLICAS` / `REDIS_WAIT_TIMEOUT_MS`: replicas that must confirm a charge before it is answered. */
  readonly replicaWait?: ReplicaWaitOptions;
  /**
   * The errors of the script connection, the store's own beside a standalone client that carries the
   * scripts and their replica WAIT (script-connection.ts); they repeat while Redis is down (throttle when logging).
   */
  readonly onConnectionError?: (error: Error) => void;
  /**
   * `REDIS_SCRIPT_CONNECTION`: the scripts go over their own connection where it applies (default
   * true); false: every script is ioredis's EVALSHA on the client, settlements in its batches.
   */
  readonly scriptConnection?: boolean;
}

export const DEFAULT_CALL_TIMEOUT_MS = 450;
/**
 * A charge script must start this long before the gateway gives up, so that its reply still
 * arrives in time; one that starts later refuses (charge.lua ARGV[8]) and takes nothing.
 */
const SCRIPT_DEADLINE_MARGIN_MS = 150;

/** How many keys' last-used writes a store remembers (past it, the oldest are forgotten: written again sooner). */
const LAST_USED_MEMORY = 10_000;

/** Redis replies that mean "cannot serve now" rather than "your script is wrong". */
const OUTAGE_REPLY = /^(LOADING|BUSY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|NOREPLICAS|OOM|MOVED|ASK)\b/;

/**
 * Credit store on Redis or Redis Cluster. Balance mutations are the Lua scripts in `lua/`; reads
 * and key bindings are plain commands. Every call runs under a deadline: connection errors,
 * timeouts and "cannot serve" replies become `DomainError('STORE_UNAVAILABLE')`.
 */
export class RedisCreditStore implements CreditStore {
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
  private readonly replicas: ReplicaWaiter | null;
  private readonly replicaWaitMs: number;
  /** Redis clock minus local clock, ms, measured on every (re)connect; used for script deadlines. */
  private redisClockOffsetMs = 0;
  /** Public key id → when this store last wrote its last-used time (at most once per KEY_LAST_USED_RESOLUTION_MS). */
  private readonly lastUseWritten = new Map<string, number>();
  /** Charge records waiting for this turn's UNLINK, by slot group (one group outside Cluster). */
  private readonly settling = new Map<string, { key: string; resolve: () => void; reject: (error: unknown) => void }[]>();
  private settleScheduled = false;

  constructor(options: RedisCreditStoreOptions) {
    this.client = options.client;
    this.keys = new CreditKeys(options.keyPrefix);
    const wait = options.replicaWait;
    this.scriptConnection =
      options.scriptConnection === false
        ? null
        : ScriptConnection.forClient(options.client, {
            connectTimeoutMs: Math.max(options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, 500),
            onError: options.onConnectionError,
          });
    this.scripts = registerCreditScripts(options.client, this.scriptConnection);
    this.clock = options.clock ?? systemClock;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.ledgerRetentionMs = (options.ledgerRetentionDays ?? DEFAULT_LEDGER_RETENTION_DAYS) * MS_PER_DAY;
    this.idempotencyTtlSeconds = options.idempotencyTtlSeconds ?? IDEMPOTENCY_TTL_SECONDS;
    this.keyCache = new KeyAccountCache(this.clock);
    this.archive = options.archive;
    this.replicas = wait === undefined || wait.replicas === 0 ? null : new ReplicaWaiter(options.client, wait);
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

  async balance(accountId: string): Promise<AccountSnapshot | null> {
    const fields = await this.guard('balance', () => this.client.hmget(this.keys.account(accountId), ...ACCOUNT_FIELDS));
    const stored = decodeAccount(accountId, fields);
    if (stored === null) return null;
    // A deleted account's balances are frozen: no new month's allowance either.
    return stored.status === 'deleted' ? stored : { ...stored, ...rollMonth(stored, tokyoMonthOf(this.clock.now())) };
  }

  async usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    if (this.archive !== undefined) return this.usageAcross(this.archive, accountId, page);
    const items = await this.streamPage(accountId, page);
    const voided = await this.voidedAmong(
      accountId,
      items.map(([id]) => id),
    );
    return items.map((item) => decodeLedgerEntry(item, voided.has(item[0])));
  }

  private streamPage(accountId: string, page: LedgerPage): Promise<[string, string[]][]> {
    const newest = page.before === undefined ? '+' : `(${page.before}`;
    return this.guard('usage', () => this.client.xrevrange(this.keys.ledger(accountId), newest, '-', 'COUNT', page.limit));
  }

  /**
   * False only when Redis says the stream never lost an entry: every entry ever added (Redis 7's
   * `entries-added`) is still there (`length`). XTRIM leaves `max-deleted-entry-id` alone, so that
   * field cannot tell. Without the field (older Redis), or without the key, assume it did.
   */
  private async streamEverTrimmed(accountId: string): Promise<boolean> {
    try {
      const info = fieldsOf((await this.guard('usage', () => this.client.xinfo('STREAM', this.keys.ledger(accountId)))) as unknown[]);
      const added = info.get('entries-added');
      return typeof added !== 'number' || added !== info.get('length');
    } catch (error) {
      if (error instanceof Error && /no such key/i.test(error.message)) return true;
      throw error;
    }
  }

  /**
   * The stream holds the newest entries and the archive everything older than the stream's oldest
   * (the archiver trims only what it archived): read the stream, then page on in the archive. The
   * voided hash is read first: the archiver drops a field only after the archive has the void, so
   * every void shows, whichever side its entry is read from.
   */
  private async usageAcross(archive: LedgerArchive, accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    let items: [string, string[]][] = [];
    let everTrimmed = true;
    let voided = new Set<string>();
    for (let attempt = 0; ; attempt++) {
      // Sent together and run in this order (one connection, one slot): the page, then whether the
      // stream ever lost an entry (read after the page, so a trim in between shows).
      [items, everTrimmed] = await Promise.all([this.streamPage(accountId, page), this.streamEverTrimmed(accountId)]);
      // Only the fields of the entries read (a whole-hash read grew with every void ever
      // made), then whether the oldest of them is still in the stream: the archiver drops a void's
      // field only once its entry has left the stream, so if it is, every field read was there.
      const oldest = items.at(-1)?.[0];
      const [found, stillThere] = await Promise.all([
        this.voidedAmong(
          accountId,
          items.map(([id]) => id),
        ),
        oldest === undefined
          ? Promise.resolve(true)
          : this.guard('usage', () => this.client.xrange(this.keys.ledger(accountId), oldest, oldest)).then((hit) => hit.length === 1),
      ]);
      voided = found;
      if (stillThere || attempt === 2) break;
    }
    const entries = items.map((item) => decodeLedgerEntry(item, voided.has(item[0])));
    // A stream that never lost an entry holds the whole history: the archive has nothing older.
    if (entries.length >= page.limit || !everTrimmed) return entries;
    let older: readonly LedgerEntry[];
    try {
      older = await archive.page(accountId, { limit: page.limit - entries.length, before: items.at(-1)?.[0] ?? page.before });
    } catch (error) {
      throw refusals.ledgerArchiveUnavailable(error);
    }
    const notVoid = older.filter((entry) => !entry.voided).map((entry) => entry.transactionId);
    const voidedOlder = await this.voidedAmong(accountId, notVoid);
    if (notVoid.length > voidedOlder.size) {
      // The archiver drops a field only after the archive has the void: a field missing now may have
      // been dropped since the archive was read, so the archive is read again for those entries.
      try {
        const again = await archive.page(accountId, { limit: page.limit - entries.length, before: items.at(-1)?.[0] ?? page.before });
        const voidNow = new Set(again.filter((entry) => entry.voided).map((entry) => entry.transactionId));
        for (const id of voidNow) voidedOlder.add(id);
      } catch (error) {
        throw refusals.ledgerArchiveUnavailable(error);
      }
    }
    return [
      ...entries,
      ...older.map((entry) => (!entry.voided && voidedOlder.has(entry.transactionId) ? { ...entry, voided: true } : entry)),
    ];
  }

  /** Which of these ledger ids the voided hash holds: one HMGET of just those fields. */
  private async voidedAmong(accountId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const values = await this.guard('usage', () => this.client.hmget(this.keys.voided(accountId), ...ids));
    return new Set(ids.filter((_, i) => values[i] !== null && values[i] !== undefined));
  }

  async createAccount(account: NewAccount): Promise<'created' | 'exists'> {
    return this.guard('createAccount', async () => {
      const nowMs = this.clock.now();
      const reply = await this.scripts.createAccount(this.keys.account(account.accountId), {
        plan: account.plan,
        monthlyAllowance: account.monthlyAllowance,
        autoCredits: account.autoCredits,
        month: tokyoMonthOf(nowMs),
        threshold: account.autocharge.threshold,
        amount: account.autocharge.amount,
        createdMs: nowMs,
      });
      const { created, createdMs } = decodeCreateAccountReply(reply);
      // Listed once created (another slot, so after the script); an existing account is listed again
      // (NX: unchanged if it is), in case a call that created it was cut off before it could list it.
      // An account created before the index was kept has no creation time and stays unlisted.
      if (createdMs !== null) await this.client.zadd(this.keys.accounts(), 'NX', createdMs, account.accountId);
      return created ? 'created' : 'exists';
    });
  }

  async addKey(accountId: string, keyDigest: ApiKeyDigest, grant?: KeyGrant): Promise<boolean> {
    return this.guard('addKey', async () => {
      const accountKey = this.keys.account(accountId);
      const reply = await this.scripts.addKey(accountKey, this.keys.keyLists(accountId), {
        digest: keyDigest,
        keyId: grant?.keyId ?? '',
        grant: grant === undefined ? '' : encodeGrant(keyDigest, grant),
      });
      const added = decodeAddKeyReply(reply);
      if (added === null) return false;
      const binding: KeyBinding = {
        accountId,
        keyId: grant?.keyId ?? null,
        limits: grant === undefined ? null : limitsOf(grant),
        suspended: added.suspended,
      };
      await Promise.all([
        this.client.set(this.keys.apiKey(keyDigest), encodeKeyRecord(binding, added.version)),
        grant === undefined ? null : this.client.set(this.keys.keyId(grant.keyId), accountId),
      ]);
      this.keyCache.forget(keyDigest);
      // A suspension, resumption or deletion between the script and the SET rewrote (or deleted) the
      // records of the keys it found, perhaps before this one was written: the status is read again.
      const [status, version] = await this.client.hmget(accountKey, 'status', 'status_v');
      const nowVersion = Number(version ?? 0);
      if (nowVersion === added.version) return true;
      if (status === 'deleted') {
        await this.revokeAll(accountId, new Map([[keyDigest, grant?.keyId ?? '']]));
        return false;
      }
      const current = encodeKeyRecord({ ...binding, suspended: status === 'suspended' }, nowVersion);
      await this.scripts.rewriteKey(this.keys.apiKey(keyDigest), current, nowVersion);
      this.keyCache.forget(keyDigest);
      return true;
    });
  }

  async revokeKey(keyDigest: ApiKeyDigest): Promise<boolean> {
    const record = await this.guard('revokeKey', () => this.client.getdel(this.keys.apiKey(keyDigest)));
    // After the DEL: a lookup that raced it cannot leave the revoked key cached here.
    this.keyCache.forget(keyDigest);
    if (record === null) return false;
    // Then off its account's list (its record went first: a key is never unlisted while it works).
    // The key is revoked whatever happens now: a failure here is not reported as a failed revocation;
    // the dead key stays listed until it is revoked by its id.
    const { accountId, keyId } = decodeKeyRecord(record);
    await this.guard('revokeKey', async () => {
      const forgotten = decodeForgetKeyReply(await this.scripts.forgetKey(this.keys.keyLists(accountId), keyDigest, keyId ?? ''));
      if (forgotten.keyId !== '') await this.client.del(this.keys.keyId(forgotten.keyId));
    }).catch(() => {});
    return true;
  }

  async revokeKeyById(accountId: string, keyId: string): Promise<boolean> {
    return this.guard('revokeKey', async () => {
      const grant = await this.client.hget(this.keys.keyGrants(accountId), keyId);
      if (grant === null) return false;
      const { digest } = decodeGrant(keyId, grant, null);
      await this.client.del(this.keys.apiKey(digest));
      this.keyCache.forget(digest);
      const forgotten = decodeForgetKeyReply(await this.scripts.forgetKey(this.keys.keyLists(accountId), digest, keyId));
      await this.client.del(this.keys.keyId(keyId));
      return forgotten.removed;
    });
  }

  async listKeys(accountId: string): Promise<readonly KeyRecord[] | null> {
    // Sent together: one slot, one connection, answered in order.
    const [plan, grants, used] = await this.guard('listKeys', () =>
      Promise.all([
        this.client.hget(this.keys.account(accountId), 'plan'),
        this.client.hgetall(this.keys.keyGrants(accountId)),
        this.client.hgetall(this.keys.keysUsed(accountId)),
      ]),
    );
    if (plan === null) return null;
    return Object.entries(grants)
      .map(([keyId, json]) => decodeGrant(keyId, json, used[keyId]).key)
      .sort(oldestFirst);
  }

  async findKey(keyId: string): Promise<{ readonly accountId: string } | null> {
    const accountId = await this.guard('findKey', () => this.client.get(this.keys.keyId(keyId)));
    return accountId === null ? null : { accountId };
  }

  async setPlan(accountId: string, change: PlanChange): Promise<AccountSnapshot | null> {
    const reply = await this.guard('setPlan', () =>
      this.scripts.setPlan(this.keys.account(accountId), {
        plan: change.plan,
        monthlyAllowance: change.monthlyAllowance,
        month: tokyoMonthOf(this.clock.now()),
      }),
    );
    return reply === ScriptStatus.UnknownAccount ? null : this.balance(accountId);
  }

  async setSuspended(accountId: string, suspended: boolean): Promise<AccountSnapshot | null> {
    const changed = await this.guard('setSuspended', async () => {
      const reply = decodeKeyListsReply(
        await this.scripts.setStatus(this.keys.account(accountId), this.keys.keyLists(accountId), suspended ? 'suspended' : 'active'),
      );
      if (reply === null) return false;
      const version = reply.code;
      // Every key's record says so now (each in its own slot: one script each, sent together); a
      // record for a newer status is left alone, and a revoked key is not brought back.
      await Promise.all(
        [...reply.digests].map(([digest, keyId]) => {
          const grant = keyId === '' ? undefined : reply.grants.get(keyId);
          const binding: KeyBinding = {
            accountId,
            keyId: keyId === '' ? null : keyId,
            limits: grant === undefined ? null : limitsOf(decodeGrant(keyId, grant, null).key),
            suspended,
          };
          return this.scripts.rewriteKey(this.keys.apiKey(digest as ApiKeyDigest), encodeKeyRecord(binding, version), version);
        }),
      );
      for (const digest of reply.digests.keys()) this.keyCache.forget(digest as ApiKeyDigest);
      return true;
    });
    return changed ? this.balance(accountId) : null;
  }

  async deleteAccount(accountId: string): Promise<boolean> {
    return this.guard('deleteAccount', async () => {
      const reply = decodeKeyListsReply(
        await this.scripts.deleteAccount(this.keys.account(accountId), this.keys.keyLists(accountId), this.clock.now()),
      );
      if (reply === null) return false;
      // Also when it was deleted before: what an interrupted deletion left is revoked now.
      const keys = new Map<string, string>(reply.digests);
      for (const [keyId, grant] of reply.grants) {
        const { digest } = decodeGrant(keyId, grant, null);
        if (!keys.has(digest)) keys.set(digest, keyId);
      }
      await this.revokeAll(accountId, keys);
      return reply.code === 1;
    });
  }

  /** Revokes these keys (digest → public id or '') of a deleted account and drops its key lists. */
  private async revokeAll(accountId: string, keys: ReadonlyMap<string, string>): Promise<void> {
    await Promise.all(
      [...keys].flatMap(([digest, keyId]) => {
        const record = this.client.del(this.keys.apiKey(digest as ApiKeyDigest));
        return keyId === '' ? [record] : [record, this.client.del(this.keys.keyId(keyId))];
      }),
    );
    for (const digest of keys.keys()) this.keyCache.forget(digest as ApiKeyDigest);
    const lists = this.keys.keyLists(accountId);
    await this.client.del(lists.digests, lists.grants, lists.used);
  }

  async listAccounts(page: AccountPage): Promise<readonly string[]> {
    // ZREVRANGE 0 -1 would be every account.
    if (page.limit < 1) return [];
    const reply = await this.guard('listAccounts', () => this.scripts.listAccounts(this.keys.accounts(), page.before ?? '', page.limit));
    if (!Array.isArray(reply)) throw new UnexpectedReplyError('listAccounts: expected an array');
    return reply.map(String);
  }

  async grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null> {
    const reply = await this.guard('grantAutoCredits', () => this.scripts.grantAuto(this.keys.account(accountId), amount));
    return reply === ScriptStatus.UnknownAccount ? null : this.balance(accountId);
  }

  async setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null> {
    const reply = await this.guard('setAutocharge', () =>
      this.scripts.setAutocharge(this.keys.account(accountId), settings.threshold, settings.amount),
    );
    return reply === ScriptStatus.UnknownAccount ? null : this.balance(accountId);
  }

  async ping(): Promise<void> {
    await this.guard('ping', () => this.client.ping());
  }

  /** Lets calls in flight be answered (within a call's budget: a stalled Redis never answers), then disconnects. */
  async close(): Promise<void> {
    const quit = async (): Promise<void> => {
      try {
        await this.client.quit();
      } catch {
        this.client.disconnect();
      }
    };
    await Promise.all([this.scriptConnection?.close(this.callTimeoutMs), quit()]);
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

  /** Runs `work` under the call budget (or `budgetMs`); outages become STORE_UNAVAILABLE, anything else propagates. */
  private guard<T>(operation: string, work: () => Promise<T>, budgetMs = this.callTimeoutMs): Promise<T> {
    return new Promise<T>((resolve, reject) => {
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
}

/** Listed keys oldest first (ties by id, so the order is the same everywhere). */
function oldestFirst(a: KeyRecord, b: KeyRecord): number {
  return a.createdMs - b.createdMs || (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0);
}

/** Client and connection failures are outages; error replies only when they say "not now"; bugs are not. */
function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ReplyError') return OUTAGE_REPLY.test(error.message);
  return !(error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError);
}
