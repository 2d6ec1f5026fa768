/**
 * The `evidence` section's shapes (src/wire/sections/evidence/shape.ts): GraphQL's hand-written
 * `Evidence` and `EvidenceConclusion` say what the shapes' JSON Schema says, field by field, but where
 * they differ on purpose; a real answer, compact and full, validates against /openapi.json's `Evidence`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { schemaFor } from '../../../src/graphql/schema/index.ts';
import { openApiJson } from '../../../src/http/rest/openapi.ts';
import { EVIDENCE_SECTION } from '../../../src/wire/sections/evidence/section.ts';
import { EVIDENCE_CONCLUSION_SHAPE, EVIDENCE_SHAPE } from '../../../src/wire/sections/evidence/shape.ts';
import { shapeJsonSchema } from '../../../src/wire/shapes/shape.ts';
import { chartOf } from '../../support/chart.ts';
import { expectTypeFollowsShape, type FieldDifference } from '../../support/shape-checks.ts';

/**
 * Where GraphQL's field is not the member in camelCase: its name, its named type, its description.
 * `id`'s words name id values (`day_master`), which GraphQL keeps in snake_case.
 */
const DIFFERENT: Readonly<Record<string, FieldDifference>> = {
  'Evidence.detail': { type: 'EvidenceDetail' },
  'EvidenceConclusion.id': {
    description: '`pillars`, `day_master`, `strength.<method>`, `pattern.<school>` or `useful_gods`.',
  },
  // A conclusion's inputs, an object in REST, are a list of name–value pairs in GraphQL.
  'EvidenceConclusion.inputs': { type: 'EvidenceInput', list: true },
  'EvidenceConclusion.confidence': { type: 'EvidenceConfidence' },
  'EvidenceConclusion.evidence': {
    field: 'evidenceJson',
    type: 'String',
    description: '`detail: FULL` only: the section’s own evidence for it, as JSON text (REST: `evidence`).',
  },
};

/** Births for real answers: a boundary in the birth-time window (low confidence), an ordinary one, no hour. */
const BIRTHS = [
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69 },
  { year: 1990, month: 8, day: 15, time: '09:30', location: 135.5 },
  { year: 1985, month: 11, day: 3, location: 139.69, time_unknown: true },
];

describe('the evidence section’s shapes', () => {
  it('GraphQL’s Evidence and EvidenceConclusion have a field per member: camelCase, nullable as the member, a shape member its type (a list member a list), described alike', () => {
    const schema = schemaFor();
    for (const of of [EVIDENCE_SHAPE, EVIDENCE_CONCLUSION_SHAPE]) expectTypeFollowsShape(schema, of, DIFFERENT);
  });

  it('/openapi.json’s Evidence is the shape’s JSON Schema; real answers (compact and full, in every language) validate against it, one with a member more or less does not', () => {
    const component = (JSON.parse(openApiJson()) as { components: { schemas: Record<string, object> } }).components.schemas['Evidence']!;
    expect(component).toEqual(shapeJsonSchema(EVIDENCE_SHAPE));
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(component);
    let checked = 0;
    for (const birth of BIRTHS)
      for (const catalogue of Object.values(CATALOGUES))
        for (const detail of ['compact', 'full'] as const) {
          const answer = JSON.parse(JSON.stringify(EVIDENCE_SECTION.json(chartOf(birth), { detail }, catalogue))) as {
            detail: string;
            conclusions: Record<string, unknown>[];
          };
          expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
          expect(answer.conclusions.some((c) => 'evidence' in c)).toBe(detail === 'full');
          checked += 1;
        }
    expect(checked).toBe(BIRTHS.length * Object.keys(CATALOGUES).length * 2);

    const answer = JSON.parse(JSON.stringify(EVIDENCE_SECTION.json(chartOf(BIRTHS[0]!), { detail: 'full' }, CATALOGUES.en))) as {
      detail: string;
      conclusions: Record<string, unknown>[];
    };
    expect(validate({ ...answer, extra: 1 })).toBe(false);
    const [first, ...rest] = answer.conclusions;
    const { caveats: _caveats, ...short } = first!;
    expect(validate({ ...answer, conclusions: [short, ...rest] })).toBe(false);
    expect(validate({ ...answer, conclusions: [{ ...first, confidence: 'certain' }, ...rest] })).toBe(false);
    expect(validate({ ...answer, conclusions: [{ ...first, inputs: [] }, ...rest] })).toBe(false);
  });
});
