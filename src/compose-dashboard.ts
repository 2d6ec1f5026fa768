/**
 * The dashboard's part of the composition root: its store (in process beside the embedded credit
 * store; PostgreSQL beside Redis), the mailer (SMTP, or the console in development), the password
 * hasher, and the `Dashboard` use-cases. Off with `DASHBOARD=off`, and off with Redis but no
 * database: customers' log-ins kept only in a process would be lost at its next restart.
 */
import { Argon2Hasher } from './adapters/argon2-hasher.ts';
import { atMostEvery } from './adapters/logger.ts';
import { MemoryDashboardStore } from './adapters/memory/dashboard-store.ts';
import { PostgresDashboardStore } from './adapters/postgres/dashboard-store.ts';
import { ConsoleMailer, SmtpMailer } from './adapters/smtp-mailer.ts';
import { createDashboard, type Dashboard } from './application/dashboard/dashboard.ts';
import type { Clock, CreditStore } from './application/ports/credit-store.ts';
import type { DashboardStore } from './application/ports/dashboard-store.ts';
import type { Logger } from './application/ports/logger.ts';
import type { Mailer } from './application/ports/mailer.ts';
import type { PasswordHasher } from './application/ports/password-hasher.ts';
import type { Config } from './config.ts';

export interface ComposedDashboard {
  /** Null when the customers' pages are off but the store serves the operator API (production without SMTP). */
  readonly dashboard: Dashboard | null;
  /** Users, sessions, admin tokens and the audit log (the operator API uses it too). */
  readonly users: DashboardStore;
  readonly close: () => Promise<void>;
}

export interface DashboardCompositionOptions {
  readonly config: Config;
  readonly store: CreditStore;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Where mails go without SMTP (the console of whoever started the service). */
  readonly print: (line: string) => void;
  /** The store was made by the caller (tests): the dashboard keeps its users in process. */
  readonly storeGiven: boolean;
  /** Tests pass a cheap hasher; argon2id at OWASP's minimum otherwise. */
  readonly hasher?: PasswordHasher;
  readonly users?: DashboardStore;
}

const DATABASE_ERROR_LOG_INTERVAL_MS = 10_000;

export function composeDashboard(options: DashboardCompositionOptions): ComposedDashboard | null {
  const { config, logger } = options;
  const settings = config.dashboard;
  if (!settings.enabled) return null;
  let users = options.users;
  let closeUsers = async (): Promise<void> => {};
  if (users === undefined) {
    if (options.storeGiven || config.creditStore.kind === 'embedded') users = new MemoryDashboardStore();
    else if (settings.databaseUrl !== null) {
      const database = new PostgresDashboardStore({
        url: settings.databaseUrl,
        onError: atMostEvery(DATABASE_ERROR_LOG_INTERVAL_MS, (error: Error) =>
          logger.warn('dashboard database unreachable', { error: error.message }),
        ),
      });
      users = database;
      closeUsers = () => database.close();
    } else {
      logger.warn(
        'account dashboard and operator API off: with Redis they keep users, sessions and the audit log in PostgreSQL; set DASHBOARD_DATABASE_URL or LEDGER_DATABASE_URL',
      );
      return null;
    }
  }
  if (settings.smtpUrl === null && config.nodeEnv === 'production') {
    // Printed links would land in the production log, where a reset link is an account takeover.
    logger.warn('account dashboard off: in production it mails its links, and SMTP_URL is not set (the operator API stays on)');
    return { dashboard: null, users, close: closeUsers };
  }
  const mailer: Mailer = settings.smtpUrl === null ? new ConsoleMailer(options.print) : new SmtpMailer(settings.smtpUrl, settings.mailFrom);
  logger.info(`account dashboard at /account: signup ${settings.signup}, mail ${mailer.description}`, { signup: settings.signup });
  const mailFailed = atMostEvery(DATABASE_ERROR_LOG_INTERVAL_MS, (error: unknown) =>
    logger.warn('dashboard work after an answer failed (a mail, a sign-up, pruning sessions)', { error: String(error) }),
  );
  const dashboard = createDashboard({
    store: options.store,
    users,
    hasher: options.hasher ?? new Argon2Hasher(),
    mailer,
    clock: options.clock,
    onBackgroundError: mailFailed,
    settings: {
      signup: settings.signup,
      plan: settings.signupPlan,
      monthlyCredits: settings.signupMonthlyCredits,
      autochargeMax: settings.autochargeMax,
      publicUrl: settings.publicUrl,
      sessionIdleMs: settings.sessionIdleMs,
      sessionMaxMs: settings.sessionMaxMs,
    },
  });
  return {
    dashboard,
    users,
    close: async () => {
      await mailer.close();
      await closeUsers();
    },
  };
}
