import { PostgresSubjectStore } from '../adapters/postgres/subject-store.ts';
import type { SubjectStore } from '../application/ports/subject-store.ts';
import { createSubjectCipher, type SubjectCipher } from '../application/subjects/cipher.ts';
import { resealSubjects } from '../application/subjects/subjects.ts';
import { pathToFileURL } from 'node:url';
import { isDomainError } from '../application/errors.ts';
import { createOperator, type Operator } from '../application/operator/operator.ts';
import { CLI_CONTEXT } from '../application/operator/views.ts';
import type { Outcome } from '../application/outcome.ts';
import type { CreditStore } from '../application/ports/credit-store.ts';
import type { DashboardStore } from '../application/ports/dashboard-store.ts';
import { composeAdminStore } from '../composition.ts';
import { adminAutochargeCeiling, adminPublicUrl, composeAdminDashboardStore } from '../compose-operator.ts';
import type { LedgerArchiver } from '../adapters/redis/ledger-archiver.ts';
import { ConfigError, loadConfig } from '../config.ts';
import {
  adminTokenJson,
  auditJson,
  detailJson,
  invitationJson,
  issuedKeyJson,
  ledgerJson,
  searchHitJson,
  statementJson,
  summaryJson,
} from '../wire/admin-json.ts';
import { BadArguments, NEEDS_DASHBOARD, USAGE, parseAdminCommand, type AdminCommand } from './admin-args.ts';

export { USAGE, parseAdminCommand, type AdminCommand };

/**
 * Admin CLI: `npm run -s admin -- <command> [options]`, JSON on stdout, against the store the
 * environment configures, through the same use-cases as the operator API (docs/admin.md); with a
 * dashboard database every change is written to the audit log as `cli`. Exit codes: 0 done,
 * 1 failed (unknown account, a refusal, store down), 2 bad arguments.
 */

/** Output printed as it is, not as JSON (a CSV statement). */
class RawText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

class CommandFailed extends Error {}

/** The use-case's value, or its refusal thrown (printed on one line, exit code 1). */
function valueOf<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
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

const NO_DASHBOARD = 'this command needs the dashboard database: set DASHBOARD_DATABASE_URL (or LEDGER_DATABASE_URL) to its PostgreSQL URL';

export async function executeAdminCommand(
  command: AdminCommand,
  operator: Operator,
  archiver: LedgerArchiver | null = null,
  subjects: AdminTarget['subjects'] = null,
): Promise<unknown> {
  const cli = CLI_CONTEXT;
  switch (command.name) {
    case 'archive':
      return archiveNow(archiver);
    case 'reseal-subjects': {
      if (subjects == null)
        throw new CommandFailed(
          'saved subjects are kept in PostgreSQL beside Redis: set SUBJECT_KEYS and SUBJECTS_DATABASE_URL (docs/subjects.md)',
        );
      return { resealed: await resealSubjects(subjects.store, subjects.cipher), key: subjects.cipher.keyId };
    }
    case 'create-account': {
      const created = valueOf(
        await operator.createAccount(cli, {
          plan: command.plan,
          monthlyAllowance: command.monthly,
          autoCredits: command.auto,
          autocharge: { threshold: command.threshold, amount: command.amount },
          ...(command.id === undefined ? {} : { accountId: command.id }),
        }),
      );
      return { account_id: created.detail.account.accountId, api_key: created.apiKey, key_id: created.keyId };
    }
    case 'list-accounts': {
      const page = valueOf(await operator.listAccounts({ limit: command.limit, before: command.before }));
      return { accounts: page.items.map(summaryJson), next_before: page.nextBefore };
    }
    case 'find':
      return { accounts: valueOf(await operator.search(command.value, 100, command.by)).map(searchHitJson) };
    case 'show':
      return detailJson(valueOf(await operator.show(command.account)));
    case 'issue-key':
      return issuedKeyJson(
        valueOf(
          await operator.issueKey(cli, command.account, {
            ...(command.keyName === undefined ? {} : { name: command.keyName }),
            scopes: command.scopes,
            expiresAt: command.expires,
          }),
        ),
      );
    case 'revoke-key': {
      const revoked = valueOf(
        'key' in command ? await operator.revokeApiKey(cli, command.key) : await operator.revokeKey(cli, command.account, command.keyId),
      );
      return { revoked: true, account_id: revoked.accountId, key_id: revoked.keyId };
    }
    case 'grant':
      return detailJson(valueOf(await operator.grant(cli, command.account, command.auto)));
    case 'set-autocharge':
      return detailJson(
        valueOf(
          await operator.updateAccount(cli, command.account, { autocharge: { threshold: command.threshold, amount: command.amount } }),
        ),
      );
    case 'set-autocharge-ceiling':
      return detailJson(
        valueOf(
          await operator.updateAccount(cli, command.account, {
            autochargeCeiling: command.threshold === undefined ? null : { threshold: command.threshold, amount: command.amount! },
          }),
        ),
      );
    case 'set-plan':
      return detailJson(
        valueOf(
          await operator.updateAccount(cli, command.account, {
            plan: command.plan,
            ...(command.monthly === undefined ? {} : { monthlyAllowance: command.monthly }),
          }),
        ),
      );
    case 'suspend':
    case 'resume':
      return detailJson(valueOf(await operator.setSuspended(cli, command.account, command.name === 'suspend')));
    case 'delete-account': {
      const deleted = valueOf(await operator.deleteAccount(cli, command.account));
      return { account_id: deleted.accountId, deleted: true, keys_revoked: deleted.keysRevoked, sessions_deleted: deleted.sessionsDeleted };
    }
    case 'usage':
      return valueOf(await operator.usage(command.account, { limit: command.limit, before: command.before })).items.map(ledgerJson);
    case 'statement': {
      const statement = statementJson(valueOf(await operator.statement(command.account, command.month)));
      if (command.format === 'json') return statement;
      return new RawText(`${Object.keys(statement).join(',')}\n${Object.values(statement).join(',')}`);
    }
    case 'create-admin-token': {
      const created = valueOf(
        await operator.createAdminToken(cli, { name: command.tokenName, scopes: command.scopes, expiresAt: command.expires }),
      );
      return { token: created.token, ...adminTokenJson(created.record) };
    }
    case 'list-admin-tokens':
      return { tokens: (await operator.listAdminTokens()).map(adminTokenJson) };
    case 'revoke-admin-token':
      return { token_id: valueOf(await operator.revokeAdminToken(cli, command.id)).tokenId, revoked: true };
    case 'invite':
      return invitationJson(valueOf(await operator.invite(cli, command.email)));
    case 'audit': {
      const page = valueOf(await operator.auditLog({ limit: command.limit, before: command.before, accountId: command.account }));
      return { entries: page.items.map(auditJson), next_before: page.nextBefore };
    }
  }
}

