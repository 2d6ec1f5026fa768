/**
 * A saved subject named in place of a birth: `{"subject_id": "sub_…"}` where an operation takes a birth
 * object (a timeline's `birth`, a compatibility's `a` and `b`). The paid pipeline replaces it by the
 * stored birth of the authenticated account before validating (paid-operation.ts).
 */
import { isPlainObject } from '../../domain/plain-object.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import { refusals } from '../refusals.ts';

/** The stored birth of a subject of the caller's account, or a refusal naming `field`. */
export type BirthOf = (subjectId: unknown, field: string) => Promise<Outcome<Record<string, unknown>>>;

export const SUBJECT_REFERENCE = 'subject_id';

/** Whether a birth object names a saved subject. */
export const namesSubject = (birth: unknown): birth is Record<string, unknown> => isPlainObject(birth) && SUBJECT_REFERENCE in birth;

/** The input with the birth under `key` read from its saved subject when it names one; else the input as it is. */
export async function withSubjectBirth<Input extends object>(
  input: Input,
  key: keyof Input & string,
  birthOf: BirthOf,
  /** Members that may stand beside the id and are kept (a report's `lang`: the language is the answer's). */
  keep: readonly string[] = [],
): Promise<Outcome<Input>> {
  const birth = input[key];
  if (!namesSubject(birth)) return succeed(input);
  // The subject is the whole birth: a member beside it would be silently dropped or silently win.
  const beside = Object.keys(birth).filter((name) => name !== SUBJECT_REFERENCE && name !== 'api_key' && !keep.includes(name));
  if (beside.length > 0)
    return refuse(
      refusals.invalidField(
        key,
        `${key} names a saved subject (subject_id): ${beside.join(', ')} cannot be given beside it (edit the subject instead)`,
      ),
    );
  const found = await birthOf(birth[SUBJECT_REFERENCE], `${key}.${SUBJECT_REFERENCE}`);
  if (!found.ok) return found;
  const kept = Object.fromEntries(keep.filter((name) => birth[name] !== undefined).map((name) => [name, birth[name]]));
  return succeed({ ...input, [key]: { ...found.value, ...kept } });
}

/** The issue of a subject reference no account could read (an in-process call: the CLI). */
export const unreadSubjectIssue = (field: string) => ({
  field: `${field}.${SUBJECT_REFERENCE}`,
  message: `${field}.${SUBJECT_REFERENCE}: a saved subject is read with the account's key (REST, GraphQL or MCP), not here`,
});
