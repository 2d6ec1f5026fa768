/**
 * GET input: the request fields as URL query parameters, read by the request contract's field
 * table. Numbers are converted only when they are written strictly (`year=19x0` stays a string, so
 * the shared zod schema rejects it with the field's own message); unknown parameters are ignored.
 */
import { refusals } from '../application/refusals.ts';
import type { FieldKind, RequestField } from '../domain/chart/request-contract.ts';

const INTEGER = /^-?\d+$/;
/** Plain decimal notation: no exponent, no leading `+`, no bare `.5` or `5.`. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

export interface QueryInput {
  /** Request fields (without credentials), numbers converted where strictly numeric. */
  readonly fields: Record<string, unknown>;
  /** `?api_key=`, or null when absent. */
  readonly apiKey: string | null;
  /** Every parameter, for the options that are not request fields (`include`, `luck_*`); null without a query. */
  readonly params: URLSearchParams | null;
}

/**
 * The parser for a request contract. It throws BAD_USER_INPUT when a known parameter is repeated
 * (`year=1990&year=1991` has no single meaning). An empty value (`hour=`, as a blank form field
 * sends it) counts as not sent.
 */
export function createQueryParser(contract: readonly RequestField[]): (search: string) => QueryInput {
  const kinds: ReadonlyMap<string, FieldKind> = new Map(contract.map((field) => [field.name, field.kind]));
  const credentials: ReadonlySet<string> = new Set(contract.filter((field) => field.credential).map((field) => field.name));
  return (search) => {
    const fields: Record<string, unknown> = {};
    let apiKey: string | null = null;
    if (search === '') return { fields, apiKey, params: null };
    const seen = new Set<string>();
    const params = new URLSearchParams(search);
    for (const [name, value] of params) {
      const kind = kinds.get(name);
      if (kind === undefined) continue;
      if (seen.has(name)) throw refusals.invalidField(name, `${name} must be given at most once`);
      seen.add(name);
      if (value === '') continue;
      if (credentials.has(name)) apiKey = value;
      else fields[name] = convert(kind, value);
    }
    return { fields, apiKey, params };
  };
}

function convert(kind: FieldKind, value: string): unknown {
  switch (kind) {
    case 'integer':
      return INTEGER.test(value) ? Number(value) : value;
    case 'number':
      return DECIMAL.test(value) ? Number(value) : value;
    case 'string':
      return value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
  }
}
