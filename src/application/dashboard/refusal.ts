/**
 * The dashboard's refusals: DomainErrors of the one error table whose reason the pages put into
 * words (`http/account/words.ts`), with the form field and the figures the words quote. The code
 * is the page's status: a form shown again to be fixed is a 400, a refused log-in a 401 (403 when
 * the address is not verified yet), throttling a 429, a key that is not there a 404.
 */
import { DomainError, type DomainErrorCode, type ErrorReason } from '../errors.ts';
import { refuse, type Outcome } from '../outcome.ts';

export type DashboardReasonCode =
  | 'email_invalid'
  | 'password_short'
  | 'password_long'
  | 'password_common'
  | 'password_contains_email'
  | 'invite_required'
  | 'invite_invalid'
  | 'token_invalid'
  | 'login_failed'
  | 'not_verified'
  | 'throttled'
  | 'autocharge_threshold_range'
  | 'autocharge_amount_range'
  | 'autocharge_unavailable'
  | 'key_name_invalid'
  | 'key_scopes_empty'
  | 'key_scope_unknown'
  | 'key_expiry_invalid'
  | 'key_not_found'
  | 'account_closed'
  | 'account_suspended'
  | 'key_limit'
  | 'month_invalid';

/** What went wrong, as a code the pages translate; `field` names the form field. */
export type DashboardReason = ErrorReason<DashboardReasonCode>;

/** A dashboard refusal: it always carries its reason. */
export type DashboardError = DomainError<DashboardReasonCode> & { readonly reason: DashboardReason };

export type DashboardOutcome<T> = Outcome<T, DashboardError>;

/** The reasons whose page is not a form shown again (400). */
const CODE_OF_REASON: Partial<Readonly<Record<DashboardReasonCode, DomainErrorCode>>> = {
  throttled: 'RATE_LIMITED',
  login_failed: 'UNAUTHENTICATED',
  not_verified: 'FORBIDDEN',
  key_not_found: 'NOT_FOUND',
};

export const dashboardError = (reason: DashboardReason): DashboardError =>
  new DomainError(CODE_OF_REASON[reason.code] ?? 'BAD_USER_INPUT', reason.code, { reason }) as DashboardError;

export const fail = <T = never>(code: DashboardReasonCode, field?: string, params?: DashboardReason['params']): DashboardOutcome<T> =>
  refuse(dashboardError({ code, ...(field === undefined ? {} : { field }), ...(params === undefined ? {} : { params }) }));
