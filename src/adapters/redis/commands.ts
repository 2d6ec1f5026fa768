import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Cluster, Redis } from 'ioredis';
import type { ScriptConnection } from './script-connection.ts';

/**
 * The one place Lua scripts are registered (STYLE rule 8). Each script is a file in `lua/` whose
 * header documents KEYS, ARGV and the reply; here each gets a typed wrapper that sends EVALSHA and,
 * on NOSCRIPT (a Redis that has not seen the script, e.g. after a restart), EVAL with the source:
 * NOSCRIPT means the script did not run, so the resend cannot apply anything twice.
 *
 * EVALSHA is sent as a plain command so that ioredis auto-pipelining batches it with the rest.
 * ioredis's own `defineCommand` scripts are not used: inside an auto-pipeline they are
 * sent as EVAL with the whole source every time (its per-socket "script loaded" memo never matches
 * a pipeline), which halved the charge rate when pipelined.
 */

/** Status codes in element 1 of a script reply; negative codes are refusals or failures. */
export const ScriptStatus = {
  Charged: 1,
  Replayed: 2,
  Insufficient: -1,
  IdempotencyConflict: -2,
  UnknownAccount: -3,
  DeadlinePassed: -4,
  VoidedBeforeRun: -5,
  RateLimited: -6,
} as const;
export type ScriptStatus = (typeof ScriptStatus)[keyof typeof ScriptStatus];

type Arg = string | number;

export interface ChargeScriptArgs {
  readonly unitCost: number;
  readonly month: string;
  readonly nowMs: number;
  readonly logId: string;
  readonly requestDigest: string;
  readonly idempotencyTtlSeconds: number;
  /** Oldest ledger id (ms) to keep: `XADD MINID ~`. */
  readonly ledgerMinId: number;
  readonly deadlineMs: number;
  readonly chargeRecordTtlSeconds: number;
  readonly idempotencyKey: string;
  /** The calling key's limit; perSecond 0 = none. */
  readonly ratePerSecond: number;
  readonly rateBurst: number;
  /** The gateway making the charge (kept in the charge record for the sweep). */
  readonly gatewayId: string;
  /** The paid operation's name, kept in the ledger entry. */
  readonly operation: string;
}

export interface ChargeKeys {
  readonly account: string;
  readonly ledger: string;
  readonly idempotency: string;
  readonly chargeRecord: string;
  readonly voidMarker: string;
  /** The calling key's token bucket (any key of the account's slot when there is no limit). */
  readonly rateBucket: string;
}

export interface VoidKeys {
  readonly account: string;
  readonly chargeRecord: string;
  readonly voidMarker: string;
  readonly voided: string;
  readonly idempotency: string;
}

export interface CreateAccountScriptArgs {
  readonly plan: string;
  readonly monthlyAllowance: number;
  readonly autoCredits: number;
  readonly month: string;
  readonly threshold: number;
  readonly amount: number;
  readonly createdMs: number;
}

/** The hashes of an account's keys. */
export interface AccountKeyLists {
  /** Digest → public key id ('' when unlisted). */
  readonly digests: string;
  /** Public key id → grant (JSON). */
  readonly grants: string;
  /** Public key id → last used (epoch ms). */
  readonly used: string;
}

export interface CreditScripts {
  charge(keys: ChargeKeys, args: ChargeScriptArgs): Promise<unknown>;
  rateToken(rateBucket: string, args: { perSecond: number; burst: number; nowMs: number }): Promise<unknown>;
  voidCharge(keys: VoidKeys, args: { markerTtlSeconds: number; nowMs: number; month: string }): Promise<unknown>;
  createAccount(accountKey: string, args: CreateAccountScriptArgs): Promise<unknown>;
  grantAuto(accountKey: string, amount: number): Promise<unknown>;
  setAutocharge(accountKey: string, threshold: number, amount: number): Promise<unknown>;
  setPlan(accountKey: string, args: { plan: string; monthlyAllowance: number; month: string }): Promise<unknown>;
  addKey(accountKey: string, lists: AccountKeyLists, args: { digest: string; keyId: string; grant: string }): Promise<unknown>;
  forgetKey(lists: AccountKeyLists, digest: string, keyId: string): Promise<unknown>;
  touchKey(lists: AccountKeyLists, keyId: string, nowMs: number): Promise<unknown>;
  rewriteKey(keyRecordKey: string, record: string, version: number): Promise<unknown>;
  setStatus(accountKey: string, lists: AccountKeyLists, status: 'active' | 'suspended'): Promise<unknown>;
  deleteAccount(accountKey: string, lists: AccountKeyLists, nowMs: number): Promise<unknown>;
  listAccounts(indexKey: string, before: string, limit: number): Promise<unknown>;
  /** 1 when `holder` holds the lease now (taken or renewed for `ttlMs`), 0 when another does. */
  takeLease(leaseKey: string, holder: string, ttlMs: number): Promise<unknown>;
  releaseLease(leaseKey: string, holder: string): Promise<unknown>;
}

/** `lib`: library files prepended to the script (Lua has no import in Redis scripts). */
interface ScriptSpec {
  readonly file: string;
  readonly numberOfKeys: number;
  readonly lib?: readonly string[];
}

