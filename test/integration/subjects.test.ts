/**
 * Saved subjects over REST on the real server: created, listed, read, replaced and deleted with the
 * account's key (headers only, `account` scope), never another account's; named by id in place of a
 * birth in a paid call (a timeline's `birth`, a compatibility's `a` and `b`, REST and MCP), with the
 * same answer and charge as the birth itself; and never in a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logger.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { keyedCaller } from '../support/keyed-call.ts';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' };
const PARTNER = { year: 1992, month: 11, day: 3, time: '08:00', location: 135.5, gender: 'male' };
const NAME = '山田 花子 (test subject)';

let app: RunningApp;
let account: TestAccount;
let other: TestAccount;
const logLines: string[] = [];

beforeAll(async () => {
  app = await startAppServer({ logger: createLogger('debug', (line) => void logLines.push(line)) });
  account = await createStandardAccount(app.admin, 1000);
  other = await createStandardAccount(app.admin, 1000);
});
afterAll(async () => app?.close());

const call = keyedCaller(() => app.baseUrl);

describe('saved subjects over REST', () => {
  it('creates, lists, reads, replaces and deletes a subject of the caller’s account only', async () => {
    const created = await call('POST', '/v1/subjects', account.apiKey, { name: NAME, birth: BIRTH });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.json).toMatchObject({ subject_id: expect.stringMatching(/^sub_[0-9a-f]{20}$/), name: NAME, birth: BIRTH });
    const id = created.json['subject_id'] as string;

    const listed = await call('GET', '/v1/subjects', account.apiKey);
    expect(listed.json['subjects'].map((s: { subject_id: string }) => s.subject_id)).toContain(id);
    expect((await call('GET', `/v1/subjects/${id}`, account.apiKey)).json).toMatchObject({ name: NAME, birth: BIRTH });
    // Another account's key sees nothing of it, and cannot change or delete it.
    expect((await call('GET', `/v1/subjects/${id}`, other.apiKey)).status).toBe(404);
    expect((await call('DELETE', `/v1/subjects/${id}`, other.apiKey)).status).toBe(404);
    expect((await call('GET', '/v1/subjects', other.apiKey)).json['subjects']).toEqual([]);
    expect((await call('GET', '/v1/subjects', null)).status).toBe(401);

    const replaced = await call('PUT', `/v1/subjects/${id}`, account.apiKey, { name: 'renamed', birth: { ...BIRTH, time: '11:00' } });
    expect(replaced.json).toMatchObject({ subject_id: id, name: 'renamed', birth: { time: '11:00' } });
    expect(Date.parse(replaced.json['updated_at'])).toBeGreaterThanOrEqual(Date.parse(replaced.json['created_at']));

    expect((await call('DELETE', `/v1/subjects/${id}`, account.apiKey)).json).toEqual({ deleted: id });
    expect((await call('GET', `/v1/subjects/${id}`, account.apiKey)).status).toBe(404);
  });

  it('refuses a bad subject, naming the member and the rule, and an unknown parameter', async () => {
    const bad = await call('POST', '/v1/subjects', account.apiKey, { name: '', birth: { ...BIRTH, month: 13, lang: 'en' }, nick: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json['message']).toContain('name must be text');
    expect(bad.json['message']).toContain('birth: month');
    expect(bad.json['message']).toContain('lang is an answer’s');
    expect(bad.json['message']).toContain('nick');
    expect((await call('GET', '/v1/subjects?limt=3', account.apiKey)).status).toBe(400);
    expect((await call('GET', '/v1/subjects?limit=0', account.apiKey)).status).toBe(400);
    expect((await call('PATCH', '/v1/subjects', account.apiKey)).status).toBe(405);
  });

  it('a paid call may name a subject in place of a birth: the same answer, one charge', async () => {
    const a = (await call('POST', '/v1/subjects', account.apiKey, { name: 'A', birth: BIRTH })).json['subject_id'] as string;
    const b = (await call('POST', '/v1/subjects', account.apiKey, { name: 'B', birth: PARTNER })).json['subject_id'] as string;
    const search = { level: 'annual', from: '2026-01-01', where: { ten_god: 'cai' }, limit: 3 };
    const before = await creditState(app.admin, account.accountId);
    const byId = await call('POST', '/v1/timeline', account.apiKey, { birth: { subject_id: a }, ...search });
    const given = await call('POST', '/v1/timeline', account.apiKey, { birth: BIRTH, ...search });
    expect(byId.status).toBe(200);
    expect(byId.json['result']).toEqual(given.json['result']);
    expect((await creditState(app.admin, account.accountId)).monthly).toBe(before.monthly - 10);

    const pair = await call('POST', '/api/v1/compatibility', account.apiKey, { a: { subject_id: a }, b: { subject_id: b } });
    const pairGiven = await call('POST', '/api/v1/compatibility', account.apiKey, { a: BIRTH, b: PARTNER });
    expect(pair.json['result']).toEqual(pairGiven.json['result']);

    // Another account's subject, an unknown one, and a birth field beside the id are refused before any charge.
    const charged = await creditState(app.admin, other.accountId);
    const foreign = await call('POST', '/v1/timeline', other.apiKey, { birth: { subject_id: a }, ...search });
    expect(foreign.status).toBe(400);
    expect(foreign.json['message']).toContain('birth.subject_id: no subject');
    const beside = await call('POST', '/v1/timeline', account.apiKey, { birth: { subject_id: a, year: 1991 }, ...search });
    expect(beside.json['message']).toContain('year cannot be given beside it');
    const malformed = await call('POST', '/api/v1/compatibility', account.apiKey, { a: { subject_id: 'sub_x' }, b: BIRTH });
    expect(malformed.json['message']).toContain('a.subject_id must be a saved subject');
    expect(await creditState(app.admin, other.accountId)).toEqual(charged);
  });

  it('a report names the birth and the partner by their subjects: the same PDF, one charge each', async () => {
    const a = (await call('POST', '/v1/subjects', account.apiKey, { name: 'r', birth: BIRTH })).json['subject_id'] as string;
    const b = (await call('POST', '/v1/subjects', account.apiKey, { name: 'rp', birth: PARTNER })).json['subject_id'] as string;
    const pdf = async (body: unknown) => {
      const response = await fetch(`${app.baseUrl}/v1/report.pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const byId = await pdf({ subject_id: a, lang: 'en', luck_year: 2026, partner: { subject_id: b } });
    const given = await pdf({ ...BIRTH, lang: 'en', luck_year: 2026, partner: PARTNER });
    expect(byId.status).toBe(200);
    expect(byId.bytes.equals(given.bytes)).toBe(true);
    const beside = await pdf({ subject_id: a, year: 1991, luck_year: 2026 });
    expect(beside.status).toBe(400);
    expect(beside.bytes.toString()).toContain('year cannot be given beside it');
  });

  it('MCP tools take the subject too', async () => {
    const a = (await call('POST', '/v1/subjects', account.apiKey, { name: 'mcp', birth: BIRTH })).json['subject_id'] as string;
    const response = await fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'timeline_search', arguments: { birth: { subject_id: a }, level: 'major', limit: 2 } },
      }),
    });
    const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Record<string, any> } };
    expect(body.result.isError).toBeFalsy();
    expect(body.result.structuredContent['result']['matches']).toHaveLength(2);
  });

  it('GraphQL: createSubject, subjects, subject, timeline(subjectId:), compatibility(aSubjectId:, bSubjectId:), deleteSubject', async () => {
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await call('POST', '/graphql', account.apiKey, { query, variables })).json as { data?: Record<string, any>; errors?: any[] };
    const created = await gql(
      `mutation($b: CalculateInput!) { createSubject(name: "gql", birth: $b) { subjectId name birth createdAt } }`,
      { b: { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'FEMALE' } },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!['createSubject'].subjectId as string;
    expect(created.data!['createSubject'].birth).toMatchObject({ year: 1990, month: 5, day: 15, time: '10:30', gender: 'female' });
    const partner = (await call('POST', '/v1/subjects', account.apiKey, { name: 'p', birth: PARTNER })).json['subject_id'] as string;
    const listed = await gql('{ subjects(first: 100) { subjects { subjectId } nextAfter } }');
    expect(listed.data!['subjects'].subjects.map((s: { subjectId: string }) => s.subjectId)).toContain(id);
    expect((await gql(`{ subject(id: "${id}") { name } }`)).data!['subject']).toEqual({ name: 'gql' });

    const byId = await gql(
      `mutation { timeline(subjectId: "${id}", level: ANNUAL, from: "2026-01-01", where: { ten_god: "cai" }, limit: 2) { result { matches { ganzhi startsAt } } } }`,
    );
    const given = await call('POST', '/v1/timeline', account.apiKey, {
      birth: BIRTH,
      level: 'annual',
      from: '2026-01-01',
      where: { ten_god: 'cai' },
      limit: 2,
    });
    expect(byId.errors).toBeUndefined();
    expect(byId.data!['timeline'].result.matches.map((m: { ganzhi: string }) => m.ganzhi)).toEqual(
      given.json['result']['matches'].map((m: { ganzhi: string }) => m.ganzhi),
    );
    const pair = await gql(`mutation { compatibility(aSubjectId: "${id}", bSubjectId: "${partner}") { score } }`);
    const pairGiven = await call('POST', '/api/v1/compatibility', account.apiKey, { a: BIRTH, b: PARTNER });
    expect(pair.data!['compatibility'].score).toBe(pairGiven.json['result']['score']);
    const both = await gql(
      `mutation { timeline(subjectId: "${id}", birth: { year: 1990, month: 5, day: 15, location: 139.69 }, level: ANNUAL) { creditsConsumed } }`,
    );
    expect(both.errors![0].extensions.code).toBe('BAD_USER_INPUT');

    expect((await gql(`mutation { deleteSubject(id: "${id}") }`)).data!['deleteSubject']).toBe(id);
    expect((await gql(`{ subject(id: "${id}") { name } }`)).errors![0].extensions.code).toBe('NOT_FOUND');
  });

  it('writes no name and no birth into the log', () => {
    const log = logLines.join('\n');
    expect(log).toContain('/v1/subjects');
    expect(log).not.toContain('山田');
    expect(log).not.toContain('139.69');
    expect(log).not.toContain('"time":"10:30"');
  });
});
