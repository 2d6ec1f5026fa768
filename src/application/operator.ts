/**
 * The operator's use-cases (docs/admin.md), behind the operator API (`/admin/v1`) and the
 * admin CLI: admin tokens, listing and finding accounts, showing one with its owner and keys,
 * creating and changing accounts, suspending, deleting, keys, invitations, and the audit log that
 * every change writes to. Refusals are values naming the field and the rule; an outage throws.
 */
import { timingSafeEqual } from 'node:crypto';
import { AccountExistsError, createAccountAdmin, keyIdOf } from './account-admin.ts';
import { monthlyStatement } from './account-queries.ts';
import {
  ADMIN_TOKEN_ID_PATTERN,
  ENV_ADMIN_TOKEN_ID,
  adminTokenIdOf,
  digestSecret,
  generateAdminToken,
  generateOneTimeToken,
} from './admin-tokens.ts';
import { API_KEY_PREFIX, digestApiKey, generateAccountId } from './api-keys.ts';
import type { FieldIssue } from './errors.ts';
import {
  accountIdIssue,
  adminScopesIssue,
  creditsIssue,
  emailIssue,
  keyScopesIssue,
  nameIssue,
  nearestName,
  normalizeEmail,
  parseExpiry,
} from './operator-input.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import { systemClock, type Clock, type CreditStore, type KeyRecord } from './ports/credit-store.ts';
import {
  ADMIN_REQUEST_KEEP_MS,
  type AdminRequest,
  type AdminScope,
  type AdminToken,
  type AuditEntry,
  type AutochargeCeiling,
  type DashboardStore,
  type User,
} from './ports/dashboard-store.ts';
import { refusals } from './refusals.ts';
import {
  ACCOUNT_ID_PATTERN,
  MAX_CREDITS,
  PLANS,
  type AccountSnapshot,
  type AutochargeSettings,
  type LedgerEntry,
  type Plan,
} from '../domain/credits/account.ts';
import { MONTH_PATTERN, type MonthlyStatement } from '../domain/credits/statement.ts';

/** Who holds an admin token: its public id, name and scopes. */
export interface AdminPrincipal {
  readonly tokenId: string;
  readonly name: string;
  readonly scopes: readonly AdminScope[];
}

/** Who made a change and from where, for the audit log. */
export interface AdminContext {
  /** `admin-token:<tokenId>` or `cli`. */
  readonly actor: string;
  /** The client address of an HTTP request; null from the CLI. */
  readonly address: string | null;
  /**
   * Called once a write is about to be applied (its audit row is written): from then on a failure
   * leaves the write's fate unknown, and an Idempotency-Key must not let a retry apply it again.
   */
  readonly onWrite?: () => void;
}

export const CLI_CONTEXT: AdminContext = { actor: 'cli', address: null };

export const contextOf = (principal: AdminPrincipal, address: string | null): AdminContext => ({
  actor: `admin-token:${principal.tokenId}`,
  address,
});

/** The dashboard user owning an account. */
export interface AccountOwner {
  readonly userId: string;
  readonly email: string;
  readonly verifiedMs: number | null;
  readonly createdMs: number;
}

export interface AccountSummary {
  readonly account: AccountSnapshot;
  readonly owner: AccountOwner | null;
}

export interface AccountDetail extends AccountSummary {
  /** Listed keys, oldest first, with when each was last used. */
  readonly keys: readonly KeyRecord[];
  /**
   * The largest autocharge the account's customer may turn on or raise (docs/dashboard.md): the one
   * set for the account, else the plan's; null without the dashboard store (the admin CLI without a database).
   */
  readonly autochargeCeiling: (AutochargeCeiling & { readonly setFor: 'account' | 'plan' }) | null;
}

export type MatchedBy = 'account_id' | 'email' | 'key_id' | 'api_key';
export type SearchBy = 'key' | 'email' | 'account';

export interface SearchHit extends AccountSummary {
  readonly matchedBy: MatchedBy;
}

