/**
 * Saved subjects: births a customer stores under the account (a name, the chart request's fields) and
 * then names by id in a paid call (`{"subject_id": "sub_…"}` as a timeline's `birth`, a compatibility's
 * `a` or `b`). Keyed like the account's own reads (the key's `account` scope), free, never charged.
 *
 * A subject is personal data: its name and birth are sealed before they reach the store (cipher.ts),
 * never logged, returned only to the account's own keys, exported with the account and deleted with it.
 */
import { randomBytes } from 'node:crypto';
import { CHART_REQUEST_FIELDS, parseChartRequest, unknownFieldIssues } from '../../domain/chart/request.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import type { FieldIssue } from '../errors.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import { authenticate } from '../paid/authenticate.ts';
import type { Credentials } from '../paid/credentials.ts';
import type { ChargingStore, Clock, RateLimit } from '../ports/credit-store.ts';
import type { SealedSubject, SubjectStore } from '../ports/subject-store.ts';
import { refusals } from '../refusals.ts';
import type { SubjectCipher } from './cipher.ts';

/** At most this many subjects per account. */
export const MAX_SUBJECTS_PER_ACCOUNT = 1_000;
export const SUBJECT_PAGE_MAX = 100;
export const SUBJECT_NAME_MAX = 100;
const SUBJECT_ID = /^sub_[0-9a-f]{20}$/;
/** The members of a subject, as sent and answered. */
const SUBJECT_MEMBERS: ReadonlySet<string> = new Set(['name', 'birth']);
/** A birth's members: the chart request's fields but `lang` (the answer's) and `api_key` (a credential). */
const BIRTH_FIELDS: ReadonlySet<string> = new Set(
  CHART_REQUEST_FIELDS.filter((f) => !f.credential && f.name !== 'lang').map((f) => f.name),
);
/** Reading and writing subjects takes the key's `account` scope, as the account's other reads do. */
const SCOPES = ['account'];

/** A subject as answered. */
export interface SubjectView {
  readonly subject_id: string;
  readonly name: string;
  readonly birth: Readonly<Record<string, unknown>>;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface SubjectPage {
  readonly subjects: readonly SubjectView[];
  /** The last id of a full page: pass it as `after`; null at the end. */
  readonly next_after: string | null;
}

export interface Subjects {
  create(credentials: Credentials, body: unknown): Promise<Outcome<SubjectView>>;
  list(credentials: Credentials, page: { readonly limit?: unknown; readonly after?: unknown }): Promise<Outcome<SubjectPage>>;
  get(credentials: Credentials, subjectId: string): Promise<Outcome<SubjectView>>;
  replace(credentials: Credentials, subjectId: string, body: unknown): Promise<Outcome<SubjectView>>;
  remove(credentials: Credentials, subjectId: string): Promise<Outcome<{ readonly deleted: string }>>;
  /** A paid call's reference, for an account already authenticated: the stored birth's fields, or a refusal naming `field`. */
  birthOf(accountId: string, subjectId: unknown, field: string): Promise<Outcome<Record<string, unknown>>>;
}

export interface SubjectsDeps {
  readonly store: ChargingStore;
  readonly subjects: SubjectStore;
  readonly cipher: SubjectCipher;
  readonly rateLimit?: RateLimit | null;
  readonly clock: Clock;
  /** Records who did what (the audit log), when the deployment keeps one. */
  readonly audit?: ((entry: { readonly action: string; readonly accountId: string; readonly subjectId: string }) => Promise<void>) | null;
}

interface Plain {
  readonly name: string;
  readonly birth: Record<string, unknown>;
}

/** A subject's body checked: a name, and a birth the chart would take. */
function parseBody(body: unknown): Outcome<Plain> {
  if (!isPlainObject(body))
    return refuse(refusals.invalidField('body', 'a subject is an object: {"name": "…", "birth": {…chart request fields…}}'));
  const issues: FieldIssue[] = [...unknownFieldIssues(Object.keys(body), SUBJECT_MEMBERS)];
  const name = body['name'];
  if (typeof name !== 'string' || name.trim() === '' || name.length > SUBJECT_NAME_MAX)
    issues.push({ field: 'name', message: `name must be text of 1 to ${SUBJECT_NAME_MAX} characters` });
  const birth = body['birth'];
  if (!isPlainObject(birth)) {
    issues.push({
      field: 'birth',
      message: 'birth is required: an object with the chart request fields (year, month, day, location, time …)',
    });
  } else {
    const parsed = parseChartRequest(birth);
    const own = [
      ...(parsed.ok ? [] : parsed.issues),
      ...unknownFieldIssues(Object.keys(birth), BIRTH_FIELDS).map((issue) =>
        issue.field === 'lang' ? { field: 'lang', message: 'lang is an answer’s, not a birth’s' } : issue,
      ),
    ];
    issues.push(...own.map((issue) => ({ field: `birth.${issue.field}`, message: `birth: ${issue.message}` })));
  }
  if (issues.length > 0) return refuse(refusals.invalidRequest(issues));
  return succeed({ name: (name as string).trim(), birth: birth as Record<string, unknown> });
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function createSubjects({ store, subjects, cipher, rateLimit = null, clock, audit = null }: SubjectsDeps): Subjects {
  const account = async (credentials: Credentials) => authenticate(store, credentials, rateLimit, SCOPES, clock.now());
  const view = (s: SealedSubject): SubjectView => {
    const plain = cipher.open(s.accountId, s.subjectId, s.keyId, s.sealed) as Plain;
    return { subject_id: s.subjectId, name: plain.name, birth: plain.birth, created_at: iso(s.createdMs), updated_at: iso(s.updatedMs) };
  };
  const notFound = (subjectId: string) => refuse(refusals.notHeld(`No subject ${JSON.stringify(subjectId)} in this account`));
  const record = async (action: string, accountId: string, subjectId: string) => {
    if (audit !== null) await audit({ action, accountId, subjectId });
  };
  return {
    async create(credentials, body) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const plain = parseBody(body);
      if (!plain.ok) return plain;
      const { accountId } = who.value;
      if ((await subjects.count(accountId)) >= MAX_SUBJECTS_PER_ACCOUNT)
        return refuse(refusals.invalidField('body', `an account keeps at most ${MAX_SUBJECTS_PER_ACCOUNT} subjects: delete one first`));
      const subjectId = `sub_${randomBytes(10).toString('hex')}`;
      const now = clock.now();
      const sealed = cipher.seal(accountId, subjectId, plain.value);
      const subject: SealedSubject = { subjectId, accountId, ...sealed, createdMs: now, updatedMs: now };
      await subjects.put(subject);
      await record('subject.create', accountId, subjectId);
      return succeed(view(subject));
    },

    async list(credentials, page) {
      const limit = page.limit ?? 50;
      if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > SUBJECT_PAGE_MAX)
        return refuse(refusals.invalidArgument('limit', `must be an integer from 1 to ${SUBJECT_PAGE_MAX}`));
      const after = page.after ?? undefined;
      if (after !== undefined && (typeof after !== 'string' || !SUBJECT_ID.test(after)))
        return refuse(refusals.invalidArgument('after', 'must be a subject id (sub_…), the next_after of a previous page'));
      const who = await account(credentials);
      if (!who.ok) return who;
      const found = await subjects.list(who.value.accountId, { limit: limit as number, after });
      return succeed({
        subjects: found.map(view),
        next_after: found.length === limit ? found[found.length - 1]!.subjectId : null,
      });
    },

    async get(credentials, subjectId) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const found = SUBJECT_ID.test(subjectId) ? await subjects.get(who.value.accountId, subjectId) : null;
      return found === null ? notFound(subjectId) : succeed(view(found));
    },

