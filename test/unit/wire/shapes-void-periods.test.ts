/**
 * The `void_periods` section's shapes (src/wire/sections/void-periods/shape.ts): its GraphQL types
 * field by field against their JSON Schema (`VoidYear`, `VoidMonth`, `VoidCycle` built from the
 * shapes; `VoidSchool` and `VoidPeriods` written by hand over them, `basis` the enum `VoidBasis`),
 * and real answers against the /openapi.json component.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiDocument } from '../../../src/http/rest/openapi.ts';
import { VOID_PERIODS_SECTION } from '../../../src/wire/sections/void-periods/section.ts';
import {
  VOID_CYCLE_SHAPE,
  VOID_MONTH_SHAPE,
  VOID_PERIODS_SHAPE,
  VOID_SCHOOL_SHAPE,
  VOID_YEAR_SHAPE,
} from '../../../src/wire/sections/void-periods/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { expectTypeFollowsShape, type FieldDifference } from '../../support/shape-checks.ts';

/** A member whose GraphQL type is an enum of the hand-written type rather than a String. */
const DIFFERENT: Readonly<Record<string, FieldDifference>> = { 'VoidSchool.basis': { type: 'VoidBasis' } };

// ajv-formats is CommonJS with a default export; under nodenext its namespace wraps it.
const addFormats = ajvFormats.default as unknown as typeof ajvFormats.default.default;

/** The section's JSON for a birth (the section's own `json`, options as REST reads them). */
function answer(birth: Record<string, unknown>, voidYears?: string) {
  const parsed = parseChartRequest(birth);
  if (!parsed.ok) throw new Error('bad birth');
  const options = VOID_PERIODS_SECTION.readOptions!((name) => (name === 'void_years' ? voidYears : undefined), [], true);
  return VOID_PERIODS_SECTION.json(computeChartCore(parsed.request), options, JA_CATALOGUE) as Record<string, unknown>;
}

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' };

describe('the void_periods shapes', () => {
  it('each GraphQL type (VoidPeriods, VoidSchool, VoidYear, VoidMonth, VoidCycle) has a field per member: camelCase, nullable as the member, a shape member its type (a list member a list), described', () => {
    const schema = schemaFor();
    for (const of of [VOID_PERIODS_SHAPE, VOID_SCHOOL_SHAPE, VOID_YEAR_SHAPE, VOID_MONTH_SHAPE, VOID_CYCLE_SHAPE])
      expectTypeFollowsShape(schema, of, DIFFERENT);
  });

  it('the VoidBasis enum holds exactly the shape’s bases', () => {
    const values = (VOID_SCHOOL_SHAPE.object.shape.basis as z.ZodEnum).options;
    const enumType = schemaFor().getType('VoidBasis') as { getValues(): readonly { value: unknown }[] };
    expect(enumType.getValues().map((v) => v.value)).toEqual(values);
  });

  it('/openapi.json `VoidPeriods` is the shape’s JSON Schema, and the section declares the shape', () => {
    const document = openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } };
    expect(document.components.schemas['VoidPeriods']).toEqual(shapeJsonSchema(VOID_PERIODS_SHAPE));
    expect(VOID_PERIODS_SECTION.shape).toBe(VOID_PERIODS_SHAPE);
    expect(VOID_PERIODS_SECTION.definition).toBeUndefined();
  });

  it('real answers validate against the component (months and cycles present, and null); a broken one does not', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(openApiDocument(), 'urn:four-pillars:void-periods-shapes');
    const validate = ajv.getSchema('urn:four-pillars:void-periods-shapes#/components/schemas/VoidPeriods')!;

    const short = answer(BIRTH, '2018-2019');
    const schools = short['schools'] as Record<string, unknown>[];
    expect(schools).toHaveLength(2);
    expect(schools[0]!['months']).not.toBeNull();
    expect(schools[0]!['cycles']).not.toBeNull();
    expect(validate(short), JSON.stringify(validate.errors)).toBe(true);

    const long = answer(BIRTH); // the default span: no months
    expect((long['schools'] as Record<string, unknown>[])[0]!['months']).toBeNull();
    expect(validate(long), JSON.stringify(validate.errors)).toBe(true);

    const { gender: _gender, ...genderless } = BIRTH; // no direction: no cycles
    const noCycles = answer(genderless, '2024');
    expect((noCycles['schools'] as Record<string, unknown>[])[0]!['cycles']).toBeNull();
    expect(validate(noCycles), JSON.stringify(validate.errors)).toBe(true);

    expect(validate({ ...short, extra: 1 })).toBe(false);
    const first = schools[0]!;
    const years = (long['schools'] as Record<string, unknown>[])[0]!['years'] as Record<string, unknown>[];
    expect(years.length).toBeGreaterThan(0);
    const broken = (school: Record<string, unknown>) => ({ ...short, schools: [school, schools[1]] });
    expect(validate(broken({ ...first, years }))).toBe(true);
    expect(validate(broken({ ...first, branches: [...(first['branches'] as string[]), '子'] }))).toBe(false);
    expect(validate(broken({ ...first, basis: 'month' }))).toBe(false);
    expect(validate(broken({ ...first, years: [{ ...years[0], ends_at_utc: years[0]!['ends_at'] }] }))).toBe(false);
    expect(validate({ ...short, schools: [first] })).toBe(false);
  });
});
