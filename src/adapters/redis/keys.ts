import type { ApiKeyDigest } from '../../application/ports/credit-store.js';

/**
 * Every key of one account carries the hash tag `{acct:<id>}`, so all of them live in one Cluster
 * slot and a script may touch them together. Key digests are looked up without knowing the
 * account, so they have their own keys (one GET, no script).
 */
export class CreditKeys {
  constructor(private readonly prefix: string) {}

  account(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:account`;
  }

  ledger(accountId: string): string {
    return `${this.prefix}{acct:${accountId}}:ledger`;
  }

  idempotency(accountId: string, idempotencyKey: string): string {
    return `${this.prefix}{acct:${accountId}}:idem:${idempotencyKey}`;
  }

  apiKey(keyDigest: ApiKeyDigest): string {
    return `${this.prefix}apikey:${keyDigest}`;
  }
}
