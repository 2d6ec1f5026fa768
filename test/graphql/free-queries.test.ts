import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { solarTermsOfYear } from '../../src/domain/astronomy/term-listing.ts';
import { zoneRules } from '../../src/domain/time/zone.ts';
import { tokyoMonthOf } from '../../src/domain/credits/month.ts';
import { AccountDocument, CalculatePillarsDocument, SolarTermsDocument, StatementDocument, UsageDocument } from './generated/operations.ts';
import { createHarness } from './harness.ts';

const VALID = { year: 2024, month: 2, day: 4, time: '17:27', location: 135 };

describe('free queries', () => {
  it('solarTerms needs no key and equals the `bazi terms` listing', async () => {
    const h = createHarness();
    const reply = await h.execute(SolarTermsDocument, { year: 2024, timezone: 'America/New_York' });
    expect(reply.data!.solarTerms).toEqual(solarTermsOfYear(2024, zoneRules('America/New_York'), JA_CATALOGUE.labels.jieqi));
    const tokyo = await h.execute(SolarTermsDocument, { year: 2024 });
    expect(tokyo.data!.solarTerms[2]).toEqual({ name: '立春', longitude: 315, utc: '2024-02-04T08:27:08Z', local: '2024-02-04 17:27:08' });
  });

  it('solarTerms rejects a year outside the table and an unknown zone with BAD_USER_INPUT', async () => {
    const h = createHarness();
    expect((await h.execute(SolarTermsDocument, { year: 1800 })).errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect((await h.execute(SolarTermsDocument, { year: 2024, timezone: 'Nowhere' })).errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('account needs a key and reports plan, balances and autocharge, free of charge', async () => {
    const h = createHarness();
    expect((await h.execute(AccountDocument, {})).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const { auth, accountId } = await h.customer({ autoCredits: 50, autocharge: { threshold: 100, amount: 500 } });
    const reply = await h.execute(AccountDocument, {}, auth);
    expect(reply.data!.account).toEqual({
      accountId,
      plan: 'standard',
      monthlyAllowance: 1000,
      monthlyCredits: 1000,
      autoCredits: 50,
      totalCredits: 1050,
      autocharge: { enabled: true, threshold: 100, amount: 500 },
    });
    expect(await h.totalCredits(accountId)).toBe(1050);
  });

  it('usage pages through the caller’s ledger, newest first', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    const logIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await h.execute(CalculatePillarsDocument, { input: { ...VALID, day: 4 + i }, variant: 'B' }, auth);
      expect(reply.errors).toBeUndefined();
      logIds.push(reply.headers.get('x-request-id') ?? '');
    }
    const page1 = await h.execute(UsageDocument, { first: 2 }, auth);
    expect(page1.data!.usage.edges).toHaveLength(2);
    expect(page1.data!.usage.pageInfo.hasNextPage).toBe(true);
    expect(page1.data!.usage.edges[0]!.node).toMatchObject({ cost: 10, fromMonthly: 10, fromAuto: 0 });
    const page2 = await h.execute(UsageDocument, { first: 2, after: page1.data!.usage.pageInfo.endCursor }, auth);
    expect(page2.data!.usage.edges).toHaveLength(1);
    expect(page2.data!.usage.pageInfo.hasNextPage).toBe(false);
    const all = [...page1.data!.usage.edges, ...page2.data!.usage.edges].map((e) => e.node.transactionId);
    expect(new Set(all).size).toBe(3);
    expect([...all].sort().reverse()).toEqual(all);
  });

  it('statement sums the month’s ledger (Asia/Tokyo); another month is empty; a bad month is refused; all free', async () => {
    const h = createHarness();
    expect((await h.execute(StatementDocument, { month: '2024-01' })).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const { auth, accountId } = await h.customer();
    for (let i = 0; i < 3; i++)
      expect((await h.execute(CalculatePillarsDocument, { input: VALID, variant: 'B' }, auth)).errors).toBeUndefined();
    const month = tokyoMonthOf(Date.now());
    const reply = await h.execute(StatementDocument, { month }, auth);
    expect(reply.data!.statement).toEqual({
      month,
      calls: 3,
      creditsFromMonthly: 30,
      creditsFromAuto: 0,
      autocharges: 0,
      autochargedCredits: 0,
      voided: 0,
    });
    expect((await h.execute(StatementDocument, { month: '2001-01' }, auth)).data!.statement.calls).toBe(0);
    expect((await h.execute(StatementDocument, { month: '2024-1' }, auth)).errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(await h.totalCredits(accountId)).toBe(970);
  });

  it('usage rejects a page size over 100', async () => {
    const h = createHarness();
    const { auth } = await h.customer();
    expect((await h.execute(UsageDocument, { first: 101 }, auth)).errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });
});
