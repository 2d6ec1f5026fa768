/**
 * A GraphQL answer is settled by the same server-side rule as REST and MCP whoever serves it
 * (docs/credits.md): every request shape that selects a different code path in
 * http/graphql-fast-path.ts — the prepared path, the enveloped direct path, and yoga for every
 * other method, media type, Accept, framing or body — is sent raw over a socket by a client that
 * reads the first pillar of its answer and resets. Each ends with the same check: answers received
 * = non-void ledger entries = balance drop / cost.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { createStandardAccount } from '../rest/support/server.ts';
import { reckon } from '../support/ledger-count.ts';
import { budgetMs, pollWithin } from '../support/time-budget.ts';

/** Paid fields per request: ten aliases, each charged on its own. */
const FIELDS = 10;
/**
 * Ten paid fields of a large answer each (366 日運 with their relations, ~100 KB), ~1 MB in all: more
 * than the kernel takes at once from a client that does not read, so a reset lands while the server
 * is still writing.
 */
const FIELD =
  'calculate(input: {year: 1990, month: 5, day: 15, time: "10:30", location: 139.69}, variant: B) { ' +
  '... on VariantBResponse { result { yearGanzhi dayGanzhi luck { days(from: "2026-01-01", to: "2026-12-31") { ' +
  'date ganzhi stemTenGod branchTenGod lifeStage nayin startsAt endsAt isVoid relations { name } } } } } }';
const MUTATION = `mutation Big { ${Array.from({ length: FIELDS }, (_, i) => `a${i}: ${FIELD}`).join(' ')} }`;
const BODY = JSON.stringify({ query: MUTATION });

interface Variant {
  readonly name: string;
  /** The request after the request line's path, headers with the key, ending in the body. */
  readonly request: (key: string) => string;
}

const head = (key: string, headers: string): string => `POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n${headers}`;
const sized = (key: string, contentType: string, body: string, extra = ''): string =>
  `${head(key, `Content-Type: ${contentType}\r\n${extra}`)}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

function chunked(key: string, body: string): string {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const chunk = (part: Buffer) => `${part.length.toString(16)}\r\n${part.toString('utf8')}\r\n`;
  return `${head(key, 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n')}\r\n${chunk(bytes.subarray(0, half))}${chunk(bytes.subarray(half))}0\r\n\r\n`;
}

/**
 * Every request shape the GraphQL path tells apart (http/graphql-fast-path.ts `serve`): keep this
 * list in step with its conditions. A new condition that sends a request elsewhere needs a row.
 */
const VARIANTS: readonly Variant[] = [
  // The direct path: seen once it is enveloped, from the second time on it runs prepared.
  { name: 'direct (enveloped, then prepared)', request: (key) => sized(key, 'application/json', BODY) },
  { name: 'direct, prepared (query matched in the bytes)', request: (key) => sized(key, 'application/json', BODY) },
  {
    name: 'direct, Accept application/graphql-response+json',
    request: (key) => sized(key, 'application/json', BODY, 'Accept: application/graphql-response+json\r\n'),
  },
  {
    name: 'direct, query last in the body',
    request: (key) => sized(key, 'application/json', JSON.stringify({ operationName: 'Big', query: MUTATION })),
  },
  // yoga: an Accept the direct path does not take.
  {
    name: 'yoga, Accept with q-values',
    request: (key) => sized(key, 'application/json', BODY, 'Accept: application/graphql-response+json;q=1, application/json;q=0.9\r\n'),
  },
  { name: 'yoga, Accept text/event-stream', request: (key) => sized(key, 'application/json', BODY, 'Accept: text/event-stream\r\n') },
  { name: 'yoga, Accept multipart/mixed', request: (key) => sized(key, 'application/json', BODY, 'Accept: multipart/mixed\r\n') },
  // yoga: a content type the direct path does not take.
  { name: 'yoga, charset=UTF-8', request: (key) => sized(key, 'application/json; charset=UTF-8', BODY) },
  { name: 'yoga, application/graphql', request: (key) => sized(key, 'application/graphql', MUTATION) },
  // yoga: a framing the direct path does not take.
  { name: 'yoga, chunked body', request: (key) => chunked(key, BODY) },
  // yoga: a body the direct path hands over (a member it does not know).
  {
    name: 'yoga, body with extensions',
    request: (key) => sized(key, 'application/json', JSON.stringify({ query: MUTATION, extensions: {} })),
  },
  // The direct path's envelop branch: a document of two operations, one named.
  {
    name: 'direct, two operations (enveloped, graphql-js)',
    request: (key) =>
      sized(key, 'application/json', JSON.stringify({ query: `${MUTATION} query Other { __typename }`, operationName: 'Big' })),
  },
];

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends one request; reads until the first pillar arrives, then resets. Whether a 200 with the pillar was received. */
async function readThenReset(port: number, raw: string): Promise<boolean> {
  const socket = await open(port);
  const chunks: Buffer[] = [];
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const text = () => Buffer.concat(chunks).toString('utf8');
  const seen = new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (text().includes('"yearGanzhi"')) resolve();
    }),
  );
  socket.write(raw);
  await Promise.race([seen, closed, new Promise((resolve) => setTimeout(resolve, budgetMs(5000)))]);
  socket.resetAndDestroy();
  await closed;
  return text().startsWith('HTTP/1.1 200 ') && text().includes('"yearGanzhi"');
}

