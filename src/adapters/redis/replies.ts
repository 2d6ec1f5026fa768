import type { AccountSnapshot, AccountStatus, LedgerEntry, Plan } from '../../domain/credits/account.ts';
import type { AutochargeStatus } from '../../domain/credits/charge-rules.ts';
import type {
  ApiKeyDigest,
  AuthenticatedAccount,
  ChargeOutcome,
  ChargeReceipt,
  KeyGrant,
  KeyLimits,
  KeyRecord,
  RateLimited,
  VoidOutcome,
} from '../../application/ports/credit-store.ts';
import { ScriptStatus } from './commands.ts';

/** Decoding of Redis replies into port types. A reply of an unexpected shape is a bug: it throws. */

export class UnexpectedReplyError extends Error {
  override readonly name = 'UnexpectedReplyError';
}

const AUTOCHARGE_BY_CODE: Readonly<Record<number, AutochargeStatus>> = {
  0: 'disabled',
  1: 'charged',
  2: 'not-needed',
  3: 'not-applicable',
};

export const ACCOUNT_FIELDS = ['plan', 'allowance', 'monthly', 'auto', 'month', 'threshold', 'amount', 'status', 'created_ms'] as const;

function int(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new UnexpectedReplyError(`${what}: expected an integer, got ${String(value)}`);
  return n;
}

function text(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  throw new UnexpectedReplyError(`${what}: expected a string, got ${String(value)}`);
}

/** charge.lua reply → outcome. DeadlinePassed is not an outcome: the caller turns it into an outage. */
export function decodeChargeReply(reply: unknown): ChargeOutcome | 'deadline-passed' {
  if (!Array.isArray(reply)) throw new UnexpectedReplyError('charge: expected an array');
  const status = int(reply[0], 'charge status');
  switch (status) {
    case ScriptStatus.Charged:
    case ScriptStatus.Replayed:
      return { kind: status === ScriptStatus.Charged ? 'charged' : 'replayed', receipt: decodeReceipt(reply) };
    case ScriptStatus.Insufficient:
      return {
        kind: 'insufficient',
        monthlyCredits: int(reply[1], 'monthly'),
        autoCredits: int(reply[2], 'auto'),
        cost: int(reply[5], 'cost'),
      };
    case ScriptStatus.IdempotencyConflict:
      return { kind: 'idempotency-conflict' };
    case ScriptStatus.UnknownAccount:
      return { kind: 'unknown-account' };
    case ScriptStatus.DeadlinePassed:
      return 'deadline-passed';
    case ScriptStatus.VoidedBeforeRun:
      return { kind: 'voided' };
    case ScriptStatus.RateLimited:
      return { kind: 'rate-limited', retryAfterMs: int(reply[1], 'retry after') };
    default:
      throw new UnexpectedReplyError(`charge: unknown status ${status}`);
  }
}

/** rate-token.lua reply → admitted (null) or how long until a token is back. */
export function decodeRateTokenReply(reply: unknown): RateLimited | null {
  const retryAfterMs = int(reply, 'rate token');
  return retryAfterMs === 0 ? null : { rateLimited: true, retryAfterMs };
}

/** void.lua reply → outcome. */
export function decodeVoidReply(reply: unknown): VoidOutcome {
  const status = int(reply, 'void status');
  if (status === 0) return 'already-void';
  if (status === 1) return 'not-charged';
  if (status === 2) return 'voided';
  if (status === 3) return 'final';
  throw new UnexpectedReplyError(`void: unknown status ${status}`);
}

function decodeReceipt(reply: unknown[]): ChargeReceipt {
  const autochargeCode = int(reply[6], 'autocharge');
  const autocharge = AUTOCHARGE_BY_CODE[autochargeCode];
  if (autocharge === undefined) throw new UnexpectedReplyError(`charge: unknown autocharge code ${autochargeCode}`);
  const transactionId = text(reply[9], 'tx_id');
  return {
    monthlyCredits: int(reply[1], 'monthly'),
    autoCredits: int(reply[2], 'auto'),
    fromMonthly: int(reply[3], 'from_monthly'),
    fromAuto: int(reply[4], 'from_auto'),
    cost: int(reply[5], 'cost'),
    autocharge: { status: autocharge, amount: int(reply[7], 'autocharged'), threshold: int(reply[8], 'threshold') },
    transactionId: transactionId === '' ? null : transactionId,
    logId: text(reply[10], 'log_id'),
  };
}

