/**
 * The composition root: the only place that reads configuration, picks the credit store, provisions
 * the demo account and builds the services. The server (main.ts), both CLIs, the tests and the
 * benchmarks all compose through here.
 */
import { randomUUID } from 'node:crypto';
import { openCreditStore, type OpenCreditStoreOptions, type OpenedCreditStore } from './adapters/create-credit-store.ts';
import { instrumentStore } from './adapters/instrumented-store.ts';
import { atMostEvery, createLogger } from './adapters/logger.ts';
import { createPrometheusMetrics } from './adapters/prometheus-metrics.ts';
import { errorKindOf } from './adapters/error-kind.ts';
import { createAccountQueries } from './application/accounts/account-queries.ts';
import { provisionDemoAccount } from './application/accounts/account-admin.ts';
import { keyAccepted } from './application/paid/authenticate.ts';
import { createThreadedReportRenderer } from './adapters/pdf/report-threads.ts';
import { missingReportFonts } from './adapters/pdf/report-fonts.ts';
import type { ReportRenderer } from './application/ports/report-renderer.ts';
import { createChargeSettlement } from './application/paid/charge-settlement.ts';
import { Duties } from './application/duties.ts';
import { operationPrices } from './wire/operations/index.ts';
import { createPaidOperationRunner } from './application/paid/paid-operation.ts';
import { systemClock, type Clock, type CreditStore } from './application/ports/credit-store.ts';
import type { Logger } from './application/ports/logger.ts';
import type { Metrics } from './application/ports/metrics.ts';
import type { Services } from './application/services.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { composeDashboard } from './compose-dashboard.ts';
import { composeOperator } from './compose-operator.ts';
import { composeSubjects } from './compose-subjects.ts';
import { createFeeds } from './application/subjects/feeds.ts';
import type { Subjects } from './application/subjects/subjects.ts';
import type { DashboardStore } from './application/ports/dashboard-store.ts';
import type { PasswordHasher } from './application/ports/password-hasher.ts';
import { createApp, type App } from './http/app.ts';

export interface ComposeOptions {
  /** Environment to configure from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A store made by the caller (tests): used instead of the configured one, and closed by the caller. */
  readonly store?: CreditStore;
  readonly logger?: Logger;
  readonly clock?: Clock;
  /**
   * Where the embedded store's demo key is shown, once (default: nowhere). It is a banner for the
   * person starting the service, not a log event: keys never go into the log.
   */
  readonly print?: (line: string) => void;
  /** Log ids of HTTP requests (default random UUIDs). */
  readonly newLogId?: () => string;
  /** The dashboard's password hasher (tests pass a cheap argon2id setting). */
  readonly passwordHasher?: PasswordHasher;
}

export interface Composition {
  readonly config: Config;
  readonly logger: Logger;
  readonly store: CreditStore;
  readonly services: Services;
  readonly app: App;
  /** The dashboard's users, sessions, admin tokens and audit log; null when the dashboard is off. */
  readonly dashboardStore: DashboardStore | null;
  /** Draws the 鑑定書 PDFs on REPORT_THREADS threads; closed by `close`. */
  readonly reports: ReportRenderer;
  /** Closes what the composition opened (the report threads, the configured store; not a store passed in). */
  readonly close: () => Promise<void>;
}

/** Repeated Redis connection errors are logged at most this often. */
const STORE_ERROR_LOG_INTERVAL_MS = 10_000;
/**
 * The sweep looks at charges neither settled nor voided this long after they ran, and voids those
 * whose gateway has no heartbeat: it stopped between charge and answer (a live one decides within
 * milliseconds of writing the answer, and its charges are never swept).
 */
const UNSETTLED_AFTER_MS = 60_000;
/** A gateway's heartbeat is renewed this often and lasts this long. */
const HEARTBEAT_INTERVAL_MS = 5_000;
const HEARTBEAT_TTL_MS = 30_000;
/** How often the ledger archiver looks for new entries (and at start-up). */
const ARCHIVE_INTERVAL_MS = 5_000;
/** How often the unsettled charges are swept (and once at start-up). */
const SWEEP_INTERVAL_MS = 60_000;

/** Each paid operation's price from its setting (`CREDIT_COST`, `COMPATIBILITY_COST`), else its default. */
const pricesOf = (config: Config): Readonly<Record<string, number>> => operationPrices(config.prices);

