/**
 * The OpenAPI document's component schemas as standalone JSON Schemas, for MCP tools (MCP wants
 * `type: object` at a schema's root and `$defs` instead of `#/components/schemas/`).
 */
import { CHART_REQUEST_FIELDS } from '../domain/chart/request.ts';
import type { JsonSchema } from '../domain/chart/request-contract.ts';
import { componentSchemas } from './shapes/components.ts';
import { once } from '../application/registry.ts';

/** `#/components/schemas/X` → `#/$defs/X`: the components as a standalone JSON Schema's definitions. */
const defs = once(
  () =>
    JSON.parse(JSON.stringify(componentSchemas(CHART_REQUEST_FIELDS)).replaceAll('#/components/schemas/', '#/$defs/')) as Record<
      string,
      JsonSchema
    >,
);

export const toolDef = (name: string): JsonSchema => {
  const schema = defs()[name];
  if (schema === undefined) throw new Error(`no component schema "${name}"`);
  return schema;
};
export const toolRef = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });

/** The definitions a schema reaches through `$ref`, transitively. */
function reachedDefs(schema: unknown, into: Record<string, JsonSchema> = {}): Record<string, JsonSchema> {
  for (const [, name] of JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)) {
    if (name === undefined || name in into) continue;
    into[name] = toolDef(name);
    reachedDefs(into[name], into);
  }
  return into;
}

/** An object schema with the component definitions it uses. */
export const rooted = (schema: JsonSchema): JsonSchema => ({ type: 'object', ...schema, $defs: reachedDefs(schema) });

/**
 * Request fields the MCP tools accept but do not list: `time` (`HH:MM`) says what `hour` and `minute`
 * say, and the tool list is read on every session. A caller who sends them is served as on REST.
 */
export const MCP_UNLISTED_FIELDS: ReadonlySet<string> = new Set(['hour', 'minute']);

/**
 * A birth argument as a tool other than calculate_chart lists it: its type and bounds, without its
 * words, its pattern or a list of three or more names (calculate_chart lists them once; a value not
 * among them is refused, naming them). The tool list is read on every session.
 */
export function bareArgument(schema: unknown): JsonSchema {
  const { description: _words, pattern: _pattern, ...rest } = schema as JsonSchema;
  const names = rest['enum'];
  const strings = Array.isArray(names) ? names.filter((name) => name !== null) : [];
  if (strings.length >= 3 && strings.every((name) => typeof name === 'string')) {
    const { enum: _names, ...typed } = rest;
    // REST's `null` (not given) stays where the names allowed it.
    return { type: strings.length === (names as unknown[]).length ? 'string' : ['string', 'null'], ...typed };
  }
  return rest;
}
