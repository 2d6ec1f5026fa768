/**
 * Who a request is in logs and response headers, and which charges its answer carries. The HTTP
 * listener makes one per request: the paid-operation pipeline tells it the log id the answer
 * carries (written as `X-Request-Id`: DESIGN §7, X-Request-Id = log_id, so an idempotent replay
 * answers with the first call's id) and each charge it made, which the listener voids if the answer
 * is never delivered.
 */
import type { ChargeHandle } from './charge-voider.js';

export interface RequestIdentity {
  /** This request's log id. */
  readonly logId: string;
  /** The answer carries `logId` (this request's, or the first call's on a replay). */
  answerAs(logId: string): void;
  /** A charge this request made: to be undone if its answer is not delivered. */
  charged(charge: ChargeHandle): void;
}

/** An identity whose answer goes nowhere but the value returned (CLI, tests, in-process callers). */
export const detachedIdentity = (logId: string): RequestIdentity => ({ logId, answerAs: () => {}, charged: () => {} });
