/**
 * An answer's shape declared once, as a zod object whose members carry `.meta({ description })`:
 * its TypeScript type is `z.infer`, its JSON Schema (the OpenAPI component and what the tests
 * validate bodies against) is `shapeJsonSchema`, and its GraphQL object type is built from the same
 * members (src/graphql/shapes.ts: camelCase names, one scalar per member type, the description).
 *
 * A description is written once, in REST's terms: a member named in backticks is snake_case
 * (`name_lang`), which GraphQL's copy spells in camelCase (`nameLang`).
 */
import { z } from 'zod';
import type { JsonSchema } from '../../domain/chart/request-contract.ts';

/** Metadata of a shape or of one of its members. */
export interface ShapeMeta {
  readonly description: string;
}

/** A shape: a strict object (an answer holds exactly its members), described, with a name for its component and GraphQL type. */
export interface Shape<T extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: string;
  readonly description: string;
  /** Its members; as a member of another shape, this object stands for the shape (GraphQL: its type). */
  readonly object: z.ZodObject<T>;
  /** An OpenAPI component: another shape holding it refers to it (`$ref`) instead of repeating it. */
  readonly component: boolean;
}

const SHAPES = new Map<string, Shape>();

/** The shape of this name (a member's `shape` metadata names it). */
export const shapeNamed = (name: string): Shape | undefined => SHAPES.get(name);

export function shape<T extends z.ZodRawShape>(
  name: string,
  description: string,
  members: T,
  options: { readonly component?: boolean } = {},
): Shape<T> {
  if (SHAPES.has(name)) throw new Error(`shape "${name}" is declared twice`);
  const declared: Shape<T> = {
    name,
    description,
    object: z.strictObject(members).meta({ shape: name }),
    component: options.component ?? false,
  };
  SHAPES.set(name, declared);
  return declared;
}

/**
 * A member that is one of the shared component schemas (`Stem`, `Ganzhi`, `Element`, `Score`, …,
 * defined in wire/json-schemas.ts): its JSON Schema is a `$ref` to the component; its type (and
 * GraphQL scalar) is `base`'s, text unless said.
 */
export const componentRef = <T extends z.ZodType = z.ZodString>(name: string, base?: T): T => (base ?? z.string()).meta({ ref: name }) as T;

/**
 * A member whose JSON Schema zod would write otherwise than the API has it (a `const` without its
 * type, a number-or-null with bounds as one `type` list, a map without `propertyNames`, an array
 * that must stay empty): the schema as written, the member's type `T` (GraphQL reads it from the
 * schema's `type`).
 */
export const asWritten = <T>(json: Readonly<Record<string, unknown>>): z.ZodType<T> => z.unknown().meta(json) as never;

/** The house order of a schema's keywords (as the hand-written components have them). */
const KEYWORD_ORDER = ['type', 'description', 'required', 'properties', 'additionalProperties'];

function tidy(node: unknown, root = false): unknown {
  if (Array.isArray(node)) return node.map((item) => tidy(item));
  if (node === null || typeof node !== 'object') return node;
  const source = node as Record<string, unknown>;
  const nested = typeof source['shape'] === 'string' && !root ? shapeNamed(source['shape']) : undefined;
  const component = typeof source['ref'] === 'string' ? source['ref'] : nested?.component === true ? nested.name : undefined;
  if (component !== undefined) {
    const description = source['description'];
    return { $ref: `#/components/schemas/${component}`, ...(typeof description === 'string' ? { description } : {}) };
  }
  const out: Record<string, unknown> = {};
  const keys = [
    ...KEYWORD_ORDER.filter((key) => key in source),
    ...Object.keys(source).filter((key) => !KEYWORD_ORDER.includes(key) && key !== '$schema' && key !== 'shape'),
  ];
  for (const key of keys) {
    if (key === 'type' && Array.isArray(source['enum'])) continue; // the values say it
    // A zod integer's own bounds (the safe integers) are no rule of ours.
    if (key === 'maximum' && source[key] === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && source[key] === Number.MIN_SAFE_INTEGER) continue;
    const value = source[key];
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, tidy(v)])) : tidy(value);
  }
  // `X | null` of a plain type: `type: [X, 'null']`.
  const anyOf = out['anyOf'];
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [present, nothing] = anyOf as Record<string, unknown>[];
    if (nothing?.['type'] === 'null' && typeof present?.['type'] === 'string' && Object.keys(present).length === 1) {
      const { anyOf: _anyOf, ...rest } = out;
      return { type: [present['type'], 'null'], ...rest };
    }
  }
  return out;
}

/** The shape's JSON Schema (2020-12, the OpenAPI 3.1 dialect): every member required, nothing else allowed, each described. */
export function shapeJsonSchema(of: Shape): JsonSchema {
  const schema = z.toJSONSchema(of.object.meta({ description: of.description }), { io: 'output' });
  return tidy(schema, true) as JsonSchema;
}

/** GraphQL's copy of a description: backticked snake_case names in camelCase, a closing period. */
export function graphqlDescription(text: string): string {
  const camel = text.replace(
    /`([a-z]+(?:_[a-z]+)+)`/g,
    (_whole, name: string) => `\`${name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}\``,
  );
  return /[.!?]$/.test(camel) ? camel : `${camel}.`;
}
