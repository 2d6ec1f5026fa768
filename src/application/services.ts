/**
 * Everything a protocol (REST, GraphQL, MCP) needs, built once by the composition root and
 * handed to handlers in one typed object: no module-level singletons, no protocol importing another.
 */
import type { AccountQueries } from './accounts/account-queries.ts';
import type { Subjects } from './subjects/subjects.ts';
import type { Feeds } from './subjects/feeds.ts';
import type { Dashboard } from './dashboard/dashboard.ts';
import type { Operator } from './operator/operator.ts';
import type { ChargeSettlement } from './paid/charge-settlement.ts';
import type { Duties } from './duties.ts';
import type { PaidOperationRunner } from './paid/paid-operation.ts';
import type { Logger } from './ports/logger.ts';
import type { Metrics } from './ports/metrics.ts';

export interface Services {
  /** Runs any paid operation (`operations/index.ts`) for a caller. */
  readonly paid: PaidOperationRunner;
  /** Undoes charges whose answers were not delivered. */
  readonly settlement: ChargeSettlement;
  /** Free reads of the caller's own account. */
  readonly accounts: AccountQueries;
  /** The caller's saved subjects (docs/subjects.md); null or absent when this deployment keeps none. */
  readonly subjects?: Subjects | null;
  /** The saved subjects' calendar feeds (docs/subjects.md); null or absent when this deployment keeps no subjects. */
  readonly feeds?: Feeds | null;
  /**
   * Whether a key is accepted (an account's live key, not suspended or expired), without charging or
   * rate-limiting: the HTTP layer treats a request whose key was not accepted as anonymous.
   * Undefined when the store could not say.
   */
  readonly recognizeKey: (apiKey: string) => Promise<boolean | undefined>;
  /** Resolves when the credit store answers (`/ready`); rejects with STORE_UNAVAILABLE otherwise. */
  readonly checkReady: () => Promise<void>;
  /** The background duties' health (`/ready`: one failed makes it 503). */
  readonly duties: Duties;
  readonly logger: Logger;
  readonly metrics: Metrics;
  /** Credits per successful call of each paid operation (by name) for a paying plan: for the served descriptions. */
  readonly prices: Readonly<Record<string, number>>;
  /** The customers' account dashboard (`/account`); absent or null when off (docs/dashboard.md). */
  readonly dashboard?: Dashboard | null;
  /** The operator API (`/admin/v1`); absent or null when off (docs/admin.md). */
  readonly operator?: Operator | null;
}
