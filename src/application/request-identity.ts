/**
 * Who a request is in logs and response headers. The HTTP listener makes one per request; the
 * paid-operation pipeline tells it which log id the answer carries, and the listener's sink writes
 * that as `X-Request-Id` (DESIGN §7: X-Request-Id = log_id, so an idempotent replay answers with the
 * first call's id).
 */
export interface RequestIdentity {
  /** This request's log id. */
  readonly logId: string;
  /** The answer carries `logId` (this request's, or the first call's on a replay). */
  answerAs(logId: string): void;
}

/** An identity whose answer goes nowhere but the value returned (CLI, tests, MCP-style callers). */
export const detachedIdentity = (logId: string): RequestIdentity => ({ logId, answerAs: () => {} });
