/**
 * The catalogue of every expected error the service answers with: one function per situation, so a
 * message is written once and REST, GraphQL, the CLIs and the stores say the same thing.
 */
import { DomainError, isDomainError, type FieldIssue } from './errors.ts';

export const refusals = {
  missingKey: (acceptedChannels: string) => new DomainError('UNAUTHENTICATED', `API key required: send it in ${acceptedChannels}`),
  invalidKey: () => new DomainError('UNAUTHENTICATED', 'Invalid or revoked API key'),
  expiredKey: (expiredAt: string) =>
    new DomainError('UNAUTHENTICATED', `API key expired at ${expiredAt}: create a new one in the account dashboard (/account/keys)`),
  keyOutOfScope: (scope: string, scopes: readonly string[]) =>
    new DomainError(
      'UNAUTHENTICATED',
      `API key lacks the scope "${scope}" this call needs (it holds ${scopes.length === 0 ? 'none' : scopes.join(', ')}): use a key with it`,
    ),
  accountSuspended: () =>
    new DomainError('UNAUTHENTICATED', 'The account of this API key is suspended: contact the operator of this service'),
  badIdempotencyKey: () => new DomainError('BAD_USER_INPUT', 'Idempotency-Key: must be 1–255 printable ASCII characters without spaces'),
  idempotencyConflict: () => new DomainError('IDEMPOTENCY_CONFLICT', 'Idempotency-Key was already used with a different request'),
  writeOutcomeUnknown: (cause: string) =>
    new DomainError(
      'STORE_UNAVAILABLE',
      `${cause}: the write may have been applied. This Idempotency-Key will not apply it again; see the audit log (outcome "pending") and retry with a new key if it was not`,
    ),
  idempotencyInProgress: () =>
    new DomainError(
      'IDEMPOTENCY_CONFLICT',
      'Idempotency-Key: the first request with this key is still running: retry when it has answered',
    ),
  insufficientCredits: (cost: number, balance: number) =>
    new DomainError('INSUFFICIENT_CREDITS', `Insufficient credits: this call costs ${cost}, the balance is ${balance}`),
  /** Every bad field at once; each issue's message names the field and the rule. */
  invalidRequest: (issues: readonly FieldIssue[]) =>
    new DomainError('BAD_USER_INPUT', `Invalid request: ${issues.map((issue) => issue.message).join('; ')}`, { issues }),
  invalidField: (field: string, message: string) => refusals.invalidRequest([{ field, message }]),
  /** `bazi chart`: a stdin line that is not JSON. */
  lineNotJson: () => new DomainError('BAD_USER_INPUT', 'line is not valid JSON'),
  invalidArgument: (argument: string, rule: string) => new DomainError('BAD_USER_INPUT', `${argument}: ${rule}`),
  malformedJson: (why: 'not UTF-8' | 'empty' | 'not JSON') =>
    new DomainError('BAD_USER_INPUT', `Malformed JSON body: ${MALFORMED_JSON_REASON[why]}`),
  unsupportedMediaType: (why: 'none sent' | 'other type' | 'other charset') =>
    new DomainError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be application/json${UNSUPPORTED_MEDIA_REASON[why]}`),
  payloadTooLarge: (maxBytes: number) =>
    new DomainError('PAYLOAD_TOO_LARGE', `Request body must be at most ${maxBytes} bytes (${maxBytes / 1024} KiB)`),
  methodNotAllowed: (method: string, allowed: string) =>
    new DomainError('METHOD_NOT_ALLOWED', `Method ${method} is not allowed: use ${allowed}`),
  notFound: (method: string, path: string) => new DomainError('NOT_FOUND', `No route for ${method} ${path}`),
  /** A record of the caller's own (a saved subject) that the account does not hold. */
  notHeld: (what: string) => new DomainError('NOT_FOUND', what),
  /** A path of a feature this deployment has turned off. */
  featureOff: (path: string, why: string) => new DomainError('NOT_FOUND', `${path}: ${why}`),
  tooManyPaidFields: (count: number, max: number, fields: readonly string[]) =>
    new DomainError(
      'BAD_USER_INPUT',
      `An operation may hold at most ${max} paid fields (${fields.length > 1 ? `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}` : fields.join('')}, aliases included); this one holds ${count}`,
    ),
  tooManyDaySpans: (count: number, paid: number) =>
    new DomainError(
      'BAD_USER_INPUT',
      `luck.days (日運, a span of at most 366 dates) may be asked once per paid field of an operation, aliases and fragments included; this one asks ${count} times with ${paid} paid field${paid === 1 ? '' : 's'}`,
    ),
  tooManyIntrospectionFields: (count: number, max: number) =>
    new DomainError(
      'BAD_USER_INPUT',
      `An operation may hold at most ${max} introspection field (__schema or __type, aliases included); this one holds ${count}`,
    ),
  rateLimited: (retryAfterMs: number) =>
    new DomainError('RATE_LIMITED', `Too many requests for this API key: retry in ${Math.ceil(retryAfterMs / 1000)} s`, {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    }),
  /*
   * The server at its connection cap (http/server.ts): 429 RATE_LIMITED with Retry-After, like the
   * per-address cap; the one 503 code, STORE_UNAVAILABLE, would tell clients and alerts that the
   * credit store is down.
   */
  noConnectionFree: () => new DomainError('RATE_LIMITED', 'The server has no connection free: retry in 1 s', { retryAfterSeconds: 1 }),
  connectionsReservedForKeys: () =>
    new DomainError(
      'RATE_LIMITED',
      'The server is near its connection limit and keeps its last connections for calls with an API key: retry in 1 s, or send a key',
      { retryAfterSeconds: 1 },
    ),
  /** Reports of one account waiting to be drawn, at most `max` (adapters/pdf/report-threads.ts). */
  reportsQueued: (max: number, retryAfterMs: number) =>
    new DomainError(
      'RATE_LIMITED',
      `This account already has ${max} reports waiting to be drawn: retry in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s (nothing was charged)`,
      { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
    ),
  /** Requests without a valid API key, per client address. */
  addressRateLimited: (retryAfterMs: number) =>
    new DomainError(
      'RATE_LIMITED',
      `Too many requests without a valid API key from this address: retry in ${Math.ceil(retryAfterMs / 1000)} s (send an API key)`,
      { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) },
    ),
  tooManyConnections: (max: number) =>
    new DomainError('RATE_LIMITED', `Too many open connections from this address (at most ${max}): reuse or close one`, {
      retryAfterSeconds: 1,
    }),
  metricsToken: () =>
    new DomainError('UNAUTHENTICATED', 'GET /metrics needs the metrics token: send Authorization: Bearer <METRICS_TOKEN>'),
  adminTokenRequired: () =>
    new DomainError('UNAUTHENTICATED', 'Admin token required: send Authorization: Bearer <admin token> (docs/admin.md)'),
  invalidAdminToken: () => new DomainError('UNAUTHENTICATED', 'Invalid or revoked admin token'),
  expiredAdminToken: (expiredAt: string) =>
    new DomainError('UNAUTHENTICATED', `Admin token expired at ${expiredAt}: create a new one (admin create-admin-token)`),
  adminScopeMissing: (scope: string, held: readonly string[]) =>
    new DomainError(
      'FORBIDDEN',
      `This admin token lacks the scope "${scope}" (it holds ${held.join(', ')}): use a token with it (docs/admin.md)`,
    ),
  accountNotFound: (accountId: string) => new DomainError('NOT_FOUND', `Account ${accountId} not found`),
  accountKeyNotFound: (accountId: string, keyId: string) =>
    new DomainError('NOT_FOUND', `Account ${accountId} has no key ${keyId} (never issued, or already revoked)`),
  adminTokenNotFound: (tokenId: string) => new DomainError('NOT_FOUND', `No admin token ${tokenId} (never created, or already revoked)`),
  accountDeleted: (accountId: string) =>
    new DomainError('BAD_USER_INPUT', `account: ${accountId} is deleted; a deleted account can be read, not changed`),
  /** GraphQL variables that do not fit their declared types (the message is graphql-js's). */
  invalidVariables: () => new DomainError('BAD_USER_INPUT', 'Invalid variables'),
  subscriptionsUnsupported: () => new DomainError('BAD_USER_INPUT', 'Subscriptions are not supported: send a query or a mutation'),
  headersTooLarge: () => new DomainError('REQUEST_HEADERS_TOO_LARGE', 'Request headers are too large'),
  requestTimeout: () => new DomainError('REQUEST_TIMEOUT', 'The request did not arrive in time'),
  malformedHttp: () => new DomainError('BAD_USER_INPUT', 'Malformed HTTP request'),
  storeNotReachable: () => new DomainError('STORE_UNAVAILABLE', 'The credit store is not reachable'),
  /** `/ready` with a background duty failed (application/duties.ts); each works against a store. */
  dutiesFailed: (failed: readonly { readonly name: string; readonly kind: string | null; readonly sinceMs: number | null }[]) =>
    new DomainError(
      'STORE_UNAVAILABLE',
      `Background duty failing: ${failed
        .map(
          ({ name, kind, sinceMs }) =>
            `${name} (${kind ?? 'error'}${sinceMs === null ? '' : `, since ${new Date(sinceMs).toISOString()}`})`,
        )
        .join(', ')}`,
    ),
  storeUnavailable: (cause: unknown) => new DomainError('STORE_UNAVAILABLE', 'Credit store unavailable', { cause }),
  storeTooSlow: (operation: string, timeoutMs: number) =>
    new DomainError('STORE_UNAVAILABLE', `Credit store did not answer ${operation} within ${timeoutMs} ms`),
  ledgerArchiveUnavailable: (cause: unknown) =>
    new DomainError('STORE_UNAVAILABLE', 'Ledger archive unavailable: older usage cannot be read now (charges are unaffected)', { cause }),
  chargeNotApplied: () => new DomainError('STORE_UNAVAILABLE', 'Credit store too slow: the charge was not applied'),
  replicaNotConfirmed: (wanted: number, got: number, timeoutMs: number) =>
    new DomainError(
      'STORE_UNAVAILABLE',
      `Credit store replication not confirmed: ${got} of ${wanted} replicas within ${timeoutMs} ms; the charge was voided`,
    ),
  internal: (logId: string, cause: unknown) => new DomainError('INTERNAL', `Internal error (log_id ${logId})`, { cause }),
} as const;

const MALFORMED_JSON_REASON = {
  'not UTF-8': 'the body is not valid UTF-8',
  empty: 'the body is empty, send a JSON object',
  'not JSON': 'the body is not valid JSON',
} as const;

const UNSUPPORTED_MEDIA_REASON = {
  'none sent': ' (none was sent)',
  'other type': '',
  'other charset': ' with charset utf-8',
} as const;

/**
 * Anything that is not a DomainError becomes INTERNAL with a masked message; the caller logs the
 * original together with `logId`.
 */
export const toDomainError = (value: unknown, logId: string): DomainError =>
  isDomainError(value) ? value : refusals.internal(logId, value);