/** One page; `nextBefore` is the cursor of the next (null: this was the last). */
export interface Page<T, Cursor> {
  readonly items: readonly T[];
  readonly nextBefore: Cursor | null;
}

/** Absent members take the defaults: standard, 0 monthly, 0 auto, autocharge off, a random id. */
export interface NewAccountInput {
  readonly plan?: string;
  readonly monthlyAllowance?: number;
  readonly autoCredits?: number;
  readonly autocharge?: AutochargeSettings;
  readonly accountId?: string;
}

export interface CreatedAccount {
  readonly detail: AccountDetail;
  /** The account's first key: shown once, never stored. */
  readonly apiKey: string;
  readonly keyId: string;
}

/** At least one member. */
export interface AccountChange {
  readonly plan?: string;
  readonly monthlyAllowance?: number;
  readonly autocharge?: AutochargeSettings;
  /** The customer's autocharge ceiling for this account; null: the plan's again. Needs the dashboard store. */
  readonly autochargeCeiling?: AutochargeCeiling | null;
}

export interface KeyRequest {
  /** 1–64 characters; `key` when absent. */
  readonly name?: string;
  /** Absent or null: every scope. */
  readonly scopes?: readonly string[] | null;
  /** `YYYY-MM-DD` (end of that day, Asia/Tokyo) or an RFC 3339 instant; absent or null: never. */
  readonly expiresAt?: string | null;
}

export interface IssuedKeyView {
  readonly accountId: string;
  /** Shown once, never stored. */
  readonly apiKey: string;
  readonly key: KeyRecord;
}

export interface DeletedAccount {
  readonly accountId: string;
  readonly keysRevoked: number;
  readonly sessionsDeleted: number;
}

export interface Invitation {
  readonly email: string;
  /** `${publicUrl}/account/signup?invite=<token>`: works once, until `expiresMs`. */
  readonly signupUrl: string;
  readonly expiresMs: number;
}

export type AdminTokenView = Omit<AdminToken, 'digest'>;

export interface NewAdminToken {
  /** Shown once, never stored. */
  readonly token: string;
  readonly record: AdminTokenView;
}

export interface RevokedKey {
  readonly accountId: string | null;
  readonly keyId: string | null;
}

export interface Operator {
  /** The `Authorization` header's admin token, holding `scope`: 401 without a valid one, 403 without the scope. */
  authenticate(authorization: string | undefined, scope: AdminScope): Promise<Outcome<AdminPrincipal>>;

  /** Newest first; `before` an account id from the previous page; `limit` 1–100. */
  listAccounts(page: { readonly limit: number; readonly before?: string | undefined }): Promise<Outcome<Page<AccountSummary, string>>>;
  /**
   * By e-mail fragment, account id, key id (`fp_` + 8) or a whole API key (by its digest; never
   * echoed); `by` limits it to one of them. At most `limit` accounts.
   */
  search(query: string, limit: number, by?: SearchBy): Promise<Outcome<readonly SearchHit[]>>;
  show(accountId: string): Promise<Outcome<AccountDetail>>;
  listKeys(accountId: string): Promise<Outcome<readonly KeyRecord[]>>;
  usage(
    accountId: string,
    page: { readonly limit: number; readonly before?: string | undefined },
  ): Promise<Outcome<Page<LedgerEntry, string>>>;
  statement(accountId: string, month: string): Promise<Outcome<MonthlyStatement>>;
  auditLog(page: {
    readonly limit: number;
    readonly before?: number | undefined;
    readonly accountId?: string | undefined;
  }): Promise<Outcome<Page<AuditEntry, number>>>;
  listAdminTokens(): Promise<readonly AdminTokenView[]>;

