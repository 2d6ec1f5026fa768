/**
 * GraphQL object types built from an answer's shape (src/wire/shapes): a field per member, named in
 * camelCase, exposing the member; a scalar member's GraphQL scalar follows its JSON type (an enum, a
 * shared component such as `Stem`, is a String), a member that is another shape is that shape's
 * type, a list is a list; nullable where the member may be null; described with the shape's words in
 * GraphQL's spelling. One type per shape, made on first use.
 */
import { z } from 'zod';
import { graphqlNameOf } from '../domain/chart/request-contract.ts';
import { graphqlDescription, isDescribed, shapeNamed, type Shape } from '../wire/shapes/shape.ts';
import { builder } from './builder.ts';

type Scalar = 'String' | 'Int' | 'Float' | 'Boolean';
type AnyObjectRef = ReturnType<typeof builder.objectRef<any>>;

const TYPES = new Map<string, AnyObjectRef>();

const textMeta = (schema: z.ZodType, key: string): string | undefined => {
  const value = schema.meta()?.[key];
  return typeof value === 'string' ? value : undefined;
};

function scalarOf(where: string, schema: z.ZodType): Scalar {
  if (schema instanceof z.ZodEnum) return 'String';
  const json = z.toJSONSchema(schema, { io: 'output' }) as { type?: unknown };
  const scalar = ({ string: 'String', integer: 'Int', number: 'Float', boolean: 'Boolean' } as const)[json.type as 'string'];
  if (scalar === undefined) throw new Error(`${where}: no GraphQL scalar for ${JSON.stringify(json)}`);
  return scalar;
}

/** A member's GraphQL type: a scalar, a shape's object type, or a list of either; and whether it may be null. */
function typeOf(where: string, member: z.ZodType): { type: Scalar | AnyObjectRef | [Scalar | AnyObjectRef]; nullable: boolean } {
  let inner = member;
  let nullable = false;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) {
    nullable = true;
    inner = inner.unwrap() as z.ZodType;
  }
  const single = (schema: z.ZodType): Scalar | AnyObjectRef => {
    const name = textMeta(schema, 'shape');
    if (schema instanceof z.ZodObject) {
      const nested = name === undefined ? undefined : shapeNamed(name);
      if (nested === undefined) throw new Error(`${where}: an object member must be a shape`);
      if (!isDescribed(nested)) throw new Error(`${where}: shape ${nested.name} has no description, so no GraphQL type`);
      return objectTypeOf(nested);
    }
    return scalarOf(where, schema);
  };
  if (inner instanceof z.ZodArray) return { type: [single(inner.element as z.ZodType)], nullable };
  return { type: single(inner), nullable };
}

/** The shape's GraphQL object type. */
export function objectTypeOf<T extends object>(of: Shape) {
  const known = TYPES.get(of.name);
  if (known !== undefined) return known as ReturnType<typeof builder.objectRef<T>>;
  const ref = builder.objectRef<T>(of.name);
  TYPES.set(of.name, ref);
  ref.implement({
    description: graphqlDescription(of.description),
    fields: (t) =>
      Object.fromEntries(
        Object.entries(of.object.shape as Record<string, z.ZodType>).map(([member, schema]) => {
          const where = `${of.name}.${member}`;
          const description = textMeta(schema, 'description');
          if (description === undefined) throw new Error(`${where} has no description`);
          const { type, nullable } = typeOf(where, schema);
          const options = { type, nullable, description: graphqlDescription(description) };
          return [graphqlNameOf(member), t.expose(member as never, options as never)];
        }),
      ),
  });
  return ref;
}
