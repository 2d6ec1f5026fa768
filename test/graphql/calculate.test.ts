import { describe, expect, it, vi } from 'vitest';
import { VARIANT_B_SECTIONS } from '../../src/domain/chart/analysis/variant-b.ts';
import { CalculateFullDocument, CalculatePillarsDocument } from './generated/operations.ts';
import { createHarness } from './harness.ts';

const RISSHUN_2024 = { year: 2024, month: 2, day: 4, time: '17:27', location: 135 };

describe('Mutation.calculate', () => {
  it('returns VariantAResponse through its inline fragment, with every envelope and credit field', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const reply = await h.execute(CalculateFullDocument, { input: RISSHUN_2024, variant: 'A' }, auth);
    expect(reply.errors).toBeUndefined();
    const calc = reply.data!.calculate!;
    if (calc.__typename !== 'VariantAResponse') throw new Error(`got ${calc.__typename}`);
    expect(calc).toMatchObject({
      status: 'success',
      creditsConsumed: 10,
      creditsRemaining: 990,
      monthlyCredits: 990,
      autoCredits: 0,
      creditsUsedFrom: { monthly: 10, auto: 0 },
      autochargeInfo: { success: false, debug: { monthlyCredits: 990, autoCredits: 0, totalCredits: 990, threshold: 0 } },
    });
    expect(calc.transactionId).toMatch(/^\d+-\d+$/);
    expect(calc.logId).toBe(reply.headers.get('x-request-id') ?? calc.logId);
    expect(calc.result).toMatchObject({
      inputDate: '2024-02-04 17:27',
      yearGanzhi: '甲辰',
      monthGanzhi: '丙寅',
      dayGanzhi: '戊戌',
      timeGanzhi: '辛酉',
      springDate: '2024-02-04 17:27',
      monthGanzhiBiko: '立春(315°)',
      julianDay: 2460345,
      nayinList: [],
      zokan: { year: '乙', month: '戊', day: '辛', time: '庚' },
      gogyoBalance: { wood: 2, fire: 1, earth: 3, metal: 2, water: 0 },
    });
  });

  it('defaults to VariantBResponse and resolves every Variant B section', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const defaulted = await h.raw({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ query: 'mutation { calculate(input: {year: 2024, month: 2, day: 4, location: 135}) { __typename } }' }),
    });
    expect(await defaulted.json()).toEqual({ data: { calculate: { __typename: 'VariantBResponse' } } });
    const reply = await h.execute(CalculateFullDocument, { input: RISSHUN_2024, variant: 'B' }, auth);
    const calc = reply.data!.calculate!;
    if (calc.__typename !== 'VariantBResponse') throw new Error(`got ${calc.__typename}`);
    expect(calc.result.springDate).toBe('2024/02/04 17:27');
    expect(calc.result.shensha.kuigang).toMatchObject({ present: true, ganzhi: '戊戌' });
    expect(calc.result.shensha.kongwang.locations).toEqual([expect.objectContaining({ pillar: '年柱', branch: '辰' })]);
    expect(calc.result.nayin.compatibility.elementDistribution).toEqual([
      { element: '木', count: 2 },
      { element: '火', count: 2 },
    ]);
  });

  it('a pillars-only selection returns exactly those fields and never computes the analysis sections', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const shensha = vi.spyOn(VARIANT_B_SECTIONS, 'shensha');
    const summary = vi.spyOn(VARIANT_B_SECTIONS, 'enhanced_summary');
    const reply = await h.execute(CalculatePillarsDocument, { input: RISSHUN_2024, variant: 'B' }, auth);
    expect(reply.data!.calculate).toEqual({
      __typename: 'VariantBResponse',
      creditsConsumed: 10,
      creditsRemaining: 990,
      result: { yearGanzhi: '甲辰', monthGanzhi: '丙寅', dayGanzhi: '戊戌', timeGanzhi: '辛酉' },
    });
    expect(shensha).not.toHaveBeenCalled();
    expect(summary).not.toHaveBeenCalled();
    await h.execute(CalculateFullDocument, { input: RISSHUN_2024, variant: 'B' }, auth);
    expect(shensha).toHaveBeenCalledTimes(1);
    shensha.mockRestore();
    summary.mockRestore();
  });

  it('accepts the key as X-API-Key too, and the convention options as enums', async () => {
    const h = createHarness();
    const { apiKey } = await h.customer();
    const reply = await h.execute(
      CalculateFullDocument,
      {
        input: { ...RISSHUN_2024, location: 139.6917, solarTime: 'APPARENT', dayBoundary: 'ZI_HOUR', zokanTable: 'NIJUHACHIGEN' },
        variant: 'B',
      },
      { 'x-api-key': apiKey },
    );
    const calc = reply.data!.calculate!;
    if (calc.__typename !== 'VariantBResponse') throw new Error('expected B');
    expect(calc.result.trueSolarTimeRaw).toBe('2024-02-04 17:31:57');
  });

  it('charges exactly once per successful mutation; an idempotent retry replays without charging', async () => {
    const h = createHarness();
    const { auth, accountId } = await h.customer();
    const first = await h.execute(CalculatePillarsDocument, { input: RISSHUN_2024, variant: 'A', idempotencyKey: 'retry-1' }, auth);
    const again = await h.execute(CalculatePillarsDocument, { input: RISSHUN_2024, variant: 'A', idempotencyKey: 'retry-1' }, auth);
    expect(again.data).toEqual(first.data);
    expect(await h.totalCredits(accountId)).toBe(990);
    await h.execute(CalculatePillarsDocument, { input: RISSHUN_2024, variant: 'A' }, auth);
    expect(await h.totalCredits(accountId)).toBe(980);
  });
});