/** The services over a store; every store call is timed and counted into `metrics`. */
export function composeServices(
  config: Config,
  rawStore: CreditStore,
  logger: Logger,
  metrics: Metrics = createPrometheusMetrics(),
  gatewayId?: string,
  clock: Clock = systemClock,
  reports: ReportRenderer = createThreadedReportRenderer(config.reportThreads),
  subjects: Subjects | null = null,
): Services {
  const store = instrumentStore(rawStore, metrics);
  const settlement = createChargeSettlement(store, logger);
  const rateLimit = config.rateLimit.perSecond > 0 ? config.rateLimit : null;
  const prices = pricesOf(config);
  return {
    prices,
    paid: createPaidOperationRunner({
      store,
      prices,
      settlement,
      rateLimit,
      clock,
      ...(gatewayId === undefined ? {} : { gatewayId }),
      reports,
      subjects,
    }),
    settlement,
    accounts: createAccountQueries(store, rateLimit),
    subjects,
    recognizeKey: (apiKey) => keyAccepted(store, apiKey, clock.now()),
    checkReady: () => store.ping(),
    duties: new Duties({ metrics, failingAfterMs: config.dutyFailingAfterMs, kindOf: errorKindOf, now: () => clock.now() }),
    logger,
    metrics,
  };
}