/** HMGET of ACCOUNT_FIELDS → snapshot as stored (before any month roll), or null if absent. */
export function decodeAccount(accountId: string, fields: readonly (string | null)[]): AccountSnapshot | null {
  const [plan, allowance, monthly, auto, month, threshold, amount, status, createdMs] = fields;
  if (plan === null || plan === undefined) return null;
  if (plan !== 'standard' && plan !== 'enterprise') throw new UnexpectedReplyError(`account ${accountId}: plan ${plan}`);
  const known: AccountStatus =
    status === null || status === undefined || status === 'active'
      ? 'active'
      : status === 'suspended' || status === 'deleted'
        ? status
        : unknownStatus(accountId, status);
  return {
    accountId,
    status: known,
    createdMs: createdMs === null || createdMs === undefined || createdMs === '' ? null : int(createdMs, 'created_ms'),
    plan: plan satisfies Plan,
    monthlyAllowance: int(allowance, 'allowance'),
    monthlyCredits: int(monthly, 'monthly'),
    autoCredits: int(auto, 'auto'),
    month: text(month, 'month'),
    autocharge: { threshold: int(threshold, 'threshold'), amount: int(amount, 'amount') },
  };
}

function unknownStatus(accountId: string, status: string): never {
  throw new UnexpectedReplyError(`account ${accountId}: status ${status}`);
}

/** A flat `[name, value, name, value, …]` reply (stream entry fields, XINFO) as a map. */
export function fieldsOf<V>(flat: readonly V[]): Map<string, V> {
  const fields = new Map<string, V>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(String(flat[i]), flat[i + 1]!);
  return fields;
}

/** One XREVRANGE item (a stream entry) and whether its id is in the account's voided hash → ledger entry. */
export function decodeLedgerEntry([id, flat]: [string, string[]], voided: boolean): LedgerEntry {
  const fields = fieldsOf(flat);
  const operation = fields.get('operation');
  return {
    transactionId: id,
    logId: text(fields.get('log_id'), 'log_id'),
    // Entries written before the operation was kept were all charts.
    operation: operation === undefined || operation === '' ? 'chart' : text(operation, 'operation'),
    cost: int(fields.get('cost'), 'cost'),
    fromMonthly: int(fields.get('from_monthly'), 'from_monthly'),
    fromAuto: int(fields.get('from_auto'), 'from_auto'),
    autochargedAmount: int(fields.get('autocharged'), 'autocharged'),
    atMs: int(fields.get('at_ms'), 'at_ms'),
    voided,
  };
}

/**
 * What `apikey:<digest>` says about a key: its account, its public id when it is listed,
 * its limits (null: every scope, no expiry) and whether the account is suspended.
 */
export interface KeyBinding {
  readonly accountId: string;
  readonly keyId: string | null;
  readonly limits: KeyLimits | null;
  readonly suspended: boolean;
}

/**
 * A key record: compact JSON, `{"v":<status version>,"a":<account>,"k":<key id>,"e":<expiry ms>,"s":[<scopes>],"x":1}`
 * with `k`, `e`, `s` and `x` (suspended) present only when they say something. The status version
 * comes first: rewrite-key.lua reads it without decoding the JSON.
 */
export function encodeKeyRecord(binding: KeyBinding, statusVersion: number): string {
  return JSON.stringify({
    v: statusVersion,
    a: binding.accountId,
    ...(binding.keyId === null ? {} : { k: binding.keyId }),
    ...(binding.limits?.expiresMs == null ? {} : { e: binding.limits.expiresMs }),
    ...(binding.limits?.scopes == null ? {} : { s: binding.limits.scopes }),
    ...(binding.suspended ? { x: 1 } : {}),
  });
}

/** A key record, or a bare account id (a key bound before keys had names, scopes and expiry: every scope, no expiry, unlisted). */
export function decodeKeyRecord(value: string): KeyBinding {
  if (!value.startsWith('{')) return { accountId: value, keyId: null, limits: null, suspended: false };
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(value) as Record<string, unknown>;
  } catch {
    throw new UnexpectedReplyError(`key record: not JSON: ${value}`);
  }
  const expiresMs = record['e'] === undefined ? null : int(record['e'], 'key record expiry');
  const scopes = record['s'] === undefined ? null : stringList(record['s'], 'key record scopes');
  return {
    accountId: text(record['a'], 'key record account'),
    keyId: record['k'] === undefined ? null : text(record['k'], 'key record id'),
    limits: expiresMs === null && scopes === null ? null : { expiresMs, scopes },
    suspended: record['x'] === 1,
  };
}

