import { authenticate } from '../paid/authenticate.ts';
import type { Credentials } from '../paid/credentials.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import type { AccountDirectory, ChargingStore, RateLimit } from '../ports/credit-store.ts';
import { refusals } from '../refusals.ts';
import type { AccountSnapshot, LedgerEntry, Plan } from '../../domain/credits/account.ts';
import { MONTH_PATTERN, statementOf, tokyoMonthRange, type MonthlyStatement } from '../../domain/credits/statement.ts';

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
  /** The caller's statement of a Tokyo month `YYYY-MM`, summed from the ledger. */
  statement(credentials: Credentials, month: string): Promise<Outcome<MonthlyStatement>>;
}

/**
 * An account's statement of a month, read from the store's ledger newest first, page by page, down
 * to the month's start (the ledger is in time order).
 */
export async function monthlyStatement(store: AccountDirectory, accountId: string, month: string): Promise<MonthlyStatement> {
  const { fromMs, toMs } = tokyoMonthRange(month);
  let statement = statementOf(month, []);
  // Ledger ids are Redis-clock milliseconds and `atMs` a gateway's: read from a minute past the
  // month's end down to a minute before its start, and count each entry by its own `atMs`.
  let before: string | undefined = toMs + CLOCK_SLACK_MS > Date.now() ? undefined : `${toMs + CLOCK_SLACK_MS}-0`;
  for (;;) {
    const page = await store.usage(accountId, { limit: USAGE_PAGE_MAX, before });
    statement = addTo(statement, statementOf(month, page));
    const last = page.at(-1);
    if (last === undefined || page.length < USAGE_PAGE_MAX || last.atMs < fromMs - CLOCK_SLACK_MS) return statement;
    before = last.transactionId;
  }
}

const CLOCK_SLACK_MS = 60_000;
/** Reading the account through the API needs the key's `account` scope (application/key-scopes.ts). */
const ACCOUNT_SCOPE = ['account'];

const addTo = (a: MonthlyStatement, b: MonthlyStatement): MonthlyStatement => ({
  month: a.month,
  calls: a.calls + b.calls,
  creditsFromMonthly: a.creditsFromMonthly + b.creditsFromMonthly,
  creditsFromAuto: a.creditsFromAuto + b.creditsFromAuto,
  autocharges: a.autocharges + b.autocharges,
  autochargedCredits: a.autochargedCredits + b.autochargedCredits,
  voided: a.voided + b.voided,
});

export function createAccountQueries(store: ChargingStore & AccountDirectory, rateLimit: RateLimit | null = null): AccountQueries {
  return {
    async account(credentials) {
      const account = await authenticate(store, credentials, rateLimit, ACCOUNT_SCOPE);
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
      const account = await authenticate(store, credentials, rateLimit, ACCOUNT_SCOPE);
      if (!account.ok) return account;
      const entries = await store.usage(account.value.accountId, { limit: first + 1, before: after });
      const pageEntries = entries.slice(0, first);
      return succeed({
        edges: pageEntries.map((node) => ({ cursor: node.transactionId, node })),
        pageInfo: { hasNextPage: entries.length > first, endCursor: pageEntries.at(-1)?.transactionId ?? null },
      });
    },

    async statement(credentials, month) {
      if (!MONTH_PATTERN.test(month)) return refuse(refusals.invalidArgument('month', 'must be a month YYYY-MM (Asia/Tokyo)'));
      const account = await authenticate(store, credentials, rateLimit, ACCOUNT_SCOPE);
      if (!account.ok) return account;
      return succeed(await monthlyStatement(store, account.value.accountId, month));
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
