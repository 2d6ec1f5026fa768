import { authenticate } from './authenticate.ts';
import type { Credentials } from './credentials.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import type { CreditStore, RateLimit } from './ports/credit-store.ts';
import { refusals } from './refusals.ts';
import type { AccountSnapshot, LedgerEntry, Plan } from '../domain/credits/account.ts';

/** Free reads for the caller's own account (GraphQL `Query.account`, `Query.usage`). */

export interface AccountView {
  readonly accountId: string;
  readonly plan: Plan;
  readonly monthlyAllowance: number;
  readonly monthlyCredits: number;
  readonly autoCredits: number;
  readonly totalCredits: number;
  readonly autocharge: { readonly enabled: boolean; readonly threshold: number; readonly amount: number };
}

export interface UsageConnection {
  readonly edges: readonly { readonly cursor: string; readonly node: LedgerEntry }[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

export interface UsagePageRequest {
  /** 1–100, default 20. */
  readonly first?: number | null | undefined;
  /** An `endCursor` from a previous page. */
  readonly after?: string | null | undefined;
}

export const USAGE_PAGE_DEFAULT = 20;
export const USAGE_PAGE_MAX = 100;
/** Cursors are ledger entry ids. */
const CURSOR = /^\d{1,20}-\d{1,20}$/;

export interface AccountQueries {
  account(credentials: Credentials): Promise<Outcome<AccountView>>;
  usage(credentials: Credentials, page?: UsagePageRequest): Promise<Outcome<UsageConnection>>;
}

export function createAccountQueries(store: CreditStore, rateLimit: RateLimit | null = null): AccountQueries {
  return {
    async account(credentials) {
      const account = await authenticate(store, credentials, rateLimit);
      if (!account.ok) return account;
      const snapshot = await store.balance(account.value.accountId);
      return snapshot === null ? refuse(refusals.invalidKey()) : succeed(toAccountView(snapshot));
    },

    async usage(credentials, page = {}) {
      const first = page.first ?? USAGE_PAGE_DEFAULT;
      if (!Number.isInteger(first) || first < 1 || first > USAGE_PAGE_MAX) {
        return refuse(refusals.invalidArgument('first', `must be an integer from 1 to ${USAGE_PAGE_MAX}`));
      }
      const after = page.after ?? undefined;
      if (after !== undefined && !CURSOR.test(after)) {
        return refuse(refusals.invalidArgument('after', 'must be an endCursor returned by a previous page'));
      }
      const account = await authenticate(store, credentials, rateLimit);
      if (!account.ok) return account;
      const entries = await store.usage(account.value.accountId, { limit: first + 1, before: after });
      const pageEntries = entries.slice(0, first);
      return succeed({
        edges: pageEntries.map((node) => ({ cursor: node.transactionId, node })),
        pageInfo: { hasNextPage: entries.length > first, endCursor: pageEntries.at(-1)?.transactionId ?? null },
      });
    },
  };
}

export function toAccountView(snapshot: AccountSnapshot): AccountView {
  return {
    accountId: snapshot.accountId,
    plan: snapshot.plan,
    monthlyAllowance: snapshot.monthlyAllowance,
    monthlyCredits: snapshot.monthlyCredits,
    autoCredits: snapshot.autoCredits,
    totalCredits: snapshot.monthlyCredits + snapshot.autoCredits,
    autocharge: { enabled: snapshot.autocharge.amount > 0, ...snapshot.autocharge },
  };
}
