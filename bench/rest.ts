/**
 * REST shims and MCP: req/s, p99 and the server's own CPU per request (from /proc) at 50 connections
 * through the real app on production settings (NODE_ENV=production, the access log on stdout,
 * metrics, the per-key rate limit on — set high enough that it never refuses — and a real Redis),
 * beside a bare node:http server answering a fixed JSON body of the same size, in the same run:
 * POST Variant B, the same chart with its 大運, and both as the MCP `calculate_chart` tool; beside a
 * peer's MCP server as it ships (bazi-mcp's `getBaziDetail`, whose answer carries its 大運), asked for
 * the same births. Runnable alone: `node bench/rest.ts`.
 */
import { startRedisServer } from '../test/support/redis-server.ts';
import { load, printLoad, startChildServer, variedBirths, type LoadResult } from './child-server.ts';

/** 1,000 different births, sent in turn. */
const BIRTHS = variedBirths(1_000);
const REST_BODIES = BIRTHS.map((birth) => JSON.stringify(birth));
const REST_LUCK_BODIES = BIRTHS.map((birth, i) => JSON.stringify({ ...birth, gender: i % 2 === 0 ? 'male' : 'female', include: ['luck'] }));
const mcpCall = (args: Record<string, unknown>, id: number): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'calculate_chart', arguments: args } });
const MCP_BODIES = BIRTHS.map((birth, i) => mcpCall(birth, i));
const MCP_LUCK_BODIES = BIRTHS.map((birth, i) => mcpCall({ ...birth, gender: i % 2 === 0 ? 'male' : 'female', include: ['luck'] }, i));
/** The same births to the peer: local time in Japan, as its ISO `solarDatetime`. */
const PEER_BODIES = BIRTHS.map((birth, i) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: {
      name: 'getBaziDetail',
      arguments: {
        solarDatetime: `${birth.year}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}T${birth.time}:00+09:00`,
        gender: i % 2 === 0 ? 1 : 0,
      },
    },
  }),
);

/** Production settings, but one key carries the whole load: its rate limit is on, and far above the load. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  WEB_CONCURRENCY: '1',
  RATE_LIMIT_PER_SECOND: '1000000',
  RATE_LIMIT_BURST: '10000000',
} as const;

export async function benchRest(): Promise<LoadResult[]> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', { REDIS_URL: redis.url, ...PRODUCTION_ENV });
  const base = `http://127.0.0.1:${app.info.port}`;
  const url = `${base}/api/v1/calculate`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${app.info.apiKey}` };
  const mcpHeaders = { ...headers, accept: 'application/json, text/event-stream' };
  const sample = await fetch(url, { method: 'POST', headers, body: REST_BODIES[0] });
  const sampleBody = await sample.text();
  const bare = await startChildServer('./bare-server.ts', { BARE_BODY: sampleBody });
  const peer = await startChildServer('./peer-mcp-server.ts');
  try {
    const peerUrl = `http://127.0.0.1:${peer.info.port}/mcp`;
    const peerSample = await fetch(peerUrl, { method: 'POST', headers: mcpHeaders, body: PEER_BODIES[0] });
    const peerSampleBody = await peerSample.text();
    if (peerSample.status !== 200 || !peerSampleBody.includes('八字'))
      throw new Error(`the peer answered ${peerSample.status}: ${peerSampleBody}`);
    if (sample.status !== 200) throw new Error(`REST answered ${sample.status}: ${sampleBody}`);
    const mcpSample = await fetch(`${base}/mcp`, { method: 'POST', headers: mcpHeaders, body: MCP_LUCK_BODIES[0] });
    const mcpSampleBody = await mcpSample.text();
    if (mcpSample.status !== 200 || mcpSampleBody.includes('"isError"'))
      throw new Error(`MCP answered ${mcpSample.status}: ${mcpSampleBody}`);
    const bareRow = await load(`bare node:http, fixed ${sampleBody.length}-byte JSON`, {
      url: `http://127.0.0.1:${bare.info.port}/`,
      headers,
      bodies: REST_BODIES,
      serverPid: bare.pid,
    });
    const rest = await load('POST /api/v1/calculate (Variant B)', { url, headers, bodies: REST_BODIES, serverPid: app.pid });
    const restLuck = await load('  the same with its 大運 (include=luck)', { url, headers, bodies: REST_LUCK_BODIES, serverPid: app.pid });
    const mcp = await load('MCP tools/call calculate_chart', {
      url: `${base}/mcp`,
      headers: mcpHeaders,
      bodies: MCP_BODIES,
      serverPid: app.pid,
    });
    const mcpLuck = await load('  the same with its 大運', {
      url: `${base}/mcp`,
      headers: mcpHeaders,
      bodies: MCP_LUCK_BODIES,
      serverPid: app.pid,
    });
    const peerRow = await load('peer MCP server: bazi-mcp 0.1.0 getBaziDetail (with its 大運)', {
      url: peerUrl,
      headers: mcpHeaders,
      bodies: PEER_BODIES,
      serverPid: peer.pid,
    });
    const rows = [rest, restLuck, mcp, mcpLuck, peerRow, bareRow];
    printLoad('REST and MCP, production settings', rows, bareRow);
    const cost = (row: LoadResult, of: LoadResult): string =>
      row.cpuMicrosPerRequest === null || of.cpuMicrosPerRequest === null
        ? '—'
        : `${(row.cpuMicrosPerRequest / of.cpuMicrosPerRequest).toFixed(2)}×`;
    console.log(`MCP's CPU per call against REST's for the same chart: ${cost(mcp, rest)}; with 大運 ${cost(mcpLuck, restLuck)}`);
    console.log(
      `The peer's CPU per MCP call against ours: ${cost(peerRow, mcp)} our chart's, ${cost(peerRow, mcpLuck)} our chart with 大運 (production settings on ours: access log, metrics, rate limit, Redis)`,
    );
    return rows;
  } finally {
    await Promise.all([app.stop(), bare.stop(), peer.stop()]);
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRest();
