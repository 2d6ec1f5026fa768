/**
 * Who a request is in logs and response headers, and which charges its answer carries. The HTTP
 * listener makes one per request: the paid-operation pipeline tells it the log id the answer
 * carries (written as `X-Request-Id`, which equals the body's `log_id`, so an idempotent replay
 * answers with the first call's id) and each charge it made, which the listener voids if the answer
 * is never delivered.
 */
import type { ChargeHandle, ChargeSettlement } from './charge-settlement.ts';

export interface RequestIdentity {
  /** This request's log id. */
  readonly logId: string;
  /** The answer carries `logId` (this request's, or the first call's on a replay). */
  answerAs(logId: string): void;
  /** A charge this request made: settled once its answer is delivered, voided if it never is. */
  charged(charge: ChargeHandle): void;
  /** Facts for the request's access-log line, as they become known. Never the key. */
  note(details: RequestDetails): void;
}

export interface RequestDetails {
  readonly accountId?: string;
  /** The GraphQL operation's name (`anonymous` when it has none). */
  readonly operation?: string;
  /** Why it failed: a message for an expected failure (no stack), the stack for an unexpected one. */
  readonly error?: string;
  /** A bug, not a refusal or an outage: logged at error level. */
  readonly unexpected?: boolean;
  /** A GraphQL request yoga served whole (the direct path did not take it): its HTTP layer costs more. */
  readonly graphqlVia?: 'yoga';
}

/**
 * An identity for in-process callers, whose answer is the value returned (tests, or a protocol with
 * no header to write): a charge counts as delivered when it is made, so it is settled at once.
 */
export const detachedIdentity = (logId: string, settlement: Pick<ChargeSettlement, 'confirm'>): RequestIdentity => ({
  logId,
  answerAs: () => {},
  charged: (charge) => settlement.confirm(charge),
  note: () => {},
});
