/** What a browser gets at /graphql: GraphiQL compressed and cacheable when on, a short how-to page when off. */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/http/static-page.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { startServerProcess } from '../support/server-process.ts';

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** fetch() decompresses on its own; node:http shows the bytes as sent. */
const rawGet = (url: string, headers: Record<string, string>, method = 'GET'): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['GZIP;Q=1', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('GET /graphql from a browser, GraphiQL on', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { GRAPHIQL: '1' } });
  });
  afterAll(() => app.close());

  const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves the page Brotli- or gzip-compressed as accepted, identical once decompressed, with an ETag', async () => {
    const plain = await rawGet(`${app.baseUrl}/graphql`, browser);
    const br = await rawGet(`${app.baseUrl}/graphql`, { ...browser, 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(`${app.baseUrl}/graphql`, { ...browser, 'accept-encoding': 'gzip' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const r of [plain, br, gz]) {
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers.etag).toBe(plain.headers.etag);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    const html = plain.body.toString('utf8');
    expect(html).toContain('<title>Four Pillars API</title>');
    // The starter variables and the Authorization header travel with the page (no demo key here:
    // the test app brings its own store, so the placeholder is shown).
    expect(html).toContain('\\"location\\": 139.69');
    expect(html).toContain('Bearer <your API key>');
  });

  it('answers a revalidation with 304 and no body, and HEAD with the headers only', async () => {
    const first = await rawGet(`${app.baseUrl}/graphql`, { ...browser, 'accept-encoding': 'br' });
    const again = await rawGet(`${app.baseUrl}/graphql`, {
      ...browser,
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawGet(`${app.baseUrl}/graphql`, { ...browser, 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('still answers GraphQL GETs that do not ask for HTML', async () => {
    const res = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('GET /graphql from a browser, GraphiQL off', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { GRAPHIQL: '0' } });
  });
  afterAll(() => app.close());

  it('answers a short page saying how to call the endpoint', async () => {
    const res = await fetch(`${app.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('GRAPHIQL=1');
    expect(html).toContain('curl');
    expect(html).toContain('href="/openapi.json"');
    expect(html.length).toBeLessThan(5_000);
  });
});

describe('GraphiQL by environment (the real app)', () => {
  const pageFrom = async (env: Record<string, string>): Promise<{ type: string | null; html: string }> => {
    const app = await startAppServer({ env });
    try {
      const res = await fetch(`${app.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
      return { type: res.headers.get('content-type'), html: await res.text() };
    } finally {
      await app.close();
    }
  };

  it('is served from the package (no CDN) outside production, and in production only with GRAPHIQL=1', async () => {
    const dev = await pageFrom({});
    expect(dev.type).toBe('text/html; charset=utf-8');
    expect(dev.html).toContain('<title>Four Pillars API</title>');
    expect(dev.html).not.toMatch(/unpkg\.com|jsdelivr|cdnjs|esm\.sh/);
    const production = await pageFrom({ NODE_ENV: 'production' });
    expect(production.html).not.toContain('<title>Four Pillars API</title>');
    expect(production.html).toContain('GRAPHIQL=1');
    const productionOn = await pageFrom({ NODE_ENV: 'production', GRAPHIQL: '1' });
    expect(productionOn.html).toContain('<title>Four Pillars API</title>');
  });

  it.each([
    ['development', 'fills in the demo key', true],
    ['production', 'never fills in the demo key', false],
  ])('%s with the embedded store %s', async (nodeEnv, _what, filled) => {
    const demoKey = 'fp_graphiql_page_demo_key';
    const server = await startServerProcess(process.execPath, ['src/main.ts'], {
      NODE_ENV: nodeEnv,
      GRAPHIQL: '1',
      ALLOW_EMBEDDED_STORE: '1',
      DEMO_API_KEY: demoKey,
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
    });
    try {
      const html = await (await fetch(`http://127.0.0.1:${server.port}/graphql`, { headers: { accept: 'text/html' } })).text();
      expect(html.includes(`Bearer ${demoKey}`)).toBe(filled);
      expect(html.includes('Bearer <your API key>')).toBe(!filled);
    } finally {
      server.child.kill('SIGTERM');
    }
  });
});
