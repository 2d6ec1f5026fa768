import { readFileSync } from 'node:fs';
import type { Cluster, Redis } from 'ioredis';

/**
 * The one place Lua scripts are registered (STYLE rule 8). Each script is a file in `lua/` whose
 * header documents KEYS, ARGV and the reply; here each gets a typed wrapper. ioredis sends EVALSHA
 * and falls back to EVAL on NOSCRIPT (e.g. after a Redis restart), so scripts are loaded lazily.
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
  readonly ledgerMaxEntries: number;
  readonly deadlineMs: number;
  readonly chargeRecordTtlSeconds: number;
  readonly idempotencyKey: string;
}

export interface ChargeKeys {
  readonly account: string;
  readonly ledger: string;
  readonly idempotency: string;
  readonly chargeRecord: string;
  readonly voidMarker: string;
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

export interface CreditScripts {
  charge(keys: ChargeKeys, args: ChargeScriptArgs): Promise<unknown>;
  authenticate(keys: { apiKey: string; rateBucket: string }, args: { perSecond: number; burst: number; nowMs: number }): Promise<unknown>;
  voidCharge(keys: VoidKeys, args: { markerTtlSeconds: number; nowMs: number; month: string }): Promise<unknown>;
  createAccount(accountKey: string, args: CreateAccountScriptArgs): Promise<unknown>;
  grantAuto(accountKey: string, amount: number): Promise<unknown>;
  setAutocharge(accountKey: string, threshold: number, amount: number): Promise<unknown>;
}

const SCRIPTS = {
  fpCharge: { file: 'charge.lua', numberOfKeys: 5 },
  fpVoid: { file: 'void.lua', numberOfKeys: 5 },
  fpAuthenticate: { file: 'authenticate.lua', numberOfKeys: 2 },
  fpCreateAccount: { file: 'create-account.lua', numberOfKeys: 1 },
  fpGrantAuto: { file: 'grant-auto.lua', numberOfKeys: 1 },
  fpSetAutocharge: { file: 'set-autocharge.lua', numberOfKeys: 1 },
} as const;
type ScriptName = keyof typeof SCRIPTS;
export const CREDIT_SCRIPT_NAMES = Object.keys(SCRIPTS) as readonly ScriptName[];

/** Script sources, read once per process. */
const LUA_SOURCES: Readonly<Record<ScriptName, string>> = Object.fromEntries(
  Object.entries(SCRIPTS).map(([name, { file }]) => [name, readFileSync(new URL(`./lua/${file}`, import.meta.url), 'utf8')]),
) as Record<ScriptName, string>;

export function registerCreditScripts(client: Redis | Cluster): CreditScripts {
  for (const [name, { numberOfKeys }] of Object.entries(SCRIPTS)) {
    client.defineCommand(name, { numberOfKeys, lua: LUA_SOURCES[name as ScriptName] });
  }
  // defineCommand adds methods at run time; this is the single typed doorway to them.
  const call = (name: ScriptName, ...args: Arg[]): Promise<unknown> =>
    (client as unknown as Record<ScriptName, (...a: Arg[]) => Promise<unknown>>)[name](...args);
  return {
    charge: (keys, a) =>
      call(
        'fpCharge',
        keys.account,
        keys.ledger,
        keys.idempotency,
        keys.chargeRecord,
        keys.voidMarker,
        a.unitCost,
        a.month,
        a.nowMs,
        a.logId,
        a.requestDigest,
        a.idempotencyTtlSeconds,
        a.ledgerMaxEntries,
        a.deadlineMs,
        a.chargeRecordTtlSeconds,
        a.idempotencyKey,
      ),
    authenticate: (keys, a) => call('fpAuthenticate', keys.apiKey, keys.rateBucket, a.perSecond, a.burst, a.nowMs),
    voidCharge: (keys, a) =>
      call('fpVoid', keys.account, keys.chargeRecord, keys.voidMarker, keys.voided, keys.idempotency, a.markerTtlSeconds, a.nowMs, a.month),
    createAccount: (accountKey, a) =>
      call('fpCreateAccount', accountKey, a.plan, a.monthlyAllowance, a.autoCredits, a.month, a.threshold, a.amount, a.createdMs),
    grantAuto: (accountKey, amount) => call('fpGrantAuto', accountKey, amount),
    setAutocharge: (accountKey, threshold, amount) => call('fpSetAutocharge', accountKey, threshold, amount),
  };
}
