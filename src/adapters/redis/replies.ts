import type { AccountSnapshot, LedgerEntry, Plan } from '../../domain/credits/account.ts';
import type { AutochargeStatus } from '../../domain/credits/charge-rules.ts';
import type { ChargeOutcome, ChargeReceipt, RateLimited, VoidOutcome } from '../../application/ports/credit-store.ts';
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

export const ACCOUNT_FIELDS = ['plan', 'allowance', 'monthly', 'auto', 'month', 'threshold', 'amount'] as const;

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
  const [plan, allowance, monthly, auto, month, threshold, amount] = fields;
  if (plan === null || plan === undefined) return null;
  if (plan !== 'standard' && plan !== 'enterprise') throw new UnexpectedReplyError(`account ${accountId}: plan ${plan}`);
  return {
    accountId,
    plan: plan satisfies Plan,
    monthlyAllowance: int(allowance, 'allowance'),
    monthlyCredits: int(monthly, 'monthly'),
    autoCredits: int(auto, 'auto'),
    month: text(month, 'month'),
    autocharge: { threshold: int(threshold, 'threshold'), amount: int(amount, 'amount') },
  };
}

/** One XREVRANGE item → ledger entry. */
/** A stream entry and whether its id is in the account's voided hash. */
/** A flat `[name, value, name, value, …]` reply (stream entry fields, XINFO) as a map. */
export function fieldsOf<V>(flat: readonly V[]): Map<string, V> {
  const fields = new Map<string, V>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(String(flat[i]), flat[i + 1]!);
  return fields;
}

export function decodeLedgerEntry([id, flat]: [string, string[]], voided: boolean): LedgerEntry {
  const fields = fieldsOf(flat);
  return {
    transactionId: id,
    logId: text(fields.get('log_id'), 'log_id'),
    cost: int(fields.get('cost'), 'cost'),
    fromMonthly: int(fields.get('from_monthly'), 'from_monthly'),
    fromAuto: int(fields.get('from_auto'), 'from_auto'),
    autochargedAmount: int(fields.get('autocharged'), 'autocharged'),
    atMs: int(fields.get('at_ms'), 'at_ms'),
    voided,
  };
}
