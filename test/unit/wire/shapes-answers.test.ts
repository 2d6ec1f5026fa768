/**
 * The answers declared as shapes (src/wire/shapes: the error body and the envelopes, both variants'
 * results, the compatibility, health, the free answers, `lunar_input`) and the shared atoms
 * (src/wire/shapes/atoms.ts): /openapi.json's components are their JSON Schemas, every `componentRef`
 * of every shape names a declared atom, a component shape or a chart section's component, and real
 * answers validate against them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lunarDates } from '../../../src/domain/calendar/lunar-dates.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { chartSections } from '../../../src/wire/chart-sections.ts';
import { pillarsToDatesOf } from '../../../src/wire/present/pillars-to-dates-json.ts';
import { atomSchemas, isAtom } from '../../../src/wire/shapes/atoms.ts';
import { COMPATIBILITY_RESULT_SHAPE } from '../../../src/wire/shapes/compatibility-result.ts';
import { ERROR_BODY_SHAPE, SUCCESS_A_SHAPE, SUCCESS_B_SHAPE, SUCCESS_COMPATIBILITY_SHAPE } from '../../../src/wire/shapes/envelopes.ts';
import { LUNAR_DATES_SHAPE, PILLARS_TO_DATES_SHAPE, PLACES_SHAPE } from '../../../src/wire/shapes/free-answers.ts';
import { DUTIES_SCHEMA, HEALTH_SHAPE, NOT_READY_SHAPE, READY_SHAPE } from '../../../src/wire/shapes/health.ts';
import { RESULT_A_SHAPE, RESULT_B_SHAPE } from '../../../src/wire/shapes/results.ts';
import {
  asWritten,
  componentRef,
  declaredShapes,
  shape,
  shapeJsonSchema,
  shapeNamed,
  type AnyShape,
} from '../../../src/wire/shapes/shape.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';

const components = () => (openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;

/** The component names a shape's members give `componentRef` (zod's own JSON Schema keeps them as `ref`). */
function componentRefsOf(of: AnyShape): string[] {
  const names: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const ref = (node as Record<string, unknown>)['ref'];
      if (typeof ref === 'string') names.push(ref);
      Object.values(node).forEach(walk);
    }
  };
  walk(z.toJSONSchema(of.object, { io: 'output' }));
  return names;
}

/**
 * The names a shape's `componentRef`s give that are neither a declared atom nor a component shape, nor
 * a chart section's component (the luck pillars' `relations` are the section's `Relations`).
 */
const unknownRefsOf = (of: AnyShape): string[] => {
  const sections = new Set(chartSections().map((section) => section.schema));
  return componentRefsOf(of).filter((name) => !isAtom(name) && shapeNamed(name)?.component !== true && !sections.has(name));
};

