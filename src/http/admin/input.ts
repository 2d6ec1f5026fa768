/**
 * Reading the operator API's input: query parameters and JSON bodies, with the rules of the rest of
 * the REST API — an unknown name refused (with the nearest known one), a parameter at most once, an
 * empty value as not sent, bodies `application/json` of at most 16 KiB — and every bad field named
 * at once.
 */
import type { IncomingMessage } from 'node:http';
import type { FieldIssue } from '../../application/errors.ts';
import { nearestName } from '../../application/operator/input.ts';
import { refusals } from '../../application/refusals.ts';
import { checkJsonContentType, parseJsonBody, readBody } from '../../wire/body.ts';

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

/** A route's query parameters; `issues` holds every unknown or repeated one and every bad value read. */
export class QueryReader {
  readonly issues: FieldIssue[];
  private readonly values = new Map<string, string>();

  constructor(params: URLSearchParams, known: readonly string[]) {
    this.issues = unknownIssues(new Set(params.keys()), known, 'a parameter of this route');
    for (const name of new Set(params.keys())) {
      if (!known.includes(name)) continue;
      const all = params.getAll(name);
      if (all.length > 1) this.issues.push({ field: name, message: `${name} must be given at most once` });
      if (all[0] !== '') this.values.set(name, all[0]!);
    }
  }

  string(name: string): string | undefined {
    return this.values.get(name);
  }

  /** A whole number from `min` to `max`, or `fallback` when not sent. */
  integer(name: string, min: number, max: number, fallback: number): number {
    const text = this.values.get(name);
    if (text === undefined) return fallback;
    if (/^\d{1,16}$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    this.issues.push({ field: name, message: `${name} must be a whole number from ${min} to ${max}` });
    return fallback;
  }
}

/** A JSON object's members, read by type; `issues` is shared with the readers of its nested objects. */
export class BodyReader {
  readonly issues: FieldIssue[];
  private readonly body: Readonly<Record<string, unknown>>;
  private readonly prefix: string;

  constructor(body: Readonly<Record<string, unknown>>, known: readonly string[], issues: FieldIssue[] = [], prefix = '') {
    this.body = body;
    this.issues = issues;
    this.prefix = prefix;
    issues.push(...unknownIssues(Object.keys(body), known, 'a member of this body', prefix));
  }

  private value(name: string): unknown {
    return Object.hasOwn(this.body, name) ? this.body[name] : undefined;
  }

  private wrong(name: string, rule: string): undefined {
    this.issues.push({ field: this.prefix + name, message: `${this.prefix}${name} must be ${rule}` });
    return undefined;
  }

  string(name: string, required = false): string | undefined {
    const value = this.value(name);
    if (value === undefined) return required ? this.wrong(name, 'given (a string)') : undefined;
    return typeof value === 'string' ? value : this.wrong(name, 'a string');
  }

  /** A string or null (null: none); undefined when absent. */
  nullableString(name: string): string | null | undefined {
    return this.value(name) === null ? null : this.string(name);
  }

  integer(name: string, required = false): number | undefined {
    const value = this.value(name);
    if (value === undefined) return required ? this.wrong(name, 'given (a whole number)') : undefined;
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : this.wrong(name, 'a whole number');
  }

  /** An array of strings or null (null: none); undefined when absent. */
  nullableStrings(name: string): readonly string[] | null | undefined {
    const value = this.value(name);
    if (value === undefined || value === null) return value;
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? value
      : this.wrong(name, 'an array of strings, or null');
  }

  /** Whether the member is there and null. */
  isNull(name: string): boolean {
    return this.value(name) === null;
  }

  /** A nested object, read with its own known members. */
  object(name: string, known: readonly string[]): BodyReader | undefined {
    const value = this.value(name);
    if (value === undefined) return undefined;
    if (!isObject(value)) return this.wrong(name, `an object with ${known.join(' and ')}`);
    return new BodyReader(value, known, this.issues, `${this.prefix}${name}.`);
  }
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
