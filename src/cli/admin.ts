import { MONTH_PATTERN, type MonthlyStatement } from '../domain/credits/statement.ts';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AccountExistsError, createAccountAdmin, type AccountAdmin } from '../application/account-admin.ts';
import { isDomainError } from '../application/errors.ts';
import type { CreditStore } from '../application/ports/credit-store.ts';
import { composeAdminStore } from '../composition.ts';
import type { LedgerArchiver } from '../adapters/redis/ledger-archiver.ts';
import { ConfigError } from '../config.ts';
import { ACCOUNT_ID_PATTERN, MAX_CREDITS, PLANS, type AccountSnapshot, type LedgerEntry, type Plan } from '../domain/credits/account.ts';

/**
 * Admin CLI: `npm run -s admin -- <command> [options]`, JSON on stdout, against the store the
 * environment configures. Exit codes: 0 done, 1 failed (unknown account, store down), 2 bad arguments.
 */

export const USAGE = `usage: admin <command> [options]
  create-account [--plan standard|enterprise] [--monthly N] [--auto N] [--autocharge-threshold N] [--autocharge-amount N] [--id ID]
  issue-key --account ID
  revoke-key --key KEY
  grant --account ID --auto N
  set-autocharge --account ID --threshold N --amount N
  show --account ID
  usage --account ID [--limit N] [--before TRANSACTION_ID]
  statement --account ID --month YYYY-MM [--format json|csv]
  archive                  move the Redis ledger into LEDGER_DATABASE_URL now (the gateways also do, every few seconds)`;

export type AdminCommand =
  | { name: 'create-account'; plan: Plan; monthly: number; auto: number; threshold: number; amount: number; id: string | undefined }
  | { name: 'issue-key'; account: string }
  | { name: 'revoke-key'; key: string }
  | { name: 'grant'; account: string; auto: number }
  | { name: 'set-autocharge'; account: string; threshold: number; amount: number }
  | { name: 'show'; account: string }
  | { name: 'usage'; account: string; limit: number; before: string | undefined }
  | { name: 'statement'; account: string; month: string; format: 'json' | 'csv' }
  | { name: 'archive' };

type Options = Record<string, string | undefined>;

class BadArguments extends Error {}

const OPTION_NAMES: Readonly<Record<AdminCommand['name'], readonly string[]>> = {
  'create-account': ['plan', 'monthly', 'auto', 'autocharge-threshold', 'autocharge-amount', 'id'],
  'issue-key': ['account'],
  'revoke-key': ['key'],
  grant: ['account', 'auto'],
  'set-autocharge': ['account', 'threshold', 'amount'],
  show: ['account'],
  usage: ['account', 'limit', 'before'],
  statement: ['account', 'month', 'format'],
  archive: [],
};

function required(options: Options, name: string): string {
  const value = options[name];
  if (value === undefined || value === '') throw new BadArguments(`--${name} is required`);
  return value;
}

function credits(options: Options, name: string, fallback?: number): number {
  const text = options[name];
  if (text === undefined) {
    if (fallback === undefined) throw new BadArguments(`--${name} is required`);
    return fallback;
  }
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_CREDITS) {
    throw new BadArguments(`--${name} must be a whole number from 0 to ${MAX_CREDITS}, got "${text}"`);
  }
  return Number(text);
}

function accountId(options: Options, name = 'account'): string {
  const id = required(options, name);
  if (!ACCOUNT_ID_PATTERN.test(id)) throw new BadArguments(`--${name} must be 1–64 characters of A–Z a–z 0–9 _ -`);
  return id;
}

