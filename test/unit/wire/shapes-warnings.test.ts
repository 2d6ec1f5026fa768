/**
 * The `warnings` section declared as a shape (src/wire/sections/warnings/shape.ts): /openapi.json
 * `ChartWarnings` is the list of it, real answers validate against it (ajv), and GraphQL's hand-written
 * `ChartWarning` says what the shape says of each member, field by field, but where it differs on purpose.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { WARNINGS_SECTION } from '../../../src/wire/sections/warnings/section.ts';
import { CHART_WARNING_SHAPE, CHART_WARNINGS_SCHEMA } from '../../../src/wire/sections/warnings/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

/** Births with warnings: near 立春, no time given, the time unknown, an ordinary one. */
const BIRTHS = [
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, uncertainty_minutes: 60 },
  { year: 1990, month: 8, day: 15, location: 135.5 },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true, gender: 'female' },
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5 },
];

const components = () => (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;

describe('the warnings section’s shape', () => {
  it('GraphQL’s ChartWarning has a field per member, described alike; its code is the enum ChartWarningCode', () => {
    expectTypeFollowsShape(schemaFor(), CHART_WARNING_SHAPE, { 'ChartWarning.code': { type: 'ChartWarningCode' } });
  });

  it('/openapi.json’s ChartWarnings is the list of the shape; real answers (every language) validate against it, a warning with a member more or less does not', () => {
    const component = components()['ChartWarnings'] as { items: unknown };
    expect(component).toEqual(JSON.parse(JSON.stringify(CHART_WARNINGS_SCHEMA)));
    expect(component.items).toEqual(shapeJsonSchema(CHART_WARNING_SHAPE));
    let warnings = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES)) {
        const answer = JSON.parse(JSON.stringify(WARNINGS_SECTION.json(chartOf(birth), undefined, catalogue))) as Record<string, unknown>[];
        expect(schemaProblems('ChartWarnings', answer)).toEqual([]);
        warnings += answer.length;
      }
    expect(warnings).toBeGreaterThan(BIRTHS.length);
    const [first] = JSON.parse(JSON.stringify(WARNINGS_SECTION.json(chartOf(BIRTHS[0]!), undefined, CATALOGUES.en))) as Record<
      string,
      unknown
    >[];
    expect(schemaProblems('ChartWarnings', [{ ...first, extra: 1 }])).not.toEqual([]);
    const { message: _message, ...short } = first!;
    expect(schemaProblems('ChartWarnings', [short])).not.toEqual([]);
    expect(schemaProblems('ChartWarnings', [{ ...first, fields: ['yearGanzhi'] }])).not.toEqual([]);
  });
});
