/**
 * The request contract as data, derived from the one zod schema of a request (the single source of
 * its rules): per field the spec/REST name, the GraphQL name, whether it is required, its JSON type,
 * its JSON Schema (zod 4's own output) and a description that states the rule. The REST query
 * parser, the OpenAPI document and the GraphQL input descriptions are all built from this, so a
 * rule changed in the schema changes every protocol's description of it.
 */
import { z } from 'zod';

export type JsonSchema = { readonly [keyword: string]: unknown };

/** What a field holds on the wire: how a query-string value is read, which GraphQL scalar carries it. */
export type FieldKind = 'integer' | 'number' | 'string' | 'boolean';

export interface RequestField {
  /** The spec's name, used by REST, the CLI and error messages (snake_case). */
  readonly name: string;
  /** The GraphQL input field name (camelCase of `name`). */
  readonly graphqlName: string;
  readonly required: boolean;
  readonly kind: FieldKind;
  /** A credential channel (Variant A's body `api_key`), not a chart field: GraphQL has no such input. */
  readonly credential: boolean;
  /** JSON Schema of a present, non-null value, with `description`. */
  readonly jsonSchema: JsonSchema;
  /** The schema's description of the field, without its rule. */
  readonly summary: string;
}

/** Metadata a request schema attaches with `.meta()`; `description` is required on every field. */
export interface RequestFieldMeta {
  readonly description: string;
  readonly credential?: boolean;
}

export const graphqlNameOf = (name: string): string => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
export const specNameOf = (graphqlName: string): string => graphqlName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The field table of an object schema whose fields each carry `.meta({ description })`. */
export function describeRequestFields(schema: z.ZodObject): readonly RequestField[] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, JsonSchema>; required?: string[] };
  const shape: Record<string, z.ZodType | undefined> = schema.shape;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, property]) => {
    const value = nonNull(property);
    const description = textOf(property['description']) ?? textOf(value['description']) ?? '';
    if (description === '') throw new Error(`request field ${name} has no description`);
    const { description: _inner, ...rules } = value;
    const meta = shape[name]?.meta() as Partial<RequestFieldMeta> | undefined;
    return {
      name,
      graphqlName: graphqlNameOf(name),
      required: required.has(name),
      kind: kindOf(name, value),
      credential: meta?.credential === true,
      jsonSchema: { ...rules, description },
      summary: description,
    };
  });
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `{ anyOf: [X, { type: 'null' }] }` → X; `{ type: ['string', 'null'] }` → `{ type: 'string' }`. */
function nonNull(property: JsonSchema): JsonSchema {
  const anyOf = property['anyOf'];
  if (Array.isArray(anyOf)) {
    const present = (anyOf as JsonSchema[]).filter((option) => option['type'] !== 'null');
    if (present.length === 1) return present[0]!;
  }
  const type = property['type'];
  if (Array.isArray(type)) return { ...property, type: type.find((t) => t !== 'null') };
  return property;
}

function kindOf(name: string, value: JsonSchema): FieldKind {
  const type = value['type'];
  if (type === 'integer' || type === 'number' || type === 'string' || type === 'boolean') return type;
  throw new Error(`request field ${name}: unsupported JSON type ${String(type)}`);
}

/**
 * The field's summary followed by its rule: the range of a number, or the allowed values, each
 * written by `spell` (GraphQL spells `mean` as `MEAN`).
 */
export function describeField(field: RequestField, spell: (value: string) => string = (value) => `\`${value}\``): string {
  const sentence = field.summary.endsWith('.') ? field.summary : `${field.summary}.`;
  const { minimum, maximum, enum: allowed } = field.jsonSchema;
  if (typeof minimum === 'number' && typeof maximum === 'number') {
    return `${sentence} ${field.kind === 'integer' ? 'Integer' : 'Number'} from ${minimum} to ${maximum}.`;
  }
  if (Array.isArray(allowed)) return `${sentence} One of ${allowed.map((value) => spell(String(value))).join(', ')}.`;
  return sentence;
}
