/**
 * `ChartResult.evidence(detail:)`: the chart's conclusions to quote (REST `include=evidence`, docs/fields.md
 * section 20), computed only when selected. A conclusion's inputs are name–value pairs and its `full`
 * evidence a JSON text: both vary by conclusion, and the default schema carries no JSON scalar. So
 * these types are not REST's shapes (wire/sections/evidence/shape.ts) in camelCase and are written
 * here, the fields that are REST's members described with the shapes' words.
 */
import type { z } from 'zod';
import { EVIDENCE_DETAILS, evidenceJson, type Conclusion, type EvidenceDetail } from '../../wire/present/evidence-json.ts';
import { CONFIDENCES, EVIDENCE_CONCLUSION_SHAPE, EVIDENCE_SHAPE } from '../../wire/sections/evidence/shape.ts';
import { graphqlDescription, type Shape } from '../../wire/shapes/shape.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';

/** A member's description in GraphQL's spelling, where the field is REST's member in camelCase. */
function said<T extends z.ZodRawShape>(of: Shape<T>, member: keyof T & string): string {
  const members: z.ZodRawShape = of.object.shape;
  const description = (members as Record<string, z.ZodType | undefined>)[member]?.meta()?.description;
  if (typeof description !== 'string') throw new Error(`${of.name}.${member} has no description`);
  return graphqlDescription(description);
}

const EvidenceDetailType = builder.enumType('EvidenceDetail', {
  description: 'How much of each conclusion’s evidence to answer.',
  values: {
    COMPACT: { value: 'compact', description: 'The claims, inputs, rule ids, citations, confidence and caveats (default).' },
    FULL: { value: 'full', description: 'Also each conclusion’s evidence, as its section answers it.' },
  },
});

const ConfidenceType = builder.enumType('EvidenceConfidence', {
  description: 'How sure a conclusion is.',
  values: Object.fromEntries(CONFIDENCES.map((confidence) => [confidence.toUpperCase(), { value: confidence }])),
});

const InputType = builder.objectRef<{ readonly name: string; readonly value: unknown }>('EvidenceInput').implement({
  description: 'One thing a conclusion was read from.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'e.g. `true_solar_time`, `month_ganzhi`.' }),
    value: t.string({
      description: 'Its value: the text as it is, anything else as JSON.',
      resolve: (i) => (typeof i.value === 'string' ? i.value : JSON.stringify(i.value)),
    }),
  }),
});

const ConclusionType = builder.objectRef<Conclusion>('EvidenceConclusion').implement({
  description: graphqlDescription(EVIDENCE_CONCLUSION_SHAPE.description),
  fields: (t) => ({
    id: t.exposeString('id', { description: '`pillars`, `day_master`, `strength.<method>`, `pattern.<school>` or `useful_gods`.' }),
    claim: t.exposeString('claim', { description: said(EVIDENCE_CONCLUSION_SHAPE, 'claim') }),
    inputs: t.field({
      type: [InputType],
      description: said(EVIDENCE_CONCLUSION_SHAPE, 'inputs'),
      resolve: (c) => Object.entries(c.inputs).map(([name, value]) => ({ name, value })),
    }),
    ruleIds: t.stringList({ description: said(EVIDENCE_CONCLUSION_SHAPE, 'rule_ids'), resolve: (c) => [...c.rule_ids] }),
    citations: t.stringList({ description: said(EVIDENCE_CONCLUSION_SHAPE, 'citations'), resolve: (c) => [...c.citations] }),
    confidence: t.field({ type: ConfidenceType, description: said(EVIDENCE_CONCLUSION_SHAPE, 'confidence'), resolve: (c) => c.confidence }),
    caveats: t.stringList({ description: said(EVIDENCE_CONCLUSION_SHAPE, 'caveats'), resolve: (c) => [...c.caveats] }),
    evidenceJson: t.string({
      nullable: true,
      description: '`detail: FULL` only: the section’s own evidence for it, as JSON text (REST: `evidence`).',
      resolve: (c) => (c.evidence === undefined ? null : JSON.stringify(c.evidence)),
    }),
  }),
});

const EvidenceType = builder
  .objectRef<{ readonly detail: EvidenceDetail; readonly conclusions: readonly Conclusion[] }>('Evidence')
  .implement({
    description: graphqlDescription(EVIDENCE_SHAPE.description),
    fields: (t) => ({
      detail: t.field({ type: EvidenceDetailType, description: said(EVIDENCE_SHAPE, 'detail'), resolve: (e) => e.detail }),
      conclusions: t.field({ type: [ConclusionType], description: said(EVIDENCE_SHAPE, 'conclusions'), resolve: (e) => e.conclusions }),
    }),
  });

builder.interfaceFields(ChartResultType, (t) => ({
  evidence: t.field({
    type: EvidenceType,
    args: {
      detail: t.arg({ type: EvidenceDetailType, required: true, defaultValue: 'compact', description: 'COMPACT (default) or FULL.' }),
    },
    description:
      'The chart’s conclusions for quoting (the pillars, the day master, strength by method, 格局 by school, 用神), each with its inputs, rule ids, citations (docs/sources.md keys), confidence and caveats. Computed only when selected; no extra charge.',
    resolve: (v, { detail }) => evidenceJson(v.core, EVIDENCE_DETAILS.includes(detail) ? detail : 'compact', v.catalogue),
  }),
}));