  createAccount(context: AdminContext, input: NewAccountInput): Promise<Outcome<CreatedAccount>>;
  /** Plan and allowance (`setPlan`: this month's balance moves by the allowance's change) and/or autocharge. */
  updateAccount(context: AdminContext, accountId: string, change: AccountChange): Promise<Outcome<AccountDetail>>;
  grant(context: AdminContext, accountId: string, autoCredits: number): Promise<Outcome<AccountDetail>>;
  setSuspended(context: AdminContext, accountId: string, suspended: boolean): Promise<Outcome<AccountDetail>>;
  /** Keys revoked at once, the owner's sessions ended; the ledger and the owner's user are kept. */
  deleteAccount(context: AdminContext, accountId: string): Promise<Outcome<DeletedAccount>>;
  issueKey(context: AdminContext, accountId: string, request: KeyRequest): Promise<Outcome<IssuedKeyView>>;
  revokeKey(context: AdminContext, accountId: string, keyId: string): Promise<Outcome<RevokedKey>>;
  /** By the key itself (the admin CLI's `revoke-key --key`). */
  revokeApiKey(context: AdminContext, apiKey: string): Promise<Outcome<RevokedKey>>;
  invite(context: AdminContext, email: string): Promise<Outcome<Invitation>>;
  createAdminToken(
    context: AdminContext,
    request: {
      readonly name: string;
      readonly scopes: readonly string[];
      /** `YYYY-MM-DD` (end of that day, Asia/Tokyo) or an RFC 3339 instant; absent or null: until revoked. */
      readonly expiresAt?: string | null;
    },
  ): Promise<Outcome<NewAdminToken>>;
  revokeAdminToken(context: AdminContext, tokenId: string): Promise<Outcome<{ readonly tokenId: string }>>;

  /**
   * An operator's write sent with an Idempotency-Key (docs/admin.md): null when the key is now this
   * request's to run; else what holds it (running, or done with the answer to replay). Keys are per
   * actor and remembered for ADMIN_REQUEST_KEEP_MS.
   */
  claimRequest(context: AdminContext, key: string, requestDigest: string): Promise<AdminRequest | null>;
  /** The claimed request's answer, kept for replays (without secrets). */
  finishRequest(context: AdminContext, key: string, status: number, body: unknown): Promise<void>;
  /** The claimed request failed on the server's side: a retry runs anew. */
  releaseRequest(context: AdminContext, key: string): Promise<void>;
}

export interface OperatorOptions {
  readonly store: CreditStore;
  /** Users, admin tokens, invitations and the audit log; null (admin CLI without a database): none of them, nothing audited. */
  readonly dashboard: DashboardStore | null;
  readonly clock?: Clock;
  /** `PUBLIC_URL`: where invitation links point. */
  readonly publicUrl: string;
  /** `ADMIN_TOKEN`: accepted as `adm_env` with every scope; kept in memory only, never stored. */
  readonly envToken?: string | undefined;
  /** The plan's autocharge ceiling (`AUTOCHARGE_MAX_*`), for accounts without one of their own; 0 when absent. */
  readonly planAutochargeCeiling?: AutochargeCeiling;
}

/** How long an invitation can be used. */
export const INVITATION_MS = 14 * 86_400_000;
export const ENV_TOKEN_NAME = 'ADMIN_TOKEN';
const ALL_ADMIN_SCOPES: readonly AdminScope[] = ['read', 'write'];
const BEARER = /^Bearer[ \t]+(\S{1,512})[ \t]*$/i;
const KEY_ID_PATTERN = /^fp_[A-Za-z0-9_-]{8}$/;
const TRANSACTION_ID = /^\d{1,20}-\d{1,20}$/;

const invalid = <T>(issues: readonly FieldIssue[]): Outcome<T> => refuse(refusals.invalidRequest(issues));
const issuesOf = (...checks: readonly [string, string | null][]): FieldIssue[] =>
  checks.flatMap(([field, message]) => (message === null ? [] : [{ field, message }]));

const planIssue = (plan: string): string | null => {
  if ((PLANS as readonly string[]).includes(plan)) return null;
  const nearest = nearestName(plan, PLANS);
  return `plan must be ${PLANS.join(' or ')}${nearest === undefined ? '' : ` (did you mean "${nearest}"?)`}`;
};

