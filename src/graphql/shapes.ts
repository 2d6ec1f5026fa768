/**
 * GraphQL object types built from an answer's shape (src/wire/shapes): a field per member, named in
 * camelCase, exposing the member, its scalar following the member's JSON type (an enum is a String),
 * nullable where the member may be null, described with the shape's words in GraphQL's spelling.
 */
import { graphqlNameOf, type JsonSchema } from '../domain/chart/request-contract.ts';
import { graphqlDescription, shapeJsonSchema, type Shape } from '../wire/shapes/shape.ts';
import { builder } from './builder.ts';

type Scalar = 'String' | 'Int' | 'Float' | 'Boolean';

function scalarOf(shapeName: string, member: string, schema: JsonSchema): { scalar: Scalar; nullable: boolean } {
  const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : [schema['type'] as string | undefined];
  const present = Array.isArray(schema['anyOf']) ? (schema['anyOf'] as JsonSchema[]).find((option) => option['type'] !== 'null')! : schema;
  const nullable = types.includes('null') || Array.isArray(schema['anyOf']);
  // A shared component (a `$ref`: stems, pillars, elements, ten gods) is text in every language.
  const type = Array.isArray(present['enum']) || present['$ref'] !== undefined ? 'string' : types.find((t) => t !== 'null');
  const scalar = ({ string: 'String', integer: 'Int', number: 'Float', boolean: 'Boolean' } as const)[type as 'string'];
  if (scalar === undefined) throw new Error(`${shapeName}.${member}: no GraphQL scalar for ${JSON.stringify(schema)}`);
  return { scalar, nullable };
}

/** The shape's GraphQL object type (its members plain values; nested objects are not read here). */
export function objectTypeOf<T extends object>(of: Shape) {
  const json = shapeJsonSchema(of);
  const properties = json['properties'] as Record<string, JsonSchema>;
  return builder.objectRef<T>(of.name).implement({
    description: graphqlDescription(of.description),
    fields: (t) =>
      Object.fromEntries(
        Object.entries(properties).map(([member, schema]) => {
          const { scalar, nullable } = scalarOf(of.name, member, schema);
          const options = { type: scalar, nullable, description: graphqlDescription(schema['description'] as string) } as const;
          return [graphqlNameOf(member), t.expose(member as never, options as never)];
        }),
      ),
  });
}