    async replace(credentials, subjectId, body) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const plain = parseBody(body);
      if (!plain.ok) return plain;
      const { accountId } = who.value;
      const found = SUBJECT_ID.test(subjectId) ? await subjects.get(accountId, subjectId) : null;
      if (found === null) return notFound(subjectId);
      const subject: SealedSubject = { ...found, ...cipher.seal(accountId, subjectId, plain.value), updatedMs: clock.now() };
      await subjects.put(subject);
      await record('subject.update', accountId, subjectId);
      return succeed(view(subject));
    },

    async remove(credentials, subjectId) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const { accountId } = who.value;
      if (!SUBJECT_ID.test(subjectId) || !(await subjects.delete(accountId, subjectId))) return notFound(subjectId);
      await record('subject.delete', accountId, subjectId);
      return succeed({ deleted: subjectId });
    },

    async birthOf(accountId, subjectId, field) {
      if (typeof subjectId !== 'string' || !SUBJECT_ID.test(subjectId))
        return refuse(refusals.invalidField(field, `${field} must be a saved subject's id (sub_ and 20 hex digits)`));
      const found = await subjects.get(accountId, subjectId);
      if (found === null) return refuse(refusals.invalidField(field, `${field}: no subject ${JSON.stringify(subjectId)} in this account`));
      return succeed({ ...(cipher.open(accountId, subjectId, found.keyId, found.sealed) as Plain).birth });
    },
  };
}

/**
 * Re-seals every subject sealed by another key than the cipher's (a key rotation), a batch at a time;
 * resolves with how many were re-sealed. Safe to run while gateways serve: a subject replaced meanwhile
 * is re-sealed from its newest text.
 */
export async function resealSubjects(subjects: SubjectStore, cipher: SubjectCipher, batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await subjects.sealedWithOtherKeys(cipher.keyId, batch);
    if (stale.length === 0) return done;
    for (const s of stale) {
      const plain = cipher.open(s.accountId, s.subjectId, s.keyId, s.sealed);
      await subjects.put({ ...s, ...cipher.seal(s.accountId, s.subjectId, plain) });
      done++;
    }
  }
}
