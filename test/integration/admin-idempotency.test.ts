/**
 * An operator's write under an Idempotency-Key that fails after the write began (here: reading the
 * account back for the answer) is not applied again by a retry with the same key: the key keeps the
 * failure, whose replay says the write may stand; a failure before any write frees the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import type { KeyRecord } from '../../src/application/ports/credit-store.ts';
import { refusals } from '../../src/application/refusals.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';

const ADMIN_TOKEN = 'idempotency-test-admin-token-0123456789';

class FailingReads extends MemoryCreditStore {
  failListKeys = false;
  failBalance = false;
  override listKeys(accountId: string): Promise<readonly KeyRecord[] | null> {
    if (this.failListKeys) return Promise.reject(refusals.storeUnavailable(new Error('read timed out')));
    return super.listKeys(accountId);
  }
  override balance(accountId: string) {
    if (this.failBalance) return Promise.reject(refusals.storeUnavailable(new Error('read timed out')));
    return super.balance(accountId);
  }
}

describe('operator writes: an Idempotency-Key never applies a write twice', () => {
  const store = new FailingReads();
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ store, env: { ADMIN_TOKEN } });
  });
  afterAll(() => app.close());

  const grant = (accountId: string, key: string, auto = 1000) =>
    fetch(`${app.baseUrl}/admin/v1/accounts/${accountId}/grants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ auto_credits: auto }),
    });

  it('a failure after the grant was made: the retry replays the failure, and the credits were granted once', async () => {
    const { accountId } = await app.admin.createAccount({
      plan: 'standard',
      monthlyAllowance: 0,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    store.failListKeys = true; // the answer's read-back fails once the grant is made
    const first = await grant(accountId, 'grant-after-write');
    store.failListKeys = false;
    expect(first.status).toBe(503);
    expect((await app.store.balance(accountId))!.autoCredits).toBe(1000);
    const retry = await grant(accountId, 'grant-after-write');
    expect(retry.status).toBe(503);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { message: string }).message).toContain('the write may have been applied');
    expect((await app.store.balance(accountId))!.autoCredits).toBe(1000);
  });

  it('a failure before any write frees the key: the retry runs, once', async () => {
    const { accountId } = await app.admin.createAccount({
      plan: 'standard',
      monthlyAllowance: 0,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    store.failBalance = true; // the account cannot even be read: nothing is written
    expect((await grant(accountId, 'grant-before-write')).status).toBe(503);
    store.failBalance = false;
    const retry = await grant(accountId, 'grant-before-write');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await grant(accountId, 'grant-before-write')).headers.get('idempotent-replayed')).toBe('true');
    expect((await app.store.balance(accountId))!.autoCredits).toBe(1000);
  });

  it('an invitation replayed carries no link (its token is shown once)', async () => {
    const invite = () =>
      fetch(`${app.baseUrl}/admin/v1/invitations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', 'idempotency-key': 'invite-1' },
        body: JSON.stringify({ email: 'invited@example.com' }),
      });
    const first = (await (await invite()).json()) as { signup_url: string | null; email: string };
    expect(first.signup_url).toMatch(/invite=/);
    const again = (await (await invite()).json()) as { signup_url: string | null; email: string };
    expect(again).toMatchObject({ email: 'invited@example.com', signup_url: null });
  });
});
