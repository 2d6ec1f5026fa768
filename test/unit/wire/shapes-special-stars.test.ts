/**
 * The `special_stars` section declared as shapes (src/wire/sections/special-stars/shape.ts):
 * /openapi.json `SpecialStars` is the list of it, real answers validate against it (ajv), and GraphQL's
 * `SpecialStar` and `SpecialStarPosition` are built from the shapes, field by field.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { SPECIAL_STARS_SECTION } from '../../../src/wire/sections/special-stars/section.ts';
import { SPECIAL_STAR_POSITION_SHAPE, SPECIAL_STAR_SHAPE, SPECIAL_STARS_SCHEMA } from '../../../src/wire/sections/special-stars/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

/** Births: with a gender (元辰 too), an ordinary one, the time unknown. */
const BIRTHS = [
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, gender: 'male' },
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5 },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true, gender: 'female' },
];

const components = () => (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;

describe('the special_stars section’s shapes', () => {
  it('GraphQL’s SpecialStar and SpecialStarPosition have a field per member, described alike', () => {
    const schema = schemaFor();
    for (const of of [SPECIAL_STAR_SHAPE, SPECIAL_STAR_POSITION_SHAPE]) expectTypeFollowsShape(schema, of);
  });

  it('/openapi.json’s SpecialStars is the list of the shape; real answers (every language) validate against it, a star with a member more or less does not', () => {
    const component = components()['SpecialStars'] as { items: unknown };
    expect(component).toEqual(JSON.parse(JSON.stringify(SPECIAL_STARS_SCHEMA)));
    expect(component.items).toEqual(shapeJsonSchema(SPECIAL_STAR_SHAPE));
    let stars = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES)) {
        const answer = JSON.parse(JSON.stringify(SPECIAL_STARS_SECTION.json(chartOf(birth), {}, catalogue))) as Record<string, unknown>[];
        expect(schemaProblems('SpecialStars', answer)).toEqual([]);
        stars += answer.length;
      }
    expect(stars).toBeGreaterThan(BIRTHS.length * Object.keys(CATALOGUES).length);
    const [first] = JSON.parse(JSON.stringify(SPECIAL_STARS_SECTION.json(chartOf(BIRTHS[0]!), {}, CATALOGUES.en))) as Record<
      string,
      unknown
    >[];
    expect(schemaProblems('SpecialStars', [{ ...first, extra: 1 }])).not.toEqual([]);
    const { rule: _rule, ...short } = first!;
    expect(schemaProblems('SpecialStars', [short])).not.toEqual([]);
    expect(schemaProblems('SpecialStars', [{ ...first, positions: [] }])).not.toEqual([]);
  });
});