/** What authenticate answers for a key. */
export function authenticatedAs(binding: KeyBinding): AuthenticatedAccount {
  return {
    accountId: binding.accountId,
    ...(binding.limits === null ? {} : { key: binding.limits }),
    ...(binding.suspended ? { suspended: true } : {}),
  };
}

/** A grant's limits, or null when it has none. */
export function limitsOf(grant: KeyLimits): KeyLimits | null {
  return grant.expiresMs === null && grant.scopes === null ? null : { expiresMs: grant.expiresMs, scopes: grant.scopes };
}

/** A listed key as kept in `{acct:<id>}:keys` (the key id is the field): JSON with the digest. */
export function encodeGrant(digest: string, grant: KeyGrant): string {
  return JSON.stringify({ d: digest, n: grant.name, c: grant.createdMs, e: grant.expiresMs, s: grant.scopes });
}

/** A field of `{acct:<id>}:keys` and its last-used time → the key's digest and listing. */
export function decodeGrant(keyId: string, json: string, lastUsed: string | null | undefined): { digest: ApiKeyDigest; key: KeyRecord } {
  let grant: Record<string, unknown>;
  try {
    grant = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new UnexpectedReplyError(`key ${keyId}: grant not JSON`);
  }
  return {
    digest: text(grant['d'], 'grant digest') as ApiKeyDigest,
    key: {
      keyId,
      name: text(grant['n'], 'grant name'),
      createdMs: int(grant['c'], 'grant created'),
      expiresMs: grant['e'] === null || grant['e'] === undefined ? null : int(grant['e'], 'grant expiry'),
      scopes: grant['s'] === null || grant['s'] === undefined ? null : stringList(grant['s'], 'grant scopes'),
      lastUsedMs: lastUsed === null || lastUsed === undefined ? null : int(lastUsed, 'last used'),
    },
  };
}

function stringList(value: unknown, what: string): readonly string[] {
  if (!Array.isArray(value)) throw new UnexpectedReplyError(`${what}: expected a list, got ${String(value)}`);
  return value.map((item) => text(item, what));
}

/** A flat HGETALL reply (from a script) as a map. */
export function hashOf(flat: unknown, what: string): Map<string, string> {
  if (!Array.isArray(flat)) throw new UnexpectedReplyError(`${what}: expected an array`);
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(text(flat[i], what), text(flat[i + 1], what));
  return fields;
}

/** add-key.lua reply: the account's status when the key was recorded, or null (unknown or deleted account). */
export function decodeAddKeyReply(reply: unknown): { suspended: boolean; version: number } | null {
  if (!Array.isArray(reply)) throw new UnexpectedReplyError('addKey: expected an array');
  const status = int(reply[0], 'addKey status');
  if (status === ScriptStatus.UnknownAccount) return null;
  return { suspended: status === 1, version: int(reply[1], 'status version') };
}

/** forget-key.lua reply. */
export function decodeForgetKeyReply(reply: unknown): { removed: boolean; keyId: string } {
  if (!Array.isArray(reply)) throw new UnexpectedReplyError('forgetKey: expected an array');
  return { removed: int(reply[0], 'forgetKey status') === 1, keyId: text(reply[1], 'key id') };
}

/**
 * set-status.lua / delete-account.lua reply: a code (the status version; 1 or 0 for a deletion) and
 * the account's keys (digest → public id or '', public id → grant), or null (unknown or deleted account).
 */
export function decodeKeyListsReply(reply: unknown): { code: number; digests: Map<string, string>; grants: Map<string, string> } | null {
  if (!Array.isArray(reply)) throw new UnexpectedReplyError('account keys: expected an array');
  const code = int(reply[0], 'account keys status');
  if (code === ScriptStatus.UnknownAccount) return null;
  return { code, digests: hashOf(reply[1], 'key digests'), grants: hashOf(reply[2], 'listed keys') };
}

/** create-account.lua reply: whether it was created now, and its creation time (null: created before it was kept). */
export function decodeCreateAccountReply(reply: unknown): { created: boolean; createdMs: number | null } {
  if (!Array.isArray(reply)) throw new UnexpectedReplyError('createAccount: expected an array');
  const createdMs = reply[1] === '' || reply[1] === null || reply[1] === undefined ? null : int(reply[1], 'created_ms');
  return { created: int(reply[0], 'createAccount status') === 1, createdMs };
}
