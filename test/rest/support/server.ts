/** The real app on a real server (test/support/app-server.ts), with every log line captured. */
import type { AccountAdmin } from '../../../src/application/accounts/account-admin.ts';
import type { CreditStore } from '../../../src/application/ports/credit-store.ts';
import { createLogger } from '../../../src/adapters/logger.ts';
import type { Services } from '../../../src/application/services.ts';
import { startAppServer } from '../../support/app-server.ts';

export interface RestTestServer {
  readonly baseUrl: string;
  readonly port: number;
  readonly services: Services;
  readonly admin: AccountAdmin;
  /** Every log line the services wrote, for "keys never appear in logs". */
  readonly logLines: string[];
  close(): Promise<void>;
}

export async function startRestServer(store?: CreditStore): Promise<RestTestServer> {
  const logLines: string[] = [];
  const app = await startAppServer({ ...(store ? { store } : {}), logger: createLogger('debug', (line) => void logLines.push(line)) });
  return { baseUrl: app.baseUrl, port: app.port, services: app.services, admin: app.admin, logLines, close: app.close };
}

export interface TestAccount {
  readonly accountId: string;
  readonly apiKey: string;
}

/** A standard account with `monthly` credits (default 1,000), no auto credits, autocharge off. */
export function createStandardAccount(admin: AccountAdmin, monthly = 1000): Promise<TestAccount> {
  return admin.createAccount({ plan: 'standard', monthlyAllowance: monthly, autoCredits: 0, autocharge: { threshold: 0, amount: 0 } });
}

/** What a call could have moved: both balances and the ledger length. */
export async function creditState(admin: AccountAdmin, accountId: string): Promise<{ monthly: number; auto: number; ledger: number }> {
  const snapshot = await admin.show(accountId);
  if (snapshot === null) throw new Error(`no account ${accountId}`);
  const ledger = (await admin.usage(accountId, { limit: 100 })) ?? [];
  return { monthly: snapshot.monthlyCredits, auto: snapshot.autoCredits, ledger: ledger.length };
}
