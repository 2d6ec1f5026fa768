/**
 * An operator's write and its audit row commit together or not at all: the row is written first
 * (pending), so a database that refuses it stops the write; a write that answered is settled
 * applied, one that found nothing to do failed; a settlement the database refuses leaves the row
 * pending (its fate unknown) without failing the write that was made.
 */
import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { MemoryDashboardStore } from '../../../src/adapters/memory/dashboard-store.ts';
import { createAccountAdmin } from '../../../src/application/accounts/account-admin.ts';
import { createOperator } from '../../../src/application/operator/operator.ts';
import { CLI_CONTEXT } from '../../../src/application/operator/views.ts';
import type { NewAuditEntry } from '../../../src/application/ports/dashboard-store.ts';
import { refusals } from '../../../src/application/refusals.ts';

class FlakyAudit extends MemoryDashboardStore {
  refuseAppend = false;
  refuseSettle = false;
  override appendAudit(entry: NewAuditEntry) {
    if (this.refuseAppend) return Promise.reject(refusals.storeUnavailable(new Error('connection refused')));
    return super.appendAudit(entry);
  }
  override settleAudit(id: number, outcome: 'applied' | 'failed', details?: Readonly<Record<string, unknown>>) {
    if (this.refuseSettle) return Promise.reject(refusals.storeUnavailable(new Error('connection refused')));
    return super.settleAudit(id, outcome, details);
  }
}

async function setUp() {
  const store = new MemoryCreditStore();
  const audit = new FlakyAudit();
  const operator = createOperator({ store, dashboard: audit, publicUrl: 'https://bazi.example.com' });
  const { accountId } = await createAccountAdmin(store).createAccount({
    plan: 'standard',
    monthlyAllowance: 100,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  return { store, audit, operator, accountId };
}

describe('operator writes and their audit rows', () => {
  it('the audit row cannot be written: the grant is not made (STORE_UNAVAILABLE), so a retry grants once', async () => {
    const { store, audit, operator, accountId } = await setUp();
    audit.refuseAppend = true;
    await expect(operator.grant(CLI_CONTEXT, accountId, 500)).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect((await store.balance(accountId))!.autoCredits).toBe(0);
    audit.refuseAppend = false;
    expect((await operator.grant(CLI_CONTEXT, accountId, 500)).ok).toBe(true);
    expect((await store.balance(accountId))!.autoCredits).toBe(500);
    const rows = await audit.audit({ limit: 10, accountId });
    expect(rows.map((row) => `${row.action} ${row.outcome} ${JSON.stringify(row.details)}`)).toEqual([
      'account.grant applied {"auto_credits":500}',
    ]);
  });

  it('a write that finds nothing to do is settled failed; what the write learnt is merged into its row', async () => {
    const { audit, operator, accountId } = await setUp();
    const issued = await operator.issueKey(CLI_CONTEXT, accountId, { name: 'ci' });
    if (!issued.ok) throw new Error('not issued');
    expect((await operator.revokeKey(CLI_CONTEXT, accountId, issued.value.key.keyId)).ok).toBe(true);
    expect((await operator.revokeKey(CLI_CONTEXT, accountId, issued.value.key.keyId)).ok).toBe(false);
    const rows = [...(await audit.audit({ limit: 10, accountId }))].reverse();
    expect(rows.map((row) => [row.action, row.outcome])).toEqual([
      ['key.issue', 'applied'],
      ['key.revoke', 'applied'],
      ['key.revoke', 'failed'],
    ]);
    expect(rows[0]!.details).toMatchObject({ name: 'ci', key_id: issued.value.key.keyId });
  });

  it('a settlement the database refuses: the write stands and answers; its row stays pending', async () => {
    const { store, audit, operator, accountId } = await setUp();
    audit.refuseSettle = true;
    expect((await operator.grant(CLI_CONTEXT, accountId, 7)).ok).toBe(true);
    expect((await store.balance(accountId))!.autoCredits).toBe(7);
    const [row] = await audit.audit({ limit: 1, accountId });
    expect(row).toMatchObject({ action: 'account.grant', outcome: 'pending', details: { auto_credits: 7 } });
  });
});