const SCRIPTS = {
  fpCharge: { file: 'charge.lua', numberOfKeys: 6, lib: ['token-bucket.lua'] },
  fpVoid: { file: 'void.lua', numberOfKeys: 5 },
  fpRateToken: { file: 'rate-token.lua', numberOfKeys: 1, lib: ['token-bucket.lua'] },
  fpCreateAccount: { file: 'create-account.lua', numberOfKeys: 1 },
  fpGrantAuto: { file: 'grant-auto.lua', numberOfKeys: 1 },
  fpSetAutocharge: { file: 'set-autocharge.lua', numberOfKeys: 1 },
  fpSetPlan: { file: 'set-plan.lua', numberOfKeys: 1 },
  fpAddKey: { file: 'add-key.lua', numberOfKeys: 3 },
  fpForgetKey: { file: 'forget-key.lua', numberOfKeys: 3 },
  fpTouchKey: { file: 'touch-key.lua', numberOfKeys: 2 },
  fpRewriteKey: { file: 'rewrite-key.lua', numberOfKeys: 1 },
  fpSetStatus: { file: 'set-status.lua', numberOfKeys: 3 },
  fpDeleteAccount: { file: 'delete-account.lua', numberOfKeys: 3 },
  fpListAccounts: { file: 'list-accounts.lua', numberOfKeys: 1 },
  fpLeaseTake: { file: 'lease-take.lua', numberOfKeys: 1 },
  fpLeaseRelease: { file: 'lease-release.lua', numberOfKeys: 1 },
} as const satisfies Record<string, ScriptSpec>;
type ScriptName = keyof typeof SCRIPTS;

const readLua = (file: string): string => readFileSync(new URL(`./lua/${file}`, import.meta.url), 'utf8');

interface LoadedScript {
  readonly lua: string;
  readonly sha: string;
  readonly numberOfKeys: number;
}

/** Script sources with their libraries and SHA-1s, read once per process. */
const LOADED: Readonly<Record<ScriptName, LoadedScript>> = Object.fromEntries(
  Object.entries(SCRIPTS as Record<ScriptName, ScriptSpec>).map(([name, { file, lib = [], numberOfKeys }]) => {
    const lua = [...lib, file].map(readLua).join('\n');
    return [name, { lua, sha: hash('sha1', lua, 'hex'), numberOfKeys }];
  }),
) as Record<ScriptName, LoadedScript>;

const isNoScript = (error: unknown): boolean => error instanceof Error && error.message.startsWith('NOSCRIPT');

/**
 * The scripts over `client`; over `scripts` instead while it is ready (a leaner connection beside a
 * standalone client: script-connection.ts), NOSCRIPT's EVAL included, so that a script's writes are
 * always those of one connection (the one its replica WAIT is sent on).
 */
export function registerCreditScripts(client: Redis | Cluster, scripts: ScriptConnection | null = null): CreditScripts {
  const call = async (name: ScriptName, ...args: Arg[]): Promise<unknown> => {
    const { lua, sha, numberOfKeys } = LOADED[name];
    if (scripts?.ready === true) return scripts.script(sha, lua, numberOfKeys, args);
    try {
      return await client.evalsha(sha, numberOfKeys, ...args);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return client.eval(lua, numberOfKeys, ...args);
    }
  };
  return {
    charge: (keys, a) =>
      call(
        'fpCharge',
        keys.account,
        keys.ledger,
        keys.idempotency,
        keys.chargeRecord,
        keys.voidMarker,
        keys.rateBucket,
        a.unitCost,
        a.month,
        a.nowMs,
        a.logId,
        a.requestDigest,
        a.idempotencyTtlSeconds,
        a.ledgerMinId,
        a.deadlineMs,
        a.chargeRecordTtlSeconds,
        a.idempotencyKey,
        a.ratePerSecond,
        a.rateBurst,
        a.gatewayId,
        a.operation,
      ),
    rateToken: (rateBucket, a) => call('fpRateToken', rateBucket, a.perSecond, a.burst, a.nowMs),
    voidCharge: (keys, a) =>
      call('fpVoid', keys.account, keys.chargeRecord, keys.voidMarker, keys.voided, keys.idempotency, a.markerTtlSeconds, a.nowMs, a.month),
    createAccount: (accountKey, a) =>
      call('fpCreateAccount', accountKey, a.plan, a.monthlyAllowance, a.autoCredits, a.month, a.threshold, a.amount, a.createdMs),
    grantAuto: (accountKey, amount) => call('fpGrantAuto', accountKey, amount),
    setAutocharge: (accountKey, threshold, amount) => call('fpSetAutocharge', accountKey, threshold, amount),
    setPlan: (accountKey, a) => call('fpSetPlan', accountKey, a.plan, a.monthlyAllowance, a.month),
    addKey: (accountKey, lists, a) => call('fpAddKey', accountKey, lists.digests, lists.grants, a.digest, a.keyId, a.grant),
    forgetKey: (lists, digest, keyId) => call('fpForgetKey', lists.digests, lists.grants, lists.used, digest, keyId),
    touchKey: (lists, keyId, nowMs) => call('fpTouchKey', lists.grants, lists.used, keyId, nowMs),
    rewriteKey: (keyRecordKey, record, version) => call('fpRewriteKey', keyRecordKey, record, version),
    setStatus: (accountKey, lists, status) => call('fpSetStatus', accountKey, lists.digests, lists.grants, status),
    deleteAccount: (accountKey, lists, nowMs) => call('fpDeleteAccount', accountKey, lists.digests, lists.grants, nowMs),
    listAccounts: (indexKey, before, limit) => call('fpListAccounts', indexKey, before, limit),
    takeLease: (leaseKey, holder, ttlMs) => call('fpLeaseTake', leaseKey, holder, ttlMs),
    releaseLease: (leaseKey, holder) => call('fpLeaseRelease', leaseKey, holder),
  };
}
