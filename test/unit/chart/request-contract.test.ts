/**
 * The request rules exist once, in the zod schema: the OpenAPI document, the REST query parser and
 * the GraphQL input descriptions are derived from it, so a changed rule changes all of them.
 */
import { GraphQLInputObjectType, GraphQLNonNull } from 'graphql';
import { chartExtraOptions } from '../../../src/wire/chart-sections.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chartRequestFieldsSchema, CHART_REQUEST_FIELDS } from '../../../src/domain/chart/request.ts';
import { describeField, describeRequestFields, graphqlNameOf, specNameOf } from '../../../src/domain/chart/request-contract.ts';
import { graphqlInputDescription } from '../../../src/graphql/schema/calculate.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { buildOpenApiDocument } from '../../../src/http/rest/openapi.ts';
import { createQueryParser } from '../../../src/wire/query.ts';

type Doc = ReturnType<typeof buildOpenApiDocument>;
const parametersOf = (doc: Doc) =>
  doc.components.parameters as unknown as Record<string, { schema: { maximum: number }; description: string }>;
const monthParameter = (doc: Doc) => parametersOf(doc)['month']!;
const monthBodyMember = (doc: Doc) =>
  (doc.components.schemas.CalculateRequestB['properties'] as Record<string, { maximum: number }>)['month']!;

describe('one request contract', () => {
  // A rule change made in one place: the month range widened to 1–13, the location made an integer.
  const changed = describeRequestFields(
    chartRequestFieldsSchema.extend({
      month: z.number().int().min(1).max(13).meta({ description: 'Month' }),
      location: z.number().int().min(-180).max(180).meta({ description: 'Longitude in degrees, east positive' }),
    }),
  );
  const changedField = (name: string) => changed.find((field) => field.name === name)!;

  it('a range changed in the zod schema changes the OpenAPI document: parameter and body', () => {
    const before = buildOpenApiDocument(CHART_REQUEST_FIELDS);
    const after = buildOpenApiDocument(changed);
    expect(monthParameter(before).schema.maximum).toBe(12);
    expect(monthParameter(after).schema.maximum).toBe(13);
    expect(monthBodyMember(before).maximum).toBe(12);
    expect(monthBodyMember(after).maximum).toBe(13);
    expect(monthParameter(after).description).toContain('Integer from 1 to 13');
  });

  it('a type changed in the zod schema changes how the REST query parser reads the field', () => {
    expect(createQueryParser(CHART_REQUEST_FIELDS)('location=139.5').fields).toEqual({ location: 139.5 });
    // As an integer field, a decimal is left as text for the schema to refuse with its own message.
    expect(createQueryParser(changed)('location=139.5').fields).toEqual({ location: '139.5' });
    expect(createQueryParser(changed)('location=139').fields).toEqual({ location: 139 });
  });

  it('a range changed in the zod schema changes the GraphQL input description', () => {
    expect(graphqlInputDescription('month')).toBe('Month. Integer from 1 to 12.');
    expect(describeField(changedField('month'))).toBe('Month. Integer from 1 to 13.');
  });

  it('GraphQL CalculateInput has exactly the contract’s chart fields, required alike, described from the contract', () => {
    const input = schemaFor().getType('CalculateInput');
    expect(input).toBeInstanceOf(GraphQLInputObjectType);
    const fields = (input as GraphQLInputObjectType).getFields();
    const chartFields = CHART_REQUEST_FIELDS.filter((field) => !field.credential);
    expect(Object.keys(fields).sort()).toEqual(chartFields.map((field) => field.graphqlName).sort());
    for (const field of chartFields) {
      const graphqlField = fields[field.graphqlName]!;
      expect(graphqlField.type instanceof GraphQLNonNull, field.name).toBe(field.required);
      expect(graphqlField.description, field.name).toBe(graphqlInputDescription(field.graphqlName));
    }
    expect(fields['solarTime']!.description).toContain('One of MEAN, APPARENT.');
  });

  it('the REST query parser and the OpenAPI parameters cover the same fields', () => {
    const doc = buildOpenApiDocument(CHART_REQUEST_FIELDS);
    // The opt-in options (`include`, `luck_*`) are parameters too, read by their own parser (wire/chart-sections.ts).
    const optIn = new Set<string>(chartExtraOptions());
    expect(
      Object.keys(doc.components.parameters)
        .filter((name) => optIn.has(name))
        .sort(),
    ).toEqual([...chartExtraOptions()].sort());
    const parameters = Object.keys(doc.components.parameters).filter((name) => name !== 'IdempotencyKey' && !optIn.has(name));
    expect(parameters.sort()).toEqual(
      CHART_REQUEST_FIELDS.filter((field) => !field.credential)
        .map((field) => field.name)
        .sort(),
    );
    const everyField = Object.fromEntries(CHART_REQUEST_FIELDS.map((field) => [field.name, field.kind === 'string' ? 'x' : '1']));
    const parsed = createQueryParser(CHART_REQUEST_FIELDS)(new URLSearchParams(everyField).toString());
    expect(Object.keys(parsed.fields).sort()).toEqual(parameters.sort());
    expect(parsed.apiKey).toBe('x');
  });

  it('snake_case and camelCase names map both ways', () => {
    for (const field of CHART_REQUEST_FIELDS) expect(specNameOf(graphqlNameOf(field.name))).toBe(field.name);
    expect(graphqlNameOf('zokan_table')).toBe('zokanTable');
  });
});
