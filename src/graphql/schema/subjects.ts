/**
 * Saved subjects over GraphQL (docs/subjects.md): `subjects` and `subject` read the caller's, and
 * `createSubject`, `replaceSubject` and `deleteSubject` change them. Free; a key with the `account`
 * scope. The birth goes in as `CalculateInput` and comes back as REST's fields (`BirthFields`).
 */
import { GraphQLScalarType } from 'graphql';
import type { SubjectPage, Subjects, SubjectView } from '../../application/subjects/subjects.ts';
import type { FeedView } from '../../application/subjects/feeds.ts';
import { refusals } from '../../application/refusals.ts';
import { refuse, succeed, type Outcome } from '../../application/outcome.ts';
import { builder } from '../builder.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { CalculateInputType, LanguageType, toSpecFields } from './calculate.ts';
import { TimelineConditionType, TimelineLevelType } from './timeline.ts';

export const BirthFieldsType = builder.addScalarType(
  'BirthFields' as never,
  new GraphQLScalarType({
    name: 'BirthFields',
    description: 'A birth as REST’s chart request fields, a JSON object (`{"year": 1990, "month": 5, "day": 15, "time": "10:30", …}`).',
    serialize: (value) => value,
    parseValue: (value) => value,
  }),
);

const SubjectType = builder.objectRef<SubjectView>('Subject').implement({
  description: 'A saved subject: a birth stored under the account (sealed at rest), named by its id in `timeline` and `compatibility`.',
  fields: (t) => ({
    subjectId: t.string({ description: '`sub_` and 20 hex digits.', resolve: (s) => s.subject_id }),
    name: t.string({ description: 'The name it was saved under.', resolve: (s) => s.name }),
    birth: t.field({
      type: BirthFieldsType as never,
      description: 'The birth as saved, REST’s field names.',
      resolve: (s) => s.birth as never,
    }),
    createdAt: t.string({ description: 'When it was saved, ISO 8601 UTC.', resolve: (s) => s.created_at }),
    updatedAt: t.string({ description: 'When it was last replaced, ISO 8601 UTC.', resolve: (s) => s.updated_at }),
  }),
});

const SubjectPageType = builder.objectRef<SubjectPage>('SubjectPage').implement({
  description: 'The caller’s saved subjects in id order, a page at a time.',
  fields: (t) => ({
    subjects: t.field({ type: [SubjectType], description: 'This page’s subjects.', resolve: (p) => [...p.subjects] }),
    nextAfter: t.string({
      nullable: true,
      description: 'The last id of a full page, for `after`; null at the end.',
      resolve: (p) => p.next_after,
    }),
  }),
});

/** The deployment's subjects, or the refusal saying it keeps none. */
const subjectsOf = (context: { services: { subjects?: Subjects | null } }) => context.services.subjects ?? null;
const OFF = <T>(): Outcome<T> =>
  refuse(refusals.featureOff('subjects', 'this deployment keeps no saved subjects (docs/subjects.md: SUBJECT_KEYS)'));

builder.queryFields((t) => ({
  subjects: t.field({
    type: SubjectPageType,
    description: 'The caller’s saved subjects, in id order. Free; key required (`account` scope).',
    args: {
      first: t.arg.int({ description: 'Page size, 1–100 (default 50).' }),
      after: t.arg.string({ description: '`nextAfter` of the previous page.' }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<SubjectPage>> => {
        const subjects = subjectsOf(context);
        return subjects === null
          ? OFF()
          : subjects.list(credentialsOf(context), { limit: args.first ?? undefined, after: args.after ?? undefined });
      }),
  }),
  subject: t.field({
    type: SubjectType,
    description: 'One of the caller’s saved subjects; NOT_FOUND when the account holds none of that id. Free; key required.',
    args: { id: t.arg.string({ required: true, description: 'The subject’s id (`sub_…`).' }) },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<SubjectView>> => {
        const subjects = subjectsOf(context);
        return subjects === null ? OFF() : subjects.get(credentialsOf(context), args.id);
      }),
  }),
}));

