import { randomUUID } from 'node:crypto';
import { digestApiKey } from './api-keys.js';
import type { Credentials } from './credentials.js';
import { variantAEnvelope, variantBEnvelope, type VariantAEnvelope, type VariantBEnvelope } from './envelope.js';
import { DomainError, isDomainError } from './errors.js';
import type { Outcome } from './outcome.js';
import type { ChartEngine, Variant } from './ports/chart-engine.js';
import type { CreditStore } from './ports/credit-store.js';
import { requestDigest } from './request-digest.js';

export interface CalculateServiceDeps<Request, Result> {
  readonly engine: ChartEngine<Request, Result>;
  readonly store: CreditStore;
  /** `CREDIT_COST` */
  readonly creditCost: number;
  readonly newLogId?: () => string;
}

export interface CalculateOptions {
  /** `Idempotency-Key` header / `idempotencyKey` argument; absent when null or undefined. */
  readonly idempotencyKey?: string | null | undefined;
  /** The request's log id (also `X-Request-Id`); generated when absent. */
  readonly logId?: string | undefined;
}

/**
 * `logId` is this call's id, except for an idempotent replay: then it is the first call's, which is
 * also the envelope's `log_id`.
 */
export type CalculateOutcome<Envelope> = Outcome<Envelope> & { readonly logId: string };

export interface CalculateService<Result> {
  calculate(raw: unknown, credentials: Credentials, variant: 'A', options?: CalculateOptions): Promise<CalculateOutcome<VariantAEnvelope<Result>>>;
  calculate(raw: unknown, credentials: Credentials, variant: 'B', options?: CalculateOptions): Promise<CalculateOutcome<VariantBEnvelope<Result>>>;
  calculate(
    raw: unknown,
    credentials: Credentials,
    variant: Variant,
    options?: CalculateOptions,
  ): Promise<CalculateOutcome<VariantAEnvelope<Result> | VariantBEnvelope<Result>>>;
}

/** Printable ASCII without spaces, like the IETF Idempotency-Key drafts' typical keys. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The paid use-case behind every protocol: authenticate → validate → compute → charge → envelope
 * (DESIGN §6 order). Refusals come back as `{ ok: false }` and charge nothing; a store outage
 * throws `DomainError('STORE_UNAVAILABLE')`; anything else thrown is a bug (INTERNAL).
 */
export function createCalculateService<Request, Result>(deps: CalculateServiceDeps<Request, Result>): CalculateService<Result> {
  const newLogId = deps.newLogId ?? randomUUID;

  async function calculate(
    raw: unknown,
    credentials: Credentials,
    variant: Variant,
    options: CalculateOptions = {},
  ): Promise<CalculateOutcome<VariantAEnvelope<Result> | VariantBEnvelope<Result>>> {
    const logId = options.logId ?? newLogId();
    const refuse = (error: DomainError) => ({ ok: false as const, error, logId });

    if (credentials.apiKey === null) {
      return refuse(new DomainError('UNAUTHENTICATED', `API key required: send it in ${credentials.acceptedChannels}`));
    }
    const account = await deps.store.authenticate(digestApiKey(credentials.apiKey));
    if (account === null) return refuse(new DomainError('UNAUTHENTICATED', 'Invalid or revoked API key'));

    const idempotencyKey = options.idempotencyKey ?? null;
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return refuse(new DomainError('BAD_USER_INPUT', 'Idempotency-Key: must be 1–255 printable ASCII characters without spaces'));
    }
    let request: Request;
    let result: Result;
    try {
      request = deps.engine.parse(raw);
      result = await deps.engine.compute(request, variant);
    } catch (error) {
      if (isDomainError(error)) return refuse(error);
      throw error;
    }

    const outcome = await deps.store.charge({
      accountId: account.accountId,
      unitCost: deps.creditCost,
      logId,
      idempotency: idempotencyKey === null ? null : { key: idempotencyKey, requestDigest: requestDigest(request, variant) },
    });
    switch (outcome.kind) {
      case 'charged':
      case 'replayed': {
        const envelope = variant === 'A' ? variantAEnvelope(result, outcome.receipt) : variantBEnvelope(result, outcome.receipt);
        return { ok: true, value: envelope, logId: outcome.receipt.logId };
      }
      case 'insufficient':
        return refuse(
          new DomainError(
            'INSUFFICIENT_CREDITS',
            `Insufficient credits: this call costs ${outcome.cost}, the balance is ${outcome.monthlyCredits + outcome.autoCredits}`,
          ),
        );
      case 'idempotency-conflict':
        return refuse(new DomainError('IDEMPOTENCY_CONFLICT', 'Idempotency-Key was already used with a different request'));
      case 'unknown-account':
        return refuse(new DomainError('UNAUTHENTICATED', 'Invalid or revoked API key'));
    }
  }

  return { calculate } as CalculateService<Result>;
}
