/**
 * An answer's shape declared once (src/wire/shapes): its JSON Schema and its GraphQL type follow,
 * with one description of each member in each protocol's spelling.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { solarTermsOfYear } from '../../../src/domain/astronomy/term-listing.ts';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { zoneRules } from '../../../src/domain/time/zone.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { placeJson, searchPlaces } from '../../../src/domain/places/gazetteer.ts';
import '../../../src/application/places-data.ts';
import { BIRTH_INTERVAL_SHAPE } from '../../../src/wire/shapes/birth-interval.ts';
import { LUNAR_READING_SHAPE } from '../../../src/wire/shapes/lunar-reading.ts';
import { PLACE_SHAPE } from '../../../src/wire/shapes/place.ts';
import { COMPATIBILITY_CHART_SHAPE } from '../../../src/wire/shapes/compatibility-chart.ts';
import { COMPATIBILITY_ITEM_SHAPE } from '../../../src/wire/shapes/compatibility-item.ts';
import { DAY_GANZHI_DETAILS_SHAPE } from '../../../src/wire/shapes/day-ganzhi-details.ts';
import { SOLAR_TERM_SHAPE } from '../../../src/wire/shapes/solar-term.ts';
import {
  ACADEMIC_TALENT_SHAPE,
  CAREER_POTENTIAL_SHAPE,
  DETAILED_TEN_GODS_SHAPE,
  ENHANCED_SUMMARY_SHAPE,
  FORTUNE_INDICATORS_SHAPE,
  HARMONY_LEVEL_SHAPE,
  KUIGANG_SHAPE,
  OVERALL_FORTUNE_SHAPE,
  PILLAR_NAYIN_SHAPE,
  PILLAR_TEN_GOD_SHAPE,
  RELATIONSHIP_LUCK_SHAPE,
  SHENSHA_SHAPE,
  SHENSHA_SUMMARY_SHAPE,
  STAR_ENTRY_SHAPE,
  STAR_LOCATION_SHAPE,
  TEN_GOD_BALANCE_ASSESSMENT_SHAPE,
  TEN_GOD_SUMMARY_SHAPE,
  WEALTH_POTENTIAL_SHAPE,
} from '../../../src/wire/shapes/variant-b.ts';
import { graphqlDescription, shape, shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

describe('a shape gives the JSON Schema and the GraphQL type', () => {
  it('the JSON Schema: every member required and described, nothing else allowed, null spelled as a type, an enum without its type', () => {
    const example = shape('Example', 'An example', {
      name: z.string().meta({ description: 'Its name' }),
      count: z.int().min(0).meta({ description: 'How many' }),
      note: z.string().nullable().meta({ description: 'A note, or null' }),
      lang: z.enum(['ja', 'en']).meta({ description: 'A language' }),
    });
    expect(shapeJsonSchema(example)).toEqual({
      type: 'object',
      description: 'An example',
      required: ['name', 'count', 'note', 'lang'],
      properties: {
        name: { type: 'string', description: 'Its name' },
        count: { type: 'integer', description: 'How many', minimum: 0 },
        note: { type: ['string', 'null'], description: 'A note, or null' },
        lang: { description: 'A language', enum: ['ja', 'en'] },
      },
      additionalProperties: false,
    });
  });

  it('a shape holding shapes: a component one is a `$ref`, another is written in place; lists and null as members', () => {
    const inner = shape('ExampleInner', 'Inner', { n: z.int().meta({ description: 'N' }) });
    const shared = shape('ExampleShared', 'Shared', { s: z.string().meta({ description: 'S' }) }, { component: true });
    const outer = shape('ExampleOuter', 'Outer', {
      inner: inner.object.meta({ description: 'In place' }),
      shared: shared.object.nullable().meta({ description: 'By reference, or null' }),
      many: z.array(inner.object).meta({ description: 'A list' }),
      words: z.array(z.string()).meta({ description: 'Words' }),
    });
    expect(shapeJsonSchema(outer)).toEqual({
      type: 'object',
      description: 'Outer',
      required: ['inner', 'shared', 'many', 'words'],
      properties: {
        inner: {
          type: 'object',
          description: 'In place',
          required: ['n'],
          properties: { n: { type: 'integer', description: 'N' } },
          additionalProperties: false,
        },
        shared: { description: 'By reference, or null', anyOf: [{ $ref: '#/components/schemas/ExampleShared' }, { type: 'null' }] },
        many: {
          type: 'array',
          description: 'A list',
          items: { type: 'object', required: ['n'], properties: { n: { type: 'integer', description: 'N' } }, additionalProperties: false },
        },
        words: { type: 'array', description: 'Words', items: { type: 'string' } },
      },
      additionalProperties: false,
    });
    expect(() => shape('ExampleInner', 'Again', {})).toThrow('shape "ExampleInner" is declared twice');
  });

  it('GraphQL spells a backticked member in camelCase and closes the sentence', () => {
    expect(graphqlDescription('The language of `name_lang` (`en`: main)')).toBe('The language of `nameLang` (`en`: main).');
    expect(graphqlDescription('Already closed.')).toBe('Already closed.');
    expect(graphqlDescription('`jp:<code>` or `place_id`')).toBe('`jp:<code>` or `placeId`.');
  });

  it('each shape’s GraphQL type (Place, BirthInterval, LunarReading, SolarTerm, CompatibilityChart, CompatibilityItem, DayGanzhiDetails, Variant B’s sections and their parts) has a field per member: camelCase, nullable as the member, a shape member its type (a list member a list), described', () => {
    const schema = schemaFor();
    for (const of of [
      PLACE_SHAPE,
      BIRTH_INTERVAL_SHAPE,
      LUNAR_READING_SHAPE,
      SOLAR_TERM_SHAPE,
      COMPATIBILITY_CHART_SHAPE,
      COMPATIBILITY_ITEM_SHAPE,
      DAY_GANZHI_DETAILS_SHAPE,
      DETAILED_TEN_GODS_SHAPE,
      PILLAR_TEN_GOD_SHAPE,
      TEN_GOD_SUMMARY_SHAPE,
      TEN_GOD_BALANCE_ASSESSMENT_SHAPE,
      PILLAR_NAYIN_SHAPE,
      HARMONY_LEVEL_SHAPE,
      SHENSHA_SHAPE,
      STAR_ENTRY_SHAPE,
      STAR_LOCATION_SHAPE,
      KUIGANG_SHAPE,
      SHENSHA_SUMMARY_SHAPE,
      ENHANCED_SUMMARY_SHAPE,
      FORTUNE_INDICATORS_SHAPE,
      OVERALL_FORTUNE_SHAPE,
      CAREER_POTENTIAL_SHAPE,
      RELATIONSHIP_LUCK_SHAPE,
      WEALTH_POTENTIAL_SHAPE,
      ACADEMIC_TALENT_SHAPE,
    ])
      expectTypeFollowsShape(schema, of);
  });

  it('a year’s solar terms validate against their shape', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(shapeJsonSchema(SOLAR_TERM_SHAPE));
    for (const term of solarTermsOfYear(2024, zoneRules('Asia/Tokyo'), JA_CATALOGUE.labels.jieqi))
      expect(validate(term), JSON.stringify(validate.errors)).toBe(true);
  });

  it('a real place validates against the shape’s JSON Schema; one with a member more or less does not', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(shapeJsonSchema(PLACE_SHAPE));
    const place = placeJson(searchPlaces('札幌', 1)[0]!);
    expect(validate(place), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...place, extra: 1 })).toBe(false);
    const { population: _population, ...short } = place;
    expect(validate(short)).toBe(false);
  });
});