builder.mutationFields((t) => ({
  createSubject: t.field({
    type: SubjectType,
    description: 'Saves a birth under the account (at most 1,000). Free; key required (`account` scope).',
    args: {
      name: t.arg.string({ required: true, description: 'What the customer calls it, 1–100 characters.' }),
      birth: t.arg({ type: CalculateInputType, required: true, description: 'The birth (`lang` is refused: it is an answer’s).' }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<SubjectView>> => {
        const subjects = subjectsOf(context);
        return subjects === null ? OFF() : subjects.create(credentialsOf(context), { name: args.name, birth: toSpecFields(args.birth) });
      }),
  }),
  replaceSubject: t.field({
    type: SubjectType,
    description: 'Replaces a saved subject’s name and birth. Free; key required.',
    args: {
      id: t.arg.string({ required: true, description: 'The subject’s id.' }),
      name: t.arg.string({ required: true, description: 'Its new name.' }),
      birth: t.arg({ type: CalculateInputType, required: true, description: 'Its new birth.' }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<SubjectView>> => {
        const subjects = subjectsOf(context);
        return subjects === null
          ? OFF()
          : subjects.replace(credentialsOf(context), args.id, {
              name: args.name,
              birth: toSpecFields(args.birth),
            });
      }),
  }),
  deleteSubject: t.string({
    description: 'Deletes a saved subject; answers its id. Free; key required.',
    args: { id: t.arg.string({ required: true, description: 'The subject’s id.' }) },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<string>> => {
        const subjects = subjectsOf(context);
        if (subjects === null) return OFF();
        const removed = await subjects.remove(credentialsOf(context), args.id);
        return removed.ok ? succeed(removed.value.deleted) : removed;
      }),
  }),
}));

const FeedEventType = builder.enumType('FeedEvent', {
  description: 'A kind of event a subject’s calendar feed carries.',
  values: {
    MAJOR: { value: 'major', description: '交運: each 大運’s start (needs the birth’s gender and time).' },
    ANNUAL: { value: 'annual', description: 'Each 歳運 at its 立春.' },
    MONTHLY: { value: 'monthly', description: 'Each 月運 at its 節入り.' },
    VOID: { value: 'void', description: '天中殺: each 歳運 or 月運 in the natal day pillar’s 空亡, as a span.' },
  },
});

const SubjectFeedType = builder.objectRef<FeedView>('SubjectFeed').implement({
  description: 'A saved subject’s calendar feed (docs/subjects.md, “Calendar feeds”).',
  fields: (t) => ({
    feedId: t.string({ description: '`feed_` and 20 hex digits; the events’ UIDs hold it.', resolve: (f) => f.feed_id }),
    subjectId: t.string({ description: 'The subject it shows.', resolve: (f) => f.subject_id }),
    events: t.stringList({ description: 'The kinds of events it carries (major, annual, monthly, void).', resolve: (f) => [...f.events] }),
    lang: t.string({ description: 'The language of its events’ texts.', resolve: (f) => f.lang }),
    queryNames: t.stringList({ description: 'The names of its saved timeline searches.', resolve: (f) => f.queries.map((q) => q.name) }),
    createdAt: t.string({ description: 'When it was first issued, ISO 8601 UTC.', resolve: (f) => f.created_at }),
    paidMonth: t.string({
      nullable: true,
      description: 'The last month (Asia/Tokyo) charged; null before the first fetch.',
      resolve: (f) => f.paid_month,
    }),
    url: t.string({ nullable: true, description: 'Only when issued: the secret URL, shown once.', resolve: (f) => f.url ?? null }),
  }),
});

const FeedQueryInput = builder.inputType('FeedQueryInput', {
  description: 'A timeline search saved in a feed: its matches become events titled `name: <pillar>` (docs/timeline.md).',
  fields: (t) => ({
    name: t.string({ required: true, description: 'The events’ title, 1–60 characters.' }),
    level: t.field({ type: TimelineLevelType, required: true, description: 'The level searched.' }),
    where: t.field({ type: TimelineConditionType as never, required: true, description: 'The condition, as `timeline`’s.' }),
  }),
});

const FEEDS_OFF = <T>(): Outcome<T> =>
  refuse(refusals.featureOff('subject feeds', 'this deployment keeps no saved subjects (docs/subjects.md: SUBJECT_KEYS)'));

builder.queryFields((t) => ({
  subjectFeed: t.field({
    type: SubjectFeedType,
    description: 'A saved subject’s calendar feed (not its URL); NOT_FOUND without one. Free; key required.',
    args: { subjectId: t.arg.string({ required: true, description: 'The subject’s id.' }) },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<FeedView>> => {
        const feeds = context.services.feeds ?? null;
        return feeds === null ? FEEDS_OFF() : feeds.show(credentialsOf(context), args.subjectId);
      }),
  }),
}));

builder.mutationFields((t) => ({
  issueSubjectFeed: t.field({
    type: SubjectFeedType,
    description:
      'Issues (or re-issues, replacing the URL) a saved subject’s calendar feed; its `url` is shown once. Free to issue; fetching it costs FEED_MONTHLY_COST credits a month.',
    args: {
      subjectId: t.arg.string({ required: true, description: 'The subject’s id.' }),
      events: t.arg({ type: [FeedEventType], description: 'The kinds of events (default: all).' }),
      lang: t.arg({ type: LanguageType, description: 'The language of the events’ texts (default `ja`).' }),
      queries: t.arg({ type: [FeedQueryInput], description: 'Saved timeline searches whose matches it carries too (at most 5).' }),
    },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<FeedView>> => {
        const feeds = context.services.feeds ?? null;
        return feeds === null
          ? FEEDS_OFF()
          : feeds.issue(credentialsOf(context), args.subjectId, {
              ...(args.events == null ? {} : { events: args.events }),
              ...(args.lang == null ? {} : { lang: args.lang }),
              ...(args.queries == null ? {} : { queries: args.queries }),
            });
      }),
  }),
  revokeSubjectFeed: t.string({
    description: 'Revokes a saved subject’s calendar feed (its URL answers 404 from then on); answers the feed’s id. Free; key required.',
    args: { subjectId: t.arg.string({ required: true, description: 'The subject’s id.' }) },
    resolve: (_root, args, context) =>
      resolveOutcome(context, async (): Promise<Outcome<string>> => {
        const feeds = context.services.feeds ?? null;
        if (feeds === null) return FEEDS_OFF();
        const revoked = await feeds.revoke(credentialsOf(context), args.subjectId);
        return revoked.ok ? succeed(revoked.value.revoked) : revoked;
      }),
  }),
}));
