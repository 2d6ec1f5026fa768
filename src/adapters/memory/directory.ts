import type { AccountSnapshot, AutochargeSettings, LedgerEntry } from '../../domain/credits/account.ts';
import { rollMonth } from '../../domain/credits/charge-rules.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import type {
  AccountDirectory,
  AccountPage,
  ApiKeyDigest,
  Clock,
  KeyGrant,
  KeyRecord,
  LedgerPage,
  NewAccount,
  PlanChange,
} from '../../application/ports/credit-store.ts';
import { expiredEntries, type KeyBinding, type MemoryState, type StoredAccount } from './state.ts';

/**
 * The embedded store's cold side: accounts, keys, plans, balances and the ledger, on the state it
 * shares with the charging side ({@link MemoryState}). Like that side, no method awaits between a
 * read and its write.
 */
export class MemoryDirectory implements AccountDirectory {
  private readonly clock: Clock;
  private readonly ledgerRetentionMs: number;
  private readonly accounts: Map<string, StoredAccount>;
  private readonly keyBindings: Map<ApiKeyDigest, KeyBinding>;
  private readonly accountIdByKeyId: Map<string, string>;
  private readonly accountIndex: { readonly createdMs: number; readonly accountId: string }[];

  constructor(state: MemoryState) {
    this.clock = state.clock;
    this.ledgerRetentionMs = state.ledgerRetentionMs;
    this.accounts = state.accounts;
    this.keyBindings = state.keyBindings;
    this.accountIdByKeyId = state.accountIdByKeyId;
    this.accountIndex = state.accountIndex;
  }

