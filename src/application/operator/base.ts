/**
 * What every part of the operator is built on: the stores, the clock, the audit log, and finding
 * an account (404 for an id no account has) with its owner, keys and autocharge ceiling.
 */
import { refuse, succeed, type Outcome } from '../outcome.ts';
import type { AccountDirectory, ChargingStore, Clock } from '../ports/credit-store.ts';
import type { AutochargeCeiling, DashboardStore, User } from '../ports/dashboard-store.ts';
import { refusals } from '../refusals.ts';
import { ACCOUNT_ID_PATTERN, type AccountSnapshot } from '../../domain/credits/account.ts';
import { createAudit, type Audit } from './audit.ts';
import type { AccountDetail, AccountOwner, AccountSummary } from './views.ts';

/** The account directory, and `authenticate` to find the account of a whole API key (search, revoke by key). */
export type OperatorStore = AccountDirectory & Pick<ChargingStore, 'authenticate'>;

export interface OperatorBase extends Audit {
  readonly store: OperatorStore;
  /** Users, admin tokens, invitations and the audit log; null (admin CLI without a database): none of them, nothing audited. */
  readonly dashboard: DashboardStore | null;
  readonly clock: Clock;
  /** The dashboard store, for what cannot be done without it (throws when it is not configured). */
  readonly users: () => DashboardStore;
  readonly ownerOf: (accountId: string) => Promise<AccountOwner | null>;
  readonly detailOf: (account: AccountSnapshot) => Promise<AccountDetail>;
  readonly summaryOf: (accountId: string) => Promise<AccountSummary | null>;
  /** The account, or 404 (an id no account can have is not sent to the store). */
  readonly found: (accountId: string) => Promise<Outcome<AccountSnapshot>>;
  /** The account, unless it is missing (404) or deleted. */
  readonly changeable: (accountId: string) => Promise<Outcome<AccountSnapshot>>;
  /** The account's detail after a write, or 404 when the write found no account. */
  readonly detailOrGone: (accountId: string, after: AccountSnapshot | null) => Promise<Outcome<AccountDetail>>;
}

const ownerOfUser = (user: User): AccountOwner => ({
  userId: user.userId,
  email: user.email,
  verifiedMs: user.verifiedMs,
  createdMs: user.createdMs,
});

export function createOperatorBase(
  store: OperatorStore,
  dashboard: DashboardStore | null,
  clock: Clock,
  planAutochargeCeiling: AutochargeCeiling,
): OperatorBase {
  const users = (): DashboardStore => {
    if (dashboard === null) throw new Error('the dashboard store is not configured');
    return dashboard;
  };

  async function ownerOf(accountId: string): Promise<AccountOwner | null> {
    if (dashboard === null) return null;
    const user = await dashboard.userByAccount(accountId);
    return user === null ? null : ownerOfUser(user);
  }
  async function ceilingOf(accountId: string): Promise<AccountDetail['autochargeCeiling']> {
    if (dashboard === null) return null;
    const own = await dashboard.autochargeCeiling(accountId);
    return own === null ? { ...planAutochargeCeiling, setFor: 'plan' } : { ...own, setFor: 'account' };
  }
  async function detailOf(account: AccountSnapshot): Promise<AccountDetail> {
    const [owner, keys, autochargeCeiling] = await Promise.all([
      ownerOf(account.accountId),
      store.listKeys(account.accountId),
      ceilingOf(account.accountId),
    ]);
    return { account, owner, keys: keys ?? [], autochargeCeiling };
  }
  async function summaryOf(accountId: string): Promise<AccountSummary | null> {
    const [account, owner] = await Promise.all([store.balance(accountId), ownerOf(accountId)]);
    return account === null ? null : { account, owner };
  }
  async function found(accountId: string): Promise<Outcome<AccountSnapshot>> {
    const account = ACCOUNT_ID_PATTERN.test(accountId) ? await store.balance(accountId) : null;
    return account === null ? refuse(refusals.accountNotFound(accountId)) : succeed(account);
  }
  async function changeable(accountId: string): Promise<Outcome<AccountSnapshot>> {
    const account = await found(accountId);
    if (account.ok && account.value.status === 'deleted') return refuse(refusals.accountDeleted(accountId));
    return account;
  }
  const detailOrGone = async (accountId: string, after: AccountSnapshot | null): Promise<Outcome<AccountDetail>> =>
    after === null ? refuse(refusals.accountNotFound(accountId)) : succeed(await detailOf(after));

  return {
    store,
    dashboard,
    clock,
    users,
    ...createAudit(dashboard, clock),
    ownerOf,
    detailOf,
    summaryOf,
    found,
    changeable,
    detailOrGone,
  };
}
