/** Account and ledger shapes shared by every credit store (docs/credits.md). Pure data. */

export type Plan = 'standard' | 'enterprise';
export const PLANS: readonly Plan[] = ['standard', 'enterprise'];

/** Autocharge tops up the auto balance by `amount` when the total falls below `threshold`; off when amount is 0. */
export interface AutochargeSettings {
  readonly threshold: number;
  readonly amount: number;
}

export interface AccountCredits {
  readonly plan: Plan;
  readonly monthlyAllowance: number;
  readonly monthlyCredits: number;
  readonly autoCredits: number;
  /** Tokyo calendar month (`YYYY-MM`) the monthly balance belongs to. */
  readonly month: string;
  readonly autocharge: AutochargeSettings;
}

export type AccountStatus = 'active' | 'suspended' | 'deleted';

export interface AccountSnapshot extends AccountCredits {
  readonly accountId: string;
  /** `active` unless an operator suspended or deleted it. */
  readonly status: AccountStatus;
  /** When it was created (epoch ms); null for an account created before this was kept. */
  readonly createdMs: number | null;
}

export interface LedgerEntry {
  /** Ledger (stream) entry id, `<ms>-<seq>`; also the response's `transaction_id`. */
  readonly transactionId: string;
  readonly logId: string;
  /** The paid operation charged (`chart`, `compatibility`, …); `chart` for entries written before it was kept. */
  readonly operation: string;
  readonly cost: number;
  readonly fromMonthly: number;
  readonly fromAuto: number;
  /** Credits added to the auto balance by autocharge right after this charge; 0 when none. */
  readonly autochargedAmount: number;
  readonly atMs: number;
  /** The charge was undone (refunded) because its answer never reached the caller (docs/credits.md). */
  readonly voided: boolean;
}

/** Account ids end up inside Redis hash tags and CLI output: keep them to a safe alphabet. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Upper bound for any balance or setting an admin enters: one billion keeps monthly + auto within
 * GraphQL's 32-bit `Int` (2,147,483,647), and far inside Lua's exact-integer range.
 */
export const MAX_CREDITS = 1_000_000_000;
