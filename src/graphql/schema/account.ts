/** `Query.account` and `Query.usage`: free reads of the caller's own account (key required). */
import type { AccountView, UsageConnection } from '../../application/accounts/account-queries.ts';
import { USAGE_PAGE_DEFAULT, USAGE_PAGE_MAX } from '../../application/accounts/account-queries.ts';
import type { LedgerEntry } from '../../domain/credits/account.ts';
import type { MonthlyStatement } from '../../domain/credits/statement.ts';
import { builder } from '../builder.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';

const AutochargeType = builder.objectRef<AccountView['autocharge']>('Autocharge').implement({
  description: 'Automatic top-up of the auto balance.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'True when `amount` > 0.' }),
    threshold: t.exposeInt('threshold', { description: 'Top up when monthly + auto falls below this.' }),
    amount: t.exposeInt('amount', { description: 'Credits added to the auto balance per top-up.' }),
  }),
});

const AccountType = builder.objectRef<AccountView>('Account').implement({
  description: 'The caller’s account.',
  fields: (t) => ({
    accountId: t.exposeString('accountId', { description: 'Account id.' }),
    plan: t.exposeString('plan', { description: '`standard` or `enterprise` (enterprise charts cost 0).' }),
    monthlyAllowance: t.exposeInt('monthlyAllowance', { description: 'Monthly balance at the start of each month (Asia/Tokyo).' }),
    monthlyCredits: t.exposeInt('monthlyCredits', { description: 'Monthly balance now.' }),
    autoCredits: t.exposeInt('autoCredits', { description: 'Auto (purchased) balance now; never expires.' }),
    totalCredits: t.exposeInt('totalCredits', { description: 'Monthly + auto.' }),
    autocharge: t.expose('autocharge', { type: AutochargeType, description: 'Autocharge settings.' }),
  }),
});

const LedgerEntryType = builder.objectRef<LedgerEntry>('LedgerEntry').implement({
  description: 'One charge in the account’s ledger.',
  fields: (t) => ({
    transactionId: t.exposeString('transactionId', { description: 'Ledger entry id (the response’s `transactionId`).' }),
    logId: t.exposeString('logId', { description: 'Log id of the call.' }),
    operation: t.exposeString('operation', {
      description: 'The paid operation charged (`chart`, `compatibility`, …); `chart` for entries recorded before operations were kept.',
    }),
    cost: t.exposeInt('cost', { description: 'Credits charged.' }),
    fromMonthly: t.exposeInt('fromMonthly', { description: 'Taken from the monthly balance.' }),
    fromAuto: t.exposeInt('fromAuto', { description: 'Taken from the auto balance.' }),
    autochargedAmount: t.exposeInt('autochargedAmount', { description: 'Credits auto-charged right after this charge (0 when none).' }),
    at: t.string({ description: 'When, ISO 8601 UTC.', resolve: (entry) => new Date(entry.atMs).toISOString() }),
    voided: t.exposeBoolean('voided', {
      description: 'True when the charge was undone and refunded because its answer never reached the caller (docs/credits.md).',
    }),
  }),
});

type UsageEdge = UsageConnection['edges'][number];
const UsageEdgeType = builder.objectRef<UsageEdge>('UsageEdge').implement({
  description: 'A ledger entry and its cursor.',
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` to continue after this entry.' }),
    node: t.expose('node', { type: LedgerEntryType, description: 'The entry.' }),
  }),
});

const PageInfoType = builder.objectRef<UsageConnection['pageInfo']>('PageInfo').implement({
  description: 'Pagination state.',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'True when older entries follow.' }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Cursor of the last edge, or null when empty.' }),
  }),
});

const UsageConnectionType = builder.objectRef<UsageConnection>('UsageConnection').implement({
  description: 'The caller’s ledger, newest first.',
  fields: (t) => ({
    edges: t.expose('edges', { type: [UsageEdgeType], description: 'Entries of this page.' }),
    pageInfo: t.expose('pageInfo', { type: PageInfoType, description: 'Pagination state.' }),
  }),
});

const StatementType = builder.objectRef<MonthlyStatement>('MonthlyStatement').implement({
  description: 'One calendar month (Asia/Tokyo) of the caller’s ledger, summed entry by entry.',
  fields: (t) => ({
    month: t.exposeString('month', { description: '`YYYY-MM`, Asia/Tokyo (the month the monthly balance belongs to).' }),
    calls: t.exposeInt('calls', { description: 'Charges that stand (not voided).' }),
    creditsFromMonthly: t.exposeInt('creditsFromMonthly', { description: 'Credits they took from the monthly balance.' }),
    creditsFromAuto: t.exposeInt('creditsFromAuto', { description: 'Credits they took from the auto balance.' }),
    autocharges: t.exposeInt('autocharges', { description: 'Autocharges the month’s charges set off (voided ones’ included).' }),
    autochargedCredits: t.exposeInt('autochargedCredits', { description: 'Credits those autocharges added to the auto balance.' }),
    voided: t.exposeInt('voided', { description: 'Charges undone because their answer never reached the caller (refunded).' }),
  }),
});

builder.queryFields((t) => ({
  statement: t.field({
    type: StatementType,
    description: 'The caller’s statement of a month (Asia/Tokyo), summed from the ledger. Free; key required.',
    args: { month: t.arg.string({ required: true, description: '`YYYY-MM`.' }) },
    resolve: (_root, { month }, context) =>
      resolveOutcome(context, () => context.services.accounts.statement(credentialsOf(context), month)),
  }),
  account: t.field({
    type: AccountType,
    description: 'The caller’s plan, balances and autocharge settings. Free; key required.',
    resolve: (_root, _args, context) => resolveOutcome(context, () => context.services.accounts.account(credentialsOf(context))),
  }),
  usage: t.field({
    type: UsageConnectionType,
    description: 'The caller’s ledger, newest first, cursor-paginated. Free; key required.',
    args: {
      first: t.arg.int({
        defaultValue: USAGE_PAGE_DEFAULT,
        description: `Page size, 1–${USAGE_PAGE_MAX} (default ${USAGE_PAGE_DEFAULT}).`,
      }),
      after: t.arg.string({ description: '`endCursor` of the previous page.' }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, () => context.services.accounts.usage(credentialsOf(context), { first: args.first, after: args.after })),
  }),
}));
