/**
 * Nothing anonymous is expensive (graphql/anonymous-documents.ts): a document sent without an
 * accepted key is refused before it is validated when it needs a key, is never kept or compiled,
 * and a gateway's heap stays bounded under a thousand unique heavy anonymous documents and a hundred keyed ones.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_MAX_TOKENS, KEYED_QUERY_FIELDS } from '../../src/graphql/anonymous-documents.ts';
import { KNOWN_DOCUMENTS_MAX_BYTES } from '../../src/graphql/known-documents.ts';
import { createGraphQLServer } from '../../src/graphql/server.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { budgetMs } from '../support/time-budget.ts';

const FULL = readFileSync(new URL('operations/calculate-full.graphql', import.meta.url), 'utf8');
/** Every fragment of the full selection but Variant A's (unused here). */
const FRAGMENTS = ((all: string) => {
  const a = all.indexOf('fragment FullResultA');
  return all.slice(0, a) + all.slice(all.indexOf('\nfragment ', a));
})(FULL.slice(FULL.indexOf('fragment Envelope')));
const INPUT = '{year: 1990, month: 5, day: 15, time: "10:30", location: 139.69}';

/** `aliases` paid fields spreading the whole Variant B selection; `n` makes the text unique. */
const heavy = (n: number, aliases: number): string =>
  `mutation M${n} { ${Array.from(
    { length: aliases },
    (_, i) => `a${i}: calculate(input: ${INPUT}, variant: B) { ... on VariantBResponse { ...Envelope result { ...FullResultB } } }`,
  ).join(' ')} } ${FRAGMENTS}`;

interface Reply {
  readonly status: number;
  readonly body: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function post(base: string, query: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

describe('which root fields need a key', () => {
  it('KEYED_QUERY_FIELDS are exactly the query fields whose description says a key is required', () => {
    const schema = createGraphQLServer({ production: false }).getEnveloped({} as never).schema as import('graphql').GraphQLSchema;
    const fields = Object.values(schema.getQueryType()!.getFields());
    const keyed = fields.filter((field) => /key required/i.test(field.description ?? '')).map((field) => field.name);
    const free = fields.filter((field) => /no key needed/i.test(field.description ?? '')).map((field) => field.name);
    // Every query field says which it is, so a new one cannot be left out of the list.
    expect([...keyed, ...free].sort()).toEqual(fields.map((field) => field.name).sort());
    expect(keyed.sort()).toEqual([...KEYED_QUERY_FIELDS].sort());
  });
});

describe('anonymous documents over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  it('a heavy document that needs a key, without one or with one not accepted: refused before validation, nothing kept', async () => {
    const before = process.cpuUsage();
    const sent = 100;
    for (let n = 0; n < sent; n++) {
      const headers: Record<string, string> = n % 2 === 0 ? {} : { authorization: `Bearer fp_made_up_${n}` };
      const reply = await post(app.baseUrl, heavy(n, 10), headers);
      expect(reply.body.data).toBeUndefined();
      expect(reply.body.errors).toHaveLength(1);
      expect(reply.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
      expect(reply.body.errors![0]!.message).toMatch(
        n % 2 === 0 ? /^API key required: .*\(a mutation needs a key\)$/ : /^Invalid or revoked API key/,
      );
    }
    const used = process.cpuUsage(before);
    // The figure for the closing note (test process and server together); no timing assertion.
    console.log(
      `anonymous heavy documents refused: ${((used.user + used.system) / sent / 1000).toFixed(2)} ms CPU each (client and server)`,
    );
    expect(app.graphqlDocuments.count).toBe(0);
    expect(app.graphqlDocuments.bytes).toBe(0);
  });

  it('a document that needs a key behind a fragment or an inline fragment is refused too', async () => {
    for (const query of [
      '{ ...Mine } fragment Mine on Query { account { plan } }',
      '{ ... on Query { usage(first: 1) { edges { cursor } } } }',
      'query A { __typename } query B { statement(month: "2026-01") { calls } }',
    ]) {
      const reply = await post(app.baseUrl, query);
      expect(reply.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
      expect(reply.body.data).toBeUndefined();
    }
  });

  it('the same document with an accepted key is validated, compiled once and kept; sent again anonymously it is refused the same way', async () => {
    const query = heavy(100_000, 3);
    const keyed = await post(app.baseUrl, query, { authorization: `Bearer ${app.apiKey}` });
    expect(keyed.body.errors).toBeUndefined();
    expect(app.graphqlDocuments.count).toBe(1);
    expect(app.graphqlDocuments.bytes).toBeGreaterThan(0);
    const anonymous = await post(app.baseUrl, query);
    expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body.errors![0]!.message).toContain('(a mutation needs a key)');
    expect(app.graphqlDocuments.count).toBe(1);
  });

  it('free reads answer anonymously and are not kept; an anonymous document holds at most ANONYMOUS_MAX_TOKENS tokens', async () => {
    const terms = await post(app.baseUrl, '{ solarTerms(year: 2024) { name } vocabulary(lang: EN) { namespace terms { code } } }');
    expect(terms.body.errors).toBeUndefined();
    expect(app.graphqlDocuments.count).toBe(1); // the keyed one of the test before
    const long = `{ ${Array(ANONYMOUS_MAX_TOKENS).fill('__typename').join(' ')} }`;
    const refused = await post(app.baseUrl, long);
    expect(refused.body.errors![0]!.message).toContain(`at most ${ANONYMOUS_MAX_TOKENS} tokens`);
    // The body limit's worth of padding costs a parse that stops at the limit.
    const padded = await post(app.baseUrl, `{ __typename ${' '.repeat(60_000)} account { plan } }`);
    expect(padded.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('a gateway with a small heap under a thousand unique heavy documents', () => {
  let server: ServerProcess;
  let base: string;
  const key = 'fp_heap_test_demo_key_0123456789abcdef';
  beforeAll(async () => {
    server = await startServerProcess(process.execPath, ['--max-old-space-size=256', 'src/main.ts'], {
      ALLOW_EMBEDDED_STORE: '1',
      DEMO_API_KEY: key,
      DEMO_PLAN: 'enterprise',
      ANON_RATE_LIMIT_PER_SECOND: '0',
      RATE_LIMIT_PER_SECOND: '0',
    });
    base = `http://127.0.0.1:${server.port}`;
  }, budgetMs(60_000));
  afterAll(() => {
    server?.child.kill('SIGKILL');
  });

  const metric = async (name: string): Promise<number> => {
    const text = await (await fetch(`${base}/metrics`)).text();
    return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)![1]);
  };

  /** Sends `count` documents, `parallel` at a time; every reply is checked by `check`. */
  async function flood(count: number, parallel: number, send: (n: number) => Promise<Reply>, check: (reply: Reply) => void) {
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let n = next++; n < count; n = next++) check(await send(n));
      }),
    );
  }

