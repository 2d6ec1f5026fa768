/**
 * Heavy requests: the most expensive request per credit and the most expensive free ones, each sent
 * one at a time to the real app (production settings, a real Redis), with the server's own CPU per
 * request (from /proc, over N requests) and the longest the event loop was blocked while they ran
 * (the server's monitorEventLoopDelay at 1 ms resolution). The bounds (docs/rest.md, "Cost per
 * request"): less than 50 ms of CPU per request, and no block longer than 20 ms.
 * Runnable alone: `node bench/heavy.ts` (`HEAVY_ONLY=<regular expression>`: only the rows it matches).
 */
import { SPECIAL_STAR_OPTIONS } from '../src/domain/stars/special-star-options.ts';
import { startRedisServer } from '../test/support/redis-server.ts';
import { PRODUCTION_ENV } from './rest.ts';
import { serverCpuSeconds, startChildServer, type ChildServer } from './child-server.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
/** Every special-star option set to its last value (each a school other than the default), as REST's `star_*` members. */
const EVERY_STAR_OPTION = Object.fromEntries(
  SPECIAL_STAR_OPTIONS.map(({ name, values }) => [`star_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, values.at(-1)]),
);
const EVERY_SECTION = [
  'luck',
  'relations',
  'special_stars',
  'warnings',
  'alternatives',
  'convention_differences',
  'analysis',
  'void_periods',
  'palaces',
  'evidence',
];
const LUCK_AT_ITS_LIMITS = {
  gender: 'female',
  luck_cycles: 12,
  luck_years: '1950-2099',
  luck_months: 2026,
  luck_minor: 'sanming',
  luck_days: '2025-01-01..2026-01-01',
  luck_hours: '2026-01-01',
};

interface HeavyRequest {
  readonly name: string;
  readonly credits: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Requests measured (one at a time). */
  readonly count: number;
}

const rest = (name: string, body: Record<string, unknown>, count = 20): HeavyRequest => ({
  name,
  credits: 10,
  method: 'POST',
  path: '/api/v1/calculate',
  body: { ...BIRTH, ...body },
  count,
});

const GRAPHQL_DAYS = `mutation { ${Array.from(
  { length: 10 },
  (_, i) => `c${i}: calculate(input: { year: ${1980 + i}, month: 5, day: 15, time: "10:30", location: 139.69 }) {
  ... on VariantBResponse { result { luck { days(from: "2025-01-01", to: "2026-01-01") { date ganzhi } } } } }`,
).join(' ')} }`;
const GRAPHQL_ANALYSIS = `mutation { calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69, uncertaintyMinutes: 720 }) {
  ... on VariantBResponse { result { ${Array.from({ length: 10 }, (_, i) => `a${i}: evidence(detail: FULL) { conclusions { claim confidence } }`).join(' ')} } } } }`;

const REQUESTS: readonly HeavyRequest[] = [
  rest('chart, Variant B (the common call)', {}, 200),
  rest('every section, every option at its limit', {
    include: EVERY_SECTION,
    ...LUCK_AT_ITS_LIMITS,
    ...EVERY_STAR_OPTION,
    uncertainty_minutes: 720,
    analysis_sensitivity: true,
    void_years: '1950-2099',
    detail: 'full',
  }),
  rest('luck: 12 大運, 150 years, months, 小運, 366 days, hours', { include: ['luck'], ...LUCK_AT_ITS_LIMITS }),
  rest('alternatives over ±720 minutes', { include: ['alternatives', 'warnings'], uncertainty_minutes: 720 }),
  rest('special stars with every option', { include: ['special_stars'], ...EVERY_STAR_OPTION }, 100),
  rest('analysis with sensitivity over ±720 minutes', { include: ['analysis'], analysis_sensitivity: true, uncertainty_minutes: 720 }),
  rest('evidence, full', { include: ['evidence'], detail: 'full' }),
  rest('void periods over 150 years', { include: ['void_periods'], void_years: '1950-2099' }),
  {
    name: 'GraphQL: 10 calculate aliases, each 366 days of luck.days',
    credits: 100,
    method: 'POST',
    path: '/graphql',
    body: { query: GRAPHQL_DAYS },
    count: 20,
  },
  {
    name: 'GraphQL: 10 aliases of evidence(detail: FULL), ±720 min',
    credits: 10,
    method: 'POST',
    path: '/graphql',
    body: { query: GRAPHQL_ANALYSIS },
    count: 20,
  },
  {
    name: 'compatibility',
    credits: 20,
    method: 'POST',
    path: '/api/v1/compatibility',
    body: { a: { ...BIRTH, gender: 'male' }, b: { year: 1992, month: 11, day: 3, location: 135.5, gender: 'female' } },
    count: 100,
  },
  {
    // The widest scan a search may make (2,500 日運) under 32 conditions, an `any` of 28 that every day
    // reads to the end and a pillar that few days have: the heaviest allowed search.
    name: 'timeline: 2,500 日運 under 32 conditions',
    credits: 5,
    method: 'POST',
    path: '/v1/timeline',
    body: {
      birth: { ...BIRTH, gender: 'female' },
      level: 'daily',
      from: '2020-01-01',
      to: '2026-11-04',
      limit: 100,
      where: {
        all: [
          {
            any: [
              ...Array.from({ length: 23 }, () => ({
                relation: ['combination', 'punishment', 'chu', 'gai', 'ha', 'hangin', 'fukugin', 'tenkoku_chichu'],
              })),
              ...['yin', 'bi_jie', 'shi_shang', 'guan_sha', 'cai'].map((pair) => ({ ten_god: pair, of: 'either' })),
            ],
          },
          { ganzhi: '甲子' },
        ],
      },
    },
    count: 20,
  },
  {
    name: '鑑定書 PDF with partner',
    credits: 50,
    method: 'POST',
    path: '/v1/report.pdf',
    body: { ...BIRTH, gender: 'female', luck_year: 2026, partner: { year: 1992, month: 11, day: 3, location: 135.5, gender: 'male' } },
    count: 10,
  },
  {
    name: 'free: pillars → dates, no hour pillar (1900–2100)',
    credits: 0,
    ...free('/v1/pillars-to-dates?year_pillar=庚午&month_pillar=辛巳&day_pillar=庚辰&location=139.69'),
    count: 50,
  },
  {
    name: 'free: pillars → dates, 甲子 ×3 (most matches)',
    credits: 0,
    ...free('/v1/pillars-to-dates?year_pillar=甲子&month_pillar=丙子&day_pillar=甲子&location=139.69'),
    count: 50,
  },
  { name: 'free: lunar dates of a Gregorian date', credits: 0, ...free('/v1/lunar-dates?date=1997-02-07'), count: 200 },
  { name: 'free: places, 50 matches', credits: 0, ...free('/v1/places?q=a&limit=50'), count: 200 },
  { name: 'free: /openapi.json', credits: 0, ...free('/openapi.json'), count: 100 },
  { name: 'free: /chart page', credits: 0, ...free('/chart?lang=ja'), count: 200 },
  { name: 'free: /llms.txt', credits: 0, ...free('/llms.txt'), count: 200 },
  {
    name: 'free: MCP tools/list',
    credits: 0,
    method: 'POST',
    path: '/mcp',
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    count: 200,
  },
];

function free(path: string): { method: 'GET'; path: string } {
  return { method: 'GET', path };
}

export interface HeavyResult {
  readonly name: string;
  readonly credits: number;
  readonly cpuMs: number;
  readonly longestBlockMs: number;
  /** The longest garbage-collection pause in the same requests (a block may be one). */
  readonly longestGcMs: number;
  /** Its kind: minor (scavenge), major (mark-compact), incremental marking, weak callbacks. */
  readonly longestGcKind: string;
  /** The answer's size in bytes. */
  readonly bytes: number;
}

/** The idle server's own CPU per second (its timers: metrics, heartbeats), subtracted from each row. */
async function idleCpuPerSecond(app: ChildServer<{ apiKey: string }>): Promise<number> {
  const before = serverCpuSeconds(app.pid);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = serverCpuSeconds(app.pid);
  return before === null || after === null ? 0 : (after - before) / ((performance.now() - started) / 1000);
}

async function measure(app: ChildServer<{ apiKey: string }>, request: HeavyRequest, idlePerSecond: number): Promise<HeavyResult> {
  const url = `http://127.0.0.1:${app.info.port}${request.path}`;
  const headers = {
    authorization: `Bearer ${app.info.apiKey}`,
    accept: 'application/json, text/event-stream',
    ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    ...request.headers,
  };
  const init = { method: request.method, headers, ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }) };
  /** One request; resolves with the answer's size. */
  const once = async (): Promise<number> => {
    const response = await fetch(url, init);
    const bytes = await response.arrayBuffer();
    if (response.status !== 200)
      throw new Error(`${request.name}: ${response.status} ${Buffer.from(bytes).toString('utf8').slice(0, 500)}`);
    if (request.path === '/graphql' && Buffer.from(bytes).toString('utf8').includes('"errors"'))
      throw new Error(`${request.name}: ${Buffer.from(bytes).toString('utf8').slice(0, 500)}`);
    return bytes.byteLength;
  };
  await once();
  // CPU with nothing else running in the server; then the blocks, with the monitor on (its timer costs CPU of its own).
  const before = serverCpuSeconds(app.pid);
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < request.count; i++) bytes = await once();
  const after = serverCpuSeconds(app.pid);
  const idle = (idlePerSecond * (performance.now() - started)) / 1000;
  await app.ask('loop-start');
  for (let i = 0; i < Math.min(request.count, 20); i++) await once();
  const { loopMaxMs, longestGcMs, longestGcKind } = (await app.ask('loop')) as {
    loopMaxMs: number;
    longestGcMs: number;
    longestGcKind: string;
  };
  return {
    name: request.name,
    credits: request.credits,
    cpuMs: before === null || after === null ? Number.NaN : (Math.max(0, after - before - idle) * 1000) / request.count,
    longestBlockMs: loopMaxMs,
    longestGcMs,
    longestGcKind,
    bytes,
  };
}

