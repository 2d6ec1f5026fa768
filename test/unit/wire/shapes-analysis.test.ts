/**
 * The `analysis` section declared as shapes (src/wire/sections/analysis/shape.ts): the GraphQL types
 * built from them follow their JSON Schema member by member, and real answers validate against the
 * OpenAPI component `Analysis`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { catalogueFor } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiJson } from '../../../src/http/rest/openapi.ts';
import { ANALYSIS_SECTION } from '../../../src/wire/sections/analysis/section.ts';
import {
  ANALYSIS_SHAPE,
  CLASSICAL_STEM_SHAPE,
  FORMATION_RULE_SHAPE,
  INNER_PATTERN_SHAPE,
  PATTERN_CANDIDATE_SHAPE,
  ROOT_SHAPE,
  SENSITIVITY_SHAPE,
  STEM_FACT_SHAPE,
  TERM_SHAPE,
  VERDICT_SPREAD_SHAPE,
  VERDICTS_STAY_SHAPE,
} from '../../../src/wire/sections/analysis/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { expectTypeFollowsShape } from '../../support/shape-checks.ts';

describe('the analysis section’s shapes', () => {
  it('each shape’s GraphQL type (ClassicalRoot, ClassicalStemFact, ClassicalStem, PatternCandidate, FormationRule, InnerPattern, AnalysisTerm, VerdictSpread, VerdictsStay, AnalysisSensitivity) has a field per member: camelCase, nullable as the member, a shape member its type (a list member a list), described', () => {
    const schema = schemaFor();
    for (const of of [
      ROOT_SHAPE,
      STEM_FACT_SHAPE,
      CLASSICAL_STEM_SHAPE,
      PATTERN_CANDIDATE_SHAPE,
      FORMATION_RULE_SHAPE,
      INNER_PATTERN_SHAPE,
      TERM_SHAPE,
      VERDICT_SPREAD_SHAPE,
      VERDICTS_STAY_SHAPE,
      SENSITIVITY_SHAPE,
    ])
      expectTypeFollowsShape(schema, of);
  });

  it('the OpenAPI component `Analysis` is the shape’s JSON Schema', () => {
    const document = JSON.parse(openApiJson()) as { components: { schemas: Record<string, unknown> } };
    expect(document.components.schemas['Analysis']).toEqual(shapeJsonSchema(ANALYSIS_SHAPE));
  });

  it('real answers validate against the component (four and three pillars, with and without sensitivity, in two languages); one with a member more or less does not', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(shapeJsonSchema(ANALYSIS_SHAPE));
    const births = [
      { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 },
      { year: 1985, month: 8, day: 20, time: '14:00', location: 135 },
      { year: 1985, month: 8, day: 20, location: 135, time_unknown: true },
      { year: 1964, month: 2, day: 4, time: '06:10', location: 139.69 },
      { year: 2001, month: 11, day: 30, time: '23:40', location: 130.4 },
      { year: 1972, month: 6, day: 21, time: '03:05', location: 141.35 },
      { year: 2010, month: 1, day: 5, time: '18:20', location: 127 },
      { year: 1949, month: 10, day: 1, time: '15:00', location: 116.4 },
    ];
    let seen = { tongguan: 0, japanese: 0, pairs: 0, outer: 0 };
    for (const [index, birth] of births.entries()) {
      for (const lang of ['ja', 'en'] as const) {
        const sensitivity = index < 2 && lang === 'ja';
        const answer = ANALYSIS_SECTION.json(chartOf(birth), { sensitivity }, catalogueFor(lang)) as Record<string, any>;
        expect(validate(answer), `${JSON.stringify(birth)} ${lang}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(answer['sensitivity'] === null).toBe(!sensitivity);
        seen = {
          tongguan: seen.tongguan + (answer['useful_gods'].tongguan === null ? 0 : 1),
          japanese: seen.japanese + (answer['useful_gods'].japanese === null ? 0 : 1),
          pairs: seen.pairs + answer['useful_gods'].bingyao.pairs.length,
          outer: seen.outer + (answer['pattern'][0].outer_checks?.length ?? 0),
        };
      }
    }
    // The births reach every nullable and list member: 通関, the Japanese 喜忌, 病薬 pairs, 外格 checks.
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
    const answer = ANALYSIS_SECTION.json(chartOf(births[0]!), { sensitivity: false }, catalogueFor('ja')) as Record<string, unknown>;
    expect(validate({ ...answer, extra: 1 })).toBe(false);
    const { agreement: _agreement, ...short } = answer;
    expect(validate(short)).toBe(false);
    expect(validate({ ...answer, pillars_used: 2 })).toBe(false);
  });
});
