/**
 * Child process for load benchmarks: the real app (REST + GraphQL) on a free port over the store the
 * environment configures (REDIS_URL), with one standard account holding plenty of credits.
 * Prints `{"port":…,"apiKey":…}` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openCreditStore } from '../src/adapters/create-credit-store.js';
import { createAccountAdmin } from '../src/application/account-admin.js';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/http/app.js';
import { createServices } from '../src/http/services.js';

const config = loadConfig();
const store = await openCreditStore(config, { provisionDemo: false });
const { apiKey } = await createAccountAdmin(store).createAccount({
  plan: 'standard',
  monthlyAllowance: 1_000_000_000,
  autoCredits: 1_000_000_000,
  autocharge: { threshold: 0, amount: 0 },
});
const server = createServer({ keepAliveTimeout: 65_000 }, createApp(createServices(config, store)).listener);
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, apiKey }));
});
process.once('SIGTERM', () => server.close(() => void store.close().then(() => process.exit(0))));
