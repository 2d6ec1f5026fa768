import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_KEY,
  PostgresDashboardStore,
  SWEEP_EVERY_MS,
  THROTTLE_KEY_IDLE_MS,
} from '../../src/adapters/postgres/dashboard-store.ts';
import type { SecretDigest } from '../../src/application/ports/dashboard-store.ts';
import { MIGRATIONS } from '../../src/adapters/postgres/migrate.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { dashboardStoreContract } from './dashboard-store.contract.ts';

/** One throwaway PostgreSQL for the file: the contract first, then the outage cases that stop it. */
describe.skipIf(!requirePostgresServer('PostgreSQL dashboard store contract'))('PostgreSQL dashboard store', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => server?.dispose());

  dashboardStoreContract('PostgreSQL', async () => {
    const store = new PostgresDashboardStore({ url: server.url, timeoutMs: 5_000 });
    return { store, close: () => store.close() };
  });

  describe('schema, bounds and outages', () => {
    it('migrate() applies every migration, 003 (the dashboard) included, once', async () => {
      const store = new PostgresDashboardStore({ url: server.url });
      try {
        // The contract's store migrated already: nothing is left to apply.
        expect(await store.migrate()).toEqual([]);
        const client = new Client({ connectionString: server.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ version: number }>('SELECT version FROM ledger_schema_migrations ORDER BY version');
          expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
          expect(rows.map((row) => row.version)).toContain(3);
        } finally {
          await client.end();
        }
      } finally {
        await store.close();
      }
    });

    it('failures under one key saturate at MAX_FAILURES_PER_KEY, the newest kept', async () => {
      const store = new PostgresDashboardStore({ url: server.url });
      try {
        const t0 = Date.parse('2025-01-15T03:00:00Z');
        for (let i = 0; i < MAX_FAILURES_PER_KEY + 5; i++) await store.recordFailure('ip:saturated', t0 + i, 15 * 60_000);
        expect(await store.recordFailure('ip:saturated', t0 + 2_000, 15 * 60_000)).toBe(MAX_FAILURES_PER_KEY);
        expect(await store.failures('ip:saturated', t0 + 2_000, 15 * 60_000)).toEqual({ count: MAX_FAILURES_PER_KEY, oldestMs: t0 + 6 });
      } finally {
        await store.close();
      }
    });

    it('the sweep deletes expired tokens and throttle keys idle past a day and their window', async () => {
      const store = new PostgresDashboardStore({ url: server.url });
      const client = new Client({ connectionString: server.url });
      await client.connect();
      const count = async (sql: string, values: unknown[]) => Number((await client.query<{ n: string }>(sql, values)).rows[0]!.n);
      try {
        const t0 = Date.parse('2030-01-01T00:00:00Z');
        const [expired, live] = ['e'.repeat(64), 'f'.repeat(64)] as SecretDigest[];
        await store.putToken({ digest: expired!, purpose: 'invite', userId: null, email: 'x@example.com', expiresMs: t0 + 1 });
        await store.putToken({
          digest: live!,
          purpose: 'invite',
          userId: null,
          email: 'x@example.com',
          expiresMs: t0 + 10 * THROTTLE_KEY_IDLE_MS,
        });
        await store.recordFailure('ip:idle', t0, 60_000); // sweeps once (its first call)
        await store.recordFailure('ip:long-window', t0, 3 * THROTTLE_KEY_IDLE_MS);
        const later = t0 + THROTTLE_KEY_IDLE_MS + SWEEP_EVERY_MS;
        await store.recordFailure('ip:busy', later, 60_000); // sweeps again
        const keys = await client.query<{ key: string }>(
          "SELECT key FROM dashboard_login_failures WHERE key IN ('ip:idle', 'ip:long-window', 'ip:busy') ORDER BY key",
        );
        expect(keys.rows.map((row) => row.key)).toEqual(['ip:busy', 'ip:long-window']);
        expect(await count('SELECT count(*) AS n FROM dashboard_tokens WHERE digest = ANY($1)', [[expired, live]])).toBe(1);
        expect(await store.takeToken(live!, 'invite', later)).not.toBeNull();
      } finally {
        await client.end();
        await store.close();
      }
    });

    it('describes its database without the password', () => {
      const store = new PostgresDashboardStore({ url: 'postgres://ops:s3cret@db.internal:5433/dash' });
      expect(store.description).toBe('PostgreSQL ops@db.internal:5433/dash');
      expect(store.description).not.toContain('s3cret');
      return store.close();
    });

    it('with the database down every call is STORE_UNAVAILABLE; back up, the same store serves again', async () => {
      const errors: Error[] = [];
      const store = new PostgresDashboardStore({ url: server.url, timeoutMs: 2_000, onError: (error) => errors.push(error) });
      try {
        await store.ping();
        await server.stop();
        await expect(store.ping()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await expect(store.userByEmail('a@example.com')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await expect(store.takeToken('0'.repeat(64) as never, 'verify', Date.now())).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await expect(store.recordFailure('ip:x', Date.now(), 60_000)).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await server.start();
        await expect(store.ping()).resolves.toBeUndefined();
        expect(await store.failures('ip:nobody', Date.now(), 60_000)).toEqual({ count: 0, oldestMs: null });
      } finally {
        await store.close();
      }
    });

    it('a store made while the database is down starts, and migrates once it is up', async () => {
      await server.stop();
      const store = new PostgresDashboardStore({ url: server.url, timeoutMs: 2_000 });
      try {
        await expect(store.ping()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await server.start();
        await expect(store.ping()).resolves.toBeUndefined();
        expect(await store.userById('user_00000000000000000000')).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('a statement past the timeout is STORE_UNAVAILABLE', async () => {
      const store = new PostgresDashboardStore({ url: server.url, timeoutMs: 300 });
      const locker = new Client({ connectionString: server.url });
      await locker.connect();
      try {
        await store.ping();
        // Another session holds the table: the store's write waits past its timeout.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE dashboard_login_failures IN ACCESS EXCLUSIVE MODE');
        await expect(store.recordFailure('ip:locked', Date.now(), 60_000)).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await locker.query('ROLLBACK');
        expect(await store.recordFailure('ip:locked', Date.now(), 60_000)).toBe(1);
      } finally {
        await locker.end();
        await store.close();
      }
    });
  });
});
