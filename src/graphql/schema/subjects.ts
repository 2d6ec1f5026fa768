/**
 * Saved subjects over GraphQL (docs/subjects.md): `subjects` and `subject` read the caller's, and
 * `createSubject`, `replaceSubject` and `deleteSubject` change them. Free; a key with the `account`
 * scope. The birth goes in as `CalculateInput` and comes back as REST's fields (`BirthFields`).
 */
import { GraphQLScalarType } from 'graphql';
import type { SubjectPage, Subjects, SubjectView } from '../../application/subjects/subjects.ts';
import { refusals } from '../../application/refusals.ts';
import { refuse, succeed, type Outcome } from '../../application/outcome.ts';
import { builder } from '../builder.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { CalculateInputType, toSpecFields } from './calculate.ts';

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
