/** The real app (REST ahead of yoga) on a real node:http server on a free loopback port. */
import type { AddressInfo } from 'node:net';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { createAccountAdmin, type AccountAdmin } from '../../src/application/accounts/account-admin.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { silentLogger, type Logger } from '../../src/application/ports/logger.ts';
import type { Services } from '../../src/application/services.ts';
import { compose } from '../../src/composition.ts';
import type { GraphQLServer } from '../../src/graphql/server.ts';
import { createHttpServer } from '../../src/http/server.ts';

export interface RunningApp {
  readonly baseUrl: string;
  readonly port: number;
  readonly store: CreditStore;
  readonly services: Services;
  readonly admin: AccountAdmin;
  /** The app's yoga server, to be driven with `yoga.fetch` beside the HTTP listener. */
  readonly yoga: GraphQLServer;
  /** A standard account with a large balance; its key. */
  readonly apiKey: string;
  /** The GraphQL documents the app keeps for keyed callers. */
  readonly graphqlDocuments: { readonly count: number; readonly bytes: number };
  /** The connections the server holds open now (a test waits for the server to cut some). */
  connections(): Promise<number>;
  close(): Promise<void>;
}

export async function startAppServer(
  options: { store?: CreditStore; logger?: Logger; env?: Record<string, string> } = {},
): Promise<RunningApp> {
  const store = options.store ?? new MemoryCreditStore();
  const admin = createAccountAdmin(store);
  const { apiKey } = await admin.createAccount({
    plan: 'standard',
    monthlyAllowance: 1_000_000,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  const { services, app, config } = await compose({
    // The per-key rate limit is off unless a test turns it on: suites that send hundreds of calls on
    // one key are about other things (test/rest/rate-limit.test.ts covers the limit). So is the
    // sampling of repeated refusals, for suites that read one access line per request
    // (test/rest/refusal-log.test.ts covers it).
    env: {
      RATE_LIMIT_PER_SECOND: '0',
      ANON_RATE_LIMIT_PER_SECOND: '0',
      LOG_REFUSALS_PER_MINUTE: '0',
      ALLOW_EMBEDDED_STORE: '1',
      ...options.env,
    },
    store,
    // Quiet unless a test asks for the log: access lines on stdout would bury the test output.
    logger: options.logger ?? silentLogger,
  });
  const server = createHttpServer(app, config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    store,
    services,
    admin,
    apiKey,
    yoga: app.graphql,
    graphqlDocuments: app.graphqlDocuments,
    connections: () =>
      new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
