/**
 * Saved subjects on a real PostgreSQL (started by the test): the database's raw rows hold no name and
 * no birth, only the sealed text; a sealed text moved to another account or subject does not open;
 * a key rotation (the new key first, `resealSubjects`) leaves every row under the new key, readable
 * once the old key is dropped; an account's deletion deletes its subjects. The memory store is held
 * to the same behaviour.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { createMemorySubjectStore } from '../../src/adapters/memory/subject-store.ts';
import { PostgresSubjectStore } from '../../src/adapters/postgres/subject-store.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { resolveCredentials } from '../../src/application/paid/credentials.ts';
import { systemClock } from '../../src/application/ports/credit-store.ts';
import type { SubjectStore } from '../../src/application/ports/subject-store.ts';
import { createSubjectCipher, parseSubjectKeys } from '../../src/application/subjects/cipher.ts';
import { createSubjects, resealSubjects } from '../../src/application/subjects/subjects.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';

const BIRTH = { year: 1985, month: 3, day: 21, time: '06:45', location: 135.5 };
const key = (id: string) => ({ id, key: randomBytes(32) });

async function subjectsOver(store: SubjectStore, keys: ReturnType<typeof key>[]) {
  const credits = new MemoryCreditStore();
  const admin = createAccountAdmin(credits);
  const made = await admin.createAccount({
    plan: 'standard',
    monthlyAllowance: 10,
    autoCredits: 0,
    autocharge: { threshold: 0, amount: 0 },
  });
  const cipher = createSubjectCipher(keys);
  const subjects = createSubjects({ store: credits, subjects: store, cipher, clock: systemClock });
  const credentials = resolveCredentials('graphql', { authorization: `Bearer ${made.apiKey}` });
  return { subjects, cipher, credentials, accountId: made.accountId };
}

describe('the subject cipher', () => {
  it('reads SUBJECT_KEYS and refuses what is not a 32-byte key with an id', () => {
    const text = `k2:${randomBytes(32).toString('base64')},k1:${randomBytes(32).toString('base64')}`;
    expect(parseSubjectKeys(text)).toMatchObject({ keys: [{ id: 'k2' }, { id: 'k1' }] });
    expect(parseSubjectKeys(`k1:${randomBytes(16).toString('base64')}`)).toEqual({ error: expect.stringContaining('32 bytes') });
    expect(parseSubjectKeys(randomBytes(32).toString('base64'))).toEqual({ error: expect.stringContaining('id:base64') });
    expect(parseSubjectKeys(`a:${randomBytes(32).toString('base64')},a:${randomBytes(32).toString('base64')}`)).toEqual({
      error: expect.stringContaining('twice'),
    });
  });

  it('binds a sealed text to its account and subject, and to its key', () => {
    const cipher = createSubjectCipher([key('k1')]);
    const { keyId, sealed } = cipher.seal('acct_a', 'sub_00000000000000000001', { name: 'n', birth: BIRTH });
    expect(cipher.open('acct_a', 'sub_00000000000000000001', keyId, sealed)).toEqual({ name: 'n', birth: BIRTH });
    expect(() => cipher.open('acct_b', 'sub_00000000000000000001', keyId, sealed)).toThrow(/authenticate/);
    expect(() => cipher.open('acct_a', 'sub_00000000000000000002', keyId, sealed)).toThrow(/authenticate/);
    expect(() => createSubjectCipher([key('k1')]).open('acct_a', 'sub_00000000000000000001', keyId, sealed)).toThrow(/authenticate/);
    // Two seals of the same value differ (a fresh IV each time).
    expect(cipher.seal('acct_a', 'sub_00000000000000000001', { name: 'n' }).sealed).not.toBe(
      cipher.seal('acct_a', 'sub_00000000000000000001', { name: 'n' }).sealed,
    );
  });

  it('in process: a rotation re-seals every subject under the new key', async () => {
    const store = createMemorySubjectStore();
    const old = key('k1');
    const first = await subjectsOver(store, [old]);
    const made = await first.subjects.create(first.credentials, { name: 'memory', birth: BIRTH });
    expect(made.ok).toBe(true);
    const rotated = createSubjectCipher([key('k2'), old]);
    expect(await resealSubjects(store, rotated)).toBe(1);
    expect((await store.list(first.accountId, { limit: 10 }))[0]!.keyId).toBe('k2');
  });
});

describe.skipIf(!requirePostgresServer('PostgreSQL subject store'))('saved subjects in PostgreSQL', () => {
  let server: PostgresServer;
  let store: PostgresSubjectStore;
  beforeAll(async () => {
    server = await startPostgresServer();
    store = new PostgresSubjectStore({ url: server.url });
  });
  afterAll(async () => {
    await store?.close();
    await server?.dispose();
  });

  const rawRows = async () => {
    const client = new Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query<Record<string, string>>('SELECT * FROM subjects ORDER BY subject_id')).rows;
    } finally {
      await client.end();
    }
  };

  it('keeps only sealed text: no name and no birth in the raw rows', async () => {
    const { subjects, credentials, accountId } = await subjectsOver(store, [key('k1')]);
    try {
      const made = await subjects.create(credentials, { name: 'Taro Yamada 山田太郎', birth: BIRTH });
      expect(made.ok).toBe(true);
      const rows = await rawRows();
      expect(rows).toHaveLength(1);
      // The columns are ids, a key id, times and the sealed text: nothing else could hold a name or a birth.
      expect(Object.keys(rows[0]!).sort()).toEqual(['account_id', 'created_ms', 'key_id', 'sealed', 'subject_id', 'updated_ms']);
      expect(rows[0]).toMatchObject({ key_id: 'k1', sealed: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
      // The sealed bytes hold none of the clear values (random ids and base64 may spell digits by chance; the bytes do not).
      const bytes = Buffer.concat(rows[0]!['sealed']!.split('.').map((part) => Buffer.from(part, 'base64url')));
      for (const clear of ['Taro', '山田', '1985', '06:45', '135.5', '"birth"', '"name"'])
        expect(bytes.includes(Buffer.from(clear))).toBe(false);
    } finally {
      // Its key is not the next test's: the subject goes (a rotation refuses a text no key opens).
      await store.deleteAccount(accountId);
    }
  });

  it('rotates keys: re-sealed under the new key, readable without the old one', async () => {
    const old = key('old');
    const first = await subjectsOver(store, [old]);
    const made = await first.subjects.create(first.credentials, { name: 'rotated', birth: BIRTH });
    if (!made.ok) throw made.error;
    const next = key('new');
    const both = createSubjectCipher([next, old]);
    expect(await resealSubjects(store, both)).toBeGreaterThanOrEqual(1);
    expect((await rawRows()).every((row) => row['key_id'] === 'new')).toBe(true);
    const onlyNew = createSubjectCipher([next]);
    const row = (await store.get(first.accountId, made.value.subject_id))!;
    expect(onlyNew.open(row.accountId, row.subjectId, row.keyId, row.sealed)).toEqual({ name: 'rotated', birth: BIRTH });
    // A row with its sealed text swapped onto another subject does not open.
    await store.put({ ...row, subjectId: 'sub_ffffffffffffffffffff' });
    const swapped = (await store.get(first.accountId, 'sub_ffffffffffffffffffff'))!;
    expect(() => onlyNew.open(swapped.accountId, swapped.subjectId, swapped.keyId, swapped.sealed)).toThrow(/authenticate/);
    await store.delete(first.accountId, 'sub_ffffffffffffffffffff');
  });

  it('keeps a feed by its token’s digest: a new token replaces the old (same feed id, paid month kept), months only move forward', async () => {
    const feed = {
      feedId: 'feed_00000000000000000001',
      accountId: 'acct_feeds',
      subjectId: 'sub_00000000000000000009',
      tokenDigest: 'a'.repeat(64),
      events: ['major', 'void'],
      lang: 'ko',
      queries: [{ name: 'clash', level: 'monthly', where: { relation: 'chu', with: 'day' } }],
      createdMs: 1_000,
      paidMonth: null,
    };
    await store.putFeed(feed);
    expect(await store.feedByToken('a'.repeat(64))).toEqual(feed);
    await store.feedPaid(feed.feedId, '2026-11');
    await store.feedPaid(feed.feedId, '2026-10');
    await store.putFeed({ ...feed, feedId: 'feed_ffffffffffffffffffff', tokenDigest: 'b'.repeat(64), events: ['annual'], paidMonth: null });
    expect(await store.feedByToken('a'.repeat(64))).toBeNull();
    expect(await store.feedOf('acct_feeds', feed.subjectId)).toEqual({
      ...feed,
      tokenDigest: 'b'.repeat(64),
      events: ['annual'],
      paidMonth: '2026-11',
    });
    const client = new Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query<Record<string, unknown>>('SELECT * FROM subject_feeds');
      expect(Object.keys(rows[0]!).sort()).toEqual([
        'account_id',
        'created_ms',
        'events',
        'feed_id',
        'lang',
        'paid_month',
        'queries',
        'subject_id',
        'token_digest',
      ]);
    } finally {
      await client.end();
    }
    expect(await store.deleteFeed('acct_feeds', feed.subjectId)).toBe(true);
    expect(await store.feedOf('acct_feeds', feed.subjectId)).toBeNull();
  });

  it('deletes an account’s subjects with it, and lists in id order, a page at a time', async () => {
    const { subjects, credentials, accountId } = await subjectsOver(store, [key('new')]);
    for (let i = 0; i < 5; i++) expect((await subjects.create(credentials, { name: `s${i}`, birth: BIRTH })).ok).toBe(true);
    const first = await subjects.list(credentials, { limit: 3 });
    if (!first.ok) throw first.error;
    expect(first.value.subjects).toHaveLength(3);
    const second = await subjects.list(credentials, { limit: 3, after: first.value.next_after });
    if (!second.ok) throw second.error;
    expect(second.value.subjects).toHaveLength(2);
    expect(second.value.next_after).toBeNull();
    expect(await store.count(accountId)).toBe(5);
    expect(await store.deleteAccount(accountId)).toBe(5);
    expect(await store.count(accountId)).toBe(0);
  });
});
