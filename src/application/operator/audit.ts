/**
 * The audit log of the operator's writes (docs/admin.md). A write is audited before it is applied:
 * its row is appended `pending` first (when that fails, the write is not made: STORE_UNAVAILABLE),
 * then settled `applied` (with what the write learnt) or `failed` (it answered that nothing was
 * done). A write that throws leaves its row `pending`: its fate is unknown, and the row says so. A
 * settlement that cannot reach the database is retried in the background. Without the dashboard
 * store (the admin CLI without a database) nothing is audited.
 */
import type { Clock } from '../ports/credit-store.ts';
import type { DashboardStore } from '../ports/dashboard-store.ts';
import type { AdminContext } from './views.ts';

/** An audit row written ahead of its write, settled once the write answered. */
export interface Intent {
  applied(details?: Record<string, unknown>): void;
  failed(): void;
}

export interface Audit {
  /** Appends the write's row `pending`; the intent settles it. */
  readonly intend: (context: AdminContext, action: string, accountId: string | null, details: Record<string, unknown>) => Promise<Intent>;
  /** `write` under an audit row (`intend`): settled `applied` when it returns something, `failed` when it returns null. */
  readonly audited: <T>(
    context: AdminContext,
    action: string,
    accountId: string | null,
    details: Record<string, unknown>,
    write: () => Promise<T | null>,
    learnt?: (value: T) => Record<string, unknown>,
  ) => Promise<T | null>;
}

const UNAUDITED: Intent = { applied: () => {}, failed: () => {} };
const SETTLE_RETRY_MS = [100, 400, 1600, 6400, 25_600] as const;

/** Runs `settle` until it lands, a few times over half a minute; a row it never reaches stays `pending`. */
function untilSettled(settle: () => Promise<void>, attempt = 0): void {
  settle().catch(() => {
    const delay = SETTLE_RETRY_MS[attempt];
    if (delay !== undefined) setTimeout(() => untilSettled(settle, attempt + 1), delay).unref();
  });
}

export function createAudit(dashboard: DashboardStore | null, clock: Clock): Audit {
  const intend = async (
    context: AdminContext,
    action: string,
    accountId: string | null,
    details: Record<string, unknown>,
  ): Promise<Intent> => {
    if (dashboard === null) {
      context.onWrite?.();
      return UNAUDITED;
    }
    const entry = await dashboard.appendAudit({
      atMs: clock.now(),
      actor: context.actor,
      action,
      accountId,
      details,
      address: context.address,
      outcome: 'pending',
    });
    context.onWrite?.();
    const settle = (outcome: 'applied' | 'failed', more?: Record<string, unknown>): void =>
      untilSettled(() => dashboard.settleAudit(entry.id, outcome, more));
    return { applied: (more) => settle('applied', more), failed: () => settle('failed') };
  };

  async function audited<T>(
    context: AdminContext,
    action: string,
    accountId: string | null,
    details: Record<string, unknown>,
    write: () => Promise<T | null>,
    learnt?: (value: T) => Record<string, unknown>,
  ): Promise<T | null> {
    const intent = await intend(context, action, accountId, details);
    const value = await write();
    if (value === null) intent.failed();
    else intent.applied(learnt?.(value));
    return value;
  }

  return { intend, audited };
}
