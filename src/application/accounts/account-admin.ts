import { monthlyStatement } from './account-queries.ts';
import type { MonthlyStatement } from '../../domain/credits/statement.ts';
import { API_KEY_PREFIX, digestApiKey, generateAccountId, generateApiKey } from './api-keys.ts';
import { systemClock, type AccountDirectory, type Clock, type LedgerPage } from '../ports/credit-store.ts';
import {
  ACCOUNT_ID_PATTERN,
  type AccountSnapshot,
  type AutochargeSettings,
  type LedgerEntry,
  type Plan,
} from '../../domain/credits/account.ts';

/** Operator use-cases (admin CLI, start-up provisioning). No caller authentication: operators only. */

export interface NewAccountRequest {
  readonly plan: Plan;
  readonly monthlyAllowance: number;
  readonly autoCredits: number;
  readonly autocharge: AutochargeSettings;
  /** Chosen id (e.g. `demo`); random when absent. */
  readonly accountId?: string;
}

export interface AccountAdmin {
  /** The key is returned once and never stored in clear. */
  createAccount(request: NewAccountRequest): Promise<{ accountId: string; apiKey: string }>;
  /** Null when the account does not exist. Named `key` when no options are given; every scope, no expiry by default. */
  issueKey(accountId: string, options?: KeyOptions): Promise<IssuedKey | null>;
  revokeKey(apiKey: string): Promise<boolean>;
  grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null>;
  setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null>;
  show(accountId: string): Promise<AccountSnapshot | null>;
  /** Newest first. */
  usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[] | null>;
  /** The account's statement of a Tokyo month `YYYY-MM`; null when there is no such account. */
  statement(accountId: string, month: string): Promise<MonthlyStatement | null>;
}

/** How a key is issued: its name, expiry and scopes (application/key-scopes.ts); null members mean no limit. */
export interface KeyOptions {
  readonly name?: string;
  readonly expiresMs?: number | null;
  readonly scopes?: readonly string[] | null;
}

export interface IssuedKey {
  /** The key itself: shown once, never stored. */
  readonly apiKey: string;
  readonly keyId: string;
  readonly name: string;
}

/** A key's public id: `fp_` and the next 8 characters (48 random bits): shown in lists, useless as a key. */
export const keyIdOf = (apiKey: string): string => apiKey.slice(0, API_KEY_PREFIX.length + 8);

export const KEY_NAME_PATTERN = /^[^\p{Cc}\p{Cs}]{1,64}$/u;

export class AccountExistsError extends Error {
  override readonly name = 'AccountExistsError';
}

export function createAccountAdmin(store: AccountDirectory, clock: Clock = systemClock): AccountAdmin {
  async function bindNewKey(accountId: string, options: KeyOptions = {}): Promise<IssuedKey | null> {
    const apiKey = generateApiKey();
    const keyId = keyIdOf(apiKey);
    const name = options.name ?? 'key';
    const granted = await store.addKey(accountId, digestApiKey(apiKey), {
      keyId,
      name,
      createdMs: clock.now(),
      expiresMs: options.expiresMs ?? null,
      scopes: options.scopes ?? null,
    });
    return granted ? { apiKey, keyId, name } : null;
  }

  return {
    async createAccount(request) {
      const accountId = request.accountId ?? generateAccountId();
      // Ids end up inside Redis hash tags: a brace would move the account's keys to other slots.
      if (!ACCOUNT_ID_PATTERN.test(accountId))
        throw new RangeError(`Account id ${JSON.stringify(accountId)} must match ${ACCOUNT_ID_PATTERN}`);
      const created = await store.createAccount({ ...request, accountId });
      if (created === 'exists') throw new AccountExistsError(`Account ${accountId} already exists`);
      const issued = await bindNewKey(accountId);
      if (issued === null) throw new Error(`Account ${accountId} vanished right after creation`);
      return { accountId, apiKey: issued.apiKey };
    },
    issueKey: (accountId, options) => bindNewKey(accountId, options),
    revokeKey: (apiKey) => store.revokeKey(digestApiKey(apiKey)),
    grantAutoCredits: (accountId, amount) => store.grantAutoCredits(accountId, amount),
    setAutocharge: (accountId, settings) => store.setAutocharge(accountId, settings),
    show: (accountId) => store.balance(accountId),
    async usage(accountId, page) {
      return (await store.balance(accountId)) === null ? null : store.usage(accountId, page);
    },
    async statement(accountId, month) {
      return (await store.balance(accountId)) === null ? null : monthlyStatement(store, accountId, month);
    },
  };
}

export interface DemoAccountSettings {
  /** `DEMO_API_KEY`; a random key when absent. */
  readonly apiKey: string | undefined;
  readonly plan: Plan;
}

export const DEMO_ACCOUNT_ID = 'demo';
export const DEMO_MONTHLY_ALLOWANCE = 1000;

/** The embedded store's demo account: standard with 1,000 monthly unless DEMO_PLAN says otherwise (README). */
export async function provisionDemoAccount(
  store: AccountDirectory,
  settings: DemoAccountSettings,
): Promise<{ accountId: string; apiKey: string }> {
  const created = await store.createAccount({
    accountId: DEMO_ACCOUNT_ID,
    plan: settings.plan,
    monthlyAllowance: DEMO_MONTHLY_ALLOWANCE,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  if (created === 'exists') throw new AccountExistsError(`Account ${DEMO_ACCOUNT_ID} already exists`);
  const apiKey = settings.apiKey ?? generateApiKey();
  await store.addKey(DEMO_ACCOUNT_ID, digestApiKey(apiKey), {
    // A chosen DEMO_API_KEY need not look like a generated one: never show its characters as an id.
    keyId: apiKey.startsWith(API_KEY_PREFIX) ? keyIdOf(apiKey) : 'demo',
    name: 'demo',
    createdMs: Date.now(),
    expiresMs: null,
    scopes: null,
  });
  return { accountId: DEMO_ACCOUNT_ID, apiKey };
}
