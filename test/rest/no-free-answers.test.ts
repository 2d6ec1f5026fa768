/**
 * a charge's fate is decided by the server, never by the client's reading. Each attack
 * from the issue runs against the real app on a real HTTP server, and each ends with the same
 * check: client-received successes = non-void ledger entries = balance drop / cost.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import type { ChargeCommand, ChargeOutcome } from '../../src/application/ports/credit-store.ts';
import { refusals } from '../../src/application/refusals.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { createStandardAccount } from './support/server.ts';
import { reckon } from '../support/ledger-count.ts';
import { budgetMs, pollWithin } from '../support/time-budget.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The largest REST answer we sell for 10 credits: every section, 150 years of 歳運. */
const BIG_BODY = JSON.stringify({
  year: 1990,
  month: 5,
  day: 15,
  time: '10:30',
  location: 139.69,
  gender: 'male',
  luck_years: '1950-2099',
});
const BIG_PATH = '/api/v1/calculate?include=luck,relations,special_stars,warnings,alternatives';
const SMALL_BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

function request(path: string, key: string, body: string, extra = ''): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${extra}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything received until the server closes (or `socket` is destroyed). */
function collect(socket: Socket): { text: () => string; closed: Promise<void> } {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { text: () => Buffer.concat(chunks).toString('utf8'), closed };
}

/** Successes, non-void ledger entries and the balance drop of one account, after the settlement queue is empty. */

describe('paid content received ⇒ charged', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { HTTP_WRITE_TIMEOUT_MS: '20000' } });
  });
  afterAll(() => app.close());

  it('slow reader: the charge is settled when the answer is written, before the client has read a byte', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const socket = await open(app.port);
    socket.pause(); // reads nothing: the kernel's windows fill and the server's write waits
    const answer = collect(socket);
    socket.write(request(BIG_PATH, account.apiKey, BIG_BODY));
    // The server has computed, charged and written its answer; the client still has not read it.
    await expect
      .poll(async () => (await app.admin.usage(account.accountId, { limit: 10 }))?.length ?? 0, { timeout: budgetMs(5000) })
      .toBe(1);
    const unsettled = async () =>
      (await app.store.unsettledCharges(Date.now() + 3_600_000, 100_000)).filter((charge) => charge.accountId === account.accountId);
    await expect.poll(unsettled, pollWithin(3000)).toEqual([]);
    // Now it reads the whole answer, at leisure.
    socket.resume();
    await expect.poll(() => /"status":"success"[\s\S]*\}$/.test(answer.text()), { timeout: budgetMs(5000) }).toBe(true);
    socket.destroy();
    expect(answer.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 1, dropInCalls: 1 });
  });

  it('read the chart, then reset: the client that takes the first bytes and hangs up has been answered and pays', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    let received = 0;
    for (let i = 0; i < 5; i++) {
      const socket = await open(app.port);
      const answer = collect(socket);
      socket.write(request(BIG_PATH, account.apiKey, BIG_BODY));
      await expect.poll(() => answer.text().includes('"year_ganzhi"'), { timeout: budgetMs(5000) }).toBe(true);
      socket.resetAndDestroy();
      await answer.closed;
      if (answer.text().startsWith('HTTP/1.1 200 ')) received += 1;
    }
    expect(received).toBe(5);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 5, dropInCalls: 5 });
  });

  it('pipelined behind a stalled free request: the paid answers queued on the connection are charged', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const socket = await open(app.port);
    socket.pause();
    const answer = collect(socket);
    const free = 'GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n';
    const svg = `GET /v1/chart.svg?year=1990&month=5&day=15&time=10:30&location=139.69 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.apiKey}\r\n\r\n`;
    socket.write(free + svg + request('/api/v1/calculate', account.apiKey, SMALL_BODY));
    await expect
      .poll(async () => (await app.admin.usage(account.accountId, { limit: 10 }))?.length ?? 0, { timeout: budgetMs(5000) })
      .toBe(2);
    // The client stays stalled a while with both charges made: its not reading may not undo them.
    await sleep(300);
    socket.resume();
    await expect.poll(() => answer.text().match(/HTTP\/1\.1 200 /g)?.length ?? 0, { timeout: budgetMs(5000) }).toBe(3);
    socket.resetAndDestroy();
    expect(answer.text()).toContain('<svg');
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 2, dropInCalls: 2 });
  });

  it('a client that never reads and resets still pays for what the server wrote', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const socket = await open(app.port);
    socket.pause();
    collect(socket);
    socket.write(request(BIG_PATH, account.apiKey, BIG_BODY));
    await expect
      .poll(async () => (await app.admin.usage(account.accountId, { limit: 10 }))?.length ?? 0, { timeout: budgetMs(5000) })
      .toBe(1);
    // The server wrote its answer (and so settled the charge) before the client resets.
    const unsettled = async () =>
      (await app.store.unsettledCharges(Date.now() + 3_600_000, 100_000)).filter((charge) => charge.accountId === account.accountId);
    await expect.poll(unsettled, pollWithin(3000)).toEqual([]);
    socket.resetAndDestroy();
    // Time for a server that would void on the reset to do so: nothing may change.
    await sleep(200);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 1, dropInCalls: 1 });
  });
});

