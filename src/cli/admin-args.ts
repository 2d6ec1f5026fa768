/**
 * The admin CLI's commands and their arguments: argv → a typed command, or `BadArguments` with a
 * one-line message naming the option and its rule (exit code 2, nothing opened).
 */
import { parseArgs } from 'node:util';
import { ADMIN_TOKEN_ID_PATTERN, ENV_ADMIN_TOKEN_ID } from '../application/operator/admin-tokens.ts';
import { accountIdIssue, adminScopesIssue, emailIssue, keyScopesIssue, nameIssue, parseExpiry } from '../application/operator/input.ts';
import { normalizeEmail } from '../application/accounts/rules.ts';
import type { SearchBy } from '../application/operator/views.ts';
import { MAX_CREDITS, PLANS, type Plan } from '../domain/credits/account.ts';
import { MONTH_PATTERN } from '../domain/credits/statement.ts';

export const USAGE = `usage: admin <command> [options]
  create-account [--plan standard|enterprise] [--monthly N] [--auto N] [--autocharge-threshold N] [--autocharge-amount N] [--id ID]
  list-accounts [--limit N] [--before ID]     newest first; --before: the last id of the previous page
  find --key KEY_OR_KEY_ID | --email FRAGMENT | --account ID
  show --account ID                           balances, status, owner, keys with their last use
  set-plan --account ID --plan standard|enterprise [--monthly N]
  set-autocharge --account ID --threshold N --amount N
  set-autocharge-ceiling --account ID (--threshold N --amount N | --plan)
                                              what the customer may raise autocharge to; --plan: the plan's again
  grant --account ID --auto N
  suspend --account ID | resume --account ID
  delete-account --account ID                 keys revoked at once, sessions ended; the ledger is kept
  issue-key --account ID [--name NAME] [--scopes a,b] [--expires YYYY-MM-DD]
  revoke-key --key KEY | --account ID --key-id fp_XXXXXXXX
  usage --account ID [--limit N] [--before TRANSACTION_ID]
  statement --account ID --month YYYY-MM [--format json|csv]
  create-admin-token --name NAME [--scopes read,write] [--expires YYYY-MM-DD]   prints the token once
  list-admin-tokens
  revoke-admin-token --id adm_XXXXXXXX
  invite --email ADDRESS                      a sign-up link for SIGNUP=invite (14 days)
  audit [--account ID] [--limit N] [--before ENTRY_ID]
  archive                  move the Redis ledger into LEDGER_DATABASE_URL now (the gateways also do, every few seconds)
  reseal-subjects          re-seal every saved subject under the first of SUBJECT_KEYS (a key rotation; docs/subjects.md)
Admin tokens, invitations, the audit log and find --email need DASHBOARD_DATABASE_URL (or LEDGER_DATABASE_URL).`;

export type AdminCommand =
  | { name: 'create-account'; plan: Plan; monthly: number; auto: number; threshold: number; amount: number; id: string | undefined }
  | { name: 'list-accounts'; limit: number; before: string | undefined }
  | { name: 'find'; by: SearchBy; value: string }
  | { name: 'issue-key'; account: string; keyName: string | undefined; scopes: string[] | null; expires: string | null }
  | { name: 'revoke-key'; key: string }
  | { name: 'revoke-key'; account: string; keyId: string }
  | { name: 'grant'; account: string; auto: number }
  | { name: 'set-autocharge'; account: string; threshold: number; amount: number }
  /** No threshold: the account's ceiling dropped, the plan's applies again. */
  | { name: 'set-autocharge-ceiling'; account: string; threshold: number | undefined; amount: number | undefined }
  | { name: 'set-plan'; account: string; plan: Plan; monthly: number | undefined }
  | { name: 'suspend' | 'resume' | 'delete-account' | 'show'; account: string }
  | { name: 'usage'; account: string; limit: number; before: string | undefined }
  | { name: 'statement'; account: string; month: string; format: 'json' | 'csv' }
  | { name: 'create-admin-token'; tokenName: string; scopes: string[]; expires: string | null }
  | { name: 'list-admin-tokens' }
  | { name: 'revoke-admin-token'; id: string }
  | { name: 'invite'; email: string }
  | { name: 'audit'; account: string | undefined; limit: number; before: number | undefined }
  | { name: 'archive' }
  | { name: 'reseal-subjects' };

