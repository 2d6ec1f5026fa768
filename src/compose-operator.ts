/**
 * The operator API's part of the composition root (docs/admin.md): the `Operator` over the credit
 * store and the dashboard store, with `ADMIN_TOKEN` registered (as `adm_env`, every scope; held in
 * memory, never stored, so changing or unsetting it and restarting retires the old one). Null when
 * there is no dashboard store (`DASHBOARD=off`, or Redis without a database): `/admin/v1` then
 * answers 404 saying why.
 */
import { PostgresDashboardStore } from './adapters/postgres/dashboard-store.ts';
import { createOperator, type Operator } from './application/operator/operator.ts';
import type { Clock, CreditStore } from './application/ports/credit-store.ts';
import type { SubjectStore } from './application/ports/subject-store.ts';
import type { DashboardStore } from './application/ports/dashboard-store.ts';
import { loadConfig, type Config } from './config.ts';

export function composeOperator(
  store: CreditStore,
  dashboardStore: DashboardStore | null,
  config: Config,
  clock: Clock,
  subjects: SubjectStore | null = null,
): Operator | null {
  if (dashboardStore === null || !config.dashboard.enabled) return null;
  return createOperator({
    store,
    subjects,
    dashboard: dashboardStore,
    clock,
    publicUrl: config.dashboard.publicUrl,
    envToken: config.dashboard.adminToken,
    planAutochargeCeiling: config.dashboard.autochargeMax,
  });
}

/**
 * The admin CLI's dashboard store: PostgreSQL at `DASHBOARD_DATABASE_URL` (default
 * `LEDGER_DATABASE_URL`), where admin tokens, invitations and the audit log live; null when neither
 * is set (the CLI then refuses the commands that need it and audits nothing).
 */
export function composeAdminDashboardStore(env: Readonly<Record<string, string | undefined>> = process.env): DashboardStore | null {
  const url = loadConfig(env).dashboard.databaseUrl;
  return url === null ? null : new PostgresDashboardStore({ url });
}

/** Where the admin CLI's invitation links point (`PUBLIC_URL`). */
/** The plan's autocharge ceiling (`AUTOCHARGE_MAX_*`) as the admin CLI reports it. */
export const adminAutochargeCeiling = (env: Readonly<Record<string, string | undefined>> = process.env) =>
  loadConfig(env).dashboard.autochargeMax;

export const adminPublicUrl = (env: Readonly<Record<string, string | undefined>> = process.env): string =>
  loadConfig(env).dashboard.publicUrl;
