/**
 * 相性 as a client uses it: REST `POST /api/v1/compatibility` and the GraphQL
 * `compatibility` mutation against the real app over HTTP and a real Redis. Both answer the same
 * diagnosis, each charges COMPATIBILITY_COST exactly once (one ledger entry), and no error charges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { MAX_PAID_FIELDS_PER_OPERATION } from '../../src/graphql/paid-fields.ts';
import { openApiProblems } from '../rest/support/openapi-validator.ts';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { clientOf } from '../support/client.ts';
import { STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

const PATH = '/api/v1/compatibility';
/** The worked example of senmyou's couple: dates only, score 59 without genders. */
const A = { year: 1973, month: 12, day: 19, location: 139.69 };
const B = { year: 1973, month: 10, day: 13, location: 139.69 };

describe.skipIf(!requireRedisServer('compatibility over REST and GraphQL'))('相性 over REST and GraphQL, charged once', () => {
  let redis: RedisServer;
  let store: CreditStore;
  let app: RunningApp;
  let account: TestAccount;

  beforeAll(async () => {
    redis = await startRedisServer();
    ({ store } = await openCreditStore({ kind: 'redis', url: redis.url }, { redisKeyPrefix: 'fp:', callTimeoutMs: STORE_CALL_BUDGET_MS }));
    app = await startAppServer({ store, env: { COMPATIBILITY_COST: '25' } });
    account = await createStandardAccount(app.admin, 1000);
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await redis?.dispose();
  });

  const rest = async (body: unknown, headers: Record<string, string> = {}, method = 'POST') => {
    const response = await fetch(`${app.baseUrl}${PATH}`, {
      method,
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', ...headers },
      ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as Record<string, any>;
    expect(openApiProblems({ path: PATH, method, status: response.status, headers: response.headers, body: json })).toEqual([]);
    return { status: response.status, headers: response.headers, body: json };
  };
  const graphql = (query: string, variables: Record<string, unknown> = {}) =>
    clientOf(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey })).graphql(query, variables);
  const MUTATION = `mutation ($a: CalculateInput!, $b: CalculateInput!, $key: String) {
    compatibility(a: $a, b: $b, idempotencyKey: $key) {
      status creditsConsumed creditsRemaining transactionId logId
      score level rawScore pillarsCompared
      a { yearGanzhi monthGanzhi dayGanzhi timeGanzhi dayMaster }
      b { yearGanzhi monthGanzhi dayGanzhi timeGanzhi dayMaster }
      items { code points explanation }
    }
  }`;

  it('REST: the worked example scores 59, the answer matches /openapi.json, and 25 credits are charged once', async () => {
    const before = await creditState(app.admin, account.accountId);
    const { status, body } = await rest({ a: A, b: B });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', message: 'Compatibility diagnosed', credits_consumed: 25 });
    expect(body['result']).toMatchObject({
      a: { year_ganzhi: '癸丑', month_ganzhi: '甲子', day_ganzhi: '己丑', time_ganzhi: null, day_master: '己' },
      b: { year_ganzhi: '癸丑', month_ganzhi: '壬戌', day_ganzhi: '壬午', time_ganzhi: null, day_master: '壬' },
      score: 59,
      level: '普通',
      pillars_compared: 3,
    });
    expect(body['result'].items.map((i: { code: string }) => i.code)).toEqual([
      'day_stems_seizai_seikan',
      'day_branches_gai',
      'year_branches_same',
      'year_day_branches_gai',
      'year_day_branches_same',
      'five_elements',
      'kuubou_a',
    ]);
    expect(await creditState(app.admin, account.accountId)).toEqual({ ...before, monthly: before.monthly - 25, ledger: before.ledger + 1 });
    expect(body['credits_remaining']).toBe(before.monthly - 25 + before.auto);
  });

  it('GraphQL answers the same diagnosis beside the credit fields, charged once', async () => {
    const before = await creditState(app.admin, account.accountId);
    const restAnswer = (await rest({ a: { ...A, time: '08:30' }, b: B })).body['result'];
    const { data, errors } = await graphql(MUTATION, { a: { ...A, time: '08:30' }, b: B });
    expect(errors).toBeUndefined();
    const answer = data!['compatibility'];
    expect(answer).toMatchObject({
      status: 'success',
      creditsConsumed: 25,
      score: restAnswer.score,
      level: restAnswer.level,
      pillarsCompared: 3,
    });
    expect(answer.items).toEqual(restAnswer.items);
    expect(answer.a).toEqual({
      yearGanzhi: restAnswer.a.year_ganzhi,
      monthGanzhi: restAnswer.a.month_ganzhi,
      dayGanzhi: restAnswer.a.day_ganzhi,
      timeGanzhi: restAnswer.a.time_ganzhi,
      dayMaster: restAnswer.a.day_master,
    });
    expect(answer.a.timeGanzhi).not.toBeNull();
    expect(answer.transactionId).toEqual(expect.any(String));
    expect(await creditState(app.admin, account.accountId)).toEqual({ ...before, monthly: before.monthly - 50, ledger: before.ledger + 2 });
  });

  it('an api_key member inside a birth is not a credential and not a field: ignored, as in a Variant B body', async () => {
    const { status, body } = await rest({ a: { ...A, api_key: 5 }, b: { ...B, api_key: account.apiKey } });
    expect(status).toBe(200);
    expect(body['result'].score).toBe(59);
  });

  it('with the genders the spouse stars count (man 己 sees 正財, woman 壬 sees 正官: 良い); unknown top-level members are refused', async () => {
    const couple = await rest({ a: { ...A, gender: 'male' }, b: { ...B, gender: 'female' } });
    expect([couple.status, couple.body['result'].score, couple.body['result'].level]).toEqual([200, 67, '良い']);
    expect(couple.body['result'].items[1].code).toBe('spouse_stars');
    const before = await creditState(app.admin, account.accountId);
    const extra = await rest({ a: A, b: B, c: A });
    expect(extra.status).toBe(400);
    expect(extra.body['message']).toContain('c is not a field of this request');
    const query = await fetch(`${app.baseUrl}${PATH}?langs=en`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ a: A, b: B }),
    });
    expect(query.status).toBe(400);
    expect(((await query.json()) as { message: string }).message).toContain('did you mean "lang"');
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('an Idempotency-Key replays without a second charge; the same key with other births is a 409', async () => {
    const before = await creditState(app.admin, account.accountId);
    const first = await rest({ a: A, b: B }, { 'idempotency-key': 'compat-1' });
    const replay = await rest({ a: A, b: B }, { 'idempotency-key': 'compat-1' });
    expect(replay.body['transaction_id']).toBe(first.body['transaction_id']);
    expect((await rest({ a: B, b: A }, { 'idempotency-key': 'compat-1' })).status).toBe(409);
    // Fields the answer does not depend on (蔵干 table, 起運 method) do not make it another request; a gender does (spouse stars).
    const same = await rest(
      { a: { ...A, luck_method: 'classical', zokan_table: 'nijuhachigen' }, b: B },
      { 'idempotency-key': 'compat-1' },
    );
    expect((await rest({ a: { ...A, gender: 'male' }, b: B }, { 'idempotency-key': 'compat-1' })).status).toBe(409);
    expect([same.status, same.body['transaction_id']]).toEqual([200, first.body['transaction_id']]);
    const viaGraphQL = await graphql(MUTATION, { a: A, b: B, key: 'compat-2' });
    const again = await graphql(MUTATION, { a: A, b: B, key: 'compat-2' });
    expect(again.data!['compatibility'].transactionId).toBe(viaGraphQL.data!['compatibility'].transactionId);
    expect(await creditState(app.admin, account.accountId)).toEqual({ ...before, monthly: before.monthly - 50, ledger: before.ledger + 2 });
  });

  it('bad births, missing members, a bad body, a wrong method or no key: the right error, nothing charged', async () => {
    const before = await creditState(app.admin, account.accountId);
    const bad = await rest({ a: { ...A, month: 13 }, b: { ...B, location: 'east' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(bad.body['message']).toContain('a: month must be an integer from 1 to 12');
    expect(bad.body['message']).toContain('b: location must be a longitude');
    // a member no birth knows is refused with the nearest name, never dropped.
    const camel = await rest({ a: { ...A, timeZone: 'America/New_York' }, b: B });
    expect(camel.status).toBe(400);
    expect(camel.body['message']).toContain('a: timeZone is not a field of this request: did you mean "timezone"?');
    expect((await rest({ a: A })).body['message']).toBe(
      'Invalid request: b is required: must be an object with the birth fields (year, month, day, location, and time when known)',
    );
    expect((await rest([A, B])).status).toBe(400);
    expect((await rest('{"a":')).body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringContaining('Malformed JSON') });
    const get = await rest(undefined, {}, 'GET');
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await rest({ a: A, b: B }, { authorization: '', 'x-api-key': account.apiKey })).status).toBe(401);
    expect((await rest({ a: A, b: B }, { 'content-type': 'text/plain' })).status).toBe(415);

    const graphqlBad = await graphql(MUTATION, { a: { ...A, month: 0 }, b: { ...B, year: 1800 } });
    expect(graphqlBad.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [
        { path: ['a', 'month'], message: 'a: month must be an integer from 1 to 12' },
        { path: ['b', 'year'], message: 'b: year must be an integer from 1900 to 2100' },
      ],
    });
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('a balance below the cost is a 402 and charges nothing; compatibility fields count toward the paid-field limit', async () => {
    const poor = await createStandardAccount(app.admin, 20);
    const response = await fetch(`${app.baseUrl}${PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${poor.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ a: A, b: B }),
    });
    expect(response.status).toBe(402);
    expect(await creditState(app.admin, poor.accountId)).toMatchObject({ monthly: 20, ledger: 0 });

    // Ten aliases (graphql-armor's limit) and the unaliased field: eleven paid fields.
    const aliases = Array.from({ length: MAX_PAID_FIELDS_PER_OPERATION }, (_, i) => `c${i}: compatibility(a: $a, b: $b) { score }`);
    const tooMany = await graphql(
      `mutation ($a: CalculateInput!, $b: CalculateInput!) { ${aliases.join(' ')} compatibility(a: $a, b: $b) { score } }`,
      {
        a: A,
        b: B,
      },
    );
    expect(tooMany.errors![0]!).toMatchObject({
      message: `An operation may hold at most ${MAX_PAID_FIELDS_PER_OPERATION} paid fields (calculate, compatibility, report or timeline, aliases included); this one holds ${MAX_PAID_FIELDS_PER_OPERATION + 1}`,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
