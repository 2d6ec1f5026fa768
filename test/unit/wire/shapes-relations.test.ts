/**
 * The `relations` section declared as shapes (src/wire/sections/relations/shape.ts): /openapi.json
 * `Relation` is the shape's JSON Schema and `Relations` the list of it, real answers validate against
 * them (ajv), GraphQL's `RelationMember` is built from its shape and the hand-written `Relation` says
 * what the shape says of each member, field by field (its `type` is the enum `RelationType`).
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { RELATIONS_SECTION } from '../../../src/wire/sections/relations/section.ts';
import { RELATION_MEMBER_SHAPE, RELATION_SHAPE, RELATIONS_SCHEMA } from '../../../src/wire/sections/relations/shape.ts';
import { componentRef, shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

/** Births: an ordinary one, one near 立春, the time unknown (three pillars). */
const BIRTHS = [
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5 },
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69 },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true },
];

const components = () => (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;

describe('the relations section’s shapes', () => {
  it('GraphQL’s RelationMember is built from its shape; Relation has a field per member, described alike, its type the enum RelationType', () => {
    const schema = schemaFor();
    expectTypeFollowsShape(schema, RELATION_MEMBER_SHAPE);
    // `element` is `oneOf` an Element or null in the JSON Schema (as it always was); the check reads null in `anyOf`.
    const element = RELATION_SHAPE.object.shape.element;
    const readable = {
      ...RELATION_SHAPE,
      object: RELATION_SHAPE.object.extend({
        element: componentRef('Element').nullable().meta({ description: element.meta()!.description! }),
      }),
    };
    expectTypeFollowsShape(schema, readable, { 'Relation.type': { type: 'RelationType' } });
  });

  it('/openapi.json’s Relation is the shape’s JSON Schema and Relations the list of it; real answers validate, a relation with a member more or less does not', () => {
    const schemas = components();
    expect(schemas['Relation']).toEqual(shapeJsonSchema(RELATION_SHAPE));
    expect(schemas['Relations']).toEqual(RELATIONS_SCHEMA);
    expect((schemas['Relation'] as { properties: Record<string, unknown> }).properties['element']).toEqual({
      description: expect.any(String),
      oneOf: [{ $ref: '#/components/schemas/Element' }, { type: 'null' }],
    });
    let relations = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES)) {
        const answer = JSON.parse(JSON.stringify(RELATIONS_SECTION.json(chartOf(birth), undefined, catalogue))) as Record<
          string,
          unknown
        >[];
        expect(schemaProblems('Relations', answer)).toEqual([]);
        relations += answer.length;
      }
    expect(relations).toBeGreaterThan(0);
    const [first] = BIRTHS.flatMap(
      (birth) => JSON.parse(JSON.stringify(RELATIONS_SECTION.json(chartOf(birth), undefined, CATALOGUES.en))) as Record<string, unknown>[],
    );
    expect(schemaProblems('Relations', [{ ...first, extra: 1 }])).not.toEqual([]);
    const { adjacent: _adjacent, ...short } = first!;
    expect(schemaProblems('Relations', [short])).not.toEqual([]);
    expect(schemaProblems('Relations', [{ ...first, members: [{ pillar: 'century', part: 'stem' }] }])).not.toEqual([]);
  });
});