describe('the answers’ shapes and the atoms', () => {
  it('every componentRef of every declared shape names a declared atom, a component shape or a chart section’s component', () => {
    // Every protocol built: every shape (the results' on first use) is declared.
    components();
    schemaFor();
    const shapes = declaredShapes();
    expect(shapes.length).toBeGreaterThan(100);
    expect(new Set(shapes.flatMap(componentRefsOf))).toContain('Ganzhi');
    for (const of of shapes) expect(unknownRefsOf(of), of.name).toEqual([]);
    const typo = shape('ExampleTypo', 'A member naming no component', { stem: componentRef('Stems') });
    expect(unknownRefsOf(typo)).toEqual(['Stems']);
  });

  it('/openapi.json’s atoms and answers are the atoms’ and the shapes’ JSON Schemas, in the components’ order', () => {
    const schemas = components();
    const expected: Record<string, unknown> = {
      ErrorBody: shapeJsonSchema(ERROR_BODY_SHAPE),
      ...atomSchemas(),
      ResultA: shapeJsonSchema(RESULT_A_SHAPE()),
      ResultB: shapeJsonSchema(RESULT_B_SHAPE()),
      SuccessA: shapeJsonSchema(SUCCESS_A_SHAPE()),
      SuccessB: shapeJsonSchema(SUCCESS_B_SHAPE()),
      CompatibilityResult: shapeJsonSchema(COMPATIBILITY_RESULT_SHAPE),
      SuccessCompatibility: shapeJsonSchema(SUCCESS_COMPATIBILITY_SHAPE),
      Health: shapeJsonSchema(HEALTH_SHAPE),
      Places: shapeJsonSchema(PLACES_SHAPE),
      PillarsToDates: shapeJsonSchema(PILLARS_TO_DATES_SHAPE),
      LunarDates: shapeJsonSchema(LUNAR_DATES_SHAPE),
      Ready: shapeJsonSchema(READY_SHAPE),
      NotReady: shapeJsonSchema(NOT_READY_SHAPE),
      Duties: DUTIES_SCHEMA,
    };
    for (const [name, schema] of Object.entries(expected)) expect(JSON.stringify(schemas[name]), name).toBe(JSON.stringify(schema));
    const names = Object.keys(schemas).filter((name) => name in expected);
    expect(names).toEqual(Object.keys(expected).filter((name) => name in schemas));
    // The results' optional members: the opt-in sections, then `lunar_input` and `place`, none required.
    const resultA = schemas['ResultA'] as { required: string[]; properties: Record<string, unknown> };
    expect(Object.keys(resultA.properties).slice(-2)).toEqual(['lunar_input', 'place']);
    expect(resultA.required).not.toContain('luck');
    expect(resultA.required).not.toContain('lunar_input');
  });

  it('a shape described as null has no description in its JSON Schema; asWritten keeps its keywords as written, a later description after its type', () => {
    const undescribed = shape('ExampleUndescribed', null, {
      code: asWritten<string>({ type: 'string', enum: ['a', 'b'] }),
      note: asWritten<string>({ type: 'string', minLength: 1, description: 'Last, as written' }),
      empty: asWritten<readonly never[]>({ type: 'array', maxItems: 0 }).meta({ description: 'After the type' }),
      fixed: asWritten<'x'>({ const: 'x' }).meta({ description: 'First: no type' }),
    });
    expect(JSON.stringify(shapeJsonSchema(undescribed))).toBe(
      JSON.stringify({
        type: 'object',
        required: ['code', 'note', 'empty', 'fixed'],
        properties: {
          code: { type: 'string', enum: ['a', 'b'] },
          note: { type: 'string', minLength: 1, description: 'Last, as written' },
          empty: { type: 'array', description: 'After the type', maxItems: 0 },
          fixed: { description: 'First: no type', const: 'x' },
        },
        additionalProperties: false,
      }),
    );
  });

  it('real free answers validate against their components; one with a member more does not', () => {
    const lunar = lunarDates({ date: '2033-12-22' });
    expect(lunar.ok).toBe(true);
    const lunarAnswer = JSON.parse(JSON.stringify(lunar.ok && lunar.answer)) as Record<string, unknown>;
    expect(schemaProblems('LunarDates', lunarAnswer)).toEqual([]);
    expect(schemaProblems('LunarDates', { ...lunarAnswer, extra: 1 })).not.toEqual([]);
    const dates = pillarsToDatesOf({ year_pillar: '甲子', month_pillar: '丙寅', day_pillar: '甲子', location: 139.69 });
    expect(dates.ok).toBe(true);
    const datesAnswer = JSON.parse(JSON.stringify(dates.ok && dates.answer)) as Record<string, unknown>;
    expect((datesAnswer['intervals'] as unknown[]).length).toBeGreaterThan(0);
    expect(schemaProblems('PillarsToDates', datesAnswer)).toEqual([]);
    expect(schemaProblems('PillarsToDates', { ...datesAnswer, pillars: { year: '甲子' } })).not.toEqual([]);
  });
});
