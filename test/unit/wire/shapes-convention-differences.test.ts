/**
 * The `convention_differences` section declared as shapes
 * (src/wire/sections/convention-differences/shape.ts): /openapi.json `ConventionDifferences` is the
 * list of it, real answers validate against it (ajv), GraphQL's `ConventionValue` is built from its
 * shape and the hand-written `ConventionDifference` says what the shape says, field by field, but
 * where it differs on purpose.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { CONVENTION_DIFFERENCES_SECTION } from '../../../src/wire/sections/convention-differences/section.ts';
import {
  CONVENTION_DIFFERENCE_SHAPE,
  CONVENTION_DIFFERENCES_SCHEMA,
  CONVENTION_VALUE_SHAPE,
} from '../../../src/wire/sections/convention-differences/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

/** Births: the 子 hour (another day boundary changes the day), near a 節, an ordinary one, the time unknown. */
const BIRTHS = [
  { year: 1990, month: 8, day: 15, time: '23:30', location: 135.5 },
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69 },
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5 },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true },
];

const components = () => (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;

describe('the convention_differences section’s shapes', () => {
  it('GraphQL’s ConventionValue is built from its shape; ConventionDifference has a field per member, described alike but `convention` (its words name values, kept in snake_case)', () => {
    const schema = schemaFor();
    expectTypeFollowsShape(schema, CONVENTION_VALUE_SHAPE);
    expectTypeFollowsShape(schema, CONVENTION_DIFFERENCE_SHAPE, {
      'ConventionDifference.convention': { description: '`day_boundary`, `solar_time`, `zokan_table` or `zokan_count`.' },
    });
  });

  it('/openapi.json’s ConventionDifferences is the list of the shape; real answers validate against it, a difference with a member more or less does not', () => {
    const component = components()['ConventionDifferences'] as { items: unknown };
    expect(component).toEqual(JSON.parse(JSON.stringify(CONVENTION_DIFFERENCES_SCHEMA)));
    expect(component.items).toEqual(shapeJsonSchema(CONVENTION_DIFFERENCE_SHAPE));
    let differences = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES)) {
        const answer = JSON.parse(JSON.stringify(CONVENTION_DIFFERENCES_SECTION.json(chartOf(birth), undefined, catalogue))) as Record<
          string,
          unknown
        >[];
        expect(schemaProblems('ConventionDifferences', answer)).toEqual([]);
        differences += answer.length;
      }
    expect(differences).toBeGreaterThan(0);
    const [first] = BIRTHS.flatMap(
      (birth) =>
        JSON.parse(JSON.stringify(CONVENTION_DIFFERENCES_SECTION.json(chartOf(birth), undefined, CATALOGUES.en))) as Record<
          string,
          unknown
        >[],
    );
    expect(schemaProblems('ConventionDifferences', [{ ...first, extra: 1 }])).not.toEqual([]);
    const { values, ...short } = first! as { values: unknown[] };
    expect(schemaProblems('ConventionDifferences', [short])).not.toEqual([]);
    expect(schemaProblems('ConventionDifferences', [{ ...first, values: values.slice(0, 1) }])).not.toEqual([]);
    expect(schemaProblems('ConventionDifferences', [{ ...first, field: 'yearGanzhi' }])).not.toEqual([]);
  });
});
