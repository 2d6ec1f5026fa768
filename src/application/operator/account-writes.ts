/** The operator's writes to accounts (docs/admin.md): created, changed, granted credits, suspended, deleted, and invitations. */
import type { SubjectStore } from '../ports/subject-store.ts';
import { AccountExistsError, createAccountAdmin, keyIdOf } from '../accounts/account-admin.ts';
import { generateAccountId } from '../accounts/api-keys.ts';
import { normalizeEmail } from '../accounts/rules.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import { refusals } from '../refusals.ts';
import { MAX_CREDITS, type AccountSnapshot, type Plan } from '../../domain/credits/account.ts';
import { digestSecret, generateOneTimeToken } from './admin-tokens.ts';
import type { OperatorBase } from './base.ts';
import { accountIdIssue, creditsIssue, emailIssue, invalid, issuesOf, planIssue } from './input.ts';
import type { AccountChange, AccountDetail, AdminContext, CreatedAccount, DeletedAccount, Invitation, NewAccountInput } from './views.ts';

/** How long an invitation can be used. */
export const INVITATION_MS = 14 * 86_400_000;

export interface AccountWrites {
  createAccount(context: AdminContext, input: NewAccountInput): Promise<Outcome<CreatedAccount>>;
  /** Plan and allowance (`setPlan`: this month's balance moves by the allowance's change) and/or autocharge. */
  updateAccount(context: AdminContext, accountId: string, change: AccountChange): Promise<Outcome<AccountDetail>>;
  grant(context: AdminContext, accountId: string, autoCredits: number): Promise<Outcome<AccountDetail>>;
  setSuspended(context: AdminContext, accountId: string, suspended: boolean): Promise<Outcome<AccountDetail>>;
  /** Keys revoked at once, the owner's sessions ended; the ledger and the owner's user are kept. */
  deleteAccount(context: AdminContext, accountId: string): Promise<Outcome<DeletedAccount>>;
  invite(context: AdminContext, email: string): Promise<Outcome<Invitation>>;
}

/** `publicUrl`: `PUBLIC_URL`, where invitation links point. */
export function createAccountWrites(base: OperatorBase, publicUrl: string, subjects: SubjectStore | null = null): AccountWrites {
  const { store, dashboard, clock, users, intend, audited, found, changeable, detailOf, detailOrGone, ownerOf } = base;
  const admin = createAccountAdmin(store, clock);
  return {
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
      // Saved subjects are personal data: they go with the account.
      const subjectsDeleted = subjects === null ? 0 : await subjects.deleteAccount(accountId);
      intent.applied({ sessions_deleted: sessionsDeleted, subjects_deleted: subjectsDeleted });
      return succeed({ accountId, keysRevoked: keys.length, sessionsDeleted });
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
  };
}
