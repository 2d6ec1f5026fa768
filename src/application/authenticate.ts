import { digestApiKey } from './api-keys.ts';
import type { Credentials } from './credentials.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import type { ApiKeyDigest, AuthenticatedAccount, CreditStore, RateLimit } from './ports/credit-store.ts';
import { refusals } from './refusals.ts';

export interface AuthenticatedKey extends AuthenticatedAccount {
  readonly keyDigest: ApiKeyDigest;
}

/**
 * The one authentication step of every keyed call: the key the protocol found → its account, or a
 * 401; with a rate limit, a call over the key's limit is a 429. A paid call passes no limit: its
 * token is taken with the charge, so that the call makes one store round trip.
 */
export async function authenticate(
  store: CreditStore,
  credentials: Credentials,
  rateLimit: RateLimit | null,
): Promise<Outcome<AuthenticatedKey>> {
  if (credentials.apiKey === null) return refuse(refusals.missingKey(credentials.acceptedChannels));
  const keyDigest = digestApiKey(credentials.apiKey);
  const account = await store.authenticate(keyDigest, rateLimit);
  if (account === null) return refuse(refusals.invalidKey());
  if ('rateLimited' in account) return refuse(refusals.rateLimited(account.retryAfterMs));
  return succeed({ accountId: account.accountId, keyDigest });
}