/** The whole service: configuration, logger, store (with the demo account when embedded), services and the HTTP app. */
export async function compose(options: ComposeOptions = {}): Promise<Composition> {
  const config = loadConfig(options.env ?? process.env);
  const logger = options.logger ?? createLogger(config.logLevel, undefined, config.fastPaths.logDestination);
  const print = options.print ?? (() => {});
  let store = options.store;
  let opened: OpenedCreditStore | undefined;
  let demoApiKey: string | undefined;
  if (store === undefined) {
    opened = await openCreditStore(config.creditStore, {
      ...storeOptions(config, logger),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
    store = opened.store;
    logger.info(`credit store: ${opened.description}`, { store: config.creditStore.kind, ledgerDatabase: config.ledgerDatabase !== null });
    if (config.creditStore.kind === 'embedded') {
      const demo = await provisionDemoAccount(store, config.demo);
      print(`demo account "${demo.accountId}" (${config.demo.plan}), API key: ${demo.apiKey}`);
      // GraphiQL opens with the demo key, so its first Run answers; never in production.
      if (config.nodeEnv !== 'production') demoApiKey = demo.apiKey;
    }
  }
  // This gateway's id: in each charge record, and renewed as a heartbeat while the process runs.
  const gatewayId = randomUUID();
  const clock = options.clock ?? systemClock;
  const dashboard = composeDashboard({
    config,
    store,
    logger,
    clock,
    print,
    storeGiven: opened === undefined,
    ...(options.passwordHasher === undefined ? {} : { hasher: options.passwordHasher }),
  });
  // The 鑑定書's drawing threads, shared fairly between accounts (adapters/pdf/report-threads.ts).
  const reports = createThreadedReportRenderer(config.reportThreads);
  const missingFonts = missingReportFonts();
  if (missingFonts.length > 0)
    logger.warn('the report fonts are missing: reports fail until `npm run fonts` copies them into fonts/', { missing: missingFonts });
  // Saved subjects (docs/subjects.md): sealed before they are stored, in process or in PostgreSQL.
  const subjectParts = composeSubjects(config, store, clock, dashboard?.users ?? null, logger);
  const base = composeServices(config, store, logger, undefined, gatewayId, clock, reports, subjectParts?.subjects ?? null);
  const services: Services = {
    ...base,
    feeds:
      subjectParts === null
        ? null
        : createFeeds({
            store,
            subjects: subjectParts.store,
            cipher: subjectParts.cipher,
            settlement: base.settlement,
            clock,
            monthlyCost: config.feedMonthlyCost,
            publicUrl: config.dashboard.publicUrl,
            rateLimit: config.rateLimit.perSecond > 0 ? config.rateLimit : null,
            gatewayId,
          }),
    dashboard: dashboard?.dashboard ?? null,
    operator: composeOperator(store, dashboard?.users ?? null, config, clock, subjectParts?.store ?? null),
  };
  const dashboardStore = dashboard?.users ?? null;
  const closeDashboard = async (): Promise<void> => {
    await dashboard?.close();
    await subjectParts?.store.close();
  };
  const app = createApp(
    services,
    {
      graphiql: config.graphiql,
      graphiqlApiKey: demoApiKey,
      production: config.nodeEnv === 'production',
      introspection: config.graphqlIntrospection,
      corsOrigins: config.corsOrigins,
      anonymousRateLimit: config.anonymousRateLimit,
      trustedProxies: config.trustedProxies,
      publicUrl: config.dashboard.publicUrl,
      metricsAccess: config.metricsAccess,
      refusalLinesPerMinute: config.refusalLinesPerMinute,
      fastGraphql: config.fastPaths.graphql,
      jsonSlices: config.fastPaths.jsonSlices,
    },
    options.newLogId ?? randomUUID,
  );
  const heartbeatFailed = atMostEvery(STORE_ERROR_LOG_INTERVAL_MS, (error: unknown) =>
    logger.warn('gateway heartbeat failed; retried on the next beat', { error: String(error) }),
  );
  const heartbeatDuty = services.duties.register('gateway_heartbeat');
  const beat = (): void => void heartbeatDuty.run(() => store.heartbeat(gatewayId, HEARTBEAT_TTL_MS)).catch(heartbeatFailed);
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_INTERVAL_MS).unref();
  const endHeartbeat = async (): Promise<void> => {
    clearInterval(heartbeat);
    await store.endHeartbeat(gatewayId).catch(() => {});
  };
  const parts = { config, logger, store, services, app, dashboardStore, reports };
  if (opened === undefined) {
    return {
      ...parts,
      close: async () => {
        await endHeartbeat();
        await reports.close();
        await closeDashboard();
      },
    };
  }
  const ownStore = opened;
  const archiver = opened.archiver;
  if (archiver !== null)
    archiver.start(
      ARCHIVE_INTERVAL_MS,
      atMostEvery(STORE_ERROR_LOG_INTERVAL_MS, (error: unknown) =>
        logger.warn('archiving the ledger failed; it is retried, and nothing is lost meanwhile', { error: String(error) }),
      ),
      services.duties.register('ledger_archive'),
    );
  const sweepDuty = services.duties.register('unsettled_sweep');
  const sweep = async (): Promise<void> => {
    try {
      const voided = await sweepDuty.run(() => services.settlement.sweep(clock.now() - UNSETTLED_AFTER_MS));
      if (voided > 0) logger.warn('voided charges left unsettled by a stopped gateway', { voided });
    } catch (error) {
      logger.warn('sweeping unsettled charges failed; the next sweep retries', { error: String(error) });
    }
  };
  void sweep(); // start-up reconciliation
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  return {
    ...parts,
    close: async () => {
      clearInterval(sweeper);
      await endHeartbeat();
      await reports.close();
      await closeDashboard();
      await ownStore.close();
    },
  };
}

/** Store options from the configuration; connection errors are logged, at most every few seconds. */
function storeOptions(config: Config, logger: Logger): OpenCreditStoreOptions {
  return {
    redisKeyPrefix: config.redisKeyPrefix,
    ledgerRetentionDays: config.ledgerRetentionDays,
    ledgerDatabase: config.ledgerDatabase,
    replicaWait: config.redisWait,
    callTimeoutMs: config.storeCallTimeoutMs,
    scriptConnection: config.fastPaths.redisScriptConnection,
    onStoreError: atMostEvery(STORE_ERROR_LOG_INTERVAL_MS, (error: Error) =>
      logger.warn('credit store unreachable', { error: error.message }),
    ),
    onLedgerDatabaseError: atMostEvery(STORE_ERROR_LOG_INTERVAL_MS, (error: Error) =>
      logger.warn('ledger database unreachable', { error: error.message }),
    ),
  };
}

/**
 * The store the admin CLI administers: Redis or Redis Cluster only, since the embedded store lives
 * inside the server process and an account made from the CLI would vanish on exit. With
 * `LEDGER_DATABASE_URL`, usage and statements span Redis and the archive, and `archiver` is set.
 */
export async function composeAdminStore(env: Readonly<Record<string, string | undefined>> = process.env): Promise<OpenedCreditStore> {
  const config = loadConfig(env);
  if (config.creditStore.kind === 'embedded') {
    throw new ConfigError([
      'no credit store to administer: set REDIS_URL or REDIS_CLUSTER_NODES (the embedded store lives inside the server process)',
    ]);
  }
  return openCreditStore(config.creditStore, storeOptions(config, createLogger('error', undefined, config.fastPaths.logDestination)));
}
