/** A saved subject as `/v1/subjects` answers it, and a page of them (docs/subjects.md). */
import { z } from 'zod';
import type { SubjectPage, SubjectView } from '../../application/subjects/subjects.ts';
import type { FeedView } from '../../application/subjects/feeds.ts';
import { inPlace, shape } from './shape.ts';

export const SUBJECT_SHAPE = shape(
  'Subject',
  'A saved subject: a birth stored under the account (sealed at rest), named by its id in a paid call',
  {
    subject_id: z.string().meta({ description: '`sub_` and 20 hex digits: pass `{"subject_id": …}` in place of a birth' }),
    name: z.string().meta({ description: 'The name it was saved under (1–100 characters)' }),
    birth: z.record(z.string(), z.unknown()).meta({ description: 'The chart request fields, as saved' }),
    created_at: z.string().meta({ description: 'When it was saved, ISO 8601 UTC' }),
    updated_at: z.string().meta({ description: 'When it was last replaced, ISO 8601 UTC' }),
  },
  { component: true },
);

export const SUBJECT_PAGE_SHAPE = shape(
  'SubjectPage',
  'The account’s saved subjects in id order, a page at a time',
  {
    subjects: z.array(inPlace(SUBJECT_SHAPE)).meta({ description: 'This page’s subjects' }),
    next_after: z.string().nullable().meta({ description: 'The last id of a full page, to pass as `after`; null at the end' }),
  },
  { component: true },
);

export const SUBJECT_FEED_SHAPE = shape(
  'SubjectFeed',
  'A saved subject’s calendar feed',
  {
    feed_id: z.string().meta({ description: '`feed_` and 20 hex digits; the events’ UIDs hold it' }),
    subject_id: z.string().meta({ description: 'The subject it shows' }),
    events: z.array(z.string()).meta({ description: 'The kinds of events it carries: major, annual, monthly, void' }),
    lang: z.string().meta({ description: 'The language of its events’ texts' }),
    queries: z
      .array(z.object({ name: z.string(), level: z.string(), where: z.unknown() }))
      .meta({ description: 'Saved timeline searches whose matches it carries, each event titled `name: <pillar>` (docs/timeline.md)' }),
    created_at: z.string().meta({ description: 'When it was first issued, ISO 8601 UTC' }),
    paid_month: z.string().nullable().meta({ description: 'The last month (Asia/Tokyo, YYYY-MM) charged; null before the first fetch' }),
    url: z.string().optional().meta({ description: 'Only when issued: the secret URL, shown once' }),
  },
  { component: true },
);

type Same<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;
const sameFeed: Same<keyof z.infer<typeof SUBJECT_FEED_SHAPE.object>, keyof FeedView> = true;
void sameFeed;
const sameMembers: [
  Same<keyof z.infer<typeof SUBJECT_SHAPE.object>, keyof SubjectView>,
  Same<keyof z.infer<typeof SUBJECT_PAGE_SHAPE.object>, keyof SubjectPage>,
] = [true, true];
void sameMembers;
