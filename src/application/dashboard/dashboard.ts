/**
 * The customers' account dashboard (docs/dashboard.md): sign-up with e-mail verification,
 * log-in with throttling, server-side sessions, password reset, the account's overview, its API
 * keys and its usage. The pages (`http/account/`) are one presentation of these use-cases; every
 * refusal is a DomainError whose reason the pages put into words (`refusal.ts`).
 *
 * Secrets: passwords reach the store as argon2id hashes; session ids and mailed tokens as SHA-256
 * digests. Answers never tell whether an address has an account: sign-up and reset say "check your
 * mail" either way, a failed log-in says the same for a wrong password and an unknown address
 * (which costs the same argon2id verification), and the lock-out counts unknown addresses too.
 */
import type { DashboardLang } from '../ports/dashboard-store.ts';
import { createBilling, type Billing } from './billing.ts';
import type { DashboardDeps } from './deps.ts';
import { createKeys, type Keys } from './keys.ts';
import { createMailing } from './mailing.ts';
import { createRegistration, type Registration } from './registration.ts';
import { createSessions, type Sessions, type SignedIn } from './session.ts';
import { createStatements, type Statements } from './statements.ts';

export interface Dashboard extends Registration, Sessions, Billing, Keys, Statements {
  readonly signupMode: 'open' | 'invite';
  setLang(who: SignedIn, lang: DashboardLang): Promise<void>;
}

export function createDashboard(deps: DashboardDeps): Dashboard {
  const mailing = createMailing(deps);
  return {
    signupMode: deps.settings.signup,
    ...createRegistration(deps, mailing),
    ...createSessions(deps, mailing),
    setLang: (who, lang) => deps.users.setLang(who.user.userId, lang),
    ...createBilling(deps),
    ...createKeys(deps),
    ...createStatements(deps),
  };
}
