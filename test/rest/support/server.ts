/** The real app (REST ahead of yoga) on a real node:http server on a free loopback port. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccountAdmin, type AccountAdmin } from '../../../src/application/account-admin.js';
import type { CreditStore } from '../../../src/application/ports/credit-store.js';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.js';
import { loadConfig } from '../../../src/config.js';
import { createApp } from '../../../src/http/app.js';
import { createServices, type AppServices } from '../../../src/http/services.js';
import { createLogger } from '../../../src/logger.js';

export interface RestTestServer {
  readonly baseUrl: string;
  readonly port: number;
  readonly services: AppServices;
  readonly admin: AccountAdmin;
  /** Every log line the services wrote, for "keys never appear in logs". */
  readonly logLines: string[];
  close(): Promise<void>;
}

export async function startRestServer(store: CreditStore = new MemoryCreditStore()): Promise<RestTestServer> {
  const logLines: string[] = [];
  const services = createServices(loadConfig({}), store, createLogger('debug', (line) => void logLines.push(line)));
  const server: Server = createServer(createApp(services).listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    services,
    admin: createAccountAdmin(store),
    logLines,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