/** A real embedded store whose first charge with the key `stall-me` runs, then fails as a timed-out store call would. */
class StallingStore extends MemoryCreditStore {
  stalled = false;
  override async charge(command: ChargeCommand): Promise<ChargeOutcome> {
    const outcome = await super.charge(command);
    if (command.idempotency?.key === 'stall-me' && !this.stalled) {
      this.stalled = true;
      // The injected stall itself: call 1 waits 400 ms, then fails as a timed-out store call.
      await sleep(400);
      throw refusals.storeTooSlow('charge', 450);
    }
    return outcome;
  }
}

describe('a replay makes its charge final', () => {
  const store = new StallingStore();
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ store });
  });
  afterAll(() => app.close());

  it('call 1 stalls after its charge, call 2 replays it: the charge stands though call 1 fails', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const call = () =>
      fetch(`${app.baseUrl}/api/v1/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', 'idempotency-key': 'stall-me' },
        body: SMALL_BODY,
      });
    const first = call();
    await expect.poll(() => store.stalled, pollWithin(3000)).toBe(true); // call 1 has charged and is stalled
    const replay = await call();
    expect(replay.status).toBe(200);
    const replayed = (await replay.json()) as { status: string; credits_remaining: number };
    expect(replayed).toMatchObject({ status: 'success', credits_remaining: 990 });
    expect((await first).status).toBe(503);
    // The voided-then-retried path would charge again; a replay of a final charge does not.
    expect((await call()).status).toBe(200);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 1, dropInCalls: 1 });
  });
});

describe('no anonymous client holds a slot or the CPU for long', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({
      env: {
        HTTP_WRITE_TIMEOUT_MS: '1000',
        HTTP_IDLE_TIMEOUT_MS: '1000',
        HTTP_REQUEST_TIMEOUT_MS: '2000',
        HTTP_HEADERS_TIMEOUT_MS: '1500',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8',
        ANON_RATE_LIMIT_PER_SECOND: '2',
        ANON_RATE_LIMIT_BURST: '4',
      },
    });
  });
  afterAll(() => app.close());

  it('never-reading clients are cut by the write or idle timeout, so they do not hold the slots of their address', async () => {
    // As many never-reading clients as the address may hold connections: while they hold them, the
    // next connection from the address is refused (429, below).
    const sockets = await Promise.all(Array.from({ length: 8 }, () => open(app.port)));
    const answers = sockets.map((socket) => {
      socket.pause(); // never reads: the server's end of the connection is all it can close
      const answer = collect(socket);
      socket.write(request(BIG_PATH, app.apiKey, BIG_BODY));
      return answer;
    });
    // The 1 s write and idle timeouts (checked every 250 ms) cut every one of them.
    await expect.poll(() => app.connections(), pollWithin(3000)).toBe(0);
    const paid = await fetch(`${app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
      body: SMALL_BODY,
    });
    expect(paid.status).toBe(200);
    // Each was answered, then closed by the server: once read, the connection ends.
    for (const socket of sockets) socket.resume();
    await Promise.all(answers.map((answer) => answer.closed));
    for (const answer of answers) expect(answer.text()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a body sent a byte at a time is answered 408 within a second of HTTP_REQUEST_TIMEOUT_MS', async () => {
    const socket = await open(app.port);
    const answer = collect(socket);
    const startedMs = performance.now();
    socket.write(`POST /api/v1/calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`);
    const drip = setInterval(() => socket.writable && socket.write(' '), 400);
    await answer.closed;
    clearInterval(drip);
    const elapsedMs = performance.now() - startedMs;
    expect(answer.text()).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsedMs).toBeGreaterThanOrEqual(1900);
    expect(elapsedMs).toBeLessThan(2000 + 1000 + 500);
  });

  it('connections beyond HTTP_MAX_CONNECTIONS_PER_ADDRESS are answered 429 and closed', async () => {
    const held = await Promise.all(Array.from({ length: 8 }, () => open(app.port)));
    const extra = await open(app.port);
    const answer = collect(extra);
    await answer.closed;
    expect(answer.text()).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer.text()).toMatch(/X-Content-Type-Options: nosniff/i);
    expect(answer.text()).toContain('"code":"RATE_LIMITED"');
    // A paid request sent at once on an over-cap connection is never run, so never charged.
    const account = await createStandardAccount(app.admin, 1000);
    const eager = connect(app.port, '127.0.0.1');
    eager.write(request('/api/v1/calculate', account.apiKey, SMALL_BODY));
    const eagerAnswer = collect(eager);
    await eagerAnswer.closed;
    expect(eagerAnswer.text()).toMatch(/^HTTP\/1\.1 429 /);
    expect(eagerAnswer.text().match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 0, dropInCalls: 0 });
    for (const socket of held) socket.destroy();
  });

  it('anonymous requests are rate-limited per address; a keyed call is unaffected; refused keys have a budget of their own', async () => {
    await sleep(2100); // a full bucket: it refills only with time, and a probe would spend its tokens
    const anonymous = () =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
    // Sent together, so that no token comes back between them however slow the machine (2 a second).
    const answers = await Promise.all(Array.from({ length: 5 }, anonymous));
    expect(answers.map((answer) => answer.status).toSorted((a, b) => a - b)).toEqual([200, 200, 200, 200, 429]);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('without a valid API key') });
    // Health probes are never limited; a paying client at the same address (NAT, an office) is not locked out.
    expect((await fetch(`${app.baseUrl}/health`)).status).toBe(200);
    const paid = () =>
      fetch(`${app.baseUrl}/api/v1/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
        body: SMALL_BODY,
      });
    for (let i = 0; i < 6; i++) expect((await paid()).status).toBe(200);
    const bogus = () =>
      fetch(`${app.baseUrl}/api/v1/calculate`, {
        method: 'POST',
        headers: { authorization: 'Bearer fp_not_a_key_at_all_000000000000', 'content-type': 'application/json' },
        body: SMALL_BODY,
      });
    const refused = await Promise.all(Array.from({ length: 5 }, bogus));
    expect(refused.map((answer) => answer.status).toSorted((a, b) => a - b)).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('unauthenticated means anonymous, on every path', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { ANON_RATE_LIMIT_PER_SECOND: '1', ANON_RATE_LIMIT_BURST: '4' } });
  });
  afterAll(() => app.close());

  const junk = { authorization: 'Bearer fp_made_up_key_0000000000000000' };
  const graphql = (headers: Record<string, string>) =>
    fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ places(query: "東京") { name } }' }),
    });
  const statuses = async (send: () => Promise<Response>, times: number) => {
    const seen: number[] = [];
    for (let i = 0; i < times; i++) seen.push((await send()).status);
    return seen;
  };

  it('a made-up key on a free REST path, a free GraphQL field or MCP takes from the anonymous budget; an accepted key never does', async () => {
    // A paying client at this address is already at work (its key accepted once).
    expect((await fetch(`${app.baseUrl}/openapi.json`, { headers: { authorization: `Bearer ${app.apiKey}` } })).status).toBe(200);
    // The report's attack: 200 of 200 quick /openapi.json with a junk key, where 64 came without one.
    expect(await statuses(() => fetch(`${app.baseUrl}/openapi.json`, { headers: junk }), 6)).toEqual([200, 200, 200, 200, 429, 429]);
    // The same address's budget is spent for GraphQL's free fields and for the other header too.
    expect(await statuses(() => graphql(junk), 2)).toEqual([429, 429]);
    expect(await statuses(() => graphql({ 'x-api-key': 'fp_made_up_key_1111111111111111' }), 1)).toEqual([429]);
    expect(await statuses(() => fetch(`${app.baseUrl}/openapi.json?api_key=fp_made_up`), 1)).toEqual([429]);
    // GraphQL reads no key from the query: an accepted key there is no key, and the request anonymous.
    expect(
      await statuses(
        () => fetch(`${app.baseUrl}/graphql?api_key=${app.apiKey}&query=%7B__typename%7D`, { headers: { 'x-graphql-yoga-csrf': '1' } }),
        1,
      ),
    ).toEqual([429]);
    // A paying client at the same address is not locked out, on free paths and paid ones.
    const valid = { authorization: `Bearer ${app.apiKey}` };
    expect(await statuses(() => fetch(`${app.baseUrl}/openapi.json`, { headers: valid }), 8)).toEqual(Array(8).fill(200));
    expect(await statuses(() => graphql(valid), 8)).toEqual(Array(8).fill(200));
    const mcp = await fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...valid, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(200);
  });
});

describe('production defaults', () => {
  let app: RunningApp;
  let opened: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { NODE_ENV: 'production' } });
    opened = await startAppServer({
      env: { NODE_ENV: 'production', METRICS_TOKEN: 'metrics-token-0123456789', GRAPHQL_INTROSPECTION: '1' },
    });
  });
  afterAll(async () => {
    await app.close();
    await opened.close();
  });

  const introspect = (base: string, query: string) =>
    fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

  it('introspection is off unless GRAPHQL_INTROSPECTION; when on, one __schema per operation', async () => {
    const off = await introspect(app.baseUrl, '{ __schema { queryType { name } } }');
    const disabled = (await off.json()) as { data?: unknown; errors: { message: string }[] };
    expect(disabled.data).toBeUndefined();
    expect(disabled.errors[0]!.message).toContain('introspection has been disabled');
    const one = await introspect(opened.baseUrl, '{ __schema { queryType { name } } }');
    expect(await one.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    const aliased = await introspect(opened.baseUrl, '{ a: __schema { queryType { name } } b: __schema { queryType { name } } }');
    const refused = (await aliased.json()) as { data?: unknown; errors: { message: string }[] };
    expect(refused.data).toBeUndefined();
    expect(refused.errors[0]!.message).toContain('at most 1 introspection field');
  });

  it('/metrics is closed without METRICS_TOKEN and needs the bearer token with it; every answer carries nosniff', async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(404);
    const anonymous = await fetch(`${opened.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${opened.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    const allowed = await fetch(`${opened.baseUrl}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# TYPE');
  });
});