/** CPU under this per request, and no event-loop block longer than this (docs/rest.md). */
export const CPU_BOUND_MS = 50;
export const BLOCK_BOUND_MS = 20;

export async function benchHeavy(): Promise<HeavyResult[]> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', {
    REDIS_URL: redis.url,
    ...PRODUCTION_ENV,
  });
  try {
    const idlePerSecond = await idleCpuPerSecond(app);
    const results: HeavyResult[] = [];
    // HEAVY_ONLY (a regular expression) measures only the rows it matches.
    const only = process.env['HEAVY_ONLY'] === undefined ? null : new RegExp(process.env['HEAVY_ONLY']);
    for (const request of REQUESTS) if (only === null || only.test(request.name)) results.push(await measure(app, request, idlePerSecond));
    console.log(
      `\n## Heavy requests, one at a time (server CPU per request from /proc; longest event-loop block over 20 of them at 1 ms resolution, with the longest GC pause; bounds ${CPU_BOUND_MS} ms and ${BLOCK_BOUND_MS} ms)`,
    );
    console.log(`(the idle server's own ${(idlePerSecond * 1000).toFixed(1)} ms of CPU per second subtracted)`);
    console.log(`${'request'.padEnd(58)} credits  answer KB  CPU ms/req  ms/credit  longest block ms (GC ms)`);
    for (const row of results) {
      const within = row.cpuMs < CPU_BOUND_MS && row.longestBlockMs < BLOCK_BOUND_MS ? 'within' : 'OVER';
      const perCredit = row.credits === 0 ? '—' : (row.cpuMs / row.credits).toFixed(3);
      console.log(
        `${row.name.padEnd(58)} ${String(row.credits).padStart(7)}  ${(row.bytes / 1024).toFixed(1).padStart(9)}  ${row.cpuMs.toFixed(2).padStart(10)}  ${perCredit.padStart(9)}  ${row.longestBlockMs.toFixed(1).padStart(9)} (${row.longestGcMs.toFixed(1)}${row.longestGcMs > 0 ? ` ${row.longestGcKind}` : ''})  ${within}`,
      );
    }
    return results;
  } finally {
    await app.stop();
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHeavy();
