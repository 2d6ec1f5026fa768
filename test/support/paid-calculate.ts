/**
 * The paid-operation pipeline driven the way REST drives it, for application-level tests: run an
 * operation for a caller, wrap the result in the variant's envelope, and report the log id the
 * answer carries (the first call's on an idempotent replay).
 */
import type { Credentials } from '../../src/application/paid/credentials.ts';
import { variantAEnvelope, variantBEnvelope, type VariantAEnvelope, type VariantBEnvelope } from '../../src/wire/envelope.ts';
import type { DomainError } from '../../src/application/errors.ts';
import { createChargeSettlement, type ChargeHandle, type ChargeSettlement } from '../../src/application/paid/charge-settlement.ts';
import { createPaidOperationRunner, type PaidOperation } from '../../src/application/paid/paid-operation.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import type { Variant } from '../../src/domain/chart/variants.ts';

export interface CalculateOptions {
  readonly idempotencyKey?: string | null | undefined;
  readonly logId?: string | undefined;
}

type Answer<Envelope> = ({ readonly ok: true; readonly value: Envelope } | { readonly ok: false; readonly error: DomainError }) & {
  readonly logId: string;
};

export interface PaidCalculate<Result> {
  /** The pipeline's settlement, to wait for the voids it started. */
  readonly settlement: ChargeSettlement;
  calculate(raw: unknown, credentials: Credentials, variant: 'A', options?: CalculateOptions): Promise<Answer<VariantAEnvelope<Result>>>;
  calculate(raw: unknown, credentials: Credentials, variant: 'B', options?: CalculateOptions): Promise<Answer<VariantBEnvelope<Result>>>;
}

export function paidCalculate<Request, Result, Presented = Result>(deps: {
  readonly operation: PaidOperation<{ fields: unknown; variant: Variant }, Request, Result>;
  readonly store: CreditStore;
  readonly creditCost: number;
  readonly newLogId?: () => string;
  /** What the protocol answers with. */
  readonly present: (result: Result) => Presented;
}): PaidCalculate<Presented> {
  const settlement = createChargeSettlement(deps.store, silentLogger);
  const runner = createPaidOperationRunner({
    store: deps.store,
    prices: { [deps.operation.name]: deps.creditCost },
    settlement,
    // The operations run here draw no report.
    reports: { render: () => Promise.reject(new Error('no report renderer here')), close: async () => {} },
  });
  let calls = 0;
  const newLogId = deps.newLogId ?? (() => `log-${++calls}-${Math.random().toString(36).slice(2)}`);

  async function calculate(
    raw: unknown,
    credentials: Credentials,
    variant: 'A',
    options?: CalculateOptions,
  ): Promise<Answer<VariantAEnvelope<Presented>>>;
  async function calculate(
    raw: unknown,
    credentials: Credentials,
    variant: 'B',
    options?: CalculateOptions,
  ): Promise<Answer<VariantBEnvelope<Presented>>>;
  async function calculate(
    raw: unknown,
    credentials: Credentials,
    variant: Variant,
    options: CalculateOptions = {},
  ): Promise<Answer<VariantAEnvelope<Presented> | VariantBEnvelope<Presented>>> {
    let logId = options.logId ?? newLogId();
    const identity = {
      logId,
      answerAs: (answered: string) => void (logId = answered),
      charged: (charge: ChargeHandle) => settlement.confirm(charge),
      note: () => {},
    };
    const outcome = await runner.run(
      deps.operation,
      { fields: raw, variant },
      { credentials, idempotencyKey: options.idempotencyKey, identity },
      deps.present,
    );
    if (!outcome.ok) return { ...outcome, logId };
    const { result, receipt } = outcome.value;
    return { ok: true, value: variant === 'A' ? variantAEnvelope(result, receipt) : variantBEnvelope(result, receipt), logId };
  }
  return { calculate, settlement };
}
