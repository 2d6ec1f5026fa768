import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { createAccountAdmin, type AccountAdmin } from '../../../src/application/accounts/account-admin.ts';
import { resolveCredentials, type Credentials } from '../../../src/application/paid/credentials.ts';
import { DomainError } from '../../../src/application/errors.ts';
import type { ChargeCommand, ChargeOutcome, CreditStore } from '../../../src/application/ports/credit-store.ts';
import { FakeClock } from '../../contract/credit-store.contract.ts';
import { paidCalculate, type PaidCalculate } from '../../support/paid-calculate.ts';
import { StubOperation, VALID_REQUEST, type StubResult } from '../../support/stub-operation.ts';
import { budgetMs } from '../../support/time-budget.ts';

describe('calculate (application service)', () => {
  let store: MemoryCreditStore;
  let admin: AccountAdmin;
  let engine: StubOperation;
  let service: PaidCalculate<StubResult>;
  let logIds: number;

  beforeEach(() => {
    store = new MemoryCreditStore({ clock: new FakeClock() });
    admin = createAccountAdmin(store);
    engine = new StubOperation();
    logIds = 0;
    service = paidCalculate({ operation: engine, store, creditCost: 10, newLogId: () => `log-${++logIds}`, present: (r) => r });
  });

  async function customer(
    options: { monthly?: number; auto?: number; plan?: 'standard' | 'enterprise'; threshold?: number; amount?: number } = {},
  ): Promise<{ accountId: string; credentials: Credentials; apiKey: string }> {
    const { accountId, apiKey } = await admin.createAccount({
      plan: options.plan ?? 'standard',
      monthlyAllowance: options.monthly ?? 1000,
      autoCredits: options.auto ?? 0,
      autocharge: { threshold: options.threshold ?? 0, amount: options.amount ?? 0 },
    });
    return { accountId, apiKey, credentials: resolveCredentials('A', { authorization: `Bearer ${apiKey}` }) };
  }

  const totalOf = async (accountId: string) => {
    const snapshot = await store.balance(accountId);
    return snapshot === null ? null : snapshot.monthlyCredits + snapshot.autoCredits;
  };

  it('Variant A: the envelope plus Variant A’s extras, in the documented order', async () => {
    const { credentials } = await customer({ monthly: 5, auto: 100, threshold: 100, amount: 500 });
    const outcome = await service.calculate(VALID_REQUEST, credentials, 'A');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const envelope = outcome.value;
    expect(Object.keys(envelope)).toEqual([
      'status',
      'message',
      'credits_consumed',
      'credits_remaining',
      'result',
      'transaction_id',
      'log_id',
      'monthly_credits',
      'auto_credits',
      'credits_used_from',
      'autocharge_info',
    ]);
    expect(envelope).toEqual({
      status: 'success',
      message: expect.any(String),
      credits_consumed: 10,
      credits_remaining: 595,
      result: { input_date: '1990-05-15 14:30', input_longitude: 139.69, variant: 'A' },
      transaction_id: expect.stringMatching(/^\d+-\d+$/),
      log_id: 'log-1',
      monthly_credits: 0,
      auto_credits: 595,
      credits_used_from: { monthly: 5, auto: 5 },
      autocharge_info: {
        success: true,
        message: expect.stringContaining('500'),
        debug: { monthly_credits: 0, auto_credits: 595, total_credits: 595, threshold: 100 },
      },
    });
    expect(outcome.logId).toBe('log-1');
  });

  it('Variant B: only the common envelope', async () => {
    const { credentials } = await customer({ monthly: 100 });
    const outcome = await service.calculate(VALID_REQUEST, credentials, 'B', { logId: 'req-7' });
    expect(outcome.ok && Object.keys(outcome.value)).toEqual([
      'status',
      'message',
      'credits_consumed',
      'credits_remaining',
      'result',
      'transaction_id',
      'log_id',
    ]);
    expect(outcome).toMatchObject({ ok: true, logId: 'req-7', value: { credits_consumed: 10, credits_remaining: 90, log_id: 'req-7' } });
  });

  it('autocharge_info reports why autocharge did not fire', async () => {
    const { credentials } = await customer({ monthly: 500, threshold: 100, amount: 500 });
    const outcome = await service.calculate(VALID_REQUEST, credentials, 'A');
    expect(outcome.ok && outcome.value.autocharge_info).toEqual({
      success: false,
      message: expect.stringContaining('not below the threshold'),
      debug: { monthly_credits: 490, auto_credits: 0, total_credits: 490, threshold: 100 },
    });
  });

  it('enterprise: 0 consumed, balances untouched, null transaction', async () => {
    const { accountId, credentials } = await customer({ plan: 'enterprise', monthly: 0 });
    const outcome = await service.calculate(VALID_REQUEST, credentials, 'A');
    expect(outcome).toMatchObject({
      ok: true,
      value: { credits_consumed: 0, credits_remaining: 0, transaction_id: null, credits_used_from: { monthly: 0, auto: 0 } },
    });
    expect(outcome.ok && outcome.value.autocharge_info.success).toBe(false);
    expect(await totalOf(accountId)).toBe(0);
  });

  describe('refusals charge nothing', () => {
    it('no key → UNAUTHENTICATED naming the accepted channels; nothing is computed', async () => {
      const outcome = await service.calculate(VALID_REQUEST, resolveCredentials('B', { xApiKey: 'fp_whatever' }), 'B');
      expect(outcome).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', httpStatus: 401 } });
      expect(!outcome.ok && outcome.error.message).toContain('Authorization: Bearer');
      expect(engine.computeCalls).toBe(0);
    });

    it('unknown key → UNAUTHENTICATED, before the input is even validated', async () => {
      const outcome = await service.calculate({ year: 'x' }, resolveCredentials('A', { query: 'fp_unknown' }), 'A');
      expect(outcome).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    });

    it('revoked key → UNAUTHENTICATED', async () => {
      const { apiKey, credentials, accountId } = await customer();
      await admin.revokeKey(apiKey);
      expect(await service.calculate(VALID_REQUEST, credentials, 'A')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
      expect(await totalOf(accountId)).toBe(1000);
    });

    it('invalid input → BAD_USER_INPUT naming the field', async () => {
      const { credentials, accountId } = await customer();
      const outcome = await service.calculate({ ...VALID_REQUEST, month: 13 }, credentials, 'A');
      expect(outcome).toMatchObject({ ok: false, error: { code: 'BAD_USER_INPUT', message: expect.stringContaining('month') } });
      expect(await totalOf(accountId)).toBe(1000);
    });

    it('a computation that refuses → its error; one that crashes → thrown; neither charges', async () => {
      const { credentials, accountId } = await customer();
      engine.failCompute = new DomainError('BAD_USER_INPUT', 'year: outside 1900–2100');
      expect(await service.calculate(VALID_REQUEST, credentials, 'A')).toMatchObject({ ok: false, error: { code: 'BAD_USER_INPUT' } });
      engine.failCompute = new Error('bug');
      await expect(service.calculate(VALID_REQUEST, credentials, 'A')).rejects.toThrow('bug');
      expect(await totalOf(accountId)).toBe(1000);
    });

    it('balance below the cost → INSUFFICIENT_CREDITS (402)', async () => {
      const { credentials, accountId } = await customer({ monthly: 9 });
      const outcome = await service.calculate(VALID_REQUEST, credentials, 'A');
      expect(outcome).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_CREDITS', httpStatus: 402 } });
      expect(await totalOf(accountId)).toBe(9);
    });

    it('a malformed idempotency key → BAD_USER_INPUT', async () => {
      const { credentials, accountId } = await customer();
      const outcome = await service.calculate(VALID_REQUEST, credentials, 'A', { idempotencyKey: 'has space' });
      expect(outcome).toMatchObject({ ok: false, error: { code: 'BAD_USER_INPUT' } });
      expect(await totalOf(accountId)).toBe(1000);
    });
  });

  describe('idempotency', () => {
    it('a retry returns the first response unchanged and charges once', async () => {
      const { credentials, accountId } = await customer();
      const first = await service.calculate(VALID_REQUEST, credentials, 'A', { idempotencyKey: 'order-1' });
      const retry = await service.calculate({ ...VALID_REQUEST }, credentials, 'A', { idempotencyKey: 'order-1' });
      expect(retry).toEqual(first);
      expect(retry.logId).toBe('log-1');
      expect(await totalOf(accountId)).toBe(990);
    });

    it('the same key with another request, or another variant, is IDEMPOTENCY_CONFLICT (409)', async () => {
      const { credentials, accountId } = await customer();
      await service.calculate(VALID_REQUEST, credentials, 'A', { idempotencyKey: 'order-2' });
      expect(await service.calculate({ ...VALID_REQUEST, day: 16 }, credentials, 'A', { idempotencyKey: 'order-2' })).toMatchObject({
        ok: false,
        error: { code: 'IDEMPOTENCY_CONFLICT', httpStatus: 409 },
      });
      expect(await service.calculate(VALID_REQUEST, credentials, 'B', { idempotencyKey: 'order-2' })).toMatchObject({
        ok: false,
        error: { code: 'IDEMPOTENCY_CONFLICT' },
      });
      expect(await totalOf(accountId)).toBe(990);
    });

    it('the digest is of the normalized request: equivalent raw inputs are the same request', async () => {
      const { credentials } = await customer();
      await service.calculate(VALID_REQUEST, credentials, 'B', { idempotencyKey: 'order-3' });
      const asStrings = { year: '1990', month: '5', day: '15', location: '139.69', time: '14:30' };
      expect(await service.calculate(asStrings, credentials, 'B', { idempotencyKey: 'order-3' })).toMatchObject({ ok: true });
    });
  });

  it('a store outage is thrown as STORE_UNAVAILABLE, not returned', async () => {
    const { credentials } = await customer();
    const down = Object.fromEntries(
      ['authenticate', 'charge', 'balance', 'usage'].map((m) => [m, () => Promise.reject(new DomainError('STORE_UNAVAILABLE', 'down'))]),
    ) as unknown as CreditStore;
    const broken = paidCalculate({ operation: engine, store: down, creditCost: 10, present: (r) => r });
    await expect(broken.calculate(VALID_REQUEST, credentials, 'A')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', httpStatus: 503 });
  });
});

/** A real embedded store whose charge runs, but whose answer is lost: the gateway sees a timeout (failure injection). */
class LateReplyStore extends MemoryCreditStore {
  override async charge(command: ChargeCommand): Promise<ChargeOutcome> {
    await super.charge(command);
    throw new DomainError('STORE_UNAVAILABLE', 'Credit store did not answer charge within 450 ms');
  }
}

describe('a charge the caller never gets an answer for does not stand', () => {
  it('the store applied the charge but answered too late: the caller gets STORE_UNAVAILABLE and the charge is voided', async () => {
    const store = new LateReplyStore({ clock: new FakeClock() });
    const { accountId, apiKey } = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    const service = paidCalculate({ operation: new StubOperation(), store, creditCost: 10, present: (r) => r });
    const credentials = resolveCredentials('B', { authorization: `Bearer ${apiKey}` });
    await expect(service.calculate(VALID_REQUEST, credentials, 'B')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(await service.settlement.drain(budgetMs(2000))).toBe(true);
    expect((await store.balance(accountId))?.monthlyCredits).toBe(100);
    const entries = await store.usage(accountId, { limit: 10 });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.voided).toBe(true);
  });
});
