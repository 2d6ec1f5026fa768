/**
 * A monthly statement: what an account's ledger holds for one calendar month in
 * Asia/Tokyo (the month the monthly balance belongs to), summed entry by entry, so that it always
 * equals the ledger.
 */
import type { LedgerEntry } from './account.ts';
import { TOKYO_OFFSET_MS, tokyoMonthOf } from './month.ts';

export interface MonthlyStatement {
  /** `YYYY-MM`, Asia/Tokyo. */
  readonly month: string;
  /** Charges that stand (not voided). */
  readonly calls: number;
  /** Credits those charges took from the monthly balance, and from the auto balance. */
  readonly creditsFromMonthly: number;
  readonly creditsFromAuto: number;
  /** Autocharges the month's charges set off (each adds `autochargedCredits` to the auto balance), voided charges' included. */
  readonly autocharges: number;
  readonly autochargedCredits: number;
  /** Charges undone because their answer never reached the caller (their credits were refunded). */
  readonly voided: number;
}

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first instant (epoch ms) of a Tokyo month `YYYY-MM`, and of the next one. */
export function tokyoMonthRange(month: string): { readonly fromMs: number; readonly toMs: number } {
  const match = MONTH_PATTERN.exec(month);
  if (match === null) throw new RangeError(`month must be YYYY-MM, got ${month}`);
  const [year, monthIndex] = [Number(match[1]), Number(match[2]) - 1];
  return { fromMs: Date.UTC(year, monthIndex, 1) - TOKYO_OFFSET_MS, toMs: Date.UTC(year, monthIndex + 1, 1) - TOKYO_OFFSET_MS };
}

/** The statement of `month` from ledger entries (those of other months are ignored). */
export function statementOf(month: string, entries: Iterable<LedgerEntry>): MonthlyStatement {
  let [calls, creditsFromMonthly, creditsFromAuto, autocharges, autochargedCredits, voided] = [0, 0, 0, 0, 0, 0];
  for (const entry of entries) {
    if (tokyoMonthOf(entry.atMs) !== month) continue;
    if (entry.autochargedAmount > 0) {
      autocharges++;
      autochargedCredits += entry.autochargedAmount;
    }
    if (entry.voided) {
      voided++;
      continue;
    }
    calls++;
    creditsFromMonthly += entry.fromMonthly;
    creditsFromAuto += entry.fromAuto;
  }
  return { month, calls, creditsFromMonthly, creditsFromAuto, autocharges, autochargedCredits, voided };
}
