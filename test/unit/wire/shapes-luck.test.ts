/**
 * The `luck` section's shapes (src/wire/sections/luck/shape.ts): GraphQL's `LuckStartAge`, `LuckStart`,
 * `LuckStartRange`, `LuckInstantRange` and `LuckAgeRange` are built from them; real answers (with a
 * birth time, a three-pillar chart, no gender) validate against /openapi.json's `Luck`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiJson } from '../../../src/http/rest/openapi.ts';
import { LUCK_SECTION } from '../../../src/wire/sections/luck/section.ts';
import {
  LUCK_AGE_RANGE_SHAPE,
  LUCK_INSTANT_RANGE_SHAPE,
  LUCK_START_AGE_SHAPE,
  LUCK_START_RANGE_SHAPE,
  LUCK_SHAPE,
  LUCK_START_SHAPE,
} from '../../../src/wire/sections/luck/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

const BIRTHS = [
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5, gender: 'male' },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true, gender: 'female' },
  { year: 2001, month: 3, day: 21, time: '23:10', location: 139.69 },
];

describe('the luck section’s shapes', () => {
  it('GraphQL’s types built from them have a field per member: camelCase, nullable as the member, described alike', () => {
    const schema = schemaFor();
    for (const of of [LUCK_START_AGE_SHAPE, LUCK_INSTANT_RANGE_SHAPE, LUCK_AGE_RANGE_SHAPE, LUCK_START_SHAPE, LUCK_START_RANGE_SHAPE])
      expectTypeFollowsShape(schema, of);
  });

  it('/openapi.json’s Luck is the shapes’ JSON Schema and LuckStartAge the shape’s; real answers validate against it', () => {
    const components = (JSON.parse(openApiJson()) as { components: { schemas: Record<string, object> } }).components.schemas;
    expect(components['Luck']).toEqual(shapeJsonSchema(LUCK_SHAPE));
    expect(components['LuckStartAge']).toEqual(shapeJsonSchema(LUCK_START_AGE_SHAPE));
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const [name, schema] of Object.entries(components)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    const validate = ajv.compile({ $ref: '#/components/schemas/Luck' });
    let checked = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES)) {
        const options = { arguments: {} as never, cycles: 8, years: [2024, 2026] as const, months: 2025 };
        const answer = JSON.parse(JSON.stringify(LUCK_SECTION.json(chartOf(birth), options, catalogue))) as Record<string, unknown>;
        expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
        checked += 1;
      }
    expect(checked).toBe(BIRTHS.length * Object.keys(CATALOGUES).length);
    const answer = JSON.parse(
      JSON.stringify(LUCK_SECTION.json(chartOf(BIRTHS[0]!), { arguments: {} as never, cycles: 8 }, CATALOGUES.en)),
    ) as Record<string, unknown>;
    expect(validate(answer)).toBe(true);
    expect(validate({ ...answer, extra: 1 })).toBe(false);
    const { reference_term: _term, ...short } = answer;
    expect(validate(short)).toBe(false);
  });
});
