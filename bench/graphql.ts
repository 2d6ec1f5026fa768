/**
 * GraphQL gateway (issue 5): req/s and p99 at 50 connections for `calculate` with (a) a pillars-only
 * selection and (b) the full Variant B selection, both charging through a Redis store, beside
 * (c) a bare graphql-yoga server answering a trivial mutation, all in the same run.
 */
import { print } from 'graphql';
import { startRedisServer } from '../test/support/redis-server.ts';
import { CalculateFullDocument, CalculatePillarsDocument } from '../test/graphql/generated/operations.ts';
import { load, printLoad, startChildServer, type LoadResult } from './child-server.ts';

const INPUT = { year: 1990, month: 7, day: 15, time: '08:30', location: 139.69 };

export async function benchGraphQL(): Promise<LoadResult[]> {
  const redis = await startRedisServer();
  const app = await startChildServer<{ apiKey: string }>('./app-server.ts', { REDIS_URL: redis.url, LOG_LEVEL: 'silent' });
  const bare = await startChildServer('./bare-yoga-server.ts');
  try {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${app.info.apiKey}` };
    const graphql = (document: typeof CalculatePillarsDocument | typeof CalculateFullDocument) =>
      JSON.stringify({ query: print(document), variables: { input: INPUT, variant: 'B' } });
    const bareRow = await load('(c) bare graphql-yoga, trivial mutation', {
      url: `http://127.0.0.1:${bare.info.port}/graphql`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { echo(n: 1) }' }),
    });
    const rows = [
      await load('(a) calculate, pillars-only selection, Redis', {
        url: `http://127.0.0.1:${app.info.port}/graphql`,
        headers,
        body: graphql(CalculatePillarsDocument),
      }),
      await load('(b) calculate, full Variant B selection, Redis', {
        url: `http://127.0.0.1:${app.info.port}/graphql`,
        headers,
        body: graphql(CalculateFullDocument),
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