/** What a command runs against: the store, the ledger archiver and the dashboard database when configured. */
export interface AdminTarget {
  readonly store: CreditStore;
  readonly archiver?: LedgerArchiver | null;
  /** Admin tokens, invitations, users and the audit log (`DASHBOARD_DATABASE_URL`); null or absent: none. */
  readonly dashboard?: DashboardStore | null;
  /** Saved subjects in PostgreSQL and the cipher of `SUBJECT_KEYS` (deleted with an account, re-sealed by `reseal-subjects`); null: none. */
  readonly subjects?: { readonly store: SubjectStore; readonly cipher: SubjectCipher } | null;
  /** `PUBLIC_URL`, for invitation links (default: the configuration's default). */
  readonly publicUrl?: string;
  /** `AUTOCHARGE_MAX_*`: the plan's autocharge ceiling, shown beside accounts without one of their own (default 0). */
  readonly planAutochargeCeiling?: { readonly threshold: number; readonly amount: number };
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
    const dashboard = target.dashboard ?? null;
    if (dashboard === null && (NEEDS_DASHBOARD.has(command.name) || (command.name === 'find' && command.by === 'email')))
      throw new CommandFailed(NO_DASHBOARD);
    const operator = createOperator({
      store: target.store,
      dashboard,
      publicUrl: target.publicUrl ?? adminPublicUrl({}),
      ...(target.planAutochargeCeiling === undefined ? {} : { planAutochargeCeiling: target.planAutochargeCeiling }),
      subjects: target.subjects?.store ?? null,
    });
    const output = await executeAdminCommand(command, operator, target.archiver ?? null, target.subjects ?? null);
    io.stdout(output instanceof RawText ? output.text : JSON.stringify(output));
    return 0;
  } catch (error) {
    if (error instanceof CommandFailed || error instanceof ConfigError || isDomainError(error)) {
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
    openStore: async () => {
      const opened = await composeAdminStore();
      let dashboard: DashboardStore | null;
      try {
        dashboard = composeAdminDashboardStore();
      } catch (error) {
        await opened.close();
        throw error;
      }
      const subjects = adminSubjects();
      return {
        store: opened.store,
        archiver: opened.archiver,
        dashboard,
        subjects,
        publicUrl: adminPublicUrl(),
        planAutochargeCeiling: adminAutochargeCeiling(),
        close: async () => {
          await opened.close();
          await dashboard?.close();
          await subjects?.store.close();
        },
      };
    },
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

/** The saved subjects in PostgreSQL and their cipher, from the configuration; null when there are none to reach. */
function adminSubjects(): AdminTarget['subjects'] {
  const setting = loadConfig(process.env).subjects;
  return setting.kind === 'postgres'
    ? { store: new PostgresSubjectStore({ url: setting.url }), cipher: createSubjectCipher(setting.keys) }
    : null;
}