  async balance(accountId: string): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined) return null;
    // A deleted account's balances are frozen: no new month's allowance either.
    const credits = stored.status === 'deleted' ? stored.credits : rollMonth(stored.credits, tokyoMonthOf(this.clock.now()));
    return { accountId, status: stored.status, createdMs: stored.createdMs, ...credits };
  }

  async usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[]> {
    const ledger = this.accounts.get(accountId)?.ledger ?? [];
    const entries: LedgerEntry[] = [];
    // Entries past the retention that the batched trim has not dropped yet are not history any more.
    const oldest = expiredEntries(ledger, this.clock.now(), this.ledgerRetentionMs);
    // Entries are in id order: the first one at or after `before` is found by bisection.
    let end = ledger.length;
    if (page.before !== undefined) {
      let lo = 0;
      while (lo < end) {
        const mid = (lo + end) >> 1;
        if (compareTransactionIds(ledger[mid]!.transactionId, page.before) < 0) lo = mid + 1;
        else end = mid;
      }
    }
    for (let i = end - 1; i >= oldest && entries.length < page.limit; i--) entries.push(ledger[i]!);
    return entries;
  }

  async createAccount(account: NewAccount): Promise<'created' | 'exists'> {
    if (this.accounts.has(account.accountId)) return 'exists';
    const nowMs = this.clock.now();
    this.accounts.set(account.accountId, {
      credits: {
        plan: account.plan,
        monthlyAllowance: account.monthlyAllowance,
        monthlyCredits: account.monthlyAllowance,
        autoCredits: account.autoCredits,
        month: tokyoMonthOf(nowMs),
        autocharge: account.autocharge,
      },
      status: 'active',
      createdMs: nowMs,
      keys: new Map(),
      grants: new Map(),
      lastUsed: new Map(),
      ledger: [],
      idempotency: new Map(),
      charges: new Map(),
      voidMarkers: new Map(),
    });
    const entry = { createdMs: nowMs, accountId: account.accountId };
    this.accountIndex.splice(this.indexPosition(entry), 0, entry);
    return 'created';
  }

  async addKey(accountId: string, keyDigest: ApiKeyDigest, grant?: KeyGrant): Promise<boolean> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return false;
    this.unbind(keyDigest);
    const keyId = grant?.keyId ?? null;
    const limits =
      grant === undefined || (grant.expiresMs === null && grant.scopes === null)
        ? null
        : { expiresMs: grant.expiresMs, scopes: grant.scopes };
    this.keyBindings.set(keyDigest, { accountId, keyId, limits });
    stored.keys.set(keyDigest, keyId);
    if (grant !== undefined) {
      stored.grants.set(grant.keyId, { grant, digest: keyDigest });
      this.accountIdByKeyId.set(grant.keyId, accountId);
    }
    return true;
  }

  async revokeKey(keyDigest: ApiKeyDigest): Promise<boolean> {
    return this.unbind(keyDigest);
  }

  async revokeKeyById(accountId: string, keyId: string): Promise<boolean> {
    const listed = this.accounts.get(accountId)?.grants.get(keyId);
    return listed !== undefined && this.unbind(listed.digest);
  }

  /** Revokes a key: unbound, and off its account's list. False when it was not bound. */
  private unbind(keyDigest: ApiKeyDigest): boolean {
    const binding = this.keyBindings.get(keyDigest);
    if (binding === undefined) return false;
    this.keyBindings.delete(keyDigest);
    const stored = this.accounts.get(binding.accountId);
    stored?.keys.delete(keyDigest);
    if (binding.keyId !== null) {
      stored?.grants.delete(binding.keyId);
      stored?.lastUsed.delete(binding.keyId);
      this.accountIdByKeyId.delete(binding.keyId);
    }
    return true;
  }

  async listKeys(accountId: string): Promise<readonly KeyRecord[] | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined) return null;
    return [...stored.grants.values()]
      .map(({ grant }): KeyRecord => ({
        keyId: grant.keyId,
        name: grant.name,
        createdMs: grant.createdMs,
        expiresMs: grant.expiresMs,
        scopes: grant.scopes,
        lastUsedMs: stored.lastUsed.get(grant.keyId) ?? null,
      }))
      .sort((a, b) => a.createdMs - b.createdMs || (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0));
  }

  async findKey(keyId: string): Promise<{ readonly accountId: string } | null> {
    const accountId = this.accountIdByKeyId.get(keyId);
    return accountId === undefined ? null : { accountId };
  }

  async grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    stored.credits = { ...stored.credits, autoCredits: stored.credits.autoCredits + amount };
    return this.balance(accountId);
  }

  async setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    stored.credits = { ...stored.credits, autocharge: { threshold: settings.threshold, amount: settings.amount } };
    return this.balance(accountId);
  }

  /** set-plan.lua: the month rolled first, then this month's balance moved by the allowance's change, never below 0. */
  async setPlan(accountId: string, change: PlanChange): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    const current = rollMonth(stored.credits, tokyoMonthOf(this.clock.now()));
    stored.credits = {
      ...current,
      plan: change.plan,
      monthlyAllowance: change.monthlyAllowance,
      monthlyCredits: Math.max(0, current.monthlyCredits + change.monthlyAllowance - current.monthlyAllowance),
    };
    return this.balance(accountId);
  }

  async setSuspended(accountId: string, suspended: boolean): Promise<AccountSnapshot | null> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return null;
    stored.status = suspended ? 'suspended' : 'active';
    return this.balance(accountId);
  }

  async deleteAccount(accountId: string): Promise<boolean> {
    const stored = this.accounts.get(accountId);
    if (stored === undefined || stored.status === 'deleted') return false;
    stored.status = 'deleted';
    // Deleting the entry being visited is safe in a Map iteration.
    for (const keyDigest of stored.keys.keys()) this.unbind(keyDigest);
    return true;
  }

  async listAccounts(page: AccountPage): Promise<readonly string[]> {
    let end = this.accountIndex.length;
    if (page.before !== undefined) {
      const cursor = this.accounts.get(page.before);
      if (cursor === undefined) return [];
      end = this.indexPosition({ createdMs: cursor.createdMs, accountId: page.before });
    }
    const ids: string[] = [];
    for (let i = end - 1; i >= 0 && ids.length < page.limit; i--) ids.push(this.accountIndex[i]!.accountId);
    return ids;
  }

  /** Where an entry is, or goes, in the account index (by creation time, then id: Redis's sorted-set order). */
  private indexPosition(entry: { readonly createdMs: number; readonly accountId: string }): number {
    let lo = 0;
    let hi = this.accountIndex.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = this.accountIndex[mid]!;
      const before =
        other.createdMs - entry.createdMs || (other.accountId < entry.accountId ? -1 : other.accountId > entry.accountId ? 1 : 0);
      if (before < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function compareTransactionIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}
