import type { Cluster, Redis } from 'ioredis';
import { refusals } from '../../application/refusals.ts';
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
import type { AccountSnapshot, AutochargeSettings, LedgerEntry } from '../../domain/credits/account.ts';
import { rollMonth } from '../../domain/credits/charge-rules.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import { ScriptStatus, type CreditScripts } from './commands.ts';
import type { CreditKeys } from './keys.ts';
import {
  ACCOUNT_FIELDS,
  decodeAccount,
  decodeCreateAccountReply,
  decodeGrant,
  decodeKeyRecord,
  decodeLedgerEntry,
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
import type { KeyAccountCache } from './key-cache.ts';
import type { LedgerArchive } from '../../application/ports/ledger-archive.ts';
import type { Guard, RedisStoreContext } from './store-context.ts';

/**
 * The Redis store's cold side: accounts, keys, plans, balances and the ledger (with the durable
 * archive behind the stream, when there is one), over the client, keys and scripts it shares with
 * the charging side ({@link RedisStoreContext}). A key it revokes or rewrites is forgotten by the
 * shared key cache at once.
 */
export class RedisDirectory implements AccountDirectory {
  private readonly client: Redis | Cluster;
  private readonly keys: CreditKeys;
  private readonly scripts: CreditScripts;
  private readonly clock: Clock;
  private readonly keyCache: KeyAccountCache;
  private readonly archive: LedgerArchive | undefined;
  private readonly guard: Guard;

  constructor(context: RedisStoreContext) {
    this.client = context.client;
    this.keys = context.keys;
    this.scripts = context.scripts;
    this.clock = context.clock;
    this.keyCache = context.keyCache;
    this.archive = context.archive;
    this.guard = context.guard;
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
}

/** Listed keys oldest first (ties by id, so the order is the same everywhere). */
function oldestFirst(a: KeyRecord, b: KeyRecord): number {
  return a.createdMs - b.createdMs || (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0);
}
