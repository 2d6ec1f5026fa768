import type { CreditStore } from '../../src/application/ports/credit-store.ts';

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
