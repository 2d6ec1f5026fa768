/**
 * The `warnings` section's JSON declared as a shape (wire/shapes): a warning, each item of
 * /openapi.json `ChartWarnings`. GraphQL's `ChartWarning` keeps its own type over these members
 * (src/graphql/schema/certainty.ts): its `code` is the enum `ChartWarningCode` and its `fields` are
 * in GraphQL's spelling (`yearGanzhi`).
 */
import { z } from 'zod';
import { CHART_FIELDS, WARNING_CODES } from '../../../domain/chart/certainty.ts';
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import { restFieldName, type warningsJson } from '../../present/certainty-json.ts';
import { shape, shapeJsonSchema, type Shape } from '../../shapes/shape.ts';

/** The chart fields in REST's spelling (`year_ganzhi`, `zokan.day`), as a warning and a convention difference name them. */
export const REST_CHART_FIELDS = CHART_FIELDS.map(restFieldName) as [string, ...string[]];
/** The chart fields listed in a description: GraphQL's copy spells them in camelCase. */
export const CHART_FIELD_LIST = REST_CHART_FIELDS.map((field) => `\`${field}\``).join(', ');

export const CHART_WARNING_SHAPE = shape('ChartWarning', 'Something about the birth time that makes part of the chart uncertain', {
  code: z.enum(WARNING_CODES).meta({ description: 'Stable code' }),
  message: z.string().meta({ description: 'What it means for this chart, in the answer’s language (`lang`)' }),
  fields: z.array(z.enum(REST_CHART_FIELDS)).meta({ description: `The chart fields that may be wrong because of it: ${CHART_FIELD_LIST}` }),
  distance_seconds: z.int().nullable().meta({
    description: 'Signed seconds from the boundary to the birth (positive: after it); null when there is no boundary',
  }),
});

/** /openapi.json `ChartWarnings`: the section's list of warnings. */
export const CHART_WARNINGS_SCHEMA: JsonSchema = {
  type: 'array',
  description: 'How sure the chart is (`include=warnings`); docs/fields.md, section 11',
  items: shapeJsonSchema(CHART_WARNING_SHAPE),
};

/**
 * The shape's type is the presenter's: the declared warning fits its type, and a member added to one
 * and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
const sameMembers: [Same<typeof CHART_WARNING_SHAPE, ReturnType<typeof warningsJson>[number]>] = [true];
void sameMembers;
