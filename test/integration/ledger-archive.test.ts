/**
 * The durable ledger: an archiver moves each account's Redis ledger stream into a
 * PostgreSQL that the test starts itself (initdb + pg_ctl, free port, temporary directory), and
 * `usage` and statements read across both. What must hold: 12,000 charges on one account all
 * readable through `usage`, newest first, with the same cursors, summing to the month's statement;
 * with PostgreSQL stopped under load, every charge still succeeds and appears exactly once after
 * it returns; an archiver that dies between insert and acknowledgement duplicates nothing; a
 * charge voided after it was archived shows as void; leases keep two archivers off one shard; and
 * the same on Redis Cluster.
 */
import { Client, Pool } from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { LedgerArchiver, ARCHIVER_SHARDS, type ArchivePass } from '../../src/adapters/redis/ledger-archiver.ts';
import { PostgresLedgerArchive } from '../../src/adapters/postgres/ledger-archive.ts';
import { migrate, MIGRATIONS } from '../../src/adapters/postgres/migrate.ts';
import { monthlyStatement } from '../../src/application/accounts/account-queries.ts';
import type { LedgerArchive } from '../../src/application/ports/ledger-archive.ts';
import type { LedgerEntry } from '../../src/domain/credits/account.ts';
import { tokyoMonthOf } from '../../src/domain/credits/month.ts';
import { statementOf } from '../../src/domain/credits/statement.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { requireRedisServer, startRedisCluster, startRedisServer, type RedisCluster, type RedisServer } from '../support/redis-server.ts';
import { budgetMs, pollWithin, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

const ACCOUNT = { plan: 'standard', monthlyAllowance: 1_000_000_000, autoCredits: 0, autocharge: { threshold: 0, amount: 0 } } as const;
const available = requireRedisServer('the durable ledger') && requirePostgresServer('the durable ledger');

type Target = { kind: 'redis'; url: string } | { kind: 'cluster'; nodes: readonly { host: string; port: number }[] };

interface Rig {
  store: RedisCreditStore;
  archive: PostgresLedgerArchive;
  archiver: LedgerArchiver;
  close(): Promise<void>;
}

async function openRig(
  target: Target,
  databaseUrl: string,
  options: { archive?: LedgerArchive; keepMs?: number; leaseMs?: number; batchSize?: number } = {},
): Promise<Rig> {
  const client = createRedisClient(target, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
  if (!(await waitUntilReady(client, budgetMs(15_000)))) throw new Error('Redis never became ready');
  const archive = new PostgresLedgerArchive({ url: databaseUrl, timeoutMs: 2_000 });
  await archive.migrate(); // as a gateway does at start-up
  const archiverClient = createRedisClient(target, { commandTimeoutMs: 5_000 });
  await waitUntilReady(archiverClient, budgetMs(15_000));
  const store = new RedisCreditStore({ client, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:', archive });
  const archiver = new LedgerArchiver({
    client: archiverClient,
    keyPrefix: 'fp:',
    archive: options.archive ?? archive,
    keepMs: options.keepMs ?? 0,
  });
  return {
    store,
    archive,
    archiver,
    async close() {
      await archiver.stop();
      archiverClient.disconnect();
      await store.close();
      await archive.close();
    },
  };
}

/** Charges `count` times, `parallel` at a time; the transaction ids, in the order charged. */
async function charge(store: RedisCreditStore, accountId: string, count: number, parallel = 100, tag = 'c'): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < count; done += parallel) {
    const outcomes = await Promise.all(
      Array.from({ length: Math.min(parallel, count - done) }, (_, i) =>
        store.charge({ accountId, chargeId: `${tag}-${done + i}`, unitCost: 10, logId: `log-${tag}-${done + i}`, idempotency: null }),
      ),
    );
    for (const outcome of outcomes) {
      if (outcome.kind !== 'charged') throw new Error(`charge ${outcome.kind}`);
      ids.push(outcome.receipt.transactionId!);
    }
  }
  return ids;
}

/** Every entry through `usage`, 100 at a time through the cursor, newest first. */
async function allEntries(store: RedisCreditStore, accountId: string, pageSize = 100): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (;;) {
    const page = await store.usage(accountId, { limit: pageSize, before: entries.at(-1)?.transactionId });
    entries.push(...page);
    if (page.length < pageSize) return entries;
  }
}

/** Passes until one finds nothing new; the totals. */
async function drain(archiver: LedgerArchiver): Promise<{ acknowledged: number; inserted: number; trimmed: number }> {
  const total = { acknowledged: 0, inserted: 0, trimmed: 0 };
  for (;;) {
    const pass: ArchivePass = await archiver.runOnce();
    total.acknowledged += pass.acknowledged;
    total.inserted += pass.inserted;
    total.trimmed += pass.trimmed;
    if (pass.acknowledged === 0) return total;
  }
}

/** The test's own connection, for looking into the archive; one broken by a stopped server is just dropped. */
async function connectSql(postgres: PostgresServer): Promise<Client> {
  const client = new Client(postgres.url);
  client.on('error', () => {});
  await client.connect();
  return client;
}

const byId = (a: string, b: string) => {
  const [am, as] = a.split('-').map(Number) as [number, number];
  const [bm, bs] = b.split('-').map(Number) as [number, number];
  return am - bm || as - bs;
};

function expectNewestFirstOnce(entries: readonly LedgerEntry[], charged: readonly string[]): void {
  const ids = entries.map((e) => e.transactionId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual([...charged].sort(byId).reverse());
}

describe.skipIf(!available)('the durable ledger: Redis stream archived into PostgreSQL', () => {
  let redis: RedisServer;
  let postgres: PostgresServer;
  let sql: Client;
  let rig: Rig | undefined;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
    sql = await connectSql(postgres);
  });
  afterAll(async () => {
    await sql?.end().catch(() => {});
    await Promise.all([redis?.dispose(), postgres?.dispose()]);
  });
  beforeEach(async () => {
    const flush = createRedisClient({ kind: 'redis', url: redis.url }, { commandTimeoutMs: 2_000 });
    await waitUntilReady(flush, budgetMs(5_000));
    await flush.flushall();
    flush.disconnect();
    // A fresh database each time: every migration's tables go (the dashboard's share the schema).
    await sql.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  });
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  const rowCount = async (accountId: string) =>
    Number((await sql.query('SELECT count(*) AS n FROM ledger_entries WHERE account_id = $1', [accountId])).rows[0].n);

  it('migrations are versioned: applied once, recorded, and a database from a newer build is refused', async () => {
    const pool = new Pool({ connectionString: postgres.url });
    try {
      expect(await migrate(pool)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(pool)).toEqual([]);
      const { rows } = await sql.query('SELECT version, name FROM ledger_schema_migrations ORDER BY version');
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      await sql.query("INSERT INTO ledger_schema_migrations (version, name) VALUES (999, 'from-the-future')");
      await expect(migrate(pool)).rejects.toThrow(/schema version 999, newer than this build knows/);
    } finally {
      await pool.end();
    }
  });

  it('12,000 charges on one account: archived, trimmed from Redis, and all readable through usage and the statement', async () => {
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    await rig.store.createAccount({ accountId: 'busy', ...ACCOUNT });
    const archivedIds = await charge(rig.store, 'busy', 12_000);
    const first = await drain(rig.archiver);
    expect(first).toEqual({ acknowledged: 12_000, inserted: 12_000, trimmed: 12_000 });
    expect(await rowCount('busy')).toBe(12_000);
    // Newer charges stay in Redis until the next pass: a page may hold both.
    const recentIds = await charge(rig.store, 'busy', 150, 50, 'recent');
    const all = [...archivedIds, ...recentIds];

    for (const pageSize of [100, 7]) {
      const entries = await allEntries(rig.store, 'busy', pageSize);
      expectNewestFirstOnce(entries, all);
      expect(entries.every((e) => e.cost === 10 && !e.voided && e.logId.startsWith('log-'))).toBe(true);
    }
    const month = tokyoMonthOf(Date.now());
    const statement = await monthlyStatement(rig.store, 'busy', month);
    expect(statement).toEqual({ ...statementOf(month, await allEntries(rig.store, 'busy')), calls: 12_150 });
    expect(statement.creditsFromMonthly).toBe(121_500);
    expect((await rig.store.balance('busy'))!.monthlyCredits).toBe(1_000_000_000 - 121_500);

    // Archiving again moves only the new ones; nothing twice.
    expect(await drain(rig.archiver)).toEqual({ acknowledged: 150, inserted: 150, trimmed: 150 });
    expect(await rowCount('busy')).toBe(12_150);
    expectNewestFirstOnce(await allEntries(rig.store, 'busy'), all);
  });

  it('keeps archived entries in Redis for LEDGER_REDIS_KEEP_HOURS; entries written before archiving was on are archived too', async () => {
    // A Redis-only gateway wrote these (its charges trim by retention, never by count).
    const plain = createRedisClient({ kind: 'redis', url: redis.url }, { commandTimeoutMs: STORE_CALL_BUDGET_MS });
    await waitUntilReady(plain, budgetMs(5_000));
    const before = new RedisCreditStore({ client: plain, callTimeoutMs: STORE_CALL_BUDGET_MS, keyPrefix: 'fp:' });
    await before.createAccount({ accountId: 'old', ...ACCOUNT });
    const early = await charge(before, 'old', 40);
    await before.close();

    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url, { keepMs: 3_600_000 });
    expect(await drain(rig.archiver)).toEqual({ acknowledged: 40, inserted: 40, trimmed: 0 });
    expect(await rowCount('old')).toBe(40);
    const stream = createRedisClient({ kind: 'redis', url: redis.url }, { commandTimeoutMs: 2_000 });
    await waitUntilReady(stream, budgetMs(5_000));
    expect(await stream.xlen('fp:{acct:old}:ledger')).toBe(40);
    stream.disconnect();
    expectNewestFirstOnce(await allEntries(rig.store, 'old', 15), early);
  });

  it('PostgreSQL stopped under load: every charge succeeds meanwhile, and each appears exactly once after it returns', async () => {
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    await rig.store.createAccount({ accountId: 'load', ...ACCOUNT });
    const archiveErrors: unknown[] = [];
    rig.archiver.start(50, (error) => archiveErrors.push(error));
    const charged: string[] = [];
    let stopLoad = false;
    const load = (async () => {
      for (let round = 0; !stopLoad; round++) charged.push(...(await charge(rig.store, 'load', 40, 20, `r${round}`)));
    })();
    const stopTheLoad = async () => {
      stopLoad = true;
      await load;
    };
    onTestFinished(() => stopTheLoad().catch(() => {}));
    const waitUntil = (what: string, check: () => Promise<boolean> | boolean) =>
      vi.waitFor(
        async () => {
          if (!(await check())) throw new Error(`timed out waiting until ${what}`);
        },
        { ...pollWithin(60_000), interval: 50 },
      );
    await waitUntil('some charges are archived', async () => (await rowCount('load')) > 200);
    await postgres.stop();
    const chargedWhenStopped = charged.length;
    await waitUntil('the archiver has failed three passes against the stopped database', () => archiveErrors.length >= 3);
    await waitUntil('600 more charges went through', () => charged.length > chargedWhenStopped + 600);
    await postgres.start();
    await waitUntil('charges go on after the restart', () => charged.length > chargedWhenStopped + 1200);
    await stopTheLoad();
    sql = await connectSql(postgres);
    await waitUntil('the archiver has caught up', async () => (await rowCount('load')) === charged.length);

    const { rows } = await sql.query(
      'SELECT count(*) AS n, count(DISTINCT (id_ms, id_seq)) AS distinct_ids FROM ledger_entries WHERE account_id = $1',
      ['load'],
    );
    expect(Number(rows[0].n)).toBe(charged.length);
    expect(Number(rows[0].distinct_ids)).toBe(charged.length);
    expectNewestFirstOnce(await allEntries(rig.store, 'load'), charged);
    const statement = await monthlyStatement(rig.store, 'load', tokyoMonthOf(Date.now()));
    expect(statement.calls).toBe(charged.length);
  });

  it('an archiver that dies after the insert commits but before XACK duplicates nothing: the batch is read again and inserted once', async () => {
    const dying: LedgerArchive = {
      description: 'dies after commit',
      append: async (...args) => {
        await rig!.archive.append(...args);
        throw new Error('process died before XACK');
      },
      markVoided: (...args) => rig!.archive.markVoided(...args),
      check: () => rig!.archive.check(),
      page: (...args) => rig!.archive.page(...args),
      close: async () => {},
    };
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    const crashing = await openRig({ kind: 'redis', url: redis.url }, postgres.url, { archive: dying });
    try {
      await rig.store.createAccount({ accountId: 'crash', ...ACCOUNT });
      const ids = await charge(rig.store, 'crash', 300);
      await expect(crashing.archiver.runOnce()).rejects.toThrow('process died before XACK');
      expect(await rowCount('crash')).toBe(300);
      await crashing.archiver.stop(); // its leases go; the other archiver takes over
      const again = await drain(rig.archiver);
      expect(again).toEqual({ acknowledged: 300, inserted: 0, trimmed: 300 });
      expect(await rowCount('crash')).toBe(300);
      expectNewestFirstOnce(await allEntries(rig.store, 'crash'), ids);
    } finally {
      await crashing.close();
    }
  });

  it('voids: before archiving, after archiving and after trimming, each shows in usage, in the archive and in the statement', async () => {
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    await rig.store.createAccount({ accountId: 'v', ...ACCOUNT });
    await charge(rig.store, 'v', 30);
    const voidOf = (i: number) => rig!.store.voidCharge({ accountId: 'v', chargeId: `c-${i}`, idempotencyKey: null });
    expect(await voidOf(3)).toBe('voided'); // before it is archived
    await drain(rig.archiver);
    expect(await voidOf(7)).toBe('voided'); // archived and trimmed: only the voided hash has it until the next pass
    const entries = await allEntries(rig.store, 'v');
    expect(
      entries
        .filter((e) => e.voided)
        .map((e) => e.logId)
        .sort(),
    ).toEqual(['log-c-3', 'log-c-7']);
    await drain(rig.archiver);
    const { rows } = await sql.query(
      "SELECT log_id FROM ledger_entries WHERE account_id = 'v' AND voided_at_ms IS NOT NULL ORDER BY log_id",
    );
    expect(rows.map((r) => r.log_id)).toEqual(['log-c-3', 'log-c-7']);
    const hash = createRedisClient({ kind: 'redis', url: redis.url }, { commandTimeoutMs: 2_000 });
    await waitUntilReady(hash, budgetMs(5_000));
    expect(await hash.hlen('fp:{acct:v}:voided')).toBe(0); // in the archive, gone from the stream: the field went too
    hash.disconnect();
    const statement = await monthlyStatement(rig.store, 'v', tokyoMonthOf(Date.now()));
    expect(statement).toMatchObject({ calls: 28, voided: 2, creditsFromMonthly: 280 });
    expect((await allEntries(rig.store, 'v')).filter((e) => e.voided)).toHaveLength(2);
  });

  it("chaos: two archivers stealing each other's leases, over a slow archive that fails now and then, under load: every charge archived exactly once", async () => {
    let seed = 18;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const flaky = (inner: LedgerArchive): LedgerArchive => ({
      description: 'slow and flaky',
      append: async (...args) => {
        // The injected slowness (and the failures below) are the point.
        await new Promise((r) => setTimeout(r, random() * 15));
        if (random() < 0.4) throw new Error('failed before commit');
        const inserted = await inner.append(...args);
        await new Promise((r) => setTimeout(r, random() * 15));
        if (random() < 0.15) throw new Error('failed after commit');
        return inserted;
      },
      markVoided: (...args) => inner.markVoided(...args),
      check: () => inner.check(),
      page: (...args) => inner.page(...args),
      close: async () => {},
    });
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    const archivers = await Promise.all(
      [1, 2].map(() =>
        openRig({ kind: 'redis', url: redis.url }, postgres.url, { archive: flaky(rig!.archive), leaseMs: 10, batchSize: 7 }),
      ),
    );
    try {
      await rig.store.createAccount({ accountId: 'chaos', ...ACCOUNT });
      let stop = false;
      let lost = 0;
      const loops = archivers.map(async ({ archiver }) => {
        while (!stop) lost += (await archiver.runOnce().catch(() => ({ lost: 0 }))).lost;
      });
      const charged: string[] = [];
      for (let round = 0; round < 40; round++) {
        charged.push(...(await charge(rig.store, 'chaos', 15, 15, `k${round}`)));
        // Paced, so the archivers' passes interleave with the charges: time passing is the point.
        await new Promise((r) => setTimeout(r, 20));
      }
      stop = true;
      await Promise.all(loops);
      // Their leases given up, the last archiver holds every shard and finishes the job.
      await Promise.all(archivers.map(({ archiver }) => archiver.stop()));
      const final = await rig.archiver.runOnce();
      expect(final.shardsHeld).toBe(ARCHIVER_SHARDS);
      await drain(rig.archiver);
      expect(lost).toBe(0); // no entry was trimmed before it was archived
      expect(await rowCount('chaos')).toBe(charged.length);
      expectNewestFirstOnce(await allEntries(rig.store, 'chaos', 50), charged);
    } finally {
      await Promise.all(archivers.map((a) => a.close()));
    }
  });

  it('a database connection killed while a migration waits for the lock fails that migration, not the process', async () => {
    const holder = await connectSql(postgres);
    const archive = new PostgresLedgerArchive({ url: postgres.url, timeoutMs: 2_000 });
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [0x4650_4c47]);
      // Its rejection is the point: caught at once, so it never counts as unhandled while the backend is killed.
      const migrating = archive.migrate().then(
        () => new Error('the migration was not interrupted'),
        (error: unknown) => error,
      );
      const waiting = async () =>
        (await sql.query("SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_xact_lock%'")).rows;
      await vi.waitFor(async () => expect((await waiting()).length).toBeGreaterThan(0), pollWithin(2000));
      for (const { pid } of await waiting()) await sql.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(String(await migrating)).toMatch(/terminat/i);
      await holder.query('ROLLBACK');
      expect(await archive.migrate()).toEqual(MIGRATIONS.map((m) => m.version)); // the next attempt applies them
    } finally {
      await holder.end().catch(() => {});
      await archive.close();
    }
  });

  it('leases: a second archiver gets no shard while the first holds them all, and takes them over when it stops', async () => {
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    const second = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    try {
      await rig.store.createAccount({ accountId: 'shared', ...ACCOUNT });
      const ids = await charge(rig.store, 'shared', 200);
      const [a, b] = [await rig.archiver.runOnce(), await second.archiver.runOnce()];
      expect([a.shardsHeld, a.shardsElsewhere, a.acknowledged]).toEqual([ARCHIVER_SHARDS, 0, 200]);
      expect([b.shardsHeld, b.shardsElsewhere, b.acknowledged]).toEqual([0, ARCHIVER_SHARDS, 0]);
      await rig.archiver.stop();
      await charge(rig.store, 'shared', 20, 20, 'late');
      const c = await second.archiver.runOnce();
      expect([c.shardsHeld, c.acknowledged]).toEqual([ARCHIVER_SHARDS, 20]);
      expect(await rowCount('shared')).toBe(ids.length + 20);
    } finally {
      await second.close();
    }
  });

  it('usage with the database down: pages Redis holds are served, a page reaching into the archive is STORE_UNAVAILABLE, charges go on', async () => {
    rig = await openRig({ kind: 'redis', url: redis.url }, postgres.url);
    await rig.store.createAccount({ accountId: 'down', ...ACCOUNT });
    await rig.store.createAccount({ accountId: 'fresh', ...ACCOUNT });
    await charge(rig.store, 'down', 50);
    await drain(rig.archiver); // archived and trimmed from Redis
    const recent = await charge(rig.store, 'down', 30, 30, 'recent');
    const fresh = await charge(rig.store, 'fresh', 40); // never archived: its stream holds its whole history
    await postgres.stop();
    try {
      expect((await rig.store.usage('down', { limit: 20 })).map((e) => e.transactionId)).toEqual(recent.slice(-20).reverse());
      await expect(rig.store.usage('down', { limit: 100 })).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(await rig.store.usage('fresh', { limit: 100 })).toHaveLength(40);
      expect(await charge(rig.store, 'down', 20, 20, 'meanwhile')).toHaveLength(20);
      expect(fresh).toHaveLength(40);
    } finally {
      await postgres.start();
      sql = await connectSql(postgres);
    }
  });
});

