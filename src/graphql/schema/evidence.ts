/**
 * `ChartResult.evidence(detail:)`: the chart's conclusions to quote (REST `include=evidence`, docs/fields.md
 * section 20), computed only when selected. A conclusion's inputs are name–value pairs and its `full`
 * evidence a JSON text: both vary by conclusion, and the default schema carries no JSON scalar.
 */
import { EVIDENCE_DETAILS, evidenceJson, type Conclusion, type EvidenceDetail } from '../../wire/present/evidence-json.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';

const EvidenceDetailType = builder.enumType('EvidenceDetail', {
  description: 'How much of each conclusion’s evidence to answer.',
  values: {
    COMPACT: { value: 'compact', description: 'The claims, inputs, rule ids, citations, confidence and caveats (default).' },
    FULL: { value: 'full', description: 'Also each conclusion’s evidence, as its section answers it.' },
  },
});

const ConfidenceType = builder.enumType('EvidenceConfidence', {
  description: 'How sure a conclusion is.',
  values: { HIGH: { value: 'high' }, MEDIUM: { value: 'medium' }, LOW: { value: 'low' } },
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
  description: 'A conclusion of the chart, as it can be quoted.',
  fields: (t) => ({
    id: t.exposeString('id', { description: '`pillars`, `day_master`, `strength.<method>`, `pattern.<school>` or `useful_gods`.' }),
    claim: t.exposeString('claim', { description: 'The conclusion in a line, in the answer’s language.' }),
    inputs: t.field({
      type: [InputType],
      description: 'What it was read from.',
      resolve: (c) => Object.entries(c.inputs).map(([name, value]) => ({ name, value })),
    }),
    ruleIds: t.stringList({ description: 'The rules applied (docs/analysis.md, docs/fields.md).', resolve: (c) => [...c.rule_ids] }),
    citations: t.stringList({ description: 'docs/sources.md keys.', resolve: (c) => [...c.citations] }),
    confidence: t.field({ type: ConfidenceType, description: 'How sure it is.', resolve: (c) => c.confidence }),
    caveats: t.stringList({ description: 'Why the confidence is not high.', resolve: (c) => [...c.caveats] }),
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
    description: 'The chart’s conclusions to quote, each with its inputs, rule ids, citations and confidence.',
    fields: (t) => ({
      detail: t.field({ type: EvidenceDetailType, description: 'As asked.', resolve: (e) => e.detail }),
      conclusions: t.field({ type: [ConclusionType], description: 'In a fixed order, the pillars first.', resolve: (e) => e.conclusions }),
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
