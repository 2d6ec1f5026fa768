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

/**
 * A shape: a strict object (an answer holds exactly its members), described, with a name for its
 * component and GraphQL type. `Description` is null for a shape without a description of its own (an
 * answer's top level or part that /openapi.json has always given without one): its JSON Schema has
 * none, and it has no GraphQL type ({@link Shape} alone is a described one).
 */
export interface Shape<T extends z.ZodRawShape = z.ZodRawShape, Description extends string | null = string> {
  readonly name: string;
  readonly description: Description;
  /** Its members; as a member of another shape, this object stands for the shape (GraphQL: its type). */
  readonly object: z.ZodObject<T>;
  /** An OpenAPI component: another shape holding it refers to it (`$ref`) instead of repeating it. */
  readonly component: boolean;
}

/** A shape, described or not. */
export type AnyShape = Shape<z.ZodRawShape, string | null>;

const SHAPES = new Map<string, AnyShape>();

/** The shape of this name (a member's `shape` metadata names it). */
export const shapeNamed = (name: string): AnyShape | undefined => SHAPES.get(name);

/** Every shape declared so far, in the order declared. */
export const declaredShapes = (): readonly AnyShape[] => [...SHAPES.values()];

/** Whether the shape has a description of its own (and so may have a GraphQL type). */
export const isDescribed = (of: AnyShape): of is Shape => of.description !== null;

export function shape<T extends z.ZodRawShape>(
  name: string,
  description: string,
  members: T,
  options?: { readonly component?: boolean },
): Shape<T>;
export function shape<T extends z.ZodRawShape>(
  name: string,
  description: null,
  members: T,
  options?: { readonly component?: boolean },
): Shape<T, null>;
export function shape<T extends z.ZodRawShape>(
  name: string,
  description: string | null,
  members: T,
  options: { readonly component?: boolean } = {},
): Shape<T, string | null> {
  if (SHAPES.has(name)) throw new Error(`shape "${name}" is declared twice`);
  const declared: Shape<T, string | null> = {
    name,
    description,
    object: z.strictObject(members).meta({ shape: name }),
    component: options.component ?? false,
  };
  SHAPES.set(name, declared);
  return declared;
}

/**
 * A member that is one of the shared component schemas — an atom (`Stem`, `Ganzhi`, `Element`,
 * `Score`, …, declared in wire/shapes/atoms.ts), a component shape or a chart section's component (its
 * `schema`) —: its JSON Schema is a `$ref` to the component; its type (and GraphQL scalar) is `base`'s,
 * text unless said. test/unit/wire/shapes-answers.test.ts checks every name is one of these.
 */
export function componentRef(name: string): z.ZodString;
export function componentRef<T extends z.ZodType>(name: string, base: T): T;
export function componentRef(name: string, base: z.ZodType = z.string()): z.ZodType {
  return base.meta({ ref: name });
}

/** The metadata key under which {@link asWritten} keeps the keywords it was given, in their order. */
const WRITTEN = 'written';

/**
 * A member whose JSON Schema zod would write otherwise than the API has it (a `const` without its
 * type, a number-or-null with bounds as one `type` list, a map without `propertyNames`, an array
 * that must stay empty, a `type` beside its `enum`, a description after the other keywords): the
 * schema as written, the member's type `T` (GraphQL reads it from the schema's `type`). Its keywords
 * stay as written, in their order; a description given to it afterwards (`.meta`) follows its `type`.
 */
export const asWritten = <T>(json: Readonly<Record<string, unknown>>): z.ZodType<T> =>
  z.unknown().meta({ ...json, [WRITTEN]: Object.keys(json) }) as never;

/** The house order of a schema's keywords (as /openapi.json's components have always had them). */
const KEYWORD_ORDER = ['type', 'description', 'required', 'properties', 'additionalProperties'];

/** An {@link asWritten} member's schema: its keywords as written, a description given afterwards after its `type`. */
function asItWasWritten(source: Readonly<Record<string, unknown>>, written: readonly string[]): Record<string, unknown> {
  const added = written.includes('description') ? undefined : source['description'];
  const head = written[0] === 'type' ? ['type'] : [];
  const keys = [...head, ...(typeof added === 'string' ? ['description'] : []), ...written.slice(head.length)];
  return Object.fromEntries(keys.map((key) => [key, source[key]]));
}

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
  const written = source[WRITTEN];
  if (Array.isArray(written)) return asItWasWritten(source, written as string[]);
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

/**
 * The shape's JSON Schema (2020-12, the OpenAPI 3.1 dialect): every member required (but an optional
 * one), nothing else allowed, described (but a shape described as null).
 */
export function shapeJsonSchema(of: AnyShape): JsonSchema {
  const object = of.description === null ? of.object : of.object.meta({ description: of.description });
  return tidy(z.toJSONSchema(object, { io: 'output' }), true) as JsonSchema;
}

/** A shape as a member written in place, described with its own words (as its {@link shapeJsonSchema} is). */
export const inPlace = <T extends z.ZodRawShape>(of: Shape<T>): z.ZodObject<T> => of.object.meta({ description: of.description });

/** GraphQL's copy of a description: backticked snake_case names in camelCase, a closing period. */
export function graphqlDescription(text: string): string {
  const camel = text.replace(
    /`([a-z]+(?:_[a-z]+)+)`/g,
    (_whole, name: string) => `\`${name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}\``,
  );
  return /[.!?]$/.test(camel) ? camel : `${camel}.`;
}
