/** Monthly statements: Tokyo months, summed entry by entry. */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/domain/credits/account.ts';
import { statementOf, tokyoMonthRange } from '../../../src/domain/credits/statement.ts';

const entry = (atIso: string, more: Partial<LedgerEntry> = {}): LedgerEntry => ({
  transactionId: `${Date.parse(atIso)}-0`,
  logId: 'l',
  operation: 'chart',
  cost: 10,
  fromMonthly: 10,
  fromAuto: 0,
  autochargedAmount: 0,
  atMs: Date.parse(atIso),
  voided: false,
  ...more,
});

describe('monthly statements', () => {
  it('a Tokyo month starts at 15:00 UT the day before', () => {
    expect(tokyoMonthRange('2024-02')).toEqual({ fromMs: Date.parse('2024-01-31T15:00:00Z'), toMs: Date.parse('2024-02-29T15:00:00Z') });
    expect(tokyoMonthRange('2024-12').toMs).toBe(Date.parse('2024-12-31T15:00:00Z'));
    expect(() => tokyoMonthRange('2024-13')).toThrow(RangeError);
  });

  it('sums the month’s standing charges, counts voided ones apart, and every autocharge', () => {
    const entries = [
      entry('2024-01-31T14:59:59Z'), // January in Tokyo
      entry('2024-01-31T15:00:00Z'), // February 1st 00:00 JST
      entry('2024-02-10T00:00:00Z', { fromMonthly: 4, fromAuto: 6, autochargedAmount: 500 }),
      entry('2024-02-11T00:00:00Z', { voided: true, autochargedAmount: 300 }),
      entry('2024-02-29T15:00:00Z'), // March
    ];
    expect(statementOf('2024-02', entries)).toEqual({
      month: '2024-02',
      calls: 2,
      creditsFromMonthly: 14,
      creditsFromAuto: 6,
      autocharges: 2,
      autochargedCredits: 800,
      voided: 1,
    });
    expect(statementOf('2024-01', entries).calls).toBe(1);
  });
});
