/**
 * The operator's use-cases (docs/admin.md), behind the operator API (`/admin/v1`) and the
 * admin CLI: admin tokens, listing and finding accounts, showing one with its owner and keys,
 * creating and changing accounts, suspending, deleting, keys, invitations, and the audit log that
 * every change writes to. Refusals are values naming the field and the rule; an outage throws.
 */
import type { SubjectStore } from '../ports/subject-store.ts';
import { createAccountWrites, type AccountWrites } from './account-writes.ts';
import { createAdminAccess, type AdminAccess } from './admin-access.ts';
import { createOperatorBase, type OperatorStore } from './base.ts';
import { createKeyWrites, type KeyWrites } from './key-writes.ts';
import { createOperatorReads, type OperatorReads } from './reads.ts';
import { systemClock, type Clock } from '../ports/credit-store.ts';
import type { AutochargeCeiling, DashboardStore } from '../ports/dashboard-store.ts';

export interface Operator extends AdminAccess, OperatorReads, AccountWrites, KeyWrites {}

export interface OperatorOptions {
  readonly store: OperatorStore;
  /** Users, admin tokens, invitations and the audit log; null (admin CLI without a database): none of them, nothing audited. */
  readonly dashboard: DashboardStore | null;
  readonly clock?: Clock;
  /** `PUBLIC_URL`: where invitation links point. */
  readonly publicUrl: string;
  /** `ADMIN_TOKEN`: accepted as `adm_env` with every scope; kept in memory only, never stored. */
  readonly envToken?: string | undefined;
  /** The plan's autocharge ceiling (`AUTOCHARGE_MAX_*`), for accounts without one of their own; 0 when absent. */
  readonly planAutochargeCeiling?: AutochargeCeiling;
  /** The saved subjects, deleted with their account; null when the deployment keeps none. */
  readonly subjects?: SubjectStore | null;
}

export function createOperator({
  store,
  dashboard,
  clock = systemClock,
  publicUrl,
  envToken,
  planAutochargeCeiling = { threshold: 0, amount: 0 },
  subjects = null,
}: OperatorOptions): Operator {
  const base = createOperatorBase(store, dashboard, clock, planAutochargeCeiling);
  return {
    ...createAdminAccess(base, envToken),
    ...createOperatorReads(base),
    ...createAccountWrites(base, publicUrl, subjects),
    ...createKeyWrites(base),
  };
}
