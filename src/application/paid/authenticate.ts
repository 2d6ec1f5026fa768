import { digestApiKey } from '../accounts/api-keys.ts';
import { hasExpired } from '../accounts/rules.ts';
import type { Credentials } from './credentials.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import type { ApiKeyDigest, AuthenticatedAccount, ChargingStore, RateLimit } from '../ports/credit-store.ts';
import { refusals } from '../refusals.ts';

export interface AuthenticatedKey extends AuthenticatedAccount {
  readonly keyDigest: ApiKeyDigest;
}

/**
 * The one authentication step of every keyed call: the key the protocol found → its account, or a
 * 401; with a rate limit, a call over the key's limit is a 429. A paid call passes no limit: its
 * token is taken with the charge, so that the call makes one store round trip.
 */
export async function authenticate(
  store: ChargingStore,
  credentials: Credentials,
  rateLimit: RateLimit | null,
  scopes: readonly string[] = [],
  nowMs: number = Date.now(),
): Promise<Outcome<AuthenticatedKey>> {
  if (credentials.apiKey === null) return refuse(refusals.missingKey(credentials.acceptedChannels));
  const keyDigest = digestApiKey(credentials.apiKey);
  const account = await store.authenticate(keyDigest, rateLimit);
  if (account === null) return refuse(refusals.invalidKey());
  if ('rateLimited' in account) return refuse(refusals.rateLimited(account.retryAfterMs));
  const refused = refusalOf(account, scopes, nowMs);
  if (refused !== null) return refuse(refused);
  return succeed({ accountId: account.accountId, keyDigest });
}

/** Why an authenticated key may not make this call: a suspended account, an expired key, a missing scope. */
function refusalOf(account: AuthenticatedAccount, scopes: readonly string[], nowMs: number) {
  if (account.suspended === true) return refusals.accountSuspended();
  const limits = account.key;
  if (limits === undefined) return null;
  if (limits.expiresMs !== null && hasExpired(limits.expiresMs, nowMs))
    return refusals.expiredKey(new Date(limits.expiresMs).toISOString());
  if (limits.scopes !== null) {
    const held = limits.scopes;
    const missing = scopes.find((scope) => !held.includes(scope));
    if (missing !== undefined) return refusals.keyOutOfScope(missing, held);
  }
  return null;
}

/**
 * Whether the store accepts this key as it stands now (not suspended, not expired; scopes are the
 * call's own affair), without a rate limit and without charging: for the HTTP layer, which treats a
 * request whose key was not accepted as anonymous. Undefined when the store could not say (an outage).
 */
export async function keyAccepted(store: ChargingStore, apiKey: string, nowMs: number = Date.now()): Promise<boolean | undefined> {
  let account: Awaited<ReturnType<ChargingStore['authenticate']>>;
  try {
    account = await store.authenticate(digestApiKey(apiKey), null);
  } catch {
    return undefined;
  }
  return account !== null && !('rateLimited' in account) && refusalOf(account, [], nowMs) === null;
}
