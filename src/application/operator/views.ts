/** What the operator's use-cases take and answer (docs/admin.md): the operator API and the admin CLI print these. */
import type { KeyRecord } from '../ports/credit-store.ts';
import type { AdminScope, AdminToken, AutochargeCeiling } from '../ports/dashboard-store.ts';
import type { AccountSnapshot, AutochargeSettings } from '../../domain/credits/account.ts';

/** Who holds an admin token: its public id, name and scopes. */
export interface AdminPrincipal {
  readonly tokenId: string;
  readonly name: string;
  readonly scopes: readonly AdminScope[];
}

/** Who made a change and from where, for the audit log. */
export interface AdminContext {
  /** `admin-token:<tokenId>` or `cli`. */
  readonly actor: string;
  /** The client address of an HTTP request; null from the CLI. */
  readonly address: string | null;
  /**
   * Called once a write is about to be applied (its audit row is written): from then on a failure
   * leaves the write's fate unknown, and an Idempotency-Key must not let a retry apply it again.
   */
  readonly onWrite?: () => void;
}

export const CLI_CONTEXT: AdminContext = { actor: 'cli', address: null };

export const contextOf = (principal: AdminPrincipal, address: string | null): AdminContext => ({
  actor: `admin-token:${principal.tokenId}`,
  address,
});

/** The dashboard user owning an account. */
export interface AccountOwner {
  readonly userId: string;
  readonly email: string;
  readonly verifiedMs: number | null;
  readonly createdMs: number;
}

export interface AccountSummary {
  readonly account: AccountSnapshot;
  readonly owner: AccountOwner | null;
}

export interface AccountDetail extends AccountSummary {
  /** Listed keys, oldest first, with when each was last used. */
  readonly keys: readonly KeyRecord[];
  /**
   * The largest autocharge the account's customer may turn on or raise (docs/dashboard.md): the one
   * set for the account, else the plan's; null without the dashboard store (the admin CLI without a database).
   */
  readonly autochargeCeiling: (AutochargeCeiling & { readonly setFor: 'account' | 'plan' }) | null;
}

export type MatchedBy = 'account_id' | 'email' | 'key_id' | 'api_key';
export type SearchBy = 'key' | 'email' | 'account';

export interface SearchHit extends AccountSummary {
  readonly matchedBy: MatchedBy;
}

/** One page; `nextBefore` is the cursor of the next (null: this was the last). */
export interface Page<T, Cursor> {
  readonly items: readonly T[];
  readonly nextBefore: Cursor | null;
}

/** Absent members take the defaults: standard, 0 monthly, 0 auto, autocharge off, a random id. */
export interface NewAccountInput {
  readonly plan?: string;
  readonly monthlyAllowance?: number;
  readonly autoCredits?: number;
  readonly autocharge?: AutochargeSettings;
  readonly accountId?: string;
}

export interface CreatedAccount {
  readonly detail: AccountDetail;
  /** The account's first key: shown once, never stored. */
  readonly apiKey: string;
  readonly keyId: string;
}

/** At least one member. */
export interface AccountChange {
  readonly plan?: string;
  readonly monthlyAllowance?: number;
  readonly autocharge?: AutochargeSettings;
  /** The customer's autocharge ceiling for this account; null: the plan's again. Needs the dashboard store. */
  readonly autochargeCeiling?: AutochargeCeiling | null;
}

export interface KeyRequest {
  /** 1–64 characters; `key` when absent. */
  readonly name?: string;
  /** Absent or null: every scope. */
  readonly scopes?: readonly string[] | null;
  /** `YYYY-MM-DD` (end of that day, Asia/Tokyo) or an RFC 3339 instant; absent or null: never. */
  readonly expiresAt?: string | null;
}

export interface IssuedKeyView {
  readonly accountId: string;
  /** Shown once, never stored. */
  readonly apiKey: string;
  readonly key: KeyRecord;
}

export interface DeletedAccount {
  readonly accountId: string;
  readonly keysRevoked: number;
  readonly sessionsDeleted: number;
}

export interface Invitation {
  readonly email: string;
  /** `${publicUrl}/account/signup?invite=<token>`: works once, until `expiresMs`. */
  readonly signupUrl: string;
  readonly expiresMs: number;
}

export type AdminTokenView = Omit<AdminToken, 'digest'>;

export interface NewAdminToken {
  /** Shown once, never stored. */
  readonly token: string;
  readonly record: AdminTokenView;
}

export interface RevokedKey {
  readonly accountId: string | null;
  readonly keyId: string | null;
}
