/**
 * The request bodies (/openapi.json `CalculateRequestA`, `CalculateRequestB`, `Birth`,
 * `CompatibilityRequest`) and the opt-in sections' options as body members and query parameters: not
 * declared as shapes but derived from the request contract (itself zod, domain/chart/request.ts) and
 * the sections' registry (wire/chart-sections.ts).
 */
import { once } from '../../application/registry.ts';
import { describeField, type JsonSchema, type RequestField } from '../../domain/chart/request-contract.ts';
import { chartSections, includeValues } from '../chart-sections.ts';

/** The pattern of a comma-separated list of `include` values. */
export const includePattern = once(() => {
  const sections = includeValues().join('|');
  return `^(${sections})(,(${sections}))*$`;
});

/**
 * The field's JSON Schema without the contract's own `.meta()` keys (zod copies them into its JSON
 * Schema output), which are not JSON Schema keywords: `credential` would make the document invalid
 * for strict OpenAPI tools.
 */
export function fieldSchema(field: RequestField): JsonSchema {
  const { credential: _credential, ...schema } = field.jsonSchema;
  return schema;
}

/** A request field as a body member: its contract schema, `null` allowed when it is optional. */
function bodyMember(field: RequestField): JsonSchema {
  const schema: JsonSchema = { ...fieldSchema(field), description: describeField(field) };
  if (field.required) return schema;
  const allowed: unknown = schema['enum'];
  return { ...schema, type: [schema['type'], 'null'], ...(Array.isArray(allowed) ? { enum: [...(allowed as unknown[]), null] } : {}) };
}

/** The opt-in sections' options as body members (wire/chart-sections.ts); also query parameters. */
export const optInMembers = once((): Record<string, JsonSchema & { description: string }> => ({
  include: {
    // The names are the enum's: not repeated here (the MCP tool list carries this schema on every session).
    description:
      'Sections to append to `result` (the 大運 of `luck` need `gender`; `luck_years` / `luck_months` alone do not): a list, or a comma-separated string. Absent: the legacy body.',
    oneOf: [
      { type: 'array', items: { enum: [...includeValues()] }, uniqueItems: true },
      { type: 'string', pattern: includePattern() },
    ],
  },
  ...Object.fromEntries(chartSections().flatMap((section) => (section.options ?? []).map((option) => [option.name, option.member]))),
}));

/** The request bodies of both variants and of a compatibility, from the request contract. */
export function requestBodySchemas(
  contract: readonly RequestField[],
): Record<'CalculateRequestA' | 'CalculateRequestB' | 'Birth' | 'CompatibilityRequest', JsonSchema> {
  const required = contract.filter((field) => field.required).map((field) => field.name);
  const members = (fields: readonly RequestField[]) => Object.fromEntries(fields.map((field) => [field.name, bodyMember(field)]));
  return {
    CalculateRequestA: {
      type: 'object',
      description:
        'The birth, its conventions and the opt-in sections. A member not listed here is refused (400), with the nearest known name.',
      required,
      properties: { ...members(contract), ...optInMembers() },
    },
    CalculateRequestB: {
      type: 'object',
      description:
        'The birth, its conventions and the opt-in sections. A member not listed here is refused (400), with the nearest known name, except a body `api_key`, which Variant B ignores (it is not a credential there).',
      required,
      properties: { ...members(contract.filter((field) => !field.credential)), ...optInMembers() },
    },
    Birth: {
      type: 'object',
      description:
        'One birth of a compatibility (without a time, three pillars are compared; with `gender` on both, the spouse stars) or of a timeline search: the chart request fields. A member not listed here is refused (400); an `api_key` is ignored.',
      required,
      properties: members(contract.filter((field) => !field.credential && field.name !== 'lang')),
    },
    CompatibilityRequest: {
      type: 'object',
      description: 'Two births to compare. Any other member is refused (400), but `api_key`, which is ignored.',
      required: ['a', 'b'],
      properties: {
        a: { $ref: '#/components/schemas/Birth' },
        b: { $ref: '#/components/schemas/Birth' },
        ...members(contract.filter((field) => field.name === 'lang')),
      },
    },
  };
}