/** Commands that read or write the dashboard database (`find` only with `--email`). */
export const NEEDS_DASHBOARD: ReadonlySet<string> = new Set([
  'create-admin-token',
  'list-admin-tokens',
  'revoke-admin-token',
  'invite',
  'audit',
  'set-autocharge-ceiling',
]);

type Options = Record<string, string | undefined>;

/** Options that take no value (`command --option`); present, they read as ''. */
const FLAGS: ReadonlySet<string> = new Set(['set-autocharge-ceiling --plan']);

export class BadArguments extends Error {}

const OPTION_NAMES: Readonly<Record<AdminCommand['name'], readonly string[]>> = {
  'create-account': ['plan', 'monthly', 'auto', 'autocharge-threshold', 'autocharge-amount', 'id'],
  'list-accounts': ['limit', 'before'],
  find: ['key', 'email', 'account'],
  'issue-key': ['account', 'name', 'scopes', 'expires'],
  'revoke-key': ['key', 'account', 'key-id'],
  grant: ['account', 'auto'],
  'set-autocharge': ['account', 'threshold', 'amount'],
  'set-autocharge-ceiling': ['account', 'threshold', 'amount', 'plan'],
  'set-plan': ['account', 'plan', 'monthly'],
  suspend: ['account'],
  resume: ['account'],
  'delete-account': ['account'],
  show: ['account'],
  usage: ['account', 'limit', 'before'],
  statement: ['account', 'month', 'format'],
  'create-admin-token': ['name', 'scopes', 'expires'],
  'list-admin-tokens': [],
  'revoke-admin-token': ['id'],
  invite: ['email'],
  audit: ['account', 'limit', 'before'],
  archive: [],
  'reseal-subjects': [],
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

function pageLimit(options: Options): number {
  const limit = credits(options, 'limit', 20);
  if (limit < 1 || limit > 100) throw new BadArguments('--limit must be from 1 to 100');
  return limit;
}

function accountId(options: Options, name = 'account'): string {
  const id = required(options, name);
  const issue = accountIdIssue(`--${name}`, id);
  if (issue !== null) throw new BadArguments(issue);
  return id;
}

function plan(options: Options, fallback?: Plan): Plan {
  const value = options['plan'] ?? fallback;
  if (value === undefined) throw new BadArguments('--plan is required');
  if (!(PLANS as readonly string[]).includes(value)) throw new BadArguments(`--plan must be one of ${PLANS.join(', ')}`);
  return value as Plan;
}

const check = (issue: string | null): void => {
  if (issue !== null) throw new BadArguments(issue);
};

/** `a,b` → ['a', 'b'] (spaces around the commas allowed). */
const list = (text: string): string[] => text.split(',').map((item) => item.trim());

function only<T extends string>(options: Options, names: readonly T[]): T {
  const given = names.filter((name) => options[name] !== undefined);
  if (given.length !== 1) throw new BadArguments(`give exactly one of ${names.map((name) => `--${name}`).join(', ')}`);
  return given[0]!;
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
      options: Object.fromEntries(
        OPTION_NAMES[commandName].map((option) => [option, { type: FLAGS.has(`${commandName} --${option}`) ? 'boolean' : 'string' }]),
      ) as Record<string, { type: 'string' | 'boolean' }>,
      strict: true,
      allowPositionals: false,
    });
    options = Object.fromEntries(Object.entries(parsed.values).map(([key, value]) => [key, value === true ? '' : (value as string)]));
  } catch (error) {
    throw new BadArguments(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  switch (commandName) {
    case 'create-account':
      return {
        name: commandName,
        plan: plan(options, 'standard'),
        monthly: credits(options, 'monthly', 0),
        auto: credits(options, 'auto', 0),
        threshold: credits(options, 'autocharge-threshold', 0),
        amount: credits(options, 'autocharge-amount', 0),
        id: options['id'] === undefined ? undefined : accountId(options, 'id'),
      };
    case 'list-accounts':
      return {
        name: commandName,
        limit: pageLimit(options),
        before: options['before'] === undefined ? undefined : accountId(options, 'before'),
      };
    case 'find': {
      const by = only(options, ['key', 'email', 'account'] as const);
      const value = required(options, by);
      if (by === 'account') check(accountIdIssue('--account', value));
      return { name: commandName, by, value };
    }
    case 'issue-key': {
      const keyName = options['name'];
      if (keyName !== undefined) check(nameIssue('--name', keyName));
      const scopes = options['scopes'] === undefined ? null : list(options['scopes']);
      if (scopes !== null) check(keyScopesIssue('--scopes', scopes));
      const expires = options['expires'] ?? null;
      if (expires !== null) {
        const parsed = parseExpiry('--expires', expires);
        if (typeof parsed === 'string') throw new BadArguments(parsed);
      }
      return { name: commandName, account: accountId(options), keyName, scopes, expires };
    }
    case 'revoke-key': {
      if (options['key'] !== undefined) {
        if (options['account'] !== undefined || options['key-id'] !== undefined)
          throw new BadArguments('give --key KEY, or --account ID with --key-id fp_XXXXXXXX, not both');
        return { name: commandName, key: required(options, 'key') };
      }
      if (options['account'] === undefined && options['key-id'] === undefined)
        throw new BadArguments('give --key KEY, or --account ID with --key-id fp_XXXXXXXX');
      const keyId = required(options, 'key-id');
      if (!/^fp_[A-Za-z0-9_-]{8}$/.test(keyId))
        throw new BadArguments('--key-id must be a key id: fp_ and the next 8 characters of the key');
      return { name: commandName, account: accountId(options), keyId };
    }
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
    case 'set-autocharge-ceiling': {
      const toPlan = options['plan'] !== undefined;
      if (toPlan === (options['threshold'] !== undefined || options['amount'] !== undefined))
        throw new BadArguments("set-autocharge-ceiling needs --threshold N --amount N, or --plan (the plan's ceiling again)");
      return toPlan
        ? { name: commandName, account: accountId(options), threshold: undefined, amount: undefined }
        : { name: commandName, account: accountId(options), threshold: credits(options, 'threshold'), amount: credits(options, 'amount') };
    }
    case 'set-plan':
      return {
        name: commandName,
        account: accountId(options),
        plan: plan(options),
        monthly: options['monthly'] === undefined ? undefined : credits(options, 'monthly'),
      };
    case 'suspend':
    case 'resume':
    case 'delete-account':
    case 'show':
      return { name: commandName, account: accountId(options) };
    case 'usage': {
      const limit = pageLimit(options);
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
    case 'create-admin-token': {
      const tokenName = required(options, 'name');
      check(nameIssue('--name', tokenName));
      const scopes = list(options['scopes'] ?? 'read,write');
      check(adminScopesIssue('--scopes', scopes));
      const expires = options['expires'] ?? null;
      if (expires !== null) {
        const parsed = parseExpiry('--expires', expires);
        if (typeof parsed === 'string') throw new BadArguments(parsed);
      }
      return { name: commandName, tokenName, scopes, expires };
    }
    case 'revoke-admin-token': {
      const id = required(options, 'id');
      if (!ADMIN_TOKEN_ID_PATTERN.test(id) && id !== ENV_ADMIN_TOKEN_ID)
        throw new BadArguments('--id must be an admin token id: adm_ and the next 8 characters of the token');
      return { name: commandName, id };
    }
    case 'invite': {
      const email = normalizeEmail(required(options, 'email'));
      check(emailIssue('--email', email));
      return { name: commandName, email };
    }
    case 'audit': {
      const before = options['before'];
      if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before))
        throw new BadArguments('--before must be an audit entry id (a whole number)');
      return {
        name: commandName,
        account: options['account'] === undefined ? undefined : accountId(options),
        limit: pageLimit(options),
        before: before === undefined ? undefined : Number(before),
      };
    }
    case 'list-admin-tokens':
    case 'archive':
    case 'reseal-subjects':
      return { name: commandName };
  }
}
