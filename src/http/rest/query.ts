/**
 * GET input: the spec §2.1 fields and the DESIGN §3 options as URL query parameters. Numbers are
 * converted only when they are written strictly (`year=19x0` stays a string, so the shared zod
 * schema rejects it with the field's own message); unknown parameters are ignored.
 */
import { DomainError } from '../../application/errors.js';

type FieldKind = 'integer' | 'decimal' | 'string';

const FIELD_KINDS: ReadonlyMap<string, FieldKind> = new Map<string, FieldKind>([
  ['year', 'integer'],
  ['month', 'integer'],
  ['day', 'integer'],
  ['hour', 'integer'],
  ['minute', 'integer'],
  ['location', 'decimal'],
  ['time', 'string'],
  ['timezone', 'string'],
  ['solar_time', 'string'],
  ['day_boundary', 'string'],
  ['zokan_table', 'string'],
  ['api_key', 'string'],
]);

const INTEGER = /^-?\d+$/;
/** Plain decimal notation: no exponent, no leading `+`, no bare `.5` or `5.`. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

export interface QueryInput {
  /** Request fields (without `api_key`), numbers converted where strictly numeric. */
  readonly fields: Record<string, unknown>;
  /** `?api_key=`, or null when absent. */
  readonly apiKey: string | null;
}

/**
 * Throws BAD_USER_INPUT when a known parameter is repeated (`year=1990&year=1991` has no single
 * meaning). An empty value (`hour=`, as a blank form field sends it) counts as not sent.
 */
export function parseQuery(search: string): QueryInput {
  const fields: Record<string, unknown> = {};
  let apiKey: string | null = null;
  if (search === '') return { fields, apiKey };
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(search)) {
    const kind = FIELD_KINDS.get(name);
    if (kind === undefined) continue;
    if (seen.has(name)) {
      const message = `${name} must be given at most once`;
      throw new DomainError('BAD_USER_INPUT', `Invalid request: ${message}`, { issues: [{ field: name, message }] });
    }
    seen.add(name);
    if (value === '') continue;
    if (name === 'api_key') apiKey = value;
    else fields[name] = convert(kind, value);
  }
  return { fields, apiKey };
}

function convert(kind: FieldKind, value: string): unknown {
  switch (kind) {
    case 'integer':
      return INTEGER.test(value) ? Number(value) : value;
    case 'decimal':
      return DECIMAL.test(value) ? Number(value) : value;
    case 'string':
      return value;
  }
}
