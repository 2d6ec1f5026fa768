import type { AccountCredits, Plan } from './account.ts';

/**
 * The charging rules (docs/credits.md; README "Credits, accounts and configuration") as pure
 * functions. The embedded store runs them directly; `adapters/redis/lua/charge.lua` is their Redis
 * twin, and the contract suite holds both to the same behaviour.
 */

export function costFor(plan: Plan, unitCost: number): number {
  return plan === 'enterprise' ? 0 : unitCost;
}

/**
 * The balances as they stand in `month`: a later month starts again from the allowance. An
 * earlier month (a gateway with a lagging clock) never resets, so a month is granted once.
 */
export function rollMonth(account: AccountCredits, month: string): AccountCredits {
  if (month <= account.month) return account;
  return { ...account, month, monthlyCredits: account.monthlyAllowance };
}

/** What autocharge did after a charge. */
export type AutochargeStatus = 'charged' | 'not-needed' | 'disabled' | 'not-applicable';

export type ChargeDecision =
  | { readonly kind: 'insufficient'; readonly cost: number }
  | {
      readonly kind: 'charged';
      readonly cost: number;
      readonly fromMonthly: number;
      readonly fromAuto: number;
      readonly autocharge: AutochargeStatus;
      readonly autochargedAmount: number;
      /** Balances after the charge and any autocharge. */
      readonly after: AccountCredits;
    };

/**
 * Monthly first, then auto. Short of the cost: autocharge tops up first when the balance is also
 * below the threshold and the top-up covers the cost (a balance below the cost used to stay
 * refused for ever), else nothing is taken. After the debit, autocharge when the total is
 * below the threshold. At most one autocharge per call.
 */
export function decideCharge(account: AccountCredits, unitCost: number): ChargeDecision {
  const cost = costFor(account.plan, unitCost);
  if (account.plan === 'enterprise') {
    return { kind: 'charged', cost, fromMonthly: 0, fromAuto: 0, autocharge: 'not-applicable', autochargedAmount: 0, after: account };
  }
  const { threshold, amount } = account.autocharge;
  let autocharge: AutochargeStatus = 'disabled';
  let autochargedAmount = 0;
  let autoBefore = account.autoCredits;
  const total = account.monthlyCredits + account.autoCredits;
  if (total < cost) {
    if (!(amount > 0 && total < threshold && total + amount >= cost)) return { kind: 'insufficient', cost };
    autocharge = 'charged';
    autochargedAmount = amount;
    autoBefore += amount;
  }
  const fromMonthly = Math.min(Math.max(account.monthlyCredits, 0), cost);
  const fromAuto = cost - fromMonthly;
  const monthlyCredits = account.monthlyCredits - fromMonthly;
  let autoCredits = autoBefore - fromAuto;
  if (amount > 0 && autochargedAmount === 0) {
    if (monthlyCredits + autoCredits < threshold) {
      autocharge = 'charged';
      autochargedAmount = amount;
      autoCredits += amount;
    } else {
      autocharge = 'not-needed';
    }
  }
  return {
    kind: 'charged',
    cost,
    fromMonthly,
    fromAuto,
    autocharge,
    autochargedAmount,
    after: { ...account, monthlyCredits, autoCredits },
  };
}
