import { digestApiKey } from './api-keys.js';
import type { Credentials } from './credentials.js';
import { refuse, succeed, type Outcome } from './outcome.js';
import type { AuthenticatedAccount, CreditStore } from './ports/credit-store.js';
import { refusals } from './refusals.js';

/** The one authentication step of every keyed call: the key the protocol found → its account, or a 401. */
export async function authenticate(store: CreditStore, credentials: Credentials): Promise<Outcome<AuthenticatedAccount>> {
  if (credentials.apiKey === null) return refuse(refusals.missingKey(credentials.acceptedChannels));
  const account = await store.authenticate(digestApiKey(credentials.apiKey));
  return account === null ? refuse(refusals.invalidKey()) : succeed(account);
}