describe('GraphQL: paid content received ⇒ charged, on every code path', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  for (const variant of VARIANTS) {
    it(`${variant.name}: read the pillars, reset, and pay`, async () => {
      const account = await createStandardAccount(app.admin, 1000);
      let received = 0;
      for (let i = 0; i < 3; i++) if (await readThenReset(app.port, variant.request(account.apiKey))) received += 1;
      expect(received).toBe(3);
      expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 3 * FIELDS, dropInCalls: 3 * FIELDS });
    });
  }

  it('GET cannot run a paid field: refused, nothing charged', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    const answer = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent(MUTATION)}`, {
      headers: { authorization: `Bearer ${account.apiKey}`, 'x-graphql-yoga-csrf': '1', accept: 'application/json' },
    });
    expect(answer.status).toBe(405);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: 0, dropInCalls: 0 });
  });

  it('a body over the limit is refused 413 and the connection closed, unread', async () => {
    const big = JSON.stringify({ query: MUTATION, variables: { pad: 'x'.repeat(70 * 1024) } });
    const answer = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json; charset=UTF-8' },
      body: big,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
  });

  it('pipelined answers held behind a client that does not read, then a reset: nothing the server wrote is voided', async () => {
    const account = await createStandardAccount(app.admin, 1000);
    for (const contentType of ['application/json', 'application/json; charset=UTF-8']) {
      const socket = await open(app.port);
      socket.pause(); // the kernel's buffers fill; the later answers wait in the server
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(sized(account.apiKey, contentType, BODY).repeat(4));
      // Every request the server took is computed, charged and written (handed whole to Node) by now.
      await expect
        .poll(async () => (await app.admin.usage(account.accountId, { limit: 100 }))?.length ?? 0, { timeout: budgetMs(5000) })
        .toBeGreaterThan(0);
      // The client stays stalled while the server takes what it will of the pipeline: time passing is the point.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const seen = new Promise<void>((resolve) => socket.on('data', (chunk: Buffer) => chunk.includes('"yearGanzhi"') && resolve()));
      socket.resume();
      await seen;
      socket.resetAndDestroy();
      await closed;
    }
    expect(await app.services.settlement.drain(budgetMs(3000))).toBe(true);
    const entries = (await app.admin.usage(account.accountId, { limit: 100 })) ?? [];
    expect(entries.length).toBeGreaterThanOrEqual(2 * FIELDS);
    expect(entries.filter((entry) => entry.voided)).toEqual([]);
    expect(await reckon(app, account, 1000)).toEqual({ nonVoid: entries.length, dropInCalls: entries.length });
  });

  it('a client that never reads yoga-served answers is cut by the write timeout; what was written is paid', async () => {
    const slow = await startAppServer({ env: { HTTP_WRITE_TIMEOUT_MS: '1000' } });
    try {
      const account = await createStandardAccount(slow.admin, 1000);
      const socket = await open(slow.port);
      socket.pause(); // reads nothing until the server has had time to give up on it
      const chunks: Buffer[] = [];
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // Six pipelined answers of ~1.2 MB: more than the kernel's buffers take from a client that does not read.
      const pipelined = 6;
      socket.write(sized(account.apiKey, 'application/json; charset=UTF-8', BODY).repeat(pipelined));
      // The write timeout (1 s after an answer is written, checked every 250 ms) cuts the connection.
      await expect.poll(() => slow.connections(), pollWithin(6000)).toBe(0);
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.resume();
      // The server cut the connection: what the kernel held arrives, then the end; never every answer.
      const cut = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), budgetMs(3000)))]);
      expect(cut).toBe(true);
      const answers =
        Buffer.concat(chunks)
          .toString('latin1')
          .match(/HTTP\/1\.1 200 /g)?.length ?? 0;
      expect(answers).toBeGreaterThan(0);
      expect(answers).toBeLessThan(pipelined);
      // Every answer the server wrote (handed whole to Node) is paid, received or not; none is charged twice.
      const { nonVoid, dropInCalls } = await reckon(slow, account, 1000);
      expect(nonVoid).toBe(dropInCalls);
      expect(nonVoid % FIELDS).toBe(0);
      expect(nonVoid / FIELDS).toBeGreaterThanOrEqual(answers);
    } finally {
      await slow.close();
    }
  });
});
