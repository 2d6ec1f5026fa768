/**
 * The check every shapes test makes of a GraphQL type built from (or over) a shape: a field per
 * member in camelCase, described with the member's words in GraphQL's spelling, nullable where the
 * member may be null or absent, of the member's shape's type (or a scalar), a list where the member
 * is one. Where GraphQL differs on purpose, `different` says how, by `Shape.member`.
 */
import { getNamedType, getNullableType, isListType, isNonNullType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { expect } from 'vitest';
import { z } from 'zod';
import { graphqlDescription, shapeJsonSchema, type Shape } from '../../src/wire/shapes/shape.ts';

export interface FieldDifference {
  /** GraphQL's field name, where it is not the member's in camelCase. */
  readonly field?: string;
  /** GraphQL's named type (an enum, a type of its own), where it is not the member's. */
  readonly type?: string;
  /** GraphQL's description, where it is not the member's. */
  readonly description?: string;
  /** A list in GraphQL where REST has an object (name–value pairs). */
  readonly list?: boolean;
}

const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The shape a member stands for (itself, its items or its non-null value), if any. */
function shapeOf(member: z.ZodType): string | undefined {
  let inner = member;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional || inner instanceof z.ZodArray)
    inner = (inner instanceof z.ZodArray ? inner.element : inner.unwrap()) as z.ZodType;
  const name = inner.meta()?.['shape'];
  return typeof name === 'string' ? name : undefined;
}

export function expectTypeFollowsShape(schema: GraphQLSchema, of: Shape, different: Readonly<Record<string, FieldDifference>> = {}): void {
  const type = schema.getType(of.name) as GraphQLObjectType | undefined;
  expect(type, of.name).toBeDefined();
  expect(type!.description, of.name).toBe(graphqlDescription(of.description));
  const json = shapeJsonSchema(of) as {
    required?: string[];
    properties: Record<string, { type?: unknown; description: string; anyOf?: { type?: unknown }[] }>;
  };
  const fields = type!.getFields();
  const fieldOf = (member: string) => different[`${of.name}.${member}`]?.field ?? camel(member);
  expect(Object.keys(fields).sort(), of.name).toEqual(Object.keys(json.properties).map(fieldOf).sort());
  for (const [member, property] of Object.entries(json.properties)) {
    const where = `${of.name}.${member}`;
    const differs = different[where];
    const field = fields[fieldOf(member)]!;
    expect(field.description, where).toBe(differs?.description ?? graphqlDescription(property.description));
    // A member that may be null or absent (not required) is a nullable field.
    const nullable =
      (Array.isArray(property.type) && property.type.includes('null')) || 'anyOf' in property || !(json.required ?? []).includes(member);
    expect(isNonNullType(field.type), where).toBe(!nullable);
    const nested = shapeOf((of.object.shape as Record<string, z.ZodType>)[member]!);
    expect(getNamedType(field.type).name, where).toMatch(
      differs?.type !== undefined
        ? new RegExp(`^${differs.type}$`)
        : nested === undefined
          ? /^(String|Int|Float|Boolean)$/
          : new RegExp(`^${nested}$`),
    );
    const list =
      property.type === 'array' ||
      (Array.isArray(property.type) && property.type.includes('array')) ||
      (property.anyOf ?? []).some((option) => option.type === 'array');
    expect(isListType(getNullableType(field.type)), where).toBe(list || differs?.list === true);
  }
}
