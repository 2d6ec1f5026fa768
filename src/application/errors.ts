/**
 * The one error table (README "Errors", docs/rest.md "Responses"). Every protocol maps a DomainError
 * through `toHttpStatus` and `errorBody`, so REST and GraphQL cannot disagree. No protocol imports here
 * on purpose.
 */

const HTTP_STATUS_BY_CODE = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  STORE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type DomainErrorCode = keyof typeof HTTP_STATUS_BY_CODE;

export const DOMAIN_ERROR_CODES = Object.keys(HTTP_STATUS_BY_CODE) as readonly DomainErrorCode[];

export function toHttpStatus(code: DomainErrorCode): number {
  return HTTP_STATUS_BY_CODE[code];
}

export interface DomainErrorOptions<R extends string = string> {
  readonly cause?: unknown;
  /** Seconds for `Retry-After` (RATE_LIMITED, STORE_UNAVAILABLE), when known. */
  readonly retryAfterSeconds?: number;
  /** BAD_USER_INPUT: every offending field with its rule (GraphQL reports them as `extensions.issues`). */
  readonly issues?: readonly FieldIssue[];
  /** A finer reason than the code, for pages that put each one into their own words (the dashboard's). */
  readonly reason?: ErrorReason<R>;
}

export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

/** Why, in a page's terms: a reason code its words are keyed by, the form field, the figures the words quote. */
export interface ErrorReason<R extends string = string> {
  readonly code: R;
  readonly field?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * An expected failure with a stable code. Its message is safe to show to the caller. `R` narrows
 * the reason codes a use-case can answer (the dashboard's), so its pages are checked to word each one.
 */
export class DomainError<R extends string = string> extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly httpStatus: number;
  readonly retryAfterSeconds: number | undefined;
  readonly issues: readonly FieldIssue[];
  readonly reason: ErrorReason<R> | undefined;

  constructor(code: DomainErrorCode, message: string, options: DomainErrorOptions<R> = {}) {
    // A refusal's stack is never read (only a bug's is logged, INTERNAL's with its cause): capturing
    // one costs ~5 µs, a tenth of the CPU of a refused call, which is what a flood of bad keys sends.
    const stackTraceLimit = Error.stackTraceLimit;
    if (code !== 'INTERNAL') Error.stackTraceLimit = 0;
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    Error.stackTraceLimit = stackTraceLimit;
    this.code = code;
    this.httpStatus = toHttpStatus(code);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.issues = options.issues ?? [];
    this.reason = options.reason;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

export interface ErrorBody {
  readonly status: 'error';
  readonly message: string;
  readonly code: DomainErrorCode;
}

export function errorBody(error: DomainError): ErrorBody {
  return { status: 'error', message: error.message, code: error.code };
}
