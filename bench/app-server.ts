/**
 * Child process for load benchmarks: the real app (REST + GraphQL) on a free port over the store the
 * environment configures (REDIS_URL), with one standard account holding plenty of credits.
 * Prints `{"port":…,"apiKey":…}` once listening.
 */
import type { AddressInfo } from 'node:net';
import { createAccountAdmin } from '../src/application/account-admin.ts';
import { compose } from '../src/composition.ts';
import { createHttpServer } from '../src/http/server.ts';

// One key carries the whole load here, so the per-key rate limit is off unless the environment sets it.
const { app, store, close, config } = await compose({ env: { RATE_LIMIT_PER_SECOND: '0', ...process.env } });
const { apiKey } = await createAccountAdmin(store).createAccount({
  plan: 'standard',
  monthlyAllowance: 1_000_000_000,
  autoCredits: 1_000_000_000,
  autocharge: { threshold: 0, amount: 0 },
});
const server = createHttpServer(app, config.http);
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, apiKey }));
});
process.once('SIGTERM', () => server.close(() => void close().then(() => process.exit(0))));