/** argv (after the script name) → command; throws BadArguments with a one-line message. */
export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  const [name, ...rest] = argv;
  if (name === undefined) throw new BadArguments('missing command');
  if (!Object.hasOwn(OPTION_NAMES, name)) throw new BadArguments(`unknown command "${name}"`);
  const commandName = name as AdminCommand['name'];
  let options: Options;
  try {
    const parsed = parseArgs({
      args: [...rest],
      options: Object.fromEntries(OPTION_NAMES[commandName].map((option) => [option, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    });
    options = parsed.values;
  } catch (error) {
    throw new BadArguments(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  switch (commandName) {
    case 'create-account': {
      const plan = options['plan'] ?? 'standard';
      if (!(PLANS as readonly string[]).includes(plan)) throw new BadArguments(`--plan must be one of ${PLANS.join(', ')}`);
      return {
        name: commandName,
        plan: plan as Plan,
        monthly: credits(options, 'monthly', 0),
        auto: credits(options, 'auto', 0),
        threshold: credits(options, 'autocharge-threshold', 0),
        amount: credits(options, 'autocharge-amount', 0),
        id: options['id'] === undefined ? undefined : accountId(options, 'id'),
      };
    }
    case 'issue-key':
    case 'show':
      return { name: commandName, account: accountId(options) };
    case 'revoke-key':
      return { name: commandName, key: required(options, 'key') };
    case 'grant': {
      const auto = credits(options, 'auto');
      if (auto === 0) throw new BadArguments('--auto must be at least 1');
      return { name: commandName, account: accountId(options), auto };
    }
    case 'set-autocharge':
      return {
        name: commandName,
        account: accountId(options),
        threshold: credits(options, 'threshold'),
        amount: credits(options, 'amount'),
      };
    case 'usage': {
      const limit = credits(options, 'limit', 20);
      if (limit < 1 || limit > 100) throw new BadArguments('--limit must be from 1 to 100');
      const before = options['before'];
      if (before !== undefined && !/^\d{1,20}-\d{1,20}$/.test(before))
        throw new BadArguments('--before must be a transaction id like 1700000000000-0');
      return { name: commandName, account: accountId(options), limit, before };
    }
    case 'statement': {
      const month = required(options, 'month');
      if (!MONTH_PATTERN.test(month)) throw new BadArguments(`--month must be a month YYYY-MM (Asia/Tokyo), got "${month}"`);
      const format = options['format'] ?? 'json';
      if (format !== 'json' && format !== 'csv') throw new BadArguments(`--format must be json or csv, got "${format}"`);
      return { name: commandName, account: accountId(options), month, format };
    }
    case 'archive':
      return { name: commandName };
  }
}

/** Output printed as it is, not as JSON (a CSV statement). */
class RawText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function statementJson(statement: MonthlyStatement) {
  return {
    month: statement.month,
    calls: statement.calls,
    credits_from_monthly: statement.creditsFromMonthly,
    credits_from_auto: statement.creditsFromAuto,
    autocharges: statement.autocharges,
    autocharged_credits: statement.autochargedCredits,
    voided: statement.voided,
  };
}

class CommandFailed extends Error {}

function showJson(snapshot: AccountSnapshot) {
  return {
    account_id: snapshot.accountId,
    plan: snapshot.plan,
    monthly_allowance: snapshot.monthlyAllowance,
    monthly_credits: snapshot.monthlyCredits,
    auto_credits: snapshot.autoCredits,
    autocharge: { threshold: snapshot.autocharge.threshold, amount: snapshot.autocharge.amount },
  };
}

function ledgerJson(entry: LedgerEntry) {
  return {
    transaction_id: entry.transactionId,
    log_id: entry.logId,
    cost: entry.cost,
    from_monthly: entry.fromMonthly,
    from_auto: entry.fromAuto,
    autocharged: entry.autochargedAmount,
    at: new Date(entry.atMs).toISOString(),
    voided: entry.voided,
  };
}

function found<T>(value: T | null, accountIdText: string): T {
  if (value === null) throw new CommandFailed(`account ${accountIdText} not found`);
  return value;
}

/** Passes until one finds nothing new: everything in the shards this run could lease is archived. */
const MAX_ARCHIVE_PASSES = 10_000;

async function archiveNow(archiver: LedgerArchiver | null) {
  if (archiver === null) throw new CommandFailed('LEDGER_DATABASE_URL is not set: there is no ledger database to archive into');
  const total = {
    shards_held: 0,
    shards_elsewhere: 0,
    accounts: 0,
    archived: 0,
    newly_inserted: 0,
    trimmed: 0,
    voids_archived: 0,
    lost: 0,
  };
  try {
    for (let pass = 0; pass < MAX_ARCHIVE_PASSES; pass++) {
      const done = await archiver.runOnce();
      Object.assign(total, { shards_held: done.shardsHeld, shards_elsewhere: done.shardsElsewhere });
      total.accounts = Math.max(total.accounts, done.accounts);
      total.archived += done.acknowledged;
      total.newly_inserted += done.inserted;
      total.trimmed += done.trimmed;
      total.voids_archived += done.voidsArchived;
      total.lost += done.lost;
      if (done.acknowledged === 0) break;
    }
  } catch (error) {
    throw new CommandFailed(
      `archiving failed (run it again; nothing is lost or duplicated): ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await archiver.stop();
  }
  return total;
}

export async function executeAdminCommand(
  command: AdminCommand,
  admin: AccountAdmin,
  archiver: LedgerArchiver | null = null,
): Promise<unknown> {
  switch (command.name) {
    case 'archive':
      return archiveNow(archiver);
    case 'create-account': {
      const created = await admin.createAccount({
        plan: command.plan,
        monthlyAllowance: command.monthly,
        autoCredits: command.auto,
        autocharge: { threshold: command.threshold, amount: command.amount },
        ...(command.id === undefined ? {} : { accountId: command.id }),
      });
      return { account_id: created.accountId, api_key: created.apiKey };
    }
    case 'issue-key':
      return { api_key: found(await admin.issueKey(command.account), command.account).apiKey };
    case 'revoke-key':
      if (!(await admin.revokeKey(command.key))) throw new CommandFailed('no such API key (never issued or already revoked)');
      return { revoked: true };
    case 'grant':
      return showJson(found(await admin.grantAutoCredits(command.account, command.auto), command.account));
    case 'set-autocharge':
      return showJson(
        found(await admin.setAutocharge(command.account, { threshold: command.threshold, amount: command.amount }), command.account),
      );
    case 'show':
      return showJson(found(await admin.show(command.account), command.account));
    case 'usage': {
      const entries = found(await admin.usage(command.account, { limit: command.limit, before: command.before }), command.account);
      return entries.map(ledgerJson);
    }
    case 'statement': {
      const statement = statementJson(found(await admin.statement(command.account, command.month), command.account));
      if (command.format === 'json') return statement;
      return new RawText(`${Object.keys(statement).join(',')}\n${Object.values(statement).join(',')}`);
    }
  }
}

/** What a command runs against: the store, and the ledger archiver when a ledger database is configured. */
export interface AdminTarget {
  readonly store: CreditStore;
  readonly archiver?: LedgerArchiver | null;
  close(): Promise<void>;
}

export interface AdminIo {
  readonly openStore: () => Promise<AdminTarget>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** Whole CLI run; returns the exit code. */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  let command: AdminCommand;
  try {
    command = parseAdminCommand(argv);
  } catch (error) {
    if (!(error instanceof BadArguments)) throw error;
    io.stderr(`admin: ${error.message} (run with --help for usage)`);
    return 2;
  }
  let target: AdminTarget | undefined;
  try {
    target = await io.openStore();
    const output = await executeAdminCommand(command, createAccountAdmin(target.store), target.archiver ?? null);
    io.stdout(output instanceof RawText ? output.text : JSON.stringify(output));
    return 0;
  } catch (error) {
    if (error instanceof CommandFailed || error instanceof AccountExistsError || error instanceof ConfigError || isDomainError(error)) {
      io.stderr(`admin: ${error.message.replaceAll('\n', ' ')}`);
      return 1;
    }
    throw error;
  } finally {
    await target?.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === 'help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const code = await runAdmin(argv, {
    openStore: () => composeAdminStore(),
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
  });
  process.exitCode = code;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`admin: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
