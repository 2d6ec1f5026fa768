/**
 * A saved subject's calendar feed (docs/subjects.md, "Calendar feeds"): a secret URL a phone's
 * calendar subscribes to, serving the chart's 交運, 歳運, 月運 and 天中殺 for a rolling window.
 *
 * Priced per subject-month (`FEED_MONTHLY_COST`), charged through the same ledger on the month's first
 * fetch (Asia/Tokyo months, as statements count them): the charge is settled once the calendar is
 * written and voided if it never is, and the month is recorded as paid only then, so a fetch cut
 * short is neither charged nor paid for. An account short of credits gets a paused calendar (one
 * event saying why), never a deletion; the next fetch after a top-up charges and serves again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { computeChartCore } from '../../domain/chart/chart-core.ts';
import { parseChartRequest } from '../../domain/chart/request.ts';
import { langField, type Lang } from '../../domain/catalogue/lang.ts';
import { tokyoMonthOf } from '../../domain/credits/month.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { FEED_EVENT_KINDS, feedEventsOf, queryEventsOf, type FeedEvent } from '../../domain/timeline/feed-events.ts';
import { parseCondition } from '../../domain/timeline/query.ts';
import { TIMELINE_LEVELS } from '../../domain/timeline/timeline.ts';
import { DomainError, type FieldIssue } from '../errors.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import { authenticate } from '../paid/authenticate.ts';
import type { ChargeHandle, ChargeSettlement } from '../paid/charge-settlement.ts';
import type { Credentials } from '../paid/credentials.ts';
import type { RequestIdentity } from '../paid/request-identity.ts';
import type { ChargingStore, Clock, RateLimit } from '../ports/credit-store.ts';
import type { FeedQuery, SubjectFeed, SubjectStore } from '../ports/subject-store.ts';
import { refusals } from '../refusals.ts';
import type { SubjectCipher } from './cipher.ts';

export const FEED_PATH_PREFIX = '/v1/feeds/';
/** The window served: from the start of the previous month to a year after the next. */
const MONTHS_BEFORE = 1;
const MONTHS_AFTER = 13;
const FEED_MEMBERS: ReadonlySet<string> = new Set(['events', 'lang', 'queries']);
/** At most this many saved searches per feed (each scans the window: about 440 日運 at most). */
export const MAX_FEED_QUERIES = 5;
const QUERY_MEMBERS: ReadonlySet<string> = new Set(['name', 'level', 'where']);
const LANG = langField('lang');

export interface FeedView {
  readonly feed_id: string;
  readonly subject_id: string;
  readonly events: readonly string[];
  readonly lang: string;
  /** Saved timeline searches whose matches it carries (`name`, `level`, `where`). */
  readonly queries: readonly FeedQuery[];
  readonly created_at: string;
  /** The last month (Asia/Tokyo, `YYYY-MM`) charged; null before the first fetch. */
  readonly paid_month: string | null;
  /** Only when issued: the secret URL (shown once; a new issue replaces it). */
  readonly url?: string;
}

/** What a feed's URL answers: its events, or a pause; and the month to record as paid once it is written. */
export type FeedAnswer =
  | {
      readonly kind: 'calendar';
      readonly feed: SubjectFeed;
      readonly zone: string;
      readonly events: readonly FeedEvent[];
      readonly paid: string | null;
    }
  | { readonly kind: 'paused'; readonly feed: SubjectFeed; readonly zone: string; readonly cost: number; readonly paid: null };

export interface Feeds {
  readonly monthlyCost: number;
  issue(credentials: Credentials, subjectId: string, body: unknown): Promise<Outcome<FeedView>>;
  show(credentials: Credentials, subjectId: string): Promise<Outcome<FeedView>>;
  revoke(credentials: Credentials, subjectId: string): Promise<Outcome<{ readonly revoked: string }>>;
  /** The feed a URL's token names, charged for the month when due (the charge noted on `identity`). */
  fetch(token: string, identity: RequestIdentity): Promise<Outcome<FeedAnswer>>;
  /** The month was charged and its calendar written: record it as paid. */
  paid(feed: SubjectFeed, month: string): Promise<void>;
}

export interface FeedsDeps {
  readonly store: ChargingStore;
  readonly subjects: SubjectStore;
  readonly cipher: SubjectCipher;
  readonly settlement: ChargeSettlement;
  readonly clock: Clock;
  /** Credits per subject-month (`FEED_MONTHLY_COST`); enterprise pays 0. */
  readonly monthlyCost: number;
  /** Where the URL points (`PUBLIC_URL`). */
  readonly publicUrl: string;
  readonly rateLimit?: RateLimit | null;
  readonly gatewayId?: string;
}

const digestOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const noFeed = () => new DomainError('NOT_FOUND', 'No such feed: revoked, re-issued or never issued');

/** The first instant of the Tokyo month `offset` months from the one holding `nowMs`, UT seconds. */
function tokyoMonthStart(nowMs: number, offset: number): number {
  const [year, month] = tokyoMonthOf(nowMs).split('-').map(Number) as [number, number];
  return Math.floor((Date.UTC(year, month - 1 + offset, 1) - 9 * 3_600_000) / 1000);
}

export function createFeeds(deps: FeedsDeps): Feeds {
  const { store, subjects, cipher, settlement, clock, monthlyCost, publicUrl, rateLimit = null, gatewayId } = deps;
  const account = (credentials: Credentials) => authenticate(store, credentials, rateLimit, ['account'], clock.now());
  const view = (feed: SubjectFeed, url?: string): FeedView => ({
    feed_id: feed.feedId,
    subject_id: feed.subjectId,
    events: feed.events,
    lang: feed.lang,
    queries: feed.queries,
    created_at: new Date(feed.createdMs).toISOString(),
    paid_month: feed.paidMonth,
    ...(url === undefined ? {} : { url }),
  });
  const noSubject = (subjectId: string) => refuse(refusals.notHeld(`No subject ${JSON.stringify(subjectId)} in this account`));

  function parseBody(body: unknown): Outcome<{ events: string[]; lang: Lang; queries: FeedQuery[] }> {
    const members = isPlainObject(body) ? body : {};
    const issues: FieldIssue[] = [];
    for (const name of Object.keys(members))
      if (!FEED_MEMBERS.has(name)) issues.push({ field: name, message: `${name} is not a member of a feed (events, lang)` });
    const events = members['events'] ?? [...FEED_EVENT_KINDS];
    if (
      !Array.isArray(events) ||
      events.length === 0 ||
      !events.every((e) => (FEED_EVENT_KINDS as readonly unknown[]).includes(e)) ||
      new Set(events).size !== events.length
    )
      issues.push({
        field: 'events',
        message: `events must be a list of distinct kinds among ${FEED_EVENT_KINDS.join(', ')} (default: all)`,
      });
    const queries = members['queries'] ?? [];
    if (!Array.isArray(queries) || queries.length > MAX_FEED_QUERIES)
      issues.push({
        field: 'queries',
        message: `queries must be a list of at most ${MAX_FEED_QUERIES} saved searches {name, level, where}`,
      });
    else
      queries.forEach((query: unknown, i) => {
        const at = `queries[${i}]`;
        const q = isPlainObject(query) ? query : {};
        for (const name of Object.keys(q))
          if (!QUERY_MEMBERS.has(name))
            issues.push({ field: `${at}.${name}`, message: `${at}.${name} is not a member of a saved search (name, level, where)` });
        if (typeof q['name'] !== 'string' || q['name'].trim() === '' || q['name'].length > 60)
          issues.push({ field: `${at}.name`, message: `${at}.name must be text of 1 to 60 characters (the events’ title)` });
        if (!(TIMELINE_LEVELS as readonly unknown[]).includes(q['level']))
          issues.push({ field: `${at}.level`, message: `${at}.level must be one of ${TIMELINE_LEVELS.join(', ')}` });
        if (q['where'] === undefined)
          issues.push({ field: `${at}.where`, message: `${at}.where is required: a condition (docs/timeline.md)` });
        else parseCondition(q['where'], `${at}.where`, issues);
      });
    const lang = LANG.safeParse(members['lang']);
    if (!lang.success) issues.push(...lang.error.issues.map((issue) => ({ field: 'lang', message: issue.message })));
    if (issues.length > 0) return refuse(refusals.invalidRequest(issues));
    return succeed({
      events: events as string[],
      lang: (lang.success ? lang.data : undefined) ?? 'ja',
      queries: (queries as Record<string, unknown>[]).map((q) => ({
        name: (q['name'] as string).trim(),
        level: q['level'] as string,
        where: q['where'],
      })),
    });
  }

  return {
    monthlyCost,

    async issue(credentials, subjectId, body) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const parsed = parseBody(body);
      if (!parsed.ok) return parsed;
      const { accountId } = who.value;
      if ((await subjects.get(accountId, subjectId)) === null) return noSubject(subjectId);
      const before = await subjects.feedOf(accountId, subjectId);
      const token = randomBytes(32).toString('base64url');
      const feed: SubjectFeed = {
        feedId: before?.feedId ?? `feed_${randomBytes(10).toString('hex')}`,
        accountId,
        subjectId,
        tokenDigest: digestOf(token),
        events: parsed.value.events,
        lang: parsed.value.lang,
        queries: parsed.value.queries,
        createdMs: before?.createdMs ?? clock.now(),
        paidMonth: before?.paidMonth ?? null,
      };
      await subjects.putFeed(feed);
      return succeed(view(feed, `${publicUrl.replace(/\/$/, '')}${FEED_PATH_PREFIX}${token}.ics`));
    },

    async show(credentials, subjectId) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const feed = await subjects.feedOf(who.value.accountId, subjectId);
      return feed === null
        ? refuse(refusals.notHeld(`Subject ${JSON.stringify(subjectId)} has no feed in this account`))
        : succeed(view(feed));
    },

    async revoke(credentials, subjectId) {
      const who = await account(credentials);
      if (!who.ok) return who;
      const feed = await subjects.feedOf(who.value.accountId, subjectId);
      if (feed === null || !(await subjects.deleteFeed(who.value.accountId, subjectId)))
        return refuse(refusals.notHeld(`Subject ${JSON.stringify(subjectId)} has no feed in this account`));
      return succeed({ revoked: feed.feedId });
    },

    async fetch(token, identity) {
      if (!TOKEN.test(token)) return refuse(noFeed());
      const feed = await subjects.feedByToken(digestOf(token));
      if (feed === null) return refuse(noFeed());
      const sealed = await subjects.get(feed.accountId, feed.subjectId);
      if (sealed === null) return refuse(noFeed());
      identity.note({ accountId: feed.accountId });
      const plain = cipher.open(sealed.accountId, sealed.subjectId, sealed.keyId, sealed.sealed) as { birth: Record<string, unknown> };
      const parsed = parseChartRequest(plain.birth);
      if (!parsed.ok) throw new Error(`subject ${feed.subjectId}: its saved birth no longer parses`);
      const core = computeChartCore(parsed.request);
      const zone = parsed.request.conventions.timezone;
      const now = clock.now();
      const month = tokyoMonthOf(now);
      let paid: string | null = null;
      if (feed.paidMonth === null || feed.paidMonth < month) {
        const key = `feed:${feed.feedId}:${month}`;
        const charge: ChargeHandle = { accountId: feed.accountId, chargeId: randomUUID(), idempotencyKey: key };
        let outcome;
        try {
          outcome = await store.charge({
            accountId: feed.accountId,
            chargeId: charge.chargeId,
            unitCost: monthlyCost,
            logId: identity.logId,
            operation: 'feed',
            idempotency: { key, requestDigest: createHash('sha256').update(key).digest('hex') },
            rateLimit: null,
            ...(gatewayId === undefined ? {} : { gatewayId }),
          });
        } catch (error) {
          settlement.void(charge, 'the store did not confirm the charge in time');
          throw error;
        }
        switch (outcome.kind) {
          case 'charged':
            identity.charged(charge);
            paid = month;
            break;
          case 'replayed':
            paid = month;
            break;
          case 'insufficient':
            return succeed({ kind: 'paused', feed, zone, cost: outcome.cost, paid: null });
          case 'unknown-account':
            return refuse(noFeed());
          case 'idempotency-conflict':
            // The month's key was taken by another call of the account's: never read as paid.
            return refuse(new DomainError('IDEMPOTENCY_CONFLICT', `The feed's charge key for ${month} is in use by another request`));
          case 'rate-limited':
          case 'voided':
            // Neither happens to a charge without a key's limit and with a fresh id: say so rather than serve it unpaid.
            return refuse(refusals.storeUnavailable(new Error(`feed charge: ${outcome.kind}`)));
        }
      }
      const from = tokyoMonthStart(now, -MONTHS_BEFORE);
      const to = tokyoMonthStart(now, MONTHS_AFTER + 1);
      const events = [...feedEventsOf(core, feed.events, from, to), ...queryEventsOf(core, feed.queries, from, to)].sort(
        (a, b) => a.fromUnixSec - b.fromUnixSec,
      );
      return succeed({ kind: 'calendar', feed, zone, events, paid });
    },

    async paid(feed, month) {
      await subjects.feedPaid(feed.feedId, month);
    },
  };
}
