import type { AccountAdmin } from '../../src/application/accounts/account-admin.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import type { Services } from '../../src/application/services.ts';
import { budgetMs } from './time-budget.ts';

/** An account's whole ledger, every page, counted: standing (non-void) and voided entries. */
export async function countLedger(store: CreditStore, accountId: string): Promise<{ nonVoid: number; voided: number }> {
  let nonVoid = 0;
  let voided = 0;
  let before: string | undefined;
  for (;;) {
    const page = await store.usage(accountId, { limit: 100, before });
    for (const entry of page) {
      if (entry.voided) voided += 1;
      else nonVoid += 1;
    }
    if (page.length < 100) return { nonVoid, voided };
    before = page.at(-1)!.transactionId;
  }
}

/**
 * Once every settlement queued by the app is taken: an account's non-void ledger entries (its first
 * page of 100) and its balance drop since `startBalance`, in calls of `cost` credits. A test of "no
 * free answers" compares both with the answers its clients received.
 */
export async function reckon(
  app: { readonly services: Services; readonly admin: AccountAdmin },
  account: { readonly accountId: string },
  startBalance: number,
  cost = 10,
): Promise<{ nonVoid: number; dropInCalls: number }> {
  if (!(await app.services.settlement.drain(budgetMs(3000)))) throw new Error('settlements still pending after 3 s');
  const entries = (await app.admin.usage(account.accountId, { limit: 100 })) ?? [];
  const snapshot = await app.admin.show(account.accountId);
  return {
    nonVoid: entries.filter((entry) => !entry.voided).length,
    dropInCalls: (startBalance - snapshot!.monthlyCredits - snapshot!.autoCredits) / cost,
  };
}
