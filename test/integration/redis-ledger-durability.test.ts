/**
 * The ledger keeps every charge: Redis trims it by age
 * (LEDGER_RETENTION_DAYS), never by count, so 12,000 charges on one account are all readable
 * through `usage`, page by page, and sum to what the balance lost. And Redis with `appendonly yes`
 * and `appendfsync always` (the settings the README asks of a deployment) loses no acknowledged
 * charge when it is killed with SIGKILL under load and restarted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/domain/credits/account.ts';
import { monthlyStatement } from '../../src/application/accounts/account-queries.ts';
import { tokyoMonthOf } from '../../src/domain/credits/month.ts';
import { runAdmin } from '../../src/cli/admin.ts';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { budgetMs, pollWithin, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

const ACCOUNT = { plan: 'standard', monthlyAllowance: 1_000_000_000, autoCredits: 0, autocharge: { threshold: 0, amount: 0 } } as const;

async function openStore(server: RedisServer): Promise<RedisCreditStore> {
  const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
  await waitUntilReady(client, budgetMs(5000));
  return new RedisCreditStore({ client, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:' });
}

/** Every ledger entry of an account, newest first, read 100 at a time through the cursor. */
async function allEntries(store: RedisCreditStore, accountId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (;;) {
    const page = await store.usage(accountId, { limit: 100, before: entries.at(-1)?.transactionId });
    entries.push(...page);
    if (page.length < 100) return entries;
  }
}

describe.skipIf(!requireRedisServer('the Redis ledger'))('the Redis ledger keeps every charge', () => {
  let server: RedisServer | undefined;
  let store: RedisCreditStore | undefined;
  afterEach(async () => {
    await store?.close();
    await server?.dispose();
  });

  it(
    '12,000 charges on one account: all readable through usage, newest first, summing to the balance drop',
    async () => {
      server = await startRedisServer();
      store = await openStore(server);
      await store.createAccount({ accountId: 'busy', ...ACCOUNT });
      const ids = new Set<string>();
      for (let batch = 0; batch < 120; batch++) {
        const outcomes = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            store!.charge({ accountId: 'busy', chargeId: `c-${batch}-${i}`, unitCost: 10, logId: `l-${batch}-${i}`, idempotency: null }),
          ),
        );
        for (const outcome of outcomes) {
          if (outcome.kind !== 'charged') throw new Error(`charge ${outcome.kind}`);
          ids.add(outcome.receipt.transactionId!);
        }
      }
      const entries = await allEntries(store, 'busy');
      expect(entries).toHaveLength(12_000);
      expect(new Set(entries.map((e) => e.transactionId))).toEqual(ids);
      expect(entries.reduce((sum, e) => sum + e.cost, 0)).toBe(120_000);
      expect((await store.balance('busy'))!.monthlyCredits).toBe(1_000_000_000 - 120_000);

      // The month's statement is the sum of those entries, from the API's reader and from the admin CLI.
      const month = tokyoMonthOf(Date.now());
      expect(await monthlyStatement(store, 'busy', month)).toEqual({
        month,
        calls: 12_000,
        creditsFromMonthly: 120_000,
        creditsFromAuto: 0,
        autocharges: 0,
        autochargedCredits: 0,
        voided: 0,
      });
      const out: string[] = [];
      const io = {
        openStore: async () => {
          const opened = await openStore(server!);
          return { store: opened, close: () => opened.close() };
        },
        stdout: (t: string) => void out.push(t),
        stderr: (t: string) => void out.push(`ERR ${t}`),
      };
      expect(await runAdmin(['statement', '--account', 'busy', '--month', month, '--format', 'csv'], io)).toBe(0);
      expect(out.at(-1)).toBe(
        `month,calls,credits_from_monthly,credits_from_auto,autocharges,autocharged_credits,voided\n${month},12000,120000,0,0,0,0`,
      );
      expect(await runAdmin(['statement', '--account', 'busy', '--month', '2024-13'], io)).toBe(2);
    },
    budgetMs(60_000),
  );

  it(
    'appendonly yes + appendfsync always: a SIGKILL under load loses no acknowledged charge',
    async () => {
      server = await startRedisServer({ persistent: true });
      store = await openStore(server);
      await store.createAccount({ accountId: 'durable', ...ACCOUNT });
      const acknowledged = new Set<string>();
      let stop = false;
      let n = 0;
      const worker = async () => {
        while (!stop) {
          const i = n++;
          try {
            const outcome = await store!.charge({
              accountId: 'durable',
              chargeId: `d-${i}`,
              unitCost: 10,
              logId: `l-${i}`,
              idempotency: null,
            });
            if (outcome.kind === 'charged') acknowledged.add(outcome.receipt.transactionId!);
          } catch {
            // STORE_UNAVAILABLE once Redis is gone: not acknowledged, so nothing is promised. A
            // client's back-off before its next try, not a wait for anything.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      // Redis dies under load, with well over 100 charges acknowledged.
      await expect.poll(() => acknowledged.size, pollWithin(600)).toBeGreaterThan(100);
      await server.kill();
      const atKill = acknowledged.size;
      // The load keeps trying against the dead server a while: time passing is the point.
      await new Promise((resolve) => setTimeout(resolve, 200));
      stop = true;
      await Promise.all(workers);
      expect(atKill).toBeGreaterThan(100);

      await server.restart();
      await store.close();
      store = await openStore(server);
      const entries = await allEntries(store, 'durable');
      const kept = new Set(entries.map((e) => e.transactionId));
      expect([...acknowledged].filter((id) => !kept.has(id))).toEqual([]);
      // What the balance lost is what the ledger holds (a charge applied but not acknowledged is in both).
      const spent = 1_000_000_000 - (await store.balance('durable'))!.monthlyCredits;
      expect(spent).toBe(entries.reduce((sum, e) => sum + e.cost, 0));
    },
    budgetMs(60_000),
  );
});
