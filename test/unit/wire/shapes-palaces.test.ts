/**
 * The `palaces` section declared as shapes (src/wire/sections/palaces/shape.ts): its OpenAPI
 * component is the shapes' JSON Schema, real answers validate against it, and GraphQL's own types
 * (src/graphql/schema/palaces.ts: `Term`s where REST has a code and a label) say the same of each
 * member they share, field by field.
 */
import { getNamedType, getNullableType, isListType, isNonNullType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { PALACES_SECTION } from '../../../src/wire/sections/palaces/section.ts';
import {
  MING_GONG_SHAPE,
  PALACE_MONTH_VARIANT_SHAPE,
  PALACES_SHAPE,
  SHEN_GONG_SHAPE,
  TAI_XI_SHAPE,
  TAI_YUAN_SHAPE,
  TAI_YUAN_VARIANT_SHAPE,
} from '../../../src/wire/sections/palaces/shape.ts';
import { shapeJsonSchema, type Shape } from '../../../src/wire/shapes/shape.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';

type Property = { type?: unknown; description: string; enum?: unknown[]; oneOf?: { type?: string }[] };

/** The shape a member stands for (itself, its items or its non-null value), if any. */
function shapeOf(member: z.ZodType): string | undefined {
  let inner = member;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodArray)
    inner = (inner instanceof z.ZodArray ? inner.element : inner.unwrap()) as z.ZodType;
  const name = inner.meta()?.['shape'];
  return typeof name === 'string' ? name : undefined;
}

const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A shape's JSON Schema as /openapi.json prints it. */
const printed = (of: Shape): { properties: Record<string, Property> } =>
  JSON.parse(JSON.stringify(shapeJsonSchema(of))) as { properties: Record<string, Property> };

const nullable = (property: Property): boolean =>
  (Array.isArray(property.type) && property.type.includes('null')) ||
  (property.enum?.includes(null) ?? false) ||
  (property.oneOf?.some((option) => option.type === 'null') ?? false);

/** Each shape and the hand-written GraphQL type that serves it; a nested shape's type is its pair's. */
const PAIRS: readonly (readonly [Shape, string])[] = [
  [PALACES_SHAPE, 'ChartPalaces'],
  [TAI_YUAN_SHAPE, 'ChartPalace'],
  [TAI_XI_SHAPE, 'ChartPalace'],
  [MING_GONG_SHAPE, 'ChartPalace'],
  [SHEN_GONG_SHAPE, 'ChartPalace'],
  [TAI_YUAN_VARIANT_SHAPE, 'PalaceVariant'],
  [PALACE_MONTH_VARIANT_SHAPE, 'PalaceVariant'],
];
const TYPE_OF_SHAPE = new Map(PAIRS.map(([of, type]) => [of.name, type]));

/** REST members GraphQL keeps inside another field's `Term` (its label, the name's reading). */
const IN_TERMS: Readonly<Record<string, string>> = { reading: 'name', ten_god_label: 'tenGod', nayin_label: 'nayin' };
/** A code and its words on REST, a `Term` on GraphQL. */
const TERMS = new Set(['name', 'stem', 'branch', 'ten_god', 'nayin']);
/** REST words that differ from GraphQL's on purpose: GraphQL's `name` is a `Term` holding its reading, REST's reading is a member. */
const OWN_WORDS = new Set(['name']);

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
const UNKNOWN_TIME = { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true };

/** The section's answer, as REST appends it. */
function answer(birth: Record<string, unknown>, lang: keyof typeof CATALOGUES) {
  const parsed = parseChartRequest(birth);
  if (!parsed.ok) throw new Error('bad birth');
  return PALACES_SECTION.json(computeChartCore(parsed.request), undefined, CATALOGUES[lang]) as Record<string, Record<string, unknown>>;
}

describe('the palaces section declared as shapes', () => {
  it('its OpenAPI component is the shapes’ JSON Schema; a palace’s `code` is a `const` alone, 胎息’s `variants` an empty list without `items`', () => {
    const component = (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas['Palaces'];
    const declared = JSON.parse(JSON.stringify(shapeJsonSchema(PALACES_SHAPE))) as {
      properties: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(PALACES_SECTION.shape).toBe(PALACES_SHAPE);
    expect(component).toEqual(declared);
    expect(declared.properties['tai_xi']!.properties['code']).toEqual({ description: expect.any(String), const: 'palace.tai_xi' });
    expect(declared.properties['tai_xi']!.properties['variants']).toEqual({ type: 'array', description: expect.any(String), maxItems: 0 });
    expect(declared.properties['ming_gong']!.properties['variants']).toMatchObject({ type: 'array', minItems: 1, maxItems: 1 });
  });

  it('each GraphQL palace type says what the shape says of each member they share: camelCase, nullable alike, a list alike, the same words; REST’s labels and reading are in GraphQL’s `Term`s', () => {
    const schema = schemaFor();
    for (const [of, typeName] of PAIRS) {
      const type = schema.getType(typeName) as GraphQLObjectType;
      const json = printed(of);
      const fields = type.getFields();
      const shared = Object.keys(json.properties).filter((member) => !(member in IN_TERMS));
      expect(Object.keys(fields).sort(), of.name).toEqual(shared.map(camel).sort());
      for (const member of Object.keys(json.properties).filter((name) => name in IN_TERMS))
        expect(getNamedType(fields[IN_TERMS[member]!]!.type).name, `${of.name}.${member}`).toBe('Term');
      for (const member of shared) {
        const property = json.properties[member]!;
        const field = fields[camel(member)]!;
        if (!OWN_WORDS.has(member)) expect(field.description, `${of.name}.${member}`).toBe(`${property.description}.`);
        expect(isNonNullType(field.type), `${of.name}.${member}`).toBe(!nullable(property));
        const nested = shapeOf((of.object.shape as Record<string, z.ZodType>)[member]!);
        expect(getNamedType(field.type).name, `${of.name}.${member}`).toBe(
          // 胎息's `variants` is always empty: no shape of its own, GraphQL's list is the other palaces' type.
          nested !== undefined
            ? TYPE_OF_SHAPE.get(nested)
            : member === 'variants'
              ? 'PalaceVariant'
              : TERMS.has(member)
                ? 'Term'
                : 'String',
        );
        expect(isListType(getNullableType(field.type)), `${of.name}.${member}`).toBe(property.type === 'array');
      }
    }
  });

  it('real answers validate against the component (a birth time known or not, each language); one with a member more, a wrong code or a 胎息 variant does not', () => {
    for (const lang of Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])
      for (const birth of [BIRTH, UNKNOWN_TIME]) expect(schemaProblems('Palaces', answer(birth, lang)), lang).toEqual([]);
    const palaces = answer(UNKNOWN_TIME, 'en');
    expect(palaces['ming_gong']).toMatchObject({ ganzhi: null, absent: 'time_unknown' });
    const taiYuan = palaces['tai_yuan']!;
    expect(schemaProblems('Palaces', { ...palaces, extra: 1 })).not.toEqual([]);
    expect(schemaProblems('Palaces', { ...palaces, tai_yuan: { ...taiYuan, code: 'palace.tai_xi' } })).not.toEqual([]);
    expect(schemaProblems('Palaces', { ...palaces, tai_xi: { ...palaces['tai_xi'], variants: taiYuan['variants'] } })).not.toEqual([]);
    expect(schemaProblems('Palaces', { ...palaces, tai_yuan: { ...taiYuan, variants: [] } })).not.toEqual([]);
  });
});