describe.skipIf(!available)('the durable ledger on Redis Cluster (3 masters)', () => {
  let cluster: RedisCluster;
  let postgres: PostgresServer;
  let rig: Rig | undefined;
  beforeAll(async () => {
    [cluster, postgres] = await Promise.all([startRedisCluster(), startPostgresServer()]);
  });
  afterAll(async () => {
    await rig?.close();
    await Promise.all([cluster?.dispose(), postgres?.dispose()]);
  });

  it('archives the streams of accounts on every master, and usage spans Redis and the archive the same way', async () => {
    rig = await openRig({ kind: 'cluster', nodes: cluster.nodes }, postgres.url);
    const accounts = Array.from({ length: 12 }, (_, i) => `acct-${i}`);
    const charged = new Map<string, string[]>();
    for (const id of accounts) {
      await rig.store.createAccount({ accountId: id, ...ACCOUNT });
      charged.set(id, await charge(rig.store, id, 120, 40));
    }
    const total = await drain(rig.archiver);
    expect(total).toEqual({ acknowledged: 1440, inserted: 1440, trimmed: 1440 });
    for (const id of accounts) {
      const more = await charge(rig.store, id, 5, 5, 'more');
      expectNewestFirstOnce(await allEntries(rig.store, id, 30), [...charged.get(id)!, ...more]);
    }
  });
});
