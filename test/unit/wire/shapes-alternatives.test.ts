/**
 * The `alternatives` section declared as shapes (src/wire/sections/alternatives/shape.ts): /openapi.json
 * `ChartAlternatives` is the list of it, real answers validate against it (ajv), and GraphQL's
 * hand-written `ChartAlternative` says what the shape says of each member, field by field; its `zokan`
 * is Variant A's `PillarHiddenStems`.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { ALTERNATIVES_SECTION } from '../../../src/wire/sections/alternatives/section.ts';
import { CHART_ALTERNATIVE_SHAPE, CHART_ALTERNATIVES_SCHEMA } from '../../../src/wire/sections/alternatives/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

/** Births: near 立春 with a wide window (several charts), an ordinary one, the time unknown (the whole day). */
const BIRTHS = [
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, uncertainty_minutes: 120 },
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5 },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true },
];

const components = () => (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;

describe('the alternatives section’s shapes', () => {
  it('GraphQL’s ChartAlternative has a field per member, described alike; its zokan is Variant A’s PillarHiddenStems', () => {
    expectTypeFollowsShape(schemaFor(), CHART_ALTERNATIVE_SHAPE, { 'ChartAlternative.zokan': { type: 'PillarHiddenStems' } });
  });

  it('/openapi.json’s ChartAlternatives is the list of the shape (never empty); real answers validate against it, an alternative with a member more or less does not', () => {
    const component = components()['ChartAlternatives'] as { items: unknown; minItems: number };
    expect(component).toEqual(JSON.parse(JSON.stringify(CHART_ALTERNATIVES_SCHEMA)));
    expect(component.items).toEqual(shapeJsonSchema(CHART_ALTERNATIVE_SHAPE));
    expect(component.minItems).toBe(1);
    let alternatives = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES)) {
        const answer = JSON.parse(JSON.stringify(ALTERNATIVES_SECTION.json(chartOf(birth), undefined, catalogue))) as Record<
          string,
          unknown
        >[];
        expect(schemaProblems('ChartAlternatives', answer)).toEqual([]);
        alternatives += answer.length;
      }
    expect(alternatives).toBeGreaterThan(BIRTHS.length * Object.keys(CATALOGUES).length);
    const [first] = JSON.parse(JSON.stringify(ALTERNATIVES_SECTION.json(chartOf(BIRTHS[0]!), undefined, CATALOGUES.en))) as Record<
      string,
      unknown
    >[];
    expect(schemaProblems('ChartAlternatives', [])).not.toEqual([]);
    expect(schemaProblems('ChartAlternatives', [{ ...first, extra: 1 }])).not.toEqual([]);
    const { zokan: _zokan, ...short } = first!;
    expect(schemaProblems('ChartAlternatives', [short])).not.toEqual([]);
    expect(schemaProblems('ChartAlternatives', [{ ...first, share: 2 }])).not.toEqual([]);
  });
});
