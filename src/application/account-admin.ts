import { monthlyStatement } from './account-queries.ts';
import type { MonthlyStatement } from '../domain/credits/statement.ts';
import { digestApiKey, generateAccountId, generateApiKey } from './api-keys.ts';
import type { CreditStore, LedgerPage } from './ports/credit-store.ts';
import {
  ACCOUNT_ID_PATTERN,
  type AccountSnapshot,
  type AutochargeSettings,
  type LedgerEntry,
  type Plan,
} from '../domain/credits/account.ts';

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
  /** Null when the account does not exist. */
  issueKey(accountId: string): Promise<{ apiKey: string } | null>;
  revokeKey(apiKey: string): Promise<boolean>;
  grantAutoCredits(accountId: string, amount: number): Promise<AccountSnapshot | null>;
  setAutocharge(accountId: string, settings: AutochargeSettings): Promise<AccountSnapshot | null>;
  show(accountId: string): Promise<AccountSnapshot | null>;
  /** Newest first. */
  usage(accountId: string, page: LedgerPage): Promise<readonly LedgerEntry[] | null>;
  /** The account's statement of a Tokyo month `YYYY-MM`; null when there is no such account. */
  statement(accountId: string, month: string): Promise<MonthlyStatement | null>;
}

export class AccountExistsError extends Error {
  override readonly name = 'AccountExistsError';
}

export function createAccountAdmin(store: CreditStore): AccountAdmin {
  async function bindNewKey(accountId: string): Promise<string | null> {
    const apiKey = generateApiKey();
    return (await store.addKey(accountId, digestApiKey(apiKey))) ? apiKey : null;
  }

  return {
    async createAccount(request) {
      const accountId = request.accountId ?? generateAccountId();
      // Ids end up inside Redis hash tags: a brace would move the account's keys to other slots.
      if (!ACCOUNT_ID_PATTERN.test(accountId))
        throw new RangeError(`Account id ${JSON.stringify(accountId)} must match ${ACCOUNT_ID_PATTERN}`);
      const created = await store.createAccount({ ...request, accountId });
      if (created === 'exists') throw new AccountExistsError(`Account ${accountId} already exists`);
      const apiKey = await bindNewKey(accountId);
      if (apiKey === null) throw new Error(`Account ${accountId} vanished right after creation`);
      return { accountId, apiKey };
    },
    async issueKey(accountId) {
      const apiKey = await bindNewKey(accountId);
      return apiKey === null ? null : { apiKey };
    },
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
  store: CreditStore,
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
  await store.addKey(DEMO_ACCOUNT_ID, digestApiKey(apiKey));
  return { accountId: DEMO_ACCOUNT_ID, apiKey };
}
