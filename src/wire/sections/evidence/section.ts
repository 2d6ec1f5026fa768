/**
 * The `evidence` section (docs/fields.md "20. Evidence"): the chart's conclusions for a language model to
 * quote, each with its inputs, rule ids, citations and confidence; `detail` = `compact` (default) or
 * `full` (each with its evidence). Its JSON Schema and its declaration, which wire/chart-sections.ts
 * registers. Its JSON is the evidence presenter's (present/evidence-json.ts: the 鑑定書 words its
 * verdicts the same way).
 */
import { z } from 'zod';
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import { EVIDENCE_DETAILS, evidenceJson, type EvidenceDetail } from '../../present/evidence-json.ts';
import { option, type ChartSection } from '../declaration.ts';

const CONCLUSION: JsonSchema = {
  type: 'object',
  required: ['id', 'claim', 'inputs', 'rule_ids', 'citations', 'confidence', 'caveats'],
  properties: {
    id: { type: 'string', description: '`pillars`, `day_master`, `strength.<method>`, `pattern.<school>` or `useful_gods`' },
    claim: { type: 'string', description: 'The conclusion in a line, in the answer’s language' },
    inputs: { type: 'object', description: 'What it was read from' },
    rule_ids: { type: 'array', items: { type: 'string' }, description: 'The rules applied (docs/analysis.md, docs/fields.md)' },
    citations: { type: 'array', items: { type: 'string' }, description: 'docs/sources.md keys' },
    confidence: { enum: ['high', 'medium', 'low'] },
    caveats: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Why the confidence is not high, in the answer’s language: the warnings (`CODE: message`), the methods or schools that split',
    },
    evidence: { description: '`detail=full` only: the section’s own evidence for it' },
  },
  additionalProperties: false,
};

/** /openapi.json `Evidence`. */
const EVIDENCE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['detail', 'conclusions'],
  properties: { detail: { enum: [...EVIDENCE_DETAILS] }, conclusions: { type: 'array', items: CONCLUSION } },
  additionalProperties: false,
  description:
    'The chart’s conclusions to quote (`include=evidence`): each with its inputs, rule ids, citations and confidence; docs/fields.md, section 20',
};

const DETAIL = option({
  name: 'detail',
  schema: z
    .enum(EVIDENCE_DETAILS)
    .meta({ description: 'With `include=evidence`: `compact` (default) or `full` (each conclusion’s evidence too).' }),
  default: 'compact',
  mcp: { description: '[evidence] compact (default) or full.' },
  doc: 'with `evidence`: `compact` (default) or `full`, which adds each conclusion’s evidence',
});

export const EVIDENCE_SECTION: ChartSection<{ readonly detail: EvidenceDetail }> = {
  name: 'evidence',
  schema: 'Evidence',
  definition: EVIDENCE_SCHEMA,
  graphql: { field: 'evidence', typed: true },
  options: [DETAIL],
  readOptions: (read, issues, included) => {
    const value = read('detail');
    if (value === undefined || value === '') return { detail: DETAIL.default };
    if (!included) {
      issues.push({ field: 'detail', message: 'detail applies to the evidence section: add evidence to include' });
      return { detail: DETAIL.default };
    }
    return { detail: DETAIL.read(read, issues) };
  },
  fingerprint: { key: 'evidence', of: (options) => options },
  json: (core, options, catalogue) => evidenceJson(core, options?.detail ?? DETAIL.default, catalogue),
};
