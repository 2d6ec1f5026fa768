import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { provisionDemoAccount } from '../../../src/application/accounts/account-admin.ts';
import { resolveCredentials } from '../../../src/application/paid/credentials.ts';
import { OPERATIONS } from '../../../src/application/operations/index.ts';
import { buildVariantAResult, buildVariantBResult } from '../../../src/domain/chart/variants.ts';
import { paidCalculate } from '../../support/paid-calculate.ts';

async function setUp() {
  const store = new MemoryCreditStore();
  const { apiKey, accountId } = await provisionDemoAccount(store, { apiKey: undefined, plan: 'standard' });
  const service = paidCalculate({
    operation: OPERATIONS.chart,
    store,
    creditCost: 10,
    present: ({ variant, core }) => (variant === 'A' ? buildVariantAResult(core, JA_CATALOGUE) : buildVariantBResult(core, JA_CATALOGUE)),
  });
  const credentials = resolveCredentials('B', { authorization: `Bearer ${apiKey}` });
  return { store, service, credentials, accountId };
}

describe('the chart operation through the paid-operation pipeline', () => {
  it('charges 10 credits and wraps the Variant B chart in the envelope', async () => {
    const { service, credentials } = await setUp();
    const outcome = await service.calculate({ year: 2024, month: 2, day: 4, time: '17:27', location: 135 }, credentials, 'B');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value).toMatchObject({ status: 'success', credits_consumed: 10, credits_remaining: 990 });
    expect(outcome.value.result).toMatchObject({ year_ganzhi: '甲辰', day_ganzhi: '戊戌', shensha: { kuigang: { present: true } } });
  });

  it('reports every bad field as BAD_USER_INPUT with issues, and charges nothing', async () => {
    const { service, credentials, store, accountId } = await setUp();
    const outcome = await service.calculate({ year: 2023, month: 13, day: 1, location: 500 }, credentials, 'A');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('BAD_USER_INPUT');
    expect(outcome.error.issues.map((i) => i.field)).toEqual(['month', 'location']);
    expect((await store.balance(accountId))?.monthlyCredits).toBe(1000);
  });
});
