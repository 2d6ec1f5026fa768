/**
 * What kind of failure an error from PostgreSQL (pg), Redis (ioredis) or the network is, in one
 * word fit for `/ready` and its duty states: named from the error's code, or from a few known words
 * of its message, and never the message itself, which may carry a host, a user name or a query.
 */

/** PostgreSQL SQLSTATEs (exact, then by their two-character class). */
const SQLSTATES: Readonly<Record<string, string>> = {
  '28P01': 'authentication_failed',
  '28000': 'authentication_failed',
  '3D000': 'database_not_found',
  '42501': 'permission_denied',
  '57014': 'timeout',
};
const SQLSTATE_CLASSES: Readonly<Record<string, string>> = {
  '08': 'connection_failed',
  '28': 'authentication_failed',
  '42': 'schema_error',
  '53': 'database_out_of_resources',
  '57': 'database_unavailable',
};
const SYSTEM_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  ETIMEDOUT: 'timeout',
  ENOTFOUND: 'host_not_found',
  EAI_AGAIN: 'host_not_found',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
};
/** Redis error replies start with an upper-case word; these are the ones worth a name of their own. */
const REDIS_REPLIES: Readonly<Record<string, string>> = {
  NOAUTH: 'authentication_failed',
  WRONGPASS: 'authentication_failed',
  NOPERM: 'permission_denied',
  LOADING: 'redis_loading',
  READONLY: 'redis_read_only',
  MASTERDOWN: 'redis_master_down',
  CLUSTERDOWN: 'redis_cluster_down',
  OOM: 'redis_out_of_memory',
};

export function errorKindOf(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) return SQLSTATES[code] ?? SQLSTATE_CLASSES[code.slice(0, 2)] ?? `postgres_${code}`;
    const system = SYSTEM_ERRORS[code];
    if (system !== undefined) return system;
  }
  // A wrapper (the store's STORE_UNAVAILABLE) says most through what it wraps.
  const cause = error.cause === undefined ? 'error' : errorKindOf(error.cause);
  if (cause !== 'error') return cause;
  const worded = kindInWords(error.message);
  if (worded !== undefined) return worded;
  if (error instanceof AggregateError && error.errors.length > 0) return errorKindOf(error.errors[0]);
  return error.name === 'DomainError' && typeof code === 'string' ? code.toLowerCase() : 'error';
}

/** Redis replies, and what pg and the store say in words only: a password asked for (SASL), a timeout, a lost connection. */
function kindInWords(message: string): string | undefined {
  const reply = /^([A-Z]{3,})\b/.exec(message)?.[1];
  if (reply !== undefined && REDIS_REPLIES[reply] !== undefined) return REDIS_REPLIES[reply];
  if (/\bSASL\b|password must be/i.test(message)) return 'authentication_failed';
  if (/time(d)? ?out|did not answer/i.test(message)) return 'timeout';
  if (/connection (is )?(closed|terminated|ended)/i.test(message)) return 'connection_lost';
  return undefined;
}
