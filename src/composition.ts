/**
 * The composition root: the only place that reads configuration, picks the credit store, provisions
 * the demo account and builds the services. The server (main.ts), both CLIs, the tests and the
 * benchmarks all compose through here.
 */
import { randomUUID } from 'node:crypto';
import { openCreditStore } from './adapters/create-credit-store.js';
import { atMostEvery, createJsonLogger } from './adapters/json-logger.js';
import { createAccountQueries } from './application/account-queries.js';
import { provisionDemoAccount } from './application/account-admin.js';
import { createChargeVoider } from './application/charge-voider.js';
import type { OperationPrices } from './application/operations/index.js';
import { createPaidOperationRunner } from './application/paid-operation.js';
import type { Clock, CreditStore } from './application/ports/credit-store.js';
import type { Logger } from './application/ports/logger.js';
import type { Services } from './application/services.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createApp, type App } from './http/app.js';

export interface ComposeOptions {
  /** Environment to configure from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A store made by the caller (tests): used instead of the configured one, and closed by the caller. */
  readonly store?: CreditStore;
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Start-up notices, one line each (the demo key is printed here, once). Default: none. */
  readonly print?: (line: string) => void;
  /** Log ids of HTTP requests (default random UUIDs). */
  readonly newLogId?: () => string;
}

export interface Composition {
  readonly config: Config;
  readonly logger: Logger;
  readonly store: CreditStore;
  readonly services: Services;
  readonly app: App;
  /** Closes what the composition opened (the configured store; not a store passed in). */
  readonly close: () => Promise<void>;
}

/** Repeated Redis connection errors are logged at most this often. */
const STORE_ERROR_LOG_INTERVAL_MS = 10_000;

const pricesOf = (config: Config): OperationPrices => ({ chart: config.creditCost });

export function composeServices(config: Config, store: CreditStore, logger: Logger): Services {
  const voider = createChargeVoider(store, logger);
  return {
    paid: createPaidOperationRunner({ store, prices: pricesOf(config), voider }),
    voider,
    accounts: createAccountQueries(store),
    checkReady: () => store.ping(),
    logger,
  };
}

/** The whole service: configuration, logger, store (with the demo account when embedded), services and the HTTP app. */
export async function compose(options: ComposeOptions = {}): Promise<Composition> {
  const config = loadConfig(options.env ?? process.env);
  const logger = options.logger ?? createJsonLogger(config.logLevel);
  const print = options.print ?? (() => {});
  let store = options.store;
  if (store === undefined) {
    const opened = await openCreditStore(config.creditStore, {
      redisKeyPrefix: config.redisKeyPrefix,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      onStoreError: atMostEvery(STORE_ERROR_LOG_INTERVAL_MS, (error: Error) =>
        logger.warn('credit store unreachable', { error: error.message }),
      ),
    });
    store = opened.store;
    print(`credit store: ${opened.description}`);
    if (config.creditStore.kind === 'embedded') {
      const demo = await provisionDemoAccount(store, config.demo);
      print(`demo account "${demo.accountId}" (${config.demo.plan}), API key: ${demo.apiKey}`);
    }
  }
  const services = composeServices(config, store, logger);
  const app = createApp(
    services,
    { graphiql: config.graphiql, production: config.nodeEnv === 'production' },
    options.newLogId ?? randomUUID,
  );
  const ownStore = options.store === undefined ? store : undefined;
  return { config, logger, store, services, app, close: async () => ownStore?.close() };
}

/**
 * The store the admin CLI administers: Redis or Redis Cluster only, since the embedded store lives
 * inside the server process and an account made from the CLI would vanish on exit.
 */
export async function composeAdminStore(env: Readonly<Record<string, string | undefined>> = process.env): Promise<CreditStore> {
  const config = loadConfig(env);
  if (config.creditStore.kind === 'embedded') {
    throw new ConfigError([
      'no credit store to administer: set REDIS_URL or REDIS_CLUSTER_NODES (the embedded store lives inside the server process)',
    ]);
  }
  return (await openCreditStore(config.creditStore, { redisKeyPrefix: config.redisKeyPrefix })).store;
}
