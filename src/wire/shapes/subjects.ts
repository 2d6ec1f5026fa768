/** A saved subject as `/v1/subjects` answers it, and a page of them (docs/subjects.md). */
import { z } from 'zod';
import type { SubjectPage, SubjectView } from '../../application/subjects/subjects.ts';
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

type Same<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;
const sameMembers: [
  Same<keyof z.infer<typeof SUBJECT_SHAPE.object>, keyof SubjectView>,
  Same<keyof z.infer<typeof SUBJECT_PAGE_SHAPE.object>, keyof SubjectPage>,
] = [true, true];
void sameMembers;
