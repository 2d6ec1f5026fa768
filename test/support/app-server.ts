/** The real app on a real node:http server on a free loopback port, over an embedded credit store. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.js';
import { createAccountAdmin } from '../../src/application/account-admin.js';
import type { CreditStore } from '../../src/application/ports/credit-store.js';
import { loadConfig } from '../../src/config.js';
import { createApp } from '../../src/http/app.js';
import { createServices } from '../../src/http/services.js';

export interface RunningApp {
  readonly baseUrl: string;
  readonly store: CreditStore;
  /** A standard account with a large balance; its key. */
  readonly apiKey: string;
  close(): Promise<void>;
}

export async function startAppServer(store: CreditStore = new MemoryCreditStore()): Promise<RunningApp> {
  const { apiKey } = await createAccountAdmin(store).createAccount({
    plan: 'standard',
    monthlyAllowance: 1_000_000,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  const server = createServer(createApp(createServices(loadConfig({}), store)).listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    apiKey,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