  it(
    'stays up, answers and keeps its heap bounded',
    async () => {
      const cpuBefore = await metric('process_cpu_seconds_total');
      const anonymous = 1000;
      await flood(
        anonymous,
        8,
        (n) => post(base, heavy(n, 10)),
        (reply) => expect(reply.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED'),
      );
      const cpuAfter = await metric('process_cpu_seconds_total');
      const heapAfterAnonymous = await metric('nodejs_heap_size_used_bytes');
      // Keyed callers' documents are kept and compiled, within KNOWN_DOCUMENTS_MAX_BYTES (each ~0.5 MB
      // compiled; kept to a hundred here: each compile takes tens of milliseconds, beside the suite's other files).
      const keyed = 100;
      await flood(
        keyed,
        4,
        (n) => post(base, heavy(n, 3), { authorization: `Bearer ${key}` }),
        (reply) => expect(reply.body.errors).toBeUndefined(),
      );
      const heapAfterKeyed = await metric('nodejs_heap_size_used_bytes');
      console.log(
        `heap: ${(heapAfterAnonymous / 2 ** 20).toFixed(0)} MB after ${anonymous} anonymous heavy documents ` +
          `(${(((cpuAfter - cpuBefore) * 1000) / anonymous).toFixed(2)} ms server CPU each), ` +
          `${(heapAfterKeyed / 2 ** 20).toFixed(0)} MB after ${keyed} unique keyed ones (bound ${KNOWN_DOCUMENTS_MAX_BYTES / 2 ** 20} MB of kept documents)`,
      );
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect((await post(base, heavy(0, 1), { authorization: `Bearer ${key}` })).body.errors).toBeUndefined();
      expect(heapAfterKeyed).toBeLessThan(256 * 2 ** 20);
    },
    budgetMs(300_000),
  );
});
