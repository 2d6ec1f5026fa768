/** The account's overview and its autocharge from the dashboard (docs/dashboard.md). */
import { succeed } from '../outcome.ts';
import type { AutochargeCeiling } from '../ports/dashboard-store.ts';
import { MAX_CREDITS, type AccountSnapshot } from '../../domain/credits/account.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import type { DashboardDeps } from './deps.ts';
import { fail, type DashboardOutcome } from './refusal.ts';
import type { SignedIn } from './session.ts';
import { monthEntries } from './statements.ts';

export interface Overview {
  readonly account: AccountSnapshot;
  readonly month: string;
  /** This month's standing charges by operation, most credits first. */
  readonly byOperation: readonly { readonly operation: string; readonly calls: number; readonly credits: number }[];
  /** The account's autocharge ceiling (the operator's for it, else the plan's). */
  readonly autochargeMax: AutochargeCeiling;
}

export interface Billing {
  overview(who: SignedIn): Promise<Overview>;
  /**
   * Lowering or turning it off: always. Turning it on or raising it: within the ceiling the operator
   * set for the account, else the plan's (`AUTOCHARGE_MAX_*`, 0 by default). Audited.
   */
  setAutocharge(who: SignedIn, form: { threshold: string; amount: string }, address: string): Promise<DashboardOutcome<AccountSnapshot>>;
}

export function createBilling({ store, users, clock, settings }: DashboardDeps): Billing {
  /** The largest autocharge this account's customer may set: the operator's for the account, else the plan's. */
  async function ceilingOf(accountId: string): Promise<AutochargeCeiling> {
    return (await users.autochargeCeiling(accountId)) ?? settings.autochargeMax;
  }

  async function accountOf(who: SignedIn): Promise<AccountSnapshot> {
    const snapshot = await store.balance(who.user.accountId);
    if (snapshot === null) throw new Error(`the account ${who.user.accountId} of ${who.user.userId} is missing`);
    return snapshot;
  }

  return {
    async overview(who) {
      const account = await accountOf(who);
      const month = tokyoMonthOf(clock.now());
      const totals = new Map<string, { calls: number; credits: number }>();
      for (const entry of await monthEntries(store, who.user.accountId, month)) {
        if (entry.voided) continue;
        const total = totals.get(entry.operation) ?? { calls: 0, credits: 0 };
        total.calls += 1;
        total.credits += entry.cost;
        totals.set(entry.operation, total);
      }
      const byOperation = [...totals]
        .map(([operation, t]) => ({ operation, ...t }))
        .sort((a, b) => b.credits - a.credits || b.calls - a.calls || a.operation.localeCompare(b.operation));
      return { account, month, byOperation, autochargeMax: await ceilingOf(account.accountId) };
    },

    async setAutocharge(who, form, address) {
      const threshold = /^\d{1,10}$/.test(form.threshold.trim()) ? Number(form.threshold.trim()) : Number.NaN;
      const amount = /^\d{1,10}$/.test(form.amount.trim()) ? Number(form.amount.trim()) : Number.NaN;
      if (!(threshold >= 0 && threshold <= MAX_CREDITS)) return fail('autocharge_threshold_range', 'threshold', { max: MAX_CREDITS });
      if (!(amount >= 0 && amount <= MAX_CREDITS)) return fail('autocharge_amount_range', 'amount', { max: MAX_CREDITS });
      const accountId = who.user.accountId;
      const [current, ceiling] = await Promise.all([store.balance(accountId), ceilingOf(accountId)]);
      if (current === null || current.status === 'deleted') return fail('account_closed');
      if (current.status === 'suspended') return fail('account_suspended');
      // Autocharge buys credits (docs/dashboard.md): lowering it or turning it off is always allowed; turning
      // it on or raising either figure only within the operator's ceiling.
      const previous = current.autocharge;
      const lowering = amount === 0 || (threshold <= previous.threshold && amount <= previous.amount);
      if (!lowering) {
        if (ceiling.amount === 0) return fail('autocharge_unavailable', 'amount');
        if (threshold > ceiling.threshold) return fail('autocharge_threshold_range', 'threshold', { max: ceiling.threshold });
        if (amount > ceiling.amount) return fail('autocharge_amount_range', 'amount', { max: ceiling.amount });
      }
      // Audited before it is applied, as an operator's change is (operator/): a change never goes unaudited.
      const entry = await users.appendAudit({
        atMs: clock.now(),
        actor: `user:${who.user.userId}`,
        action: 'account.autocharge',
        accountId,
        details: { threshold, amount, previous: { threshold: previous.threshold, amount: previous.amount }, ceiling },
        address,
        outcome: 'pending',
      });
      const snapshot = await store.setAutocharge(accountId, { threshold, amount });
      await users.settleAudit(entry.id, snapshot === null ? 'failed' : 'applied').catch(() => {});
      if (snapshot === null) return fail('account_closed');
      return succeed(snapshot);
    },
  };
}
