/** What the dashboard is built from (the composition root gives it). */
import type { AccountDirectory, Clock } from '../ports/credit-store.ts';
import type { AutochargeCeiling, DashboardStore } from '../ports/dashboard-store.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { PasswordHasher } from '../ports/password-hasher.ts';
import type { Plan } from '../../domain/credits/account.ts';

export interface DashboardSettings {
  readonly signup: 'open' | 'invite';
  readonly plan: Plan;
  readonly monthlyCredits: number;
  /**
   * The plan's autocharge ceiling (`AUTOCHARGE_MAX_THRESHOLD`, `AUTOCHARGE_MAX_AMOUNT`): the largest a
   * customer may set unless the operator set one for the account. 0 by default: autocharge buys
   * credits, and an open sign-up has not shown it can pay.
   */
  readonly autochargeMax: AutochargeCeiling;
  /** Origin the mailed links point at. */
  readonly publicUrl: string;
  readonly sessionIdleMs: number;
  readonly sessionMaxMs: number;
}

export interface DashboardDeps {
  readonly store: AccountDirectory;
  readonly users: DashboardStore;
  readonly hasher: PasswordHasher;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly settings: DashboardSettings;
  /**
   * Work done after an answer that failed: a mail not sent, a sign-up not completed, sessions not
   * pruned (the page said "check your mail" already: it must not tell).
   */
  readonly onBackgroundError?: (error: unknown) => void;
}
