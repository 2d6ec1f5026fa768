/**
 * The `convention_differences` section's JSON declared as shapes (wire/shapes): a changed field, each
 * item of /openapi.json `ConventionDifferences`, and its values. GraphQL's `ConventionValue` is built
 * from its shape; `ConventionDifference` keeps its own type over these members
 * (src/graphql/schema/certainty.ts): its `field` is in GraphQL's spelling (`yearGanzhi`).
 */
import { z } from 'zod';
import { CONVENTIONS } from '../../../domain/chart/certainty.ts';
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import type { conventionDifferencesJson } from '../../present/certainty-json.ts';
import { shape, shapeJsonSchema, type Shape } from '../../shapes/shape.ts';
import { CHART_FIELD_LIST, REST_CHART_FIELDS } from '../warnings/shape.ts';

export const CONVENTION_VALUE_SHAPE = shape('ConventionValue', 'A field’s value under one setting of a convention', {
  setting: z
    .string()
    .meta({ description: 'The setting, REST spelling: `00:00`, `23:00`, `mean`, `apparent`, `getsuritsu`, `nijuhachigen`' }),
  value: z.string().meta({ description: 'The field’s value under it' }),
  requested: z.boolean().meta({ description: 'This is the request’s own setting' }),
});

export const CONVENTION_DIFFERENCE_SHAPE = shape('ConventionDifference', 'A chart field another setting of a convention changes', {
  field: z.enum(REST_CHART_FIELDS).meta({ description: `The field: ${CHART_FIELD_LIST}` }),
  // The values, which GraphQL spells as REST does.
  convention: z.enum(CONVENTIONS).meta({ description: '`day_boundary`, `solar_time`, `zokan_table` or `zokan_count`' }),
  values: z.array(CONVENTION_VALUE_SHAPE.object).min(2).meta({ description: 'Each setting with the value it gives' }),
});

/** /openapi.json `ConventionDifferences`: the section's list. */
export const CONVENTION_DIFFERENCES_SCHEMA: JsonSchema = {
  type: 'array',
  description: 'What another convention setting changes (`include=convention_differences`); docs/fields.md, section 11',
  items: shapeJsonSchema(CONVENTION_DIFFERENCE_SHAPE),
};

/**
 * The shapes' types are the presenter's: the declared difference fits its type, and a member added to
 * one and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
type Difference = ReturnType<typeof conventionDifferencesJson>[number];
const sameMembers: [
  Same<typeof CONVENTION_VALUE_SHAPE, Difference['values'][number]>,
  Same<typeof CONVENTION_DIFFERENCE_SHAPE, Difference>,
] = [true, true];
void sameMembers;
