/**
 * The credit scripts' own connection (src/adapters/redis/script-connection.ts) against a real
 * redis-server: the same replies as ioredis, commands answered in order, AUTH and SELECT from the
 * URL, and a connection dropped with a command in flight (through a TCP proxy the test controls):
 * the command fails as an outage, is never sent again, and the connection comes back on its own.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { createRedisClient, waitUntilReady } from '../../src/adapters/redis/client.ts';
import { DEFAULT_CALL_TIMEOUT_MS, RedisCreditStore } from '../../src/adapters/redis/credit-store.ts';
import { ReplicaWaiter } from '../../src/adapters/redis/replica-wait.ts';
import { ReplyError } from '../../src/adapters/redis/resp.ts';
import { ScriptConnection } from '../../src/adapters/redis/script-connection.ts';
import { requireRedisServer, startRedisServer, startReplicaOf, type RedisServer } from '../support/redis-server.ts';
import { budgetMs } from '../support/time-budget.ts';

const until = (check: () => boolean, timeoutMs = budgetMs(5000)): Promise<void> =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('condition not reached in time');
    },
    { timeout: timeoutMs, interval: 10 },
  );

/** A store on `url` with one account of 1,000 monthly credits, once its script connection is ready. */
async function storeWithAccount(
  url: string,
  options: Omit<ConstructorParameters<typeof RedisCreditStore>[0], 'client'>,
): Promise<{ client: Redis; store: RedisCreditStore; accountId: string }> {
  const client = createRedisClient({ kind: 'redis', url }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS }) as Redis;
  await waitUntilReady(client, budgetMs(5000));
  const store = new RedisCreditStore({ client, ...options });
  const { accountId } = await createAccountAdmin(store).createAccount({
    plan: 'standard',
    monthlyAllowance: 1000,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  await until(() => (store as unknown as { scriptConnection: ScriptConnection }).scriptConnection.ready);
  return { client, store, accountId };
}

const SCRIPTS: Readonly<Record<string, string>> = {
  mixed: "return {1, 'a', -7, false, {2, {}}, '甲子 日柱', ARGV[1]}",
  status: "return redis.status_reply('QUEUED-ISH')",
  error: "return redis.error_reply('BUSY not now')",
  big: 'local t = {} for i = 1, 20000 do t[i] = ARGV[1] .. i end return t',
  echo: 'return ARGV[1]',
  count: "return redis.call('INCR', KEYS[1])",
  nothing: 'return nil',
};

describe.skipIf(!requireRedisServer('script connection'))('the scripts’ own connection to Redis', () => {
  let server: RedisServer;
  let client: Redis;
  const shas: Record<string, string> = {};

  beforeAll(async () => {
    server = await startRedisServer();
    client = new Redis(server.url);
    for (const [name, lua] of Object.entries(SCRIPTS)) shas[name] = (await client.script('LOAD', lua)) as string;
  });
  afterAll(async () => {
    await client?.quit();
    await server?.dispose();
  });

  const open = (address: { host: string; port: number; password?: string; db?: number }, onError?: (error: Error) => void) =>
    new ScriptConnection(address, { connectTimeoutMs: 1000, onError });
  const local = () => ({ host: '127.0.0.1', port: Number(new URL(server.url).port) });

  it('answers every reply shape as ioredis does, errors included', async () => {
    const connection = open(local());
    try {
      await until(() => connection.ready);
      for (const name of ['mixed', 'status', 'big', 'echo', 'nothing']) {
        const args = ['x-甲'];
        expect(await connection.evalsha(shas[name]!, 0, args)).toEqual(await client.evalsha(shas[name]!, 0, ...args));
      }
      const ours = await connection.evalsha(shas['error']!, 0, []).catch((error: unknown) => error);
      const theirs = await client.evalsha(shas['error']!, 0).catch((error: unknown) => error);
      expect(ours).toBeInstanceOf(ReplyError);
      expect([(ours as Error).name, (ours as Error).message]).toEqual([(theirs as Error).name, (theirs as Error).message]);
      const unknown = await connection.evalsha('0'.repeat(40), 0, []).catch((error: unknown) => error);
      expect((unknown as Error).message).toMatch(/^NOSCRIPT/);
    } finally {
      await connection.close(1000);
    }
  });

  it('a thousand commands sent at once are answered in order', async () => {
    const connection = open(local());
    try {
      await until(() => connection.ready);
      const replies = await Promise.all(Array.from({ length: 1000 }, (_, i) => connection.evalsha(shas['echo']!, 0, [`n${i}`])));
      expect(replies).toEqual(Array.from({ length: 1000 }, (_, i) => `n${i}`));
    } finally {
      await connection.close(1000);
    }
  });

  it('WAIT goes over the session a write went over, and fails once that connection is gone', async () => {
    let proxied: Socket[] = [];
    const proxy: Server = createServer((inbound) => {
      const outbound = connect(local());
      proxied.push(inbound, outbound);
      inbound.pipe(outbound).on('error', () => {});
      outbound.pipe(inbound).on('error', () => {});
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const connection = open({ host: '127.0.0.1', port: (proxy.address() as AddressInfo).port });
    try {
      await until(() => connection.ready);
      const session = connection.session!;
      expect(session).not.toBeNull();
      await connection.evalsha(shas['count']!, 1, ['waited']);
      // No replica here: WAIT 0 answers at once with the replicas that acknowledged (none).
      expect(await connection.wait(0, 0, session)).toBe(0);
      for (const socket of proxied) socket.destroy();
      proxied = [];
      // A new connection (it reconnects at once: not-ready may last less than a poll).
      await until(() => connection.session !== null && connection.session !== session);
      await expect(connection.wait(0, 0, session)).rejects.toThrow('Connection is closed.');
      expect(await connection.wait(0, 0, connection.session!)).toBe(0);
    } finally {
      await connection.close(1000);
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('a connection that drops with a command in flight: the command fails as an outage and never runs; the connection comes back', async () => {
    // A proxy between the connection and Redis that can hold bytes back and cut every connection.
    let holding = false;
    const held: (() => void)[] = [];
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((inbound) => {
      const outbound = connect(local());
      sockets.add(inbound).add(outbound);
      inbound.on('data', (chunk: Buffer) => (holding ? held.push(() => outbound.write(chunk)) : outbound.write(chunk)));
      outbound.on('data', (chunk: Buffer) => inbound.write(chunk));
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ] as const)
        a.on('close', () => b.destroy()).on('error', () => {});
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const errors: Error[] = [];
    const connection = open({ host: '127.0.0.1', port: (proxy.address() as AddressInfo).port }, (error) => errors.push(error));
    try {
      await until(() => connection.ready);
      await client.del('dropped');
      holding = true;
      const inFlight = connection.evalsha(shas['count']!, 1, ['dropped']).catch((error: unknown) => error);
      await until(() => held.length > 0);
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      const failure = (await inFlight) as Error;
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(ReplyError);
      expect(failure.message).toBe('Connection is closed.');
      holding = false;
      await until(() => connection.ready);
      expect(await connection.evalsha(shas['count']!, 1, ['dropped'])).toBe(1); // the held command never ran
      expect(held.length).toBe(1);
    } finally {
      await connection.close(1000);
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe.skipIf(!requireRedisServer('script connection, AUTH'))('AUTH and SELECT from the URL', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
    const admin = new Redis(server.url);
    await admin.config('SET', 'requirepass', 's3cret');
    admin.disconnect();
  });
  afterAll(() => server?.dispose());

  const port = (): number => Number(new URL(server.url).port);

  it('the password and the database of the URL: the scripts write where ioredis reads', async () => {
    const client = createRedisClient({ kind: 'redis', url: `redis://default:s3cret@127.0.0.1:${port()}/3` }, { commandTimeoutMs: 1000 });
    try {
      await waitUntilReady(client, budgetMs(5000));
      const connection = ScriptConnection.forClient(client, { connectTimeoutMs: 1000 })!;
      expect(connection).not.toBeNull();
      await until(() => connection.ready);
      const sha = (await (client as Redis).script('LOAD', "return redis.call('SET', KEYS[1], 'here')")) as string;
      expect(await connection.evalsha(sha, 1, ['where'])).toBe('OK');
      expect(await client.get('where')).toBe('here');
      expect(await (client as Redis).select(0).then(() => client.get('where'))).toBeNull();
      await connection.close(1000);
    } finally {
      client.disconnect();
    }
  });

  it('a wrong password: never ready, the refusal reported', async () => {
    const errors: Error[] = [];
    const connection = new ScriptConnection(
      { host: '127.0.0.1', port: port(), password: 'wrong' },
      { connectTimeoutMs: 1000, onError: (error) => errors.push(error) },
    );
    try {
      await until(() => errors.length > 0);
      expect(errors[0]!.message).toMatch(/WRONGPASS|invalid password/i);
      expect(connection.ready).toBe(false);
    } finally {
      await connection.close(1000);
    }
  });
});

describe.skipIf(!requireRedisServer('script connection, store'))('the credit store over it', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server?.dispose());

  it('a standalone store charges over the script connection once it is up; a Cluster store has none', async () => {
    const script = vi.spyOn(ScriptConnection.prototype, 'script');
    const { store, accountId } = await storeWithAccount(server.url, { keyPrefix: 'sc:' });
    try {
      script.mockClear();
      for (let i = 0; i < 3; i++) {
        const outcome = await store.charge({ accountId, chargeId: `c${i}`, unitCost: 10, logId: `l${i}`, idempotency: null });
        expect(outcome).toMatchObject({ kind: 'charged' });
      }
      expect(script).toHaveBeenCalledTimes(3);
      expect((await store.balance(accountId))?.monthlyCredits).toBe(970);
    } finally {
      script.mockRestore();
      await store.close();
    }
    const cluster = new Cluster([{ host: '127.0.0.1', port: 1 }], { lazyConnect: true });
    expect(ScriptConnection.forClient(cluster, { connectTimeoutMs: 500 })).toBeNull();
    cluster.disconnect();
  });

  it('closing the store while Redis is stalled ends (the connections are cut after a call’s budget)', async () => {
    const client = createRedisClient({ kind: 'redis', url: server.url }, { commandTimeoutMs: DEFAULT_CALL_TIMEOUT_MS });
    await waitUntilReady(client, budgetMs(5000));
    const store = new RedisCreditStore({ client, keyPrefix: 'st:' });
    await until(() => (store as unknown as { scriptConnection: ScriptConnection }).scriptConnection.ready);
    server.pause();
    try {
      await expect(store.close()).resolves.toBeUndefined();
    } finally {
      server.resume();
    }
  });

  it('a server that takes the connection only to refuse it (maxclients): never ready, tried again with the back-off', async () => {
    const full = await startRedisServer({ extraArgs: ['--maxclients', '1'] });
    const holder = new Redis(full.url);
    const errors: Error[] = [];
    await holder.ping();
    const connection = new ScriptConnection(
      { host: full.host, port: full.port },
      { connectTimeoutMs: 1000, onError: (error) => errors.push(error) },
    );
    let readyOnce = false;
    const watch = setInterval(() => (readyOnce ||= connection.ready), 1);
    try {
      // A second of attempts: that none of them becomes ready, and how many there are, is the point.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(readyOnce).toBe(false);
      expect(errors.some((error) => /max number of clients/.test(error.message))).toBe(true);
      // 50, 100, 150 … ms apart: a handful of attempts in a second, not a busy loop.
      expect(errors.length).toBeLessThan(20);
    } finally {
      clearInterval(watch);
      await connection.close(100);
      holder.disconnect();
      await full.dispose();
    }
  });
});

describe.skipIf(!requireRedisServer('script connection, WAIT'))(
  'a replica WAIT confirms the writes of the connection the charge went over',
  () => {
    let master: RedisServer;
    let replica: RedisServer;
    beforeAll(async () => {
      master = await startRedisServer();
      replica = await startReplicaOf(master);
    });
    afterAll(async () => {
      replica?.resume();
      await replica?.dispose();
      await master?.dispose();
    });

    it('a write over the script connection while the replica stalls is not confirmed (ioredis’s own connection would answer at once)', async () => {
      const client = createRedisClient({ kind: 'redis', url: master.url }, { commandTimeoutMs: 1000 });
      await waitUntilReady(client, budgetMs(5000));
      const connection = ScriptConnection.forClient(client, { connectTimeoutMs: 1000 })!;
      try {
        await until(() => connection.ready);
        const sha = (await (client as Redis).script('LOAD', "return redis.call('INCR', KEYS[1])")) as string;
        const waiter = new ReplicaWaiter(client, { replicas: 'auto', timeoutMs: 200 });
        const session = connection.session!;
        await connection.evalsha(sha, 1, ['confirmed']);
        expect(await waiter.confirm('confirmed', { connection, session })).toEqual({ wanted: 1, got: 1 });
        replica.pause();
        await connection.evalsha(sha, 1, ['unconfirmed']);
        expect(await waiter.confirm('unconfirmed', { connection, session })).toEqual({ wanted: 1, got: 0 });
        // The same WAIT over the client's connection, which wrote nothing since: it confirms at once.
        expect(await waiter.confirm('unconfirmed')).toEqual({ wanted: 1, got: 1 });
      } finally {
        replica.resume();
        await connection.close(1000);
        client.disconnect();
      }
    });

    it('a charge whose script Redis had forgotten (NOSCRIPT, then EVAL) is confirmed over its own connection: refused while the replica stalls', async () => {
      const { client, store, accountId } = await storeWithAccount(master.url, {
        keyPrefix: 'ns:',
        replicaWait: { replicas: 1, timeoutMs: 200 },
      });
      try {
        const charge = (chargeId: string) => store.charge({ accountId, chargeId, unitCost: 10, logId: chargeId, idempotency: null });
        expect(await charge('replicated')).toMatchObject({ kind: 'charged' });
        await client.script('FLUSH');
        replica.pause();
        await expect(charge('forgotten')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
        await expect(charge('known again')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
      } finally {
        replica.resume();
        await store.close();
      }
    });

    it('a void is confirmed by the replicas like a charge: refused while the replica stalls (so the settlement retries it), taken once it catches up', async () => {
      const { store, accountId } = await storeWithAccount(master.url, {
        keyPrefix: 'vw:',
        replicaWait: { replicas: 1, timeoutMs: 200 },
      });
      try {
        expect(await store.charge({ accountId, chargeId: 'to-void', unitCost: 10, logId: 'v', idempotency: null })).toMatchObject({
          kind: 'charged',
        });
        replica.pause();
        // The report: voids of calls answered 503 were not confirmed, and died with the old master.
        await expect(store.voidCharge({ accountId, chargeId: 'to-void', idempotencyKey: null })).rejects.toMatchObject({
          code: 'STORE_UNAVAILABLE',
        });
        replica.resume();
        // The settlement's retry: idempotent, and now confirmed.
        expect(await store.voidCharge({ accountId, chargeId: 'to-void', idempotencyKey: null })).not.toBe('final');
        expect((await store.balance(accountId))!.monthlyCredits).toBe(1000);
      } finally {
        replica.resume();
        await store.close();
      }
    });
  },
);
