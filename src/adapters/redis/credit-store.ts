import type { Cluster, Redis } from 'ioredis';
import {
  systemClock,
  type AccountPage,
  type ApiKeyDigest,
  type AuthenticatedAccount,
  type ChargeCommand,
  type ChargeOutcome,
  type ChargeRef,
  type Clock,
  type CreditStore,
  type KeyGrant,
  type KeyRecord,
  type LedgerPage,
  type NewAccount,
  type PlanChange,
  type RateLimit,
  type RateLimited,
  type UnsettledCharge,
  type VoidCommand,
  type VoidOutcome,
} from '../../application/ports/credit-store.ts';
import type { LedgerArchive } from '../../application/ports/ledger-archive.ts';
import type { AccountSnapshot, AutochargeSettings, LedgerEntry } from '../../domain/credits/account.ts';
import { RedisCharging } from './charging.ts';
import { registerCreditScripts } from './commands.ts';
import { RedisDirectory } from './directory.ts';
import { KeyAccountCache } from './key-cache.ts';
import { CreditKeys } from './keys.ts';
import type { ReplicaWaitOptions } from './replica-wait.ts';
import { ScriptConnection } from './script-connection.ts';
import { guardWithin, type Guard, type RedisStoreContext } from './store-context.ts';

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
 * Credit store on Redis or Redis Cluster. Balance mutations are the Lua scripts in `lua/`; reads
 * and key bindings are plain commands. Every call runs under a deadline: connection errors,
 * timeouts and "cannot serve" replies become `DomainError('STORE_UNAVAILABLE')`.
 * Its two sides, {@link RedisCharging} (`charging.ts`) and {@link RedisDirectory} (`directory.ts`),
 * share one {@link RedisStoreContext} (`store-context.ts`) made here; this class joins them.
 */
export class RedisCreditStore implements CreditStore {
  private readonly client: Redis | Cluster;
  /** The scripts' leaner connection, where it applies (script-connection.ts). */
  private readonly scriptConnection: ScriptConnection | null;
  private readonly callTimeoutMs: number;
  private readonly guard: Guard;
  private readonly charging: RedisCharging;
  private readonly directory: RedisDirectory;

  constructor(options: RedisCreditStoreOptions) {
    this.client = options.client;
    const keys = new CreditKeys(options.keyPrefix);
    this.scriptConnection =
      options.scriptConnection === false
        ? null
        : ScriptConnection.forClient(options.client, {
            connectTimeoutMs: Math.max(options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, 500),
            onError: options.onConnectionError,
          });
    const scripts = registerCreditScripts(options.client, this.scriptConnection);
    const clock = options.clock ?? systemClock;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.guard = guardWithin(this.callTimeoutMs);
    const context: RedisStoreContext = {
      client: options.client,
      keys,
      scripts,
      scriptConnection: this.scriptConnection,
      clock,
      callTimeoutMs: this.callTimeoutMs,
      keyCache: new KeyAccountCache(clock),
      archive: options.archive,
      guard: this.guard,
    };
    this.charging = new RedisCharging(context, options);
    this.directory = new RedisDirectory(context);
  }

  authenticate(keyDigest: ApiKeyDigest, rateLimit?: RateLimit | null): Promise<AuthenticatedAccount | RateLimited | null> {
    return this.charging.authenticate(keyDigest, rateLimit);
  }

  charge(command: ChargeCommand): Promise<ChargeOutcome> {
    return this.charging.charge(command);
  }

  voidCharge(command: VoidCommand): Promise<VoidOutcome> {
    return this.charging.voidCharge(command);
  }

  settleCharge(charge: ChargeRef): Promise<void> {
    return this.charging.settleCharge(charge);
  }

  unsettledCharges(beforeMs: number, limit: number): Promise<readonly UnsettledCharge[]> {
    return this.charging.unsettledCharges(beforeMs, limit);
  }

  heartbeat(gatewayId: string, ttlMs: number): Promise<void> {
    return this.charging.heartbeat(gatewayId, ttlMs);
  }

  endHeartbeat(gatewayId: string): Promise<void> {
    return this.charging.endHeartbeat(gatewayId);
  }

  liveGateways(gatewayIds: readonly string[]): Promise<ReadonlySet<string>> {
    return this.charging.liveGateways(gatewayIds);
  }

  balance(accountId: string): Promise<AccountSnapshot | null> {
    return this.directory.balance(accountId);
  }

  usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    return this.directory.usage(accountId, page);
  }

  createAccount(account: NewAccount): Promise<'created' | 'exists'> {
    return this.directory.createAccount(account);
  }

  addKey(accountId: string, keyDigest: ApiKeyDigest, grant?: KeyGrant): Promise<boolean> {
    return this.directory.addKey(accountId, keyDigest, grant);
  }

  revokeKey(keyDigest: ApiKeyDigest): Promise<boolean> {
    return this.directory.revokeKey(keyDigest);
  }

  revokeKeyById(accountId: string, keyId: string): Promise<boolean> {
    return this.directory.revokeKeyById(accountId, keyId);
  }

  listKeys(accountId: string): Promise<readonly KeyRecord[] | null> {
    return this.directory.listKeys(accountId);
  }

  findKey(keyId: string): Promise<{ readonly accountId: string } | null> {
    return this.directory.findKey(keyId);
  }

  grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null> {
    return this.directory.grantAutoCredits(accountId, amount);
  }

  setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null> {
    return this.directory.setAutocharge(accountId, settings);
  }

  setPlan(accountId: string, change: PlanChange): Promise<AccountSnapshot | null> {
    return this.directory.setPlan(accountId, change);
  }

  setSuspended(accountId: string, suspended: boolean): Promise<AccountSnapshot | null> {
    return this.directory.setSuspended(accountId, suspended);
  }

  deleteAccount(accountId: string): Promise<boolean> {
    return this.directory.deleteAccount(accountId);
  }

  listAccounts(page: AccountPage): Promise<readonly string[]> {
    return this.directory.listAccounts(page);
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
}