/** An audit row written ahead of its write, settled once the write answered. */
interface Intent {
  applied(details?: Record<string, unknown>): void;
  failed(): void;
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

const ownerOfUser = (user: User): AccountOwner => ({
  userId: user.userId,
  email: user.email,
  verifiedMs: user.verifiedMs,
  createdMs: user.createdMs,
});

export function createOperator({
  store,
  dashboard,
  clock = systemClock,
  publicUrl,
  envToken,
  planAutochargeCeiling = { threshold: 0, amount: 0 },
}: OperatorOptions): Operator {
  const admin = createAccountAdmin(store, clock);
  const envDigest = envToken === undefined ? null : Buffer.from(digestSecret(envToken), 'hex');

  const users = (): DashboardStore => {
    if (dashboard === null) throw new Error('the dashboard store is not configured');
    return dashboard;
  };
  /**
   * A write is audited before it is applied: its row is appended `pending` first (when that fails,
   * the write is not made: STORE_UNAVAILABLE), then settled `applied` (with what the write learnt)
   * or `failed` (it answered that nothing was done). A write that throws leaves its row `pending`:
   * its fate is unknown, and the row says so. A settlement that cannot reach the database is retried
   * in the background. Without the dashboard store (the admin CLI without a database) nothing is audited.
   */
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
  /** `write` under an audit row (`intend`): settled `applied` when it returns something, `failed` when it returns null. */
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
  /** The account, or 404 (an id no account can have is not sent to the store). */
  async function found(accountId: string): Promise<Outcome<AccountSnapshot>> {
    const account = ACCOUNT_ID_PATTERN.test(accountId) ? await store.balance(accountId) : null;
    return account === null ? refuse(refusals.accountNotFound(accountId)) : succeed(account);
  }
  /** The account, unless it is missing (404) or deleted. */
  async function changeable(accountId: string): Promise<Outcome<AccountSnapshot>> {
    const account = await found(accountId);
    if (account.ok && account.value.status === 'deleted') return refuse(refusals.accountDeleted(accountId));
    return account;
  }
  const detailOrGone = async (accountId: string, after: AccountSnapshot | null): Promise<Outcome<AccountDetail>> =>
    after === null ? refuse(refusals.accountNotFound(accountId)) : succeed(await detailOf(after));

  return {
    async authenticate(authorization, scope) {
      const token = BEARER.exec(authorization ?? '')?.[1];
      if (token === undefined) return refuse(refusals.adminTokenRequired());
      const digest = digestSecret(token);
      let principal: AdminPrincipal | null = null;
      if (envDigest !== null && timingSafeEqual(Buffer.from(digest, 'hex'), envDigest)) {
        principal = { tokenId: ENV_ADMIN_TOKEN_ID, name: ENV_TOKEN_NAME, scopes: ALL_ADMIN_SCOPES };
      } else if (dashboard !== null) {
        const stored = await dashboard.adminToken(digest);
        if (stored !== null && stored.revokedMs === null) {
          if (stored.expiresMs !== null && clock.now() >= stored.expiresMs)
            return refuse(refusals.expiredAdminToken(new Date(stored.expiresMs).toISOString()));
          principal = { tokenId: stored.tokenId, name: stored.name, scopes: stored.scopes };
        }
      }
      if (principal === null) return refuse(refusals.invalidAdminToken());
      if (!principal.scopes.includes(scope)) return refuse(refusals.adminScopeMissing(scope, principal.scopes));
      return succeed(principal);
    },

    async listAccounts({ limit, before }) {
      const issues = issuesOf(['before', before === undefined ? null : accountIdIssue('before', before)]);
      if (issues.length > 0) return invalid(issues);
      const ids = await store.listAccounts({ limit, before });
      const summaries = await Promise.all(ids.map(summaryOf));
      return succeed({
        items: summaries.filter((summary) => summary !== null),
        nextBefore: ids.length === limit ? ids.at(-1)! : null,
      });
    },

    async search(query, limit, by) {
      const text = query.trim();
      if (text === '')
        return invalid([{ field: 'q', message: 'q must not be empty: an e-mail fragment, an account id, a key id or a key' }]);
      // A whole key is looked up by its digest only, so it reaches no query text, log or answer.
      const wholeKey = text.startsWith(API_KEY_PREFIX) && text.length > keyIdOf(text).length;
      if (by === 'key' && !wholeKey && !KEY_ID_PATTERN.test(text))
        return invalid([{ field: 'key', message: 'key must be an API key (fp_…) or a key id (fp_ and the next 8 characters)' }]);
      const hits = new Map<string, MatchedBy>();
      const add = (accountId: string | null | undefined, matchedBy: MatchedBy) => {
        if (accountId !== null && accountId !== undefined && !hits.has(accountId)) hits.set(accountId, matchedBy);
      };
      if (wholeKey) {
        if (by === undefined || by === 'key') {
          const account = await store.authenticate(digestApiKey(text));
          if (account !== null && !('rateLimited' in account)) add(account.accountId, 'api_key');
        }
      } else {
        if ((by === undefined || by === 'account') && ACCOUNT_ID_PATTERN.test(text) && (await store.balance(text)) !== null)
          add(text, 'account_id');
        if ((by === undefined || by === 'key') && KEY_ID_PATTERN.test(text)) add((await store.findKey(text))?.accountId, 'key_id');
        if ((by === undefined || by === 'email') && dashboard !== null)
          for (const user of await dashboard.searchUsers(text, limit)) add(user.accountId, 'email');
      }
      const summaries = await Promise.all(
        [...hits].slice(0, limit).map(async ([accountId, matchedBy]) => {
          const summary = await summaryOf(accountId);
          return summary === null ? null : { ...summary, matchedBy };
        }),
      );
      return succeed(summaries.filter((hit) => hit !== null));
    },

    async show(accountId) {
      const account = await found(accountId);
      return account.ok ? succeed(await detailOf(account.value)) : account;
    },

    async listKeys(accountId) {
      const keys = ACCOUNT_ID_PATTERN.test(accountId) ? await store.listKeys(accountId) : null;
      return keys === null ? refuse(refusals.accountNotFound(accountId)) : succeed(keys);
    },

    async usage(accountId, { limit, before }) {
      if (before !== undefined && !TRANSACTION_ID.test(before))
        return invalid([{ field: 'before', message: 'before must be a transaction id like 1700000000000-0' }]);
      const account = await found(accountId);
      if (!account.ok) return account;
      const items = await store.usage(accountId, { limit, before });
      return succeed({ items, nextBefore: items.length === limit ? items.at(-1)!.transactionId : null });
    },

    async statement(accountId, month) {
      if (!MONTH_PATTERN.test(month)) return invalid([{ field: 'month', message: 'month must be a month YYYY-MM (Asia/Tokyo)' }]);
      const account = await found(accountId);
      return account.ok ? succeed(await monthlyStatement(store, accountId, month)) : account;
    },

    async auditLog({ limit, before, accountId }) {
      const items = await users().audit({ limit, before, accountId });
      return succeed({ items, nextBefore: items.length === limit ? items.at(-1)!.id : null });
    },

    listAdminTokens: async () =>
      (await users().listAdminTokens()).map(({ tokenId, name, scopes, createdMs, revokedMs, expiresMs }) => ({
        tokenId,
        name,
        scopes,
        createdMs,
        revokedMs,
        expiresMs,
      })),

    async createAccount(context, input) {
      const plan = input.plan ?? 'standard';
      const monthlyAllowance = input.monthlyAllowance ?? 0;
      const autoCredits = input.autoCredits ?? 0;
      const autocharge = input.autocharge ?? { threshold: 0, amount: 0 };
      const issues = issuesOf(
        ['id', input.accountId === undefined ? null : accountIdIssue('id', input.accountId)],
        ['plan', planIssue(plan)],
        ['monthly_allowance', creditsIssue('monthly_allowance', monthlyAllowance)],
        ['auto_credits', creditsIssue('auto_credits', autoCredits)],
        ['autocharge.threshold', creditsIssue('autocharge.threshold', autocharge.threshold)],
        ['autocharge.amount', creditsIssue('autocharge.amount', autocharge.amount)],
      );
      if (issues.length > 0) return invalid(issues);
      const accountId = input.accountId ?? generateAccountId();
      const intent = await intend(context, 'account.create', accountId, {
        plan,
        monthly_allowance: monthlyAllowance,
        auto_credits: autoCredits,
        autocharge: { threshold: autocharge.threshold, amount: autocharge.amount },
      });
      let created: { accountId: string; apiKey: string };
      try {
        created = await admin.createAccount({ plan: plan as Plan, monthlyAllowance, autoCredits, autocharge, accountId });
      } catch (error) {
        if (!(error instanceof AccountExistsError)) throw error;
        intent.failed();
        return invalid([{ field: 'id', message: `id: account ${input.accountId} already exists` }]);
      }
      const keyId = keyIdOf(created.apiKey);
      intent.applied({ key_id: keyId });
      const account = await found(created.accountId);
      if (!account.ok) return account;
      return succeed({ detail: await detailOf(account.value), apiKey: created.apiKey, keyId });
    },

    async updateAccount(context, accountId, change) {
      const { plan, monthlyAllowance, autocharge, autochargeCeiling: ceiling } = change;
      const issues = issuesOf(
        ['plan', plan === undefined ? null : planIssue(plan)],
        ['monthly_allowance', monthlyAllowance === undefined ? null : creditsIssue('monthly_allowance', monthlyAllowance)],
        ['autocharge.threshold', autocharge === undefined ? null : creditsIssue('autocharge.threshold', autocharge.threshold)],
        ['autocharge.amount', autocharge === undefined ? null : creditsIssue('autocharge.amount', autocharge.amount)],
        ['autocharge_ceiling.threshold', ceiling == null ? null : creditsIssue('autocharge_ceiling.threshold', ceiling.threshold)],
        ['autocharge_ceiling.amount', ceiling == null ? null : creditsIssue('autocharge_ceiling.amount', ceiling.amount)],
        [
          'autocharge_ceiling',
          ceiling !== undefined && dashboard === null
            ? 'autocharge_ceiling needs the dashboard database (DASHBOARD_DATABASE_URL or LEDGER_DATABASE_URL)'
            : null,
        ],
      );
      if (plan === undefined && monthlyAllowance === undefined && autocharge === undefined && ceiling === undefined)
        issues.push({ field: 'plan', message: 'nothing to change: send plan, monthly_allowance, autocharge or autocharge_ceiling' });
      if (issues.length > 0) return invalid(issues);
      const before = await changeable(accountId);
      if (!before.ok) return before;
      let after: AccountSnapshot | null = before.value;
      if (plan !== undefined || monthlyAllowance !== undefined) {
        const next = { plan: (plan ?? before.value.plan) as Plan, monthlyAllowance: monthlyAllowance ?? before.value.monthlyAllowance };
        after = await audited(
          context,
          'account.plan',
          accountId,
          {
            plan: next.plan,
            monthly_allowance: next.monthlyAllowance,
            previous: { plan: before.value.plan, monthly_allowance: before.value.monthlyAllowance },
          },
          () => store.setPlan(accountId, next),
        );
        if (after === null) return refuse(refusals.accountNotFound(accountId));
      }
      if (autocharge !== undefined) {
        after = await audited(
          context,
          'account.autocharge',
          accountId,
          {
            threshold: autocharge.threshold,
            amount: autocharge.amount,
            previous: { threshold: before.value.autocharge.threshold, amount: before.value.autocharge.amount },
          },
          () => store.setAutocharge(accountId, autocharge),
        );
        if (after === null) return refuse(refusals.accountNotFound(accountId));
      }
      if (ceiling !== undefined) {
        const previous = await users().autochargeCeiling(accountId);
        await audited(
          context,
          'account.autocharge_ceiling',
          accountId,
          { ceiling: ceiling === null ? null : { threshold: ceiling.threshold, amount: ceiling.amount }, previous },
          () =>
            users()
              .setAutochargeCeiling(accountId, ceiling, clock.now())
              .then(() => true),
        );
      }
      return detailOrGone(accountId, after);
    },

    async grant(context, accountId, autoCredits) {
      const issue = creditsIssue('auto_credits', autoCredits, 1);
      if (issue !== null) return invalid([{ field: 'auto_credits', message: issue }]);
      const before = await changeable(accountId);
      if (!before.ok) return before;
      if (before.value.autoCredits + autoCredits > MAX_CREDITS)
        return invalid([
          { field: 'auto_credits', message: `auto_credits would take the auto balance (${before.value.autoCredits}) past ${MAX_CREDITS}` },
        ]);
      const after = await audited(context, 'account.grant', accountId, { auto_credits: autoCredits }, () =>
        store.grantAutoCredits(accountId, autoCredits),
      );
      return detailOrGone(accountId, after);
    },

    async setSuspended(context, accountId, suspended) {
      const before = await changeable(accountId);
      if (!before.ok) return before;
      const after = await audited(context, suspended ? 'account.suspend' : 'account.resume', accountId, {}, () =>
        store.setSuspended(accountId, suspended),
      );
      return detailOrGone(accountId, after);
    },

    async deleteAccount(context, accountId) {
      const before = await changeable(accountId);
      if (!before.ok) return before;
      const keys = (await store.listKeys(accountId)) ?? [];
      const intent = await intend(context, 'account.delete', accountId, { keys_revoked: keys.length });
      if (!(await store.deleteAccount(accountId))) {
        intent.failed();
        return refuse(refusals.accountDeleted(accountId));
      }
      const owner = await ownerOf(accountId);
      const sessionsDeleted = owner === null ? 0 : await users().deleteUserSessions(owner.userId);
      intent.applied({ sessions_deleted: sessionsDeleted });
      return succeed({ accountId, keysRevoked: keys.length, sessionsDeleted });
    },

    async issueKey(context, accountId, request) {
      const name = request.name ?? 'key';
      const scopes = request.scopes ?? null;
      const expires = request.expiresAt === undefined || request.expiresAt === null ? null : parseExpiry('expires_at', request.expiresAt);
      const nowMs = clock.now();
      const issues = issuesOf(
        ['name', nameIssue('name', name)],
        ['scopes', scopes === null ? null : keyScopesIssue('scopes', scopes)],
        [
          'expires_at',
          typeof expires === 'string'
            ? expires
            : expires !== null && expires <= nowMs
              ? `expires_at must be in the future (it is ${new Date(nowMs).toISOString()} now)`
              : null,
        ],
      );
      if (issues.length > 0) return invalid(issues);
      const expiresMs = expires as number | null;
      const account = await changeable(accountId);
      if (!account.ok) return account;
      const issued = await audited(
        context,
        'key.issue',
        accountId,
        { name, scopes, expires_at: expiresMs === null ? null : new Date(expiresMs).toISOString() },
        () => admin.issueKey(accountId, { name, scopes, expiresMs }),
        (key) => ({ key_id: key.keyId }),
      );
      if (issued === null) return refuse(refusals.accountNotFound(accountId));
      return succeed({
        accountId,
        apiKey: issued.apiKey,
        key: { keyId: issued.keyId, name, scopes, expiresMs, createdMs: nowMs, lastUsedMs: null },
      });
    },

    async revokeKey(context, accountId, keyId) {
      const account = await found(accountId);
      if (!account.ok) return account;
      if (!KEY_ID_PATTERN.test(keyId)) return refuse(refusals.accountKeyNotFound(accountId, keyId));
      const revoked = await audited(context, 'key.revoke', accountId, { key_id: keyId }, async () =>
        (await store.revokeKeyById(accountId, keyId)) ? true : null,
      );
      if (revoked === null) return refuse(refusals.accountKeyNotFound(accountId, keyId));
      return succeed({ accountId, keyId });
    },

    async revokeApiKey(context, apiKey) {
      const digest = digestApiKey(apiKey);
      const holder = await store.authenticate(digest);
      const accountId = holder === null || 'rateLimited' in holder ? null : holder.accountId;
      const keyId = apiKey.startsWith(API_KEY_PREFIX) ? keyIdOf(apiKey) : null;
      const revoked = await audited(context, 'key.revoke', accountId, { key_id: keyId }, async () =>
        (await store.revokeKey(digest)) ? true : null,
      );
      if (revoked === null) return refuse(refusals.invalidKey());
      return succeed({ accountId, keyId });
    },

    async invite(context, rawEmail) {
      const email = normalizeEmail(rawEmail);
      const issue = emailIssue('email', email);
      if (issue !== null) return invalid([{ field: 'email', message: issue }]);
      const holder = await users().userByEmail(email);
      // A deleted account's address is free again (its sign-up moves the old user aside).
      if (holder !== null && (await store.balance(holder.accountId))?.status !== 'deleted')
        return invalid([{ field: 'email', message: `email: ${email} already has an account (find it with q=${email})` }]);
      const token = generateOneTimeToken();
      const expiresMs = clock.now() + INVITATION_MS;
      await audited(context, 'invitation.create', null, { email, expires_at: new Date(expiresMs).toISOString() }, () =>
        users()
          .putToken({ digest: digestSecret(token), purpose: 'invite', userId: null, email, expiresMs })
          .then(() => true),
      );
      return succeed({ email, signupUrl: `${publicUrl}/account/signup?invite=${token}`, expiresMs });
    },

    async createAdminToken(context, { name, scopes, expiresAt }) {
      const expiry = expiresAt == null ? null : parseExpiry('expires_at', expiresAt);
      const issues = issuesOf(
        ['name', nameIssue('name', name)],
        ['scopes', adminScopesIssue('scopes', scopes)],
        [
          'expires_at',
          typeof expiry === 'string' ? expiry : expiry !== null && expiry <= clock.now() ? 'expires_at must be in the future' : null,
        ],
      );
      if (issues.length > 0) return invalid(issues);
      const token = generateAdminToken();
      const view: AdminTokenView = {
        tokenId: adminTokenIdOf(token),
        name,
        scopes: ALL_ADMIN_SCOPES.filter((scope) => scopes.includes(scope)),
        createdMs: clock.now(),
        revokedMs: null,
        expiresMs: typeof expiry === 'number' ? expiry : null,
      };
      await audited(
        context,
        'admin-token.create',
        null,
        {
          token_id: view.tokenId,
          name,
          scopes: view.scopes,
          expires_at: view.expiresMs === null ? null : new Date(view.expiresMs).toISOString(),
        },
        () =>
          users()
            .createAdminToken({ ...view, digest: digestSecret(token) })
            .then(() => true),
      );
      return succeed({ token, record: view });
    },

    claimRequest: (context, key, requestDigest) =>
      users().claimAdminRequest(context.actor, key, requestDigest, clock.now(), clock.now() - ADMIN_REQUEST_KEEP_MS),
    finishRequest: (context, key, status, body) => users().finishAdminRequest(context.actor, key, status, body),
    releaseRequest: (context, key) => users().releaseAdminRequest(context.actor, key),

    async revokeAdminToken(context, tokenId) {
      if (tokenId === ENV_ADMIN_TOKEN_ID)
        return invalid([{ field: 'id', message: `id: ${ENV_ADMIN_TOKEN_ID} is ADMIN_TOKEN, which is not stored: unset it and restart` }]);
      if (!ADMIN_TOKEN_ID_PATTERN.test(tokenId)) return refuse(refusals.adminTokenNotFound(tokenId));
      const revoked = await audited(context, 'admin-token.revoke', null, { token_id: tokenId }, async () =>
        (await users().revokeAdminToken(tokenId, clock.now())) ? true : null,
      );
      if (revoked === null) return refuse(refusals.adminTokenNotFound(tokenId));
      return succeed({ tokenId });
    },
  };
}
