import type { AccountSnapshot, AutochargeSettings, LedgerEntry } from '../../domain/credits/account.ts';
import type {
  AccountPage,
  ApiKeyDigest,
  AuthenticatedAccount,
  ChargeCommand,
  ChargeOutcome,
  ChargeRef,
  Clock,
  CreditStore,
  KeyGrant,
  KeyRecord,
  LedgerPage,
  NewAccount,
  PlanChange,
  RateLimit,
  RateLimited,
  UnsettledCharge,
  VoidCommand,
  VoidOutcome,
} from '../../application/ports/credit-store.ts';
import { MemoryCharging } from './charging.ts';
import { MemoryDirectory } from './directory.ts';
import { createMemoryState, type MemoryState } from './state.ts';

export interface MemoryCreditStoreOptions {
  readonly clock?: Clock;
  /** Ledger entries older than this many days are dropped; by default none is: the whole (in-process) history is kept. */
  readonly ledgerRetentionDays?: number;
  readonly idempotencyTtlSeconds?: number;
}

/**
 * The embedded credit store: the rules of `domain/credits/charge-rules.ts` applied in process.
 * Its two sides, {@link MemoryCharging} (`charging.ts`) and {@link MemoryDirectory}
 * (`directory.ts`), share one {@link MemoryState} (`state.ts`); this class joins them. Every
 * method body runs without an `await` between read and write, so each operation is atomic on
 * Node's single thread, just as each Lua script is on Redis. Nothing is persisted.
 */
export class MemoryCreditStore implements CreditStore {
  // `#` names: a subclass (a test's store that stalls or fails a call) keeps its own fields' names free.
  readonly #charging: MemoryCharging;
  readonly #directory: MemoryDirectory;
  /**
   * What the store holds, shared by its two sides; a plain field, so `util.inspect` shows it (the
   * admin CLI's test reads it to check that a key's digest is kept and never the key).
   */
  private readonly heldState: MemoryState;

  constructor(options: MemoryCreditStoreOptions = {}) {
    const state = createMemoryState(options);
    this.heldState = state;
    this.#charging = new MemoryCharging(state, options);
    this.#directory = new MemoryDirectory(state);
  }

  authenticate(keyDigest: ApiKeyDigest, rateLimit?: RateLimit | null): Promise<AuthenticatedAccount | RateLimited | null> {
    return this.#charging.authenticate(keyDigest, rateLimit);
  }

  charge(command: ChargeCommand): Promise<ChargeOutcome> {
    return this.#charging.charge(command);
  }

  voidCharge(command: VoidCommand): Promise<VoidOutcome> {
    return this.#charging.voidCharge(command);
  }

  settleCharge(charge: ChargeRef): Promise<void> {
    return this.#charging.settleCharge(charge);
  }

  unsettledCharges(beforeMs: number, limit: number): Promise<readonly UnsettledCharge[]> {
    return this.#charging.unsettledCharges(beforeMs, limit);
  }

  heartbeat(gatewayId: string, ttlMs: number): Promise<void> {
    return this.#charging.heartbeat(gatewayId, ttlMs);
  }

  endHeartbeat(gatewayId: string): Promise<void> {
    return this.#charging.endHeartbeat(gatewayId);
  }

  liveGateways(gatewayIds: readonly string[]): Promise<ReadonlySet<string>> {
    return this.#charging.liveGateways(gatewayIds);
  }

  balance(accountId: string): Promise<AccountSnapshot | null> {
    return this.#directory.balance(accountId);
  }

  usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    return this.#directory.usage(accountId, page);
  }

  createAccount(account: NewAccount): Promise<'created' | 'exists'> {
    return this.#directory.createAccount(account);
  }

  addKey(accountId: string, keyDigest: ApiKeyDigest, grant?: KeyGrant): Promise<boolean> {
    return this.#directory.addKey(accountId, keyDigest, grant);
  }

  revokeKey(keyDigest: ApiKeyDigest): Promise<boolean> {
    return this.#directory.revokeKey(keyDigest);
  }

  revokeKeyById(accountId: string, keyId: string): Promise<boolean> {
    return this.#directory.revokeKeyById(accountId, keyId);
  }

  listKeys(accountId: string): Promise<readonly KeyRecord[] | null> {
    return this.#directory.listKeys(accountId);
  }

  findKey(keyId: string): Promise<{ readonly accountId: string } | null> {
    return this.#directory.findKey(keyId);
  }

  grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null> {
    return this.#directory.grantAutoCredits(accountId, amount);
  }

  setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null> {
    return this.#directory.setAutocharge(accountId, settings);
  }

  setPlan(accountId: string, change: PlanChange): Promise<AccountSnapshot | null> {
    return this.#directory.setPlan(accountId, change);
  }

  setSuspended(accountId: string, suspended: boolean): Promise<AccountSnapshot | null> {
    return this.#directory.setSuspended(accountId, suspended);
  }

  deleteAccount(accountId: string): Promise<boolean> {
    return this.#directory.deleteAccount(accountId);
  }

  listAccounts(page: AccountPage): Promise<readonly string[]> {
    return this.#directory.listAccounts(page);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
