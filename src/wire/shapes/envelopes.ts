/**
 * The envelopes of the paid answers and the error body (docs/fields.md, section 2; docs/rest.md,
 * Responses): /openapi.json `SuccessA`, `SuccessB`, `SuccessCompatibility` and `ErrorBody`. GraphQL
 * carries the same credit fields on its `ChargedResponse` interface, and errors in `extensions`.
 */
import { z } from 'zod';
import { once } from '../../application/registry.ts';
import { DOMAIN_ERROR_CODES, type DomainErrorCode, type ErrorBody } from '../../application/errors.ts';
import type { VariantAEnvelope, VariantBEnvelope } from '../envelope.ts';
import { COMPATIBILITY_RESULT_SHAPE } from './compatibility-result.ts';
import { RESULT_A_SHAPE, RESULT_B_SHAPE } from './results.ts';
import { TIMELINE_RESULT_SHAPE } from './timeline.ts';
import { asWritten, shape, type AnyShape } from './shape.ts';

const CREDITS = () => z.int().min(0);

export const ERROR_BODY_SHAPE = shape(
  'ErrorBody',
  'The error body of every path; its codes: docs/rest.md, Responses',
  {
    status: asWritten<'error'>({ const: 'error' }),
    message: z.string(),
    code: asWritten<DomainErrorCode>({ type: 'string', enum: [...DOMAIN_ERROR_CODES] }),
  },
  { component: true },
);

/** The members every paid answer opens with, before its `result`. */
const HEAD = {
  status: asWritten<'success'>({ const: 'success' }),
  message: z.string(),
  credits_consumed: CREDITS(),
  credits_remaining: CREDITS(),
};
/** The members every paid answer carries after its `result`. */
const TAIL = {
  transaction_id: z.string().nullable().meta({ description: 'Ledger entry id; null when nothing was charged (enterprise plan)' }),
  log_id: asWritten<string>({ type: 'string', minLength: 1, description: 'Equals the X-Request-Id of the call that was charged' }),
};

export const CREDITS_USED_FROM_SHAPE = shape('CreditsUsedFrom', null, { monthly: CREDITS(), auto: CREDITS() });

export const AUTOCHARGE_DEBUG_SHAPE = shape('AutochargeDebug', null, {
  monthly_credits: CREDITS(),
  auto_credits: CREDITS(),
  total_credits: CREDITS(),
  threshold: CREDITS(),
});

export const AUTOCHARGE_INFO_SHAPE = shape('AutochargeInfo', null, {
  success: z.boolean(),
  message: z.string(),
  debug: AUTOCHARGE_DEBUG_SHAPE.object,
});

/** Variant A's envelope (built on first use, as its `result` is). */
export const SUCCESS_A_SHAPE = once(() =>
  shape(
    'SuccessA',
    'The envelope of both variants with the Variant A extras (docs/fields.md, sections 2.1 and 2.2)',
    {
      ...HEAD,
      result: RESULT_A_SHAPE().object,
      ...TAIL,
      monthly_credits: CREDITS(),
      auto_credits: CREDITS(),
      credits_used_from: CREDITS_USED_FROM_SHAPE.object,
      autocharge_info: AUTOCHARGE_INFO_SHAPE.object,
    },
    { component: true },
  ),
);

/** Variant B's envelope (built on first use, as its `result` is). */
export const SUCCESS_B_SHAPE = once(() =>
  shape(
    'SuccessB',
    'The envelope of both variants with a Variant B result (docs/fields.md, section 2.1)',
    { ...HEAD, result: RESULT_B_SHAPE().object, ...TAIL },
    { component: true },
  ),
);

export const SUCCESS_COMPATIBILITY_SHAPE = shape(
  'SuccessCompatibility',
  'Variant B’s envelope with the compatibility as `result`',
  { ...HEAD, result: COMPATIBILITY_RESULT_SHAPE.object, ...TAIL },
  { component: true },
);

export const SUCCESS_TIMELINE_SHAPE = shape(
  'SuccessTimeline',
  'Variant B’s envelope with a timeline search as `result`',
  { ...HEAD, result: TIMELINE_RESULT_SHAPE.object, ...TAIL },
  { component: true },
);

/**
 * The shapes' types are the envelopes': the declared answer fits the envelope's type (a variant's
 * `result` aside: results.ts checks it), and a member added to one and not the other fails the type check.
 */
type Same<Declared, Domain> = [Declared, keyof Declared] extends [Domain, keyof Domain] ? true : false;
type Answer<S extends AnyShape> = z.infer<S['object']>;
type Envelope<T> = Omit<T, 'result'>;
const sameMembers: [
  Same<Answer<typeof ERROR_BODY_SHAPE>, ErrorBody>,
  Same<Envelope<Answer<ReturnType<typeof SUCCESS_A_SHAPE>>>, Envelope<VariantAEnvelope<unknown>>>,
  Same<Envelope<Answer<ReturnType<typeof SUCCESS_B_SHAPE>>>, Envelope<VariantBEnvelope<unknown>>>,
  Same<Answer<typeof SUCCESS_COMPATIBILITY_SHAPE>, VariantBEnvelope<Answer<typeof COMPATIBILITY_RESULT_SHAPE>>>,
] = [true, true, true, true];
void sameMembers;
