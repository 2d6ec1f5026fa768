/** The operator's reads (docs/admin.md): accounts listed, found and shown, their keys, usage and statements, and the audit log. */
import { keyIdOf } from '../accounts/account-admin.ts';
import { monthlyStatement } from '../accounts/account-queries.ts';
import { API_KEY_PREFIX, digestApiKey } from '../accounts/api-keys.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import type { KeyRecord } from '../ports/credit-store.ts';
import type { AuditEntry } from '../ports/dashboard-store.ts';
import { refusals } from '../refusals.ts';
import { ACCOUNT_ID_PATTERN, type LedgerEntry } from '../../domain/credits/account.ts';
import { MONTH_PATTERN, type MonthlyStatement } from '../../domain/credits/statement.ts';
import type { OperatorBase } from './base.ts';
import { accountIdIssue, invalid, issuesOf, KEY_ID_PATTERN } from './input.ts';
import type { AccountDetail, AccountSummary, MatchedBy, Page, SearchBy, SearchHit } from './views.ts';

const TRANSACTION_ID = /^\d{1,20}-\d{1,20}$/;

export interface OperatorReads {
  /** Newest first; `before` an account id from the previous page; `limit` 1–100. */
  listAccounts(page: { readonly limit: number; readonly before?: string | undefined }): Promise<Outcome<Page<AccountSummary, string>>>;
  /**
   * By e-mail fragment, account id, key id (`fp_` + 8) or a whole API key (by its digest; never
   * echoed); `by` limits it to one of them. At most `limit` accounts.
   */
  search(query: string, limit: number, by?: SearchBy): Promise<Outcome<readonly SearchHit[]>>;
  show(accountId: string): Promise<Outcome<AccountDetail>>;
  listKeys(accountId: string): Promise<Outcome<readonly KeyRecord[]>>;
  usage(
    accountId: string,
    page: { readonly limit: number; readonly before?: string | undefined },
  ): Promise<Outcome<Page<LedgerEntry, string>>>;
  statement(accountId: string, month: string): Promise<Outcome<MonthlyStatement>>;
  auditLog(page: {
    readonly limit: number;
    readonly before?: number | undefined;
    readonly accountId?: string | undefined;
  }): Promise<Outcome<Page<AuditEntry, number>>>;
}

export function createOperatorReads(base: OperatorBase): OperatorReads {
  const { store, dashboard, users, summaryOf, detailOf, found } = base;
  return {
    async listAccounts({ limit, before }) {
      const issues = issuesOf(['before', before === undefined ? null : accountIdIssue('before', before)]);
      if (issues.length > 0) return invalid(issues);
      const ids = await store.listAccounts({ limit, before });
      const summaries = await Promise.all(ids.map(summaryOf));
      return succeed({
        items: summaries.filter((summary) => summary !== null),
        nextBefore: ids.length === limit ? ids.at(-1)! : null,
      });
    },

    async search(query, limit, by) {
      const text = query.trim();
      if (text === '')
        return invalid([{ field: 'q', message: 'q must not be empty: an e-mail fragment, an account id, a key id or a key' }]);
      // A whole key is looked up by its digest only, so it reaches no query text, log or answer.
      const wholeKey = text.startsWith(API_KEY_PREFIX) && text.length > keyIdOf(text).length;
      if (by === 'key' && !wholeKey && !KEY_ID_PATTERN.test(text))
        return invalid([{ field: 'key', message: 'key must be an API key (fp_…) or a key id (fp_ and the next 8 characters)' }]);
      const hits = new Map<string, MatchedBy>();
      const add = (accountId: string | null | undefined, matchedBy: MatchedBy) => {
        if (accountId !== null && accountId !== undefined && !hits.has(accountId)) hits.set(accountId, matchedBy);
      };
      if (wholeKey) {
        if (by === undefined || by === 'key') {
          const account = await store.authenticate(digestApiKey(text));
          if (account !== null && !('rateLimited' in account)) add(account.accountId, 'api_key');
        }
      } else {
        if ((by === undefined || by === 'account') && ACCOUNT_ID_PATTERN.test(text) && (await store.balance(text)) !== null)
          add(text, 'account_id');
        if ((by === undefined || by === 'key') && KEY_ID_PATTERN.test(text)) add((await store.findKey(text))?.accountId, 'key_id');
        if ((by === undefined || by === 'email') && dashboard !== null)
          for (const user of await dashboard.searchUsers(text, limit)) add(user.accountId, 'email');
      }
      const summaries = await Promise.all(
        [...hits].slice(0, limit).map(async ([accountId, matchedBy]) => {
          const summary = await summaryOf(accountId);
          return summary === null ? null : { ...summary, matchedBy };
        }),
      );
      return succeed(summaries.filter((hit) => hit !== null));
    },

    async show(accountId) {
      const account = await found(accountId);
      return account.ok ? succeed(await detailOf(account.value)) : account;
    },

    async listKeys(accountId) {
      const keys = ACCOUNT_ID_PATTERN.test(accountId) ? await store.listKeys(accountId) : null;
      return keys === null ? refuse(refusals.accountNotFound(accountId)) : succeed(keys);
    },

    async usage(accountId, { limit, before }) {
      if (before !== undefined && !TRANSACTION_ID.test(before))
        return invalid([{ field: 'before', message: 'before must be a transaction id like 1700000000000-0' }]);
      const account = await found(accountId);
      if (!account.ok) return account;
      const items = await store.usage(accountId, { limit, before });
      return succeed({ items, nextBefore: items.length === limit ? items.at(-1)!.transactionId : null });
    },

    async statement(accountId, month) {
      if (!MONTH_PATTERN.test(month)) return invalid([{ field: 'month', message: 'month must be a month YYYY-MM (Asia/Tokyo)' }]);
      const account = await found(accountId);
      return account.ok ? succeed(await monthlyStatement(store, accountId, month)) : account;
    },

    async auditLog({ limit, before, accountId }) {
      const items = await users().audit({ limit, before, accountId });
      return succeed({ items, nextBefore: items.length === limit ? items.at(-1)!.id : null });
    },
  };
}
