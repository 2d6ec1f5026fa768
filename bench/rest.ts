/**
 * REST shims: req/s, p99 and the server's own CPU per request (from /proc) at 50 connections for POST
 * Variant B through the real app and a real Redis, beside a bare node:http server answering a fixed JSON
 * body of the same size, in the same run. Runnable alone: `node bench/rest.ts`.
 */
import { startRedisServer } from '../test/support/redis-server.ts';
import { load, printLoad, startChildServer, variedBirths, type LoadResult } from './child-server.ts';

/** 1,000 different births, sent in turn. */
const REQUEST_BODIES = variedBirths(1_000).map((birth) => JSON.stringify(birth));

export async function benchRest(): Promise<LoadResult[]> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', { REDIS_URL: redis.url, LOG_LEVEL: 'silent' });
  const url = `http://127.0.0.1:${app.info.port}/api/v1/calculate`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${app.info.apiKey}` };
  const sample = await fetch(url, { method: 'POST', headers, body: REQUEST_BODIES[0] });
  const sampleBody = await sample.text();
  const bare = await startChildServer('./bare-server.ts', { BARE_BODY: sampleBody });
  try {
    if (sample.status !== 200) throw new Error(`REST answered ${sample.status}: ${sampleBody}`);
    const bareRow = await load(`bare node:http, fixed ${sampleBody.length}-byte JSON`, {
      url: `http://127.0.0.1:${bare.info.port}/`,
      headers,
      bodies: REQUEST_BODIES,
      serverPid: bare.pid,
    });
    const rows = [
      await load('POST /api/v1/calculate (Variant B), Redis store', { url, headers, bodies: REQUEST_BODIES, serverPid: app.pid }),
      bareRow,
    ];
    printLoad('REST shims', rows, bareRow);
    return rows;
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRest();
