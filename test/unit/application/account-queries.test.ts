import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { createAccountAdmin } from '../../../src/application/accounts/account-admin.ts';
import { createAccountQueries, type AccountQueries } from '../../../src/application/accounts/account-queries.ts';
import { resolveCredentials, type Credentials } from '../../../src/application/paid/credentials.ts';
import { unwrap } from '../../../src/application/outcome.ts';
import { FakeClock } from '../../contract/credit-store.contract.ts';

describe('account queries (free reads)', () => {
  let store: MemoryCreditStore;
  let queries: AccountQueries;
  let credentials: Credentials;
  let accountId: string;

  beforeEach(async () => {
    store = new MemoryCreditStore({ clock: new FakeClock() });
    queries = createAccountQueries(store);
    const created = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 100,
      autoCredits: 20,
      autocharge: { threshold: 50, amount: 200 },
    });
    accountId = created.accountId;
    credentials = resolveCredentials('graphql', { xApiKey: created.apiKey });
  });

  const chargeTimes = async (n: number) => {
    for (let i = 0; i < n; i++)
      await store.charge({ accountId, chargeId: randomUUID(), unitCost: 10, logId: `log-${i}`, idempotency: null });
  };

  it('account: plan, balances and autocharge of the caller', async () => {
    expect(unwrap(await queries.account(credentials))).toEqual({
      accountId,
      plan: 'standard',
      monthlyAllowance: 100,
      monthlyCredits: 100,
      autoCredits: 20,
      totalCredits: 120,
      autocharge: { enabled: true, threshold: 50, amount: 200 },
    });
  });

  it('account without a valid key is UNAUTHENTICATED', async () => {
    expect(await queries.account(resolveCredentials('graphql', {}))).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(() => unwrap({ ok: false, error: new Error('x') as never })).toThrow('x');
  });

  it('usage pages through the ledger newest first with cursors', async () => {
    await chargeTimes(5);
    const page1 = unwrap(await queries.usage(credentials, { first: 2 }));
    expect(page1.edges.map((e) => e.node.logId)).toEqual(['log-4', 'log-3']);
    expect(page1.pageInfo).toEqual({ hasNextPage: true, endCursor: page1.edges[1]!.cursor });
    const page2 = unwrap(await queries.usage(credentials, { first: 2, after: page1.pageInfo.endCursor }));
    expect(page2.edges.map((e) => e.node.logId)).toEqual(['log-2', 'log-1']);
    const page3 = unwrap(await queries.usage(credentials, { first: 2, after: page2.pageInfo.endCursor }));
    expect(page3.edges.map((e) => e.node.logId)).toEqual(['log-0']);
    expect(page3.pageInfo.hasNextPage).toBe(false);
  });

  it('usage of an empty ledger is an empty page with a null end cursor', async () => {
    expect(unwrap(await queries.usage(credentials))).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('usage rejects an out-of-range page size or a foreign cursor', async () => {
    expect(await queries.usage(credentials, { first: 0 })).toMatchObject({ ok: false, error: { code: 'BAD_USER_INPUT' } });
    expect(await queries.usage(credentials, { first: 101 })).toMatchObject({ ok: false, error: { code: 'BAD_USER_INPUT' } });
    expect(await queries.usage(credentials, { after: 'abc' })).toMatchObject({ ok: false, error: { code: 'BAD_USER_INPUT' } });
  });
});
