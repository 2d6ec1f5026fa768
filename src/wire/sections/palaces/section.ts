/**
 * The `palaces` section (胎元・胎息・命宮・身宮, docs/fields.md "18. Palaces"): its JSON Schema and its
 * declaration, which wire/chart-sections.ts registers; its JSON is json.ts's. No option: each palace answers its default school
 * with the other schools' pillars beside it, so the MCP tool list an assistant reads on every session
 * grows by the `include` value alone.
 */
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import { BREATH_SCHOOL, CONCEPTION_SCHOOLS, PALACE_MONTH_SCHOOLS } from '../../../domain/chart/palaces.ts';
import type { ChartSection } from '../declaration.ts';
import { palacesJson } from './json.ts';
import { BRANCH_CODES, NAYIN_CODES, STEM_CODES, TEN_GOD_CODES, type PalaceCode } from '../../../domain/vocabulary/codes.ts';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const orNull = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });
const nullableEnum = (values: readonly string[]): JsonSchema => ({ enum: [...values, null] });
const exactly = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});

/** A pillar read by one school: codes and words, all null when the palace is absent. */
const pillar = (schools: readonly string[]) => ({
  school: { enum: [...schools] },
  ganzhi: orNull(ref('Ganzhi')),
  stem: nullableEnum(STEM_CODES),
  branch: nullableEnum(BRANCH_CODES),
  ten_god: nullableEnum(TEN_GOD_CODES),
  ten_god_label: { type: ['string', 'null'], description: 'The ten god of the stem against the day stem, in the answer’s language' },
  nayin: nullableEnum(NAYIN_CODES),
  nayin_label: { type: ['string', 'null'] },
});

/** A palace: its default school first in `schools`, the others as `variants`, one each. */
const palace = (code: PalaceCode, schools: readonly string[]): JsonSchema =>
  exactly({
    code: { const: code },
    name: { type: 'string', description: 'The palace’s name in the answer’s language (胎元, 命宫, Life Palace …)' },
    reading: { type: 'string' },
    ...pillar(schools.slice(0, 1)),
    absent: { ...nullableEnum(['time_unknown']), description: 'Why the pillar is null: it needs the hour, and the birth time is unknown' },
    variants:
      schools.length === 1
        ? { type: 'array', maxItems: 0 }
        : { type: 'array', minItems: schools.length - 1, maxItems: schools.length - 1, items: exactly(pillar(schools.slice(1))) },
  });

/** /openapi.json `Palaces`. */
const PALACES_SCHEMA: JsonSchema = {
  ...exactly({
    tai_yuan: palace('palace.tai_yuan', CONCEPTION_SCHOOLS),
    tai_xi: palace('palace.tai_xi', [BREATH_SCHOOL]),
    ming_gong: palace('palace.ming_gong', PALACE_MONTH_SCHOOLS),
    shen_gong: palace('palace.shen_gong', PALACE_MONTH_SCHOOLS),
  }),
  description:
    '胎元・胎息・命宮・身宮 (`include=palaces`), each by its default school with the others beside it; docs/fields.md, section 18',
};

export const PALACES_SECTION: ChartSection = {
  name: 'palaces',
  schema: 'Palaces',
  definition: PALACES_SCHEMA,
  graphql: { field: 'palaces', typed: true },
  json: (core, _options, catalogue) => palacesJson(core, catalogue),
};
