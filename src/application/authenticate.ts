import { digestApiKey } from './api-keys.ts';
import type { Credentials } from './credentials.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import type { AuthenticatedAccount, CreditStore, RateLimit } from './ports/credit-store.ts';
import { refusals } from './refusals.ts';

/**
 * The one authentication step of every keyed call: the key the protocol found → its account, or a
 * 401; with a rate limit, a call over the key's limit is a 429 (one store round trip either way).
 */
export async function authenticate(
  store: CreditStore,
  credentials: Credentials,
  rateLimit: RateLimit | null,
): Promise<Outcome<AuthenticatedAccount>> {
  if (credentials.apiKey === null) return refuse(refusals.missingKey(credentials.acceptedChannels));
  const account = await store.authenticate(digestApiKey(credentials.apiKey), rateLimit);
  if (account === null) return refuse(refusals.invalidKey());
  if ('rateLimited' in account) return refuse(refusals.rateLimited(account.retryAfterMs));
  return succeed(account);
}
