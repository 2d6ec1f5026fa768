import type { ChargeReceipt } from '../application/ports/credit-store.ts';

/** Response envelopes of both variants and the Variant A extras (docs/fields.md, section 2), snake_case as documented. */

export interface VariantBEnvelope<Result> {
  readonly status: 'success';
  readonly message: string;
  readonly credits_consumed: number;
  readonly credits_remaining: number;
  readonly result: Result;
  readonly transaction_id: string | null;
  readonly log_id: string;
}

export interface VariantAEnvelope<Result> extends VariantBEnvelope<Result> {
  readonly monthly_credits: number;
  readonly auto_credits: number;
  readonly credits_used_from: { readonly monthly: number; readonly auto: number };
  readonly autocharge_info: {
    readonly success: boolean;
    readonly message: string;
    readonly debug: {
      readonly monthly_credits: number;
      readonly auto_credits: number;
      readonly total_credits: number;
      readonly threshold: number;
    };
  };
}

export const SUCCESS_MESSAGE = 'Four pillars chart calculated';
export const COMPATIBILITY_MESSAGE = 'Compatibility diagnosed';

export function variantBEnvelope<Result>(result: Result, receipt: ChargeReceipt): VariantBEnvelope<Result> {
  return {
    status: 'success',
    message: SUCCESS_MESSAGE,
    credits_consumed: receipt.cost,
    credits_remaining: receipt.monthlyCredits + receipt.autoCredits,
    result,
    transaction_id: receipt.transactionId,
    log_id: receipt.logId,
  };
}

/** A compatibility answer: Variant B's envelope with its own message. */
export const compatibilityEnvelope = <Result>(result: Result, receipt: ChargeReceipt): VariantBEnvelope<Result> => ({
  ...variantBEnvelope(result, receipt),
  message: COMPATIBILITY_MESSAGE,
});

/** A report answer (GraphQL): Variant B's envelope with its own message. */
export const reportEnvelope = <Result>(result: Result, receipt: ChargeReceipt): VariantBEnvelope<Result> => ({
  ...variantBEnvelope(result, receipt),
  message: 'Report made',
});

export function variantAEnvelope<Result>(result: Result, receipt: ChargeReceipt): VariantAEnvelope<Result> {
  const total = receipt.monthlyCredits + receipt.autoCredits;
  return {
    ...variantBEnvelope(result, receipt),
    monthly_credits: receipt.monthlyCredits,
    auto_credits: receipt.autoCredits,
    credits_used_from: { monthly: receipt.fromMonthly, auto: receipt.fromAuto },
    autocharge_info: {
      success: receipt.autocharge.status === 'charged',
      message: autochargeMessage(receipt, total),
      debug: {
        monthly_credits: receipt.monthlyCredits,
        auto_credits: receipt.autoCredits,
        total_credits: total,
        threshold: receipt.autocharge.threshold,
      },
    },
  };
}

function autochargeMessage({ autocharge }: ChargeReceipt, total: number): string {
  switch (autocharge.status) {
    case 'charged':
      return `Autocharge added ${autocharge.amount} credits: the balance fell below the threshold of ${autocharge.threshold}`;
    case 'not-needed':
      return `No autocharge: the balance of ${total} is not below the threshold of ${autocharge.threshold}`;
    case 'disabled':
      return 'No autocharge: autocharge is off for this account';
    case 'not-applicable':
      return 'No autocharge: the enterprise plan consumes no credits';
  }
}
