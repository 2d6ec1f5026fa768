import type { ApiKeyDigest } from '../../application/ports/credit-store.ts';
import type { AccountKeyLists } from './commands.ts';

/**
 * Every key of one account carries the hash tag `{acct:<id>}`, so all of them live in one Cluster
 * slot and a script may touch them together. Key digests are looked up without knowing the
 * account, so they have their own keys (one GET, no script, cached for a second by the store).
 */
export class CreditKeys {
  private readonly prefix: string;

  constructor(prefix: string) {
    this.prefix = prefix;
  }

  account(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:account`;
  }

  ledger(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:ledger`;
  }

  idempotency(accountId: string, idempotencyKey: string): string {
    return `${this.prefix}{acct:${accountId}}:idem:${idempotencyKey}`;
  }

  /** What void.lua needs to undo one charge. */
  chargeRecord(accountId: string, chargeId: string): string {
    return `${this.prefix}{acct:${accountId}}:charge:${chargeId}`;
  }

  /** SCAN pattern of every charge record under this prefix (glob characters in the prefix escaped). */
  chargeRecordPattern(): string {
    return `${this.prefix.replace(/[*?[\]\\]/g, '\\$&')}{acct:*}:charge:*`;
  }

  /** The account and charge of a charge record's key, or null for another key. */
  parseChargeRecord(key: string): { accountId: string; chargeId: string } | null {
    if (!key.startsWith(this.prefix)) return null;
    const match = /^\{acct:([^}]+)\}:charge:(.+)$/.exec(key.slice(this.prefix.length));
    return match === null ? null : { accountId: match[1]!, chargeId: match[2]! };
  }

  voidMarker(accountId: string, chargeId: string): string {
    return `${this.prefix}{acct:${accountId}}:void:${chargeId}`;
  }

  /** Hash: ledger entry id → when it was voided. */
  voided(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:voided`;
  }

  /**
   * An API key's token bucket, in its account's slot: charge.lua takes a paid call's token in the
   * same script as the charge. (Buckets used to be `{<prefix>apikey:<digest>}:rate`;
   * those expire by themselves within seconds of their last use.)
   */
  rateBucket(accountId: string, keyDigest: ApiKeyDigest): string {
    return `${this.prefix}{acct:${accountId}}:rate:${keyDigest}`;
  }

  /** SCAN pattern of every account's ledger stream under this prefix. */
  ledgerPattern(): string {
    return `${this.prefix.replace(/[*?[\]\\]/g, '\\$&')}{acct:*}:ledger`;
  }

  /** The account of a ledger stream's key, or null for another key. */
  parseLedger(key: string): string | null {
    if (!key.startsWith(this.prefix)) return null;
    const match = /^\{acct:([^}]+)\}:ledger$/.exec(key.slice(this.prefix.length));
    return match === null ? null : match[1]!;
  }

  /** The lease of one account shard's ledger archiver; not an account key. */
  archiverLease(shard: number): string {
    return `${this.prefix}archiver:lease:${shard}`;
  }

  /** A gateway's heartbeat: present while the gateway runs; not an account key. */
  gateway(gatewayId: string): string {
    return `${this.prefix}gateway:${gatewayId}`;
  }

  /**
   * What authenticate reads, in one GET: the key's account, as a bare id (keys bound before issue
   * 31) or a key record (JSON, `key-record.ts`). Not an account key: looked up without the account.
   */
  apiKey(keyDigest: ApiKeyDigest): string {
    return `${this.prefix}apikey:${keyDigest}`;
  }

  /** Hash: every key digest bound to the account → its public id ('' for a key issued without a grant). */
  keyDigests(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:digests`;
  }

  /** Hash: a listed key's public id → its grant (JSON: digest, name, created, expiry, scopes). */
  keyGrants(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:keys`;
  }

  /** Hash: a listed key's public id → when it last authenticated (epoch ms). */
  keysUsed(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:keys:used`;
  }

  keyLists(accountId: string): AccountKeyLists {
    return { digests: this.keyDigests(accountId), grants: this.keyGrants(accountId), used: this.keysUsed(accountId) };
  }

  /** A listed key's public id → its account (`findKey`). Not an account key. */
  keyId(keyId: string): string {
    return `${this.prefix}keyid:${keyId}`;
  }

  /** Sorted set of every account id, scored by creation time (ms): `listAccounts`. Not an account key. */
  accounts(): string {
    return `${this.prefix}accounts`;
  }
}
