/**
 * GraphQL gateway: req/s, p99 and the server's CPU per request at 50 connections for `calculate` with (a) a pillars-only
 * selection and (b) the full Variant B selection, both charging through a Redis store, beside
 * (c) a bare graphql-yoga server answering a trivial mutation, all in the same run.
 */
import { print } from 'graphql';
import { startRedisServer } from '../test/support/redis-server.ts';
import { CalculateFullDocument, CalculatePillarsDocument } from '../test/graphql/generated/operations.ts';
import { load, printLoad, startChildServer, variedBirths, type LoadResult } from './child-server.ts';

/** 1,000 different births, sent in turn as the `input` variable. */
const INPUTS = variedBirths(1_000);

export async function benchGraphQL(): Promise<LoadResult[]> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', { REDIS_URL: redis.url, LOG_LEVEL: 'silent' });
  const bare = await startChildServer('./bare-yoga-server.ts');
  try {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${app.info.apiKey}` };
    const graphql = (document: typeof CalculatePillarsDocument | typeof CalculateFullDocument): string[] => {
      const query = print(document);
      return INPUTS.map((input) => JSON.stringify({ query, variables: { input, variant: 'B' } }));
    };
    const bareRow = await load('(c) bare graphql-yoga, trivial mutation', {
      url: `http://127.0.0.1:${bare.info.port}/graphql`,
      headers: { 'content-type': 'application/json' },
      bodies: [JSON.stringify({ query: 'mutation { echo(n: 1) }' })],
      serverPid: bare.pid,
    });
    const rows = [
      await load('(a) calculate, pillars-only selection, Redis', {
        url: `http://127.0.0.1:${app.info.port}/graphql`,
        headers,
        bodies: graphql(CalculatePillarsDocument),
        serverPid: app.pid,
      }),
      await load('(b) calculate, full Variant B selection, Redis', {
        url: `http://127.0.0.1:${app.info.port}/graphql`,
        headers,
        bodies: graphql(CalculateFullDocument),
        serverPid: app.pid,
      }),
      bareRow,
    ];
    printLoad('GraphQL gateway', rows, bareRow);
    return rows;
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    await redis.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGraphQL();
