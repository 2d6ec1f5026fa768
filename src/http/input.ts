/**
 * Reading a request's input: each route declares its query parameters, JSON body or form as a zod
 * object once, and one reader turns what was sent into that object's value or the house refusal — a
 * 400 BAD_USER_INPUT naming every bad field at once, an unknown name with the nearest known one.
 * The rules of the rest of the REST API hold: a parameter at most once, an empty value as not sent,
 * bodies `application/json` of at most 16 KiB, a member given twice refused.
 *
 * A schema's messages say the whole sentence (`limit must be a whole number from 1 to 100`): the
 * builders below make them from the issue's path, so a nested member is named as `autocharge.amount`.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { FieldIssue } from '../application/errors.ts';
import { nearestName } from '../application/operator/input.ts';
import { refusals } from '../application/refusals.ts';
import { checkJsonContentType, parseJsonBody, readBody } from '../wire/body.ts';

/** A route's input: an object of members (nested objects too, each with its own members). */
export type InputSchema = z.ZodObject<z.ZodRawShape>;

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const fieldOf = (path: readonly PropertyKey[] | undefined): string => (path ?? []).map(String).join('.');

/** `{field} must be {rule}`; `{field} must be given ({rule})` when it is required and absent. */
export const mustBe = (rule: string) => ({
  error: (issue: RawIssue) => `${fieldOf(issue.path)} must be ${issue.input === undefined ? `given (${rule})` : rule}`,
});

/** A JSON string. */
export const jsonString = () => z.string(mustBe('a string'));

/** A JSON whole number (a safe integer). */
export const jsonWholeNumber = () => z.int(mustBe('a whole number'));

/** A JSON array of strings, or null. */
export const jsonStringsOrNull = () =>
  z.custom<readonly string[] | null>(
    (value) => value === null || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
    mustBe('an array of strings, or null'),
  );

/** A JSON object with exactly these members. */
export const jsonObject = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, mustBe(`an object with ${Object.keys(shape).join(' and ')}`));

/** A query parameter: a whole number from `min` to `max`, `fallback` when not sent. */
export const wholeNumberParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .refine((text) => /^\d{1,16}$/.test(text) && Number(text) >= min && Number(text) <= max, mustBe(`a whole number from ${min} to ${max}`))
    .transform(Number)
    .default(fallback);

/** A form field: its first value, `''` when not sent. */
export const formText = () => z.string().default('');

/** A form field sent any number of times (checkboxes): every value. */
export const formList = () => z.array(z.string()).default([]);

/** A form field whose absence is meant (`undefined`), not read as `''`. */
export const formOptional = () => z.string().optional();

/** The object schema at `path` (through optional, nullable and default), for an unknown member's known siblings. */
function objectAt(schema: InputSchema, path: readonly PropertyKey[]): z.ZodObject<z.ZodRawShape> | undefined {
  let current: z.ZodType = schema;
  for (const segment of path) {
    while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
      current = current.unwrap() as z.ZodType;
    if (!(current instanceof z.ZodObject)) return undefined;
    current = current.shape[String(segment)] as z.ZodType;
  }
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
    current = current.unwrap() as z.ZodType;
  return current instanceof z.ZodObject ? current : undefined;
}

/** Each unknown name, with the nearest known one or the list of them. */
function unknownIssues(names: Iterable<string>, known: readonly string[], what: string, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const name of names) {
    if (known.includes(name)) continue;
    const nearest = nearestName(name, known);
    const field = prefix + name;
    issues.push({
      field,
      message:
        nearest === undefined
          ? `${field} is not ${what} (known: ${known.length === 0 ? 'none' : known.join(', ')})`
          : `${field} is not ${what}: did you mean "${prefix}${nearest}"?`,
    });
  }
  return issues;
}

/**
 * zod's issues as field issues, in the order the members are declared, an object's unknown members
 * named first (before its members' own issues).
 */
function fieldIssues(schema: InputSchema, issues: readonly Issue[], what: string): FieldIssue[] {
  const ordered: { readonly path: readonly PropertyKey[]; readonly issues: FieldIssue[] }[] = [];
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') {
      ordered.push({ path: issue.path, issues: [{ field: fieldOf(issue.path), message: issue.message }] });
      continue;
    }
    const prefix = issue.path.length === 0 ? '' : `${fieldOf(issue.path)}.`;
    const known = Object.keys(objectAt(schema, issue.path)?.shape ?? {});
    const unknown = { path: issue.path, issues: unknownIssues(issue.keys, known, what, prefix) };
    // zod reports an object's unknown members after its members: put them before the first of those.
    const first = ordered.findIndex((entry) => issue.path.every((segment, i) => entry.path[i] === segment));
    if (first === -1) ordered.push(unknown);
    else ordered.splice(first, 0, unknown);
  }
  return ordered.flatMap((entry) => entry.issues);
}

/** Throws the house refusal naming every issue; else the value. */
function valueOrRefusal<S extends InputSchema>(schema: S, given: unknown, what: string, before: FieldIssue[] = []): z.output<S> {
  const parsed = schema.safeParse(given);
  const issues = parsed.success ? before : [...before, ...fieldIssues(schema, parsed.error.issues, what)];
  if (issues.length > 0) throw refusals.invalidRequest(issues);
  return parsed.data as z.output<S>;
}

/**
 * A route's query parameters: an unknown name refused (with the nearest known one), each at most
 * once, an empty value as not sent. Throws the refusal naming every bad one.
 */
export function readQuery<S extends InputSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const known = Object.keys(schema.shape);
  const names = new Set(params.keys());
  const issues = unknownIssues(names, known, 'a parameter of this route');
  const values: Record<string, string> = {};
  for (const name of names) {
    if (!known.includes(name)) continue;
    const all = params.getAll(name);
    if (all.length > 1) issues.push({ field: name, message: `${name} must be given at most once` });
    if (all[0] !== '') values[name] = all[0]!;
  }
  return valueOrRefusal(schema, values, 'a parameter of this route', issues);
}

/** A JSON body's members: an unknown one refused (with the nearest known one), each by its rule. Throws the refusal. */
export const readMembers = <S extends InputSchema>(schema: S, body: Readonly<Record<string, unknown>>): z.output<S> =>
  valueOrRefusal(schema, body, 'a member of this body');

/**
 * A form's fields (`application/x-www-form-urlencoded`): the first value of each declared one (every
 * value of a list), other names ignored (a browser sends its buttons' names too). Form schemas take
 * any text: a page puts a wrong value into its own words.
 */
export function readFormFields<S extends InputSchema>(schema: S, form: URLSearchParams): z.output<S> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    if (!form.has(name)) continue;
    values[name] = (field instanceof z.ZodDefault ? field.unwrap() : field) instanceof z.ZodArray ? form.getAll(name) : form.get(name);
  }
  return valueOrRefusal(schema, values, 'a field of this form');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the request declares a body (a Content-Length above 0, or chunks). */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * The request's JSON object. With `optional`, a request without a body reads as `{}` (a POST that
 * only names an action, like `/suspend`). Throws the refusal for a wrong type, size or syntax.
 */
export async function readJsonObject(req: IncomingMessage, optional = false, read?: Buffer): Promise<Record<string, unknown>> {
  if (optional && !hasBody(req)) return {};
  const wrongType = checkJsonContentType(req.headers['content-type']);
  if (wrongType !== null) throw wrongType;
  // An operator's write says each thing once: a member given twice is refused, not read as its last value.
  const value = parseJsonBody(read ?? (await readBody(req)), { refuseDuplicates: true });
  if (!isObject(value)) throw refusals.invalidField('body', 'body must be a JSON object');
  return value;
}
