/** The account's ledger from the dashboard: pages of usage, monthly statements (Tokyo months) and a month as CSV. */
import { succeed } from '../outcome.ts';
import type { AccountDirectory } from '../ports/credit-store.ts';
import type { LedgerEntry } from '../../domain/credits/account.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import { MONTH_PATTERN, statementOf, tokyoMonthRange, type MonthlyStatement } from '../../domain/credits/statement.ts';
import type { DashboardDeps } from './deps.ts';
import { fail, type DashboardOutcome } from './refusal.ts';
import type { SignedIn } from './session.ts';

export const USAGE_PAGE = 50;
/** A month's CSV and overview read at most this many ledger entries. */
const MONTH_ENTRIES_MAX = 20_000;

export interface UsagePage {
  readonly entries: readonly LedgerEntry[];
  /** The cursor of the next (older) page, or null. */
  readonly next: string | null;
}

export interface Statements {
  usage(who: SignedIn, before: string | undefined): Promise<UsagePage>;
  /** The statements of the last `months` Tokyo months, this one first. */
  statements(who: SignedIn, months: number): Promise<readonly MonthlyStatement[]>;
  /** The ledger of one Tokyo month as CSV (newest first). */
  csv(who: SignedIn, month: string): Promise<DashboardOutcome<string>>;
}

/** The ledger entries of one Tokyo month, newest first (at most MONTH_ENTRIES_MAX). */
export async function monthEntries(store: AccountDirectory, accountId: string, month: string): Promise<LedgerEntry[]> {
  const { fromMs, toMs } = tokyoMonthRange(month);
  const entries: LedgerEntry[] = [];
  let before: string | undefined;
  while (entries.length < MONTH_ENTRIES_MAX) {
    const page = await store.usage(accountId, { limit: 100, before });
    for (const entry of page) if (entry.atMs >= fromMs && entry.atMs < toMs) entries.push(entry);
    const last = page.at(-1);
    if (last === undefined || page.length < 100 || last.atMs < fromMs - 60_000) break;
    before = last.transactionId;
  }
  return entries;
}

export function createStatements({ store, clock }: DashboardDeps): Statements {
  return {
    async usage(who, before) {
      const cursor = before !== undefined && /^\d{1,20}-\d{1,20}$/.test(before) ? before : undefined;
      const entries = await store.usage(who.user.accountId, { limit: USAGE_PAGE + 1, before: cursor });
      const page = entries.slice(0, USAGE_PAGE);
      return { entries: page, next: entries.length > USAGE_PAGE ? (page.at(-1)?.transactionId ?? null) : null };
    },

    async statements(who, months) {
      const list: MonthlyStatement[] = [];
      let at = clock.now();
      for (let i = 0; i < months; i++) {
        const month = tokyoMonthOf(at);
        list.push(statementOf(month, await monthEntries(store, who.user.accountId, month)));
        at = tokyoMonthRange(month).fromMs - 1;
      }
      return list;
    },

    async csv(who, month) {
      if (!MONTH_PATTERN.test(month)) return fail('month_invalid', 'month');
      const rows = (await monthEntries(store, who.user.accountId, month)).map((e) =>
        [
          e.transactionId,
          new Date(e.atMs).toISOString(),
          e.operation,
          e.cost,
          e.fromMonthly,
          e.fromAuto,
          e.autochargedAmount,
          e.voided,
          e.logId,
        ]
          .map(csvField)
          .join(','),
      );
      const header = 'transaction_id,at,operation,cost,from_monthly,from_auto,autocharged,voided,log_id';
      return succeed(`${[header, ...rows].join('\r\n')}\r\n`);
    },
  };
}

/** A CSV field: quoted when it holds a separator or quote; a leading = + - @ made inert for spreadsheets. */
function csvField(value: string | number | boolean): string {
  const text = String(value);
  const inert = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}
