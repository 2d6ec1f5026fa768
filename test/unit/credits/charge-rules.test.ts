import { describe, expect, it } from 'vitest';
import type { AccountCredits } from '../../../src/domain/credits/account.ts';
import { costFor, decideCharge, rollMonth } from '../../../src/domain/credits/charge-rules.ts';

const account = (overrides: Partial<AccountCredits> = {}): AccountCredits => ({
  plan: 'standard',
  monthlyAllowance: 1000,
  monthlyCredits: 1000,
  autoCredits: 0,
  month: '2025-01',
  autocharge: { threshold: 0, amount: 0 },
  ...overrides,
});

describe('costFor', () => {
  it('enterprise pays nothing; standard pays the unit cost', () => {
    expect(costFor('enterprise', 10)).toBe(0);
    expect(costFor('standard', 10)).toBe(10);
  });
});

describe('rollMonth', () => {
  it('a later month restores the allowance and keeps auto credits', () => {
    expect(rollMonth(account({ monthlyCredits: 3, autoCredits: 7 }), '2025-02')).toMatchObject({
      month: '2025-02',
      monthlyCredits: 1000,
      autoCredits: 7,
    });
  });

  it('the same or an earlier month changes nothing', () => {
    const current = account({ monthlyCredits: 3 });
    expect(rollMonth(current, '2025-01')).toBe(current);
    expect(rollMonth(current, '2024-12')).toBe(current);
  });
});

describe('decideCharge', () => {
  it('monthly first, then auto', () => {
    expect(decideCharge(account({ monthlyCredits: 4, autoCredits: 20 }), 10)).toMatchObject({
      kind: 'charged',
      fromMonthly: 4,
      fromAuto: 6,
      after: { monthlyCredits: 0, autoCredits: 14 },
    });
  });

  it('short by one credit is refused', () => {
    expect(decideCharge(account({ monthlyCredits: 4, autoCredits: 5 }), 10)).toEqual({ kind: 'insufficient', cost: 10 });
  });

  it('autocharge fires strictly below the threshold', () => {
    const autocharge = { threshold: 100, amount: 500 };
    expect(decideCharge(account({ monthlyCredits: 109, autocharge }), 10)).toMatchObject({ autocharge: 'charged', autochargedAmount: 500 });
    expect(decideCharge(account({ monthlyCredits: 110, autocharge }), 10)).toMatchObject({
      autocharge: 'not-needed',
      autochargedAmount: 0,
    });
  });

  it('enterprise is charged nothing and keeps its balances', () => {
    const current = account({ plan: 'enterprise', monthlyCredits: 0 });
    expect(decideCharge(current, 10)).toMatchObject({ kind: 'charged', cost: 0, autocharge: 'not-applicable', after: current });
  });
});
