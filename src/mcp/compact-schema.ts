/**
 * A tool's JSON Schema as an assistant reads it on every session: the REST contract's schema with
 * what the schema already says taken out of the words. A member's `null` (REST's "not given") is
 * left out of its type and enum — an assistant omits the member instead — and a description's
 * closing "One of `a`, `b`." or "Integer from 1 to 12." goes when the enum or the bounds say it, and
 * a `type` beside an `enum` (the values say it); "With `include=luck`:" becomes "[luck]"; an empty
 * `$defs` goes. In a `oneOf` of a list of names and a string, the string's pattern goes when it only
 * spells those names again (`include`: `^(luck|…)(,(luck|…))*$`, which grew by twice each section's
 * name): the list's enum names them, and the server refuses an unknown one, naming the known ones.
 * The tools still read `null` as not given, like REST.
 */
type JsonSchema = Record<string, unknown>;

const RANGE_SENTENCE = / ?(?:Integer|Number) from -?[\d.]+ to -?[\d.]+\.$/u;
const ENUM_SENTENCE = / ?One of `[^.]*`\.$/u;
/** "With `include=luck`: …" → "[luck] …". */
const SECTION_OPTION = /^With `?include=(\w+)`?: /u;

function compactDescription(node: JsonSchema): string | undefined {
  const description = node['description'];
  if (typeof description !== 'string') return undefined;
  let words = description;
  if (Array.isArray(node['enum'])) words = words.replace(ENUM_SENTENCE, '');
  if ('minimum' in node || 'maximum' in node) words = words.replace(RANGE_SENTENCE, '');
  return words.replace(SECTION_OPTION, '[$1] ');
}

const isEmpty = (value: unknown): boolean => value !== null && typeof value === 'object' && Object.keys(value).length === 0;

/** A `oneOf`'s branches with a string pattern that spells a sibling list's enum again made plain strings. */
function withoutRepeatedNames(branches: readonly unknown[]): unknown[] {
  const names = branches.flatMap((branch) => {
    const items = (branch as JsonSchema | null)?.['items'] as JsonSchema | undefined;
    return Array.isArray(items?.['enum']) ? [items['enum'] as unknown[]] : [];
  });
  return branches.map((branch) => {
    const node = branch as JsonSchema | null;
    const pattern = node?.['pattern'];
    if (node?.['type'] !== 'string' || typeof pattern !== 'string') return branch;
    if (!names.some((list) => list.every((name) => typeof name === 'string' && pattern.includes(name)))) return branch;
    const { pattern: _repeated, ...rest } = node;
    return rest;
  });
}

export function compactSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(compactSchema) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && Array.isArray(node['enum'])) continue;
    if (key === '$defs' && isEmpty(value)) continue;
    if (key === 'oneOf' && Array.isArray(value)) out[key] = compactSchema(withoutRepeatedNames(value));
    else if (key === 'type' && Array.isArray(value) && value.includes('null') && value.length === 2)
      out[key] = value.find((t) => t !== 'null');
    else if (key === 'enum' && Array.isArray(value) && value.includes(null) && value.length > 1) out[key] = value.filter((v) => v !== null);
    else if (key === 'description') {
      const description = compactDescription(node);
      if (description !== '') out[key] = description;
    } else out[key] = compactSchema(value);
  }
  return out as T;
}
