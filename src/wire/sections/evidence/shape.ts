/**
 * The `evidence` section's JSON declared as shapes (wire/shapes): its OpenAPI component `Evidence`,
 * and the members GraphQL's `Evidence` and `EvidenceConclusion` describe the same way (those types
 * stay hand-written in src/graphql/schema/evidence.ts: enums, a conclusion's inputs as name–value
 * pairs, its evidence as JSON text).
 */
import { z } from 'zod';
import type { Confidence } from '../../../domain/classical/analysis.ts';
import { EVIDENCE_DETAILS, type Conclusion, type EvidenceJson } from '../../present/evidence-json.ts';
import { shape, type Shape } from '../../shapes/shape.ts';

/** How sure a conclusion is, surest first. */
export const CONFIDENCES = ['high', 'medium', 'low'] as const satisfies readonly Confidence[];

/**
 * Any JSON object, its members varying by conclusion: JSON Schema `type: 'object'` and nothing more
 * (zod's record would add `propertyNames` and `additionalProperties`).
 */
const anyObject = (): z.ZodType<Readonly<Record<string, unknown>>> => z.unknown().meta({ type: 'object' }) as never;

export const EVIDENCE_CONCLUSION_SHAPE = shape('EvidenceConclusion', 'A conclusion of the chart, as it can be quoted', {
  id: z.string().meta({ description: '`pillars`, `day_master`, `strength.<method>`, `pattern.<school>` or `useful_gods`' }),
  claim: z.string().meta({ description: 'The conclusion in a line, in the answer’s language' }),
  inputs: anyObject().meta({ description: 'What it was read from' }),
  rule_ids: z.array(z.string()).meta({ description: 'The rules applied (docs/analysis.md, docs/fields.md)' }),
  citations: z.array(z.string()).meta({ description: 'docs/sources.md keys' }),
  confidence: z.enum(CONFIDENCES).meta({ description: 'How sure it is' }),
  caveats: z.array(z.string()).meta({
    description:
      'Why the confidence is not high, in the answer’s language: the warnings (`CODE: message`), the methods or schools that split',
  }),
  evidence: z.unknown().optional().meta({ description: '`detail=full` only: the section’s own evidence for it' }),
});

/** /openapi.json `Evidence`. */
export const EVIDENCE_SHAPE = shape(
  'Evidence',
  'The chart’s conclusions to quote (`include=evidence`): each with its inputs, rule ids, citations and confidence; docs/fields.md, section 20',
  {
    detail: z.enum(EVIDENCE_DETAILS).meta({ description: 'As asked' }),
    conclusions: z.array(EVIDENCE_CONCLUSION_SHAPE.object).meta({ description: 'In a fixed order, the pillars first' }),
  },
);

/**
 * The shapes' types are the presenter's: the declared answer fits the presenter's type, and a member
 * added to one and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
const sameMembers: [Same<typeof EVIDENCE_CONCLUSION_SHAPE, Conclusion>, Same<typeof EVIDENCE_SHAPE, EvidenceJson>] = [true, true];
void sameMembers;
