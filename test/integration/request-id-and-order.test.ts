import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalculatePillarsDocument } from '../graphql/generated/operations.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { runCli } from '../support/run-cli.ts';

const INPUT = { year: 2024, month: 2, day: 4, time: '17:27', location: 135 };

describe('X-Request-Id and the order of checks, over real HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  const rest = (headers: Record<string, string>) =>
    fetch(`${app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(INPUT),
    });
  const graphql = (headers: Record<string, string>, input: Record<string, unknown> = INPUT) =>
    fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        query: print(CalculatePillarsDocument),
        variables: { input, variant: 'B', idempotencyKey: headers['idempotency-key'] },
      }),
    });

  it('REST: an idempotent replay answers with the first call’s log_id, and the header follows it', async () => {
    const headers = { authorization: `Bearer ${app.apiKey}`, 'idempotency-key': 'rid-rest' };
    const first = await rest(headers);
    const replay = await rest(headers);
    const [a, b] = [await first.json(), await replay.json()];
    expect(b.log_id).toBe(a.log_id);
    expect(first.headers.get('x-request-id')).toBe(a.log_id);
    expect(replay.headers.get('x-request-id')).toBe(b.log_id);
  });

  it('GraphQL: the same for a replayed mutation (logId selected through a second document)', async () => {
    const headers = { authorization: `Bearer ${app.apiKey}`, 'idempotency-key': 'rid-gql' };
    const query =
      'mutation ($input: CalculateInput!, $key: String) { calculate(input: $input, idempotencyKey: $key) { ... on ChargedResponse { logId } } }';
    const send = () =>
      fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables: { input: INPUT, key: 'rid-gql' } }),
      });
    const first = await send();
    const replay = await send();
    const [a, b] = [await first.json(), await replay.json()];
    expect(b.data.calculate.logId).toBe(a.data.calculate.logId);
    expect(first.headers.get('x-request-id')).toBe(a.data.calculate.logId);
    expect(replay.headers.get('x-request-id')).toBe(b.data.calculate.logId);
  });

  it('both protocols authenticate before validating: no key and a bad year is UNAUTHENTICATED on each', async () => {
    const restReply = await fetch(`${app.baseUrl}/api/v1/calculate?year=1800&month=1&day=1&location=135`);
    expect(restReply.status).toBe(401);
    const gql = await (await graphql({}, { ...INPUT, year: 1800 })).json();
    expect(gql.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('admin CLI', () => {
  it('refuses to run without Redis configured: the embedded store lives inside the server', () => {
    const run = runCli('src/cli/admin.ts', ['create-account', '--plan', 'standard', '--monthly', '1000'], '', {
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/set REDIS_URL or REDIS_CLUSTER_NODES/);
  });
});
