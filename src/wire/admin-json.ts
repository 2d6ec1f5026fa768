/**
 * The operator API's JSON (docs/admin.md), which the admin CLI prints too: snake_case like the rest
 * of the REST API, instants as ISO 8601 UTC. Never a key, a token or a digest: keys and admin
 * tokens appear by their public ids.
 */
import type { KeyRecord } from '../application/ports/credit-store.ts';
import type { AuditEntry } from '../application/ports/dashboard-store.ts';
import type {
  AccountDetail,
  AccountOwner,
  AccountSummary,
  AdminTokenView,
  Invitation,
  IssuedKeyView,
  SearchHit,
} from '../application/operator/views.ts';
import type { AccountSnapshot, LedgerEntry } from '../domain/credits/account.ts';
import type { MonthlyStatement } from '../domain/credits/statement.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export const accountJson = (account: AccountSnapshot) => ({
  account_id: account.accountId,
  status: account.status,
  plan: account.plan,
  monthly_allowance: account.monthlyAllowance,
  monthly_credits: account.monthlyCredits,
  auto_credits: account.autoCredits,
  month: account.month,
  autocharge: { threshold: account.autocharge.threshold, amount: account.autocharge.amount },
  created_at: iso(account.createdMs),
});

export const ownerJson = (owner: AccountOwner | null) =>
  owner === null
    ? null
    : { user_id: owner.userId, email: owner.email, verified: owner.verifiedMs !== null, created_at: iso(owner.createdMs) };

export const keyJson = (key: KeyRecord) => ({
  key_id: key.keyId,
  name: key.name,
  scopes: key.scopes,
  created_at: iso(key.createdMs),
  expires_at: iso(key.expiresMs),
  last_used_at: iso(key.lastUsedMs),
});

export const summaryJson = (summary: AccountSummary) => ({ ...accountJson(summary.account), owner: ownerJson(summary.owner) });

export const searchHitJson = (hit: SearchHit) => ({ ...summaryJson(hit), matched_by: hit.matchedBy });

export const detailJson = (detail: AccountDetail) => ({
  ...summaryJson(detail),
  keys: detail.keys.map(keyJson),
  autocharge_ceiling:
    detail.autochargeCeiling === null
      ? null
      : {
          threshold: detail.autochargeCeiling.threshold,
          amount: detail.autochargeCeiling.amount,
          set_for: detail.autochargeCeiling.setFor,
        },
});

export const issuedKeyJson = (issued: IssuedKeyView) => ({ account_id: issued.accountId, api_key: issued.apiKey, ...keyJson(issued.key) });

export const ledgerJson = (entry: LedgerEntry) => ({
  transaction_id: entry.transactionId,
  log_id: entry.logId,
  operation: entry.operation,
  cost: entry.cost,
  from_monthly: entry.fromMonthly,
  from_auto: entry.fromAuto,
  autocharged: entry.autochargedAmount,
  at: new Date(entry.atMs).toISOString(),
  voided: entry.voided,
});

export const statementJson = (statement: MonthlyStatement) => ({
  month: statement.month,
  calls: statement.calls,
  credits_from_monthly: statement.creditsFromMonthly,
  credits_from_auto: statement.creditsFromAuto,
  autocharges: statement.autocharges,
  autocharged_credits: statement.autochargedCredits,
  voided: statement.voided,
});

export const auditJson = (entry: AuditEntry) => ({
  id: entry.id,
  at: new Date(entry.atMs).toISOString(),
  actor: entry.actor,
  action: entry.action,
  account_id: entry.accountId,
  details: entry.details,
  address: entry.address,
  outcome: entry.outcome,
});

export const adminTokenJson = (token: AdminTokenView) => ({
  token_id: token.tokenId,
  name: token.name,
  scopes: token.scopes,
  created_at: iso(token.createdMs),
  revoked_at: iso(token.revokedMs),
  expires_at: iso(token.expiresMs),
});

export const invitationJson = (invitation: Invitation) => ({
  email: invitation.email,
  signup_url: invitation.signupUrl,
  expires_at: iso(invitation.expiresMs),
});
