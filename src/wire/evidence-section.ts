/**
 * The `evidence` section (docs/fields.md "20. Evidence"): the chart's conclusions for a language model to
 * quote, each with its inputs, rule ids, citations and confidence; `detail` = `compact` (default) or
 * `full` (each with its evidence). Its JSON Schema and its declaration, which wire/chart-sections.ts
 * registers.
 */
import type { FieldIssue } from '../application/errors.ts';
import type { Catalogue } from '../domain/catalogue/index.ts';
import type { ChartCore } from '../domain/chart/chart-core.ts';
import type { JsonSchema } from '../domain/chart/request-contract.ts';
import { EVIDENCE_DETAILS, evidenceJson, type EvidenceDetail } from './present/evidence-json.ts';

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

type ReadOption = (name: string) => unknown;

/** The declaration wire/chart-sections.ts registers (a plain object: importing its type from there would be a cycle). */
export const EVIDENCE_SECTION = {
  name: 'evidence',
  schema: 'Evidence',
  definition: EVIDENCE_SCHEMA,
  graphql: { field: 'evidence', typed: true },
  options: [
    {
      name: 'detail',
      member: {
        description: 'With `include=evidence`: `compact` (default) or `full` (each conclusion’s evidence too).',
        type: 'string',
        enum: [...EVIDENCE_DETAILS],
      },
      mcp: { description: '[evidence] compact (default) or full.' },
      doc: { type: 'string', rule: 'with `evidence`: `compact` (default) or `full`, which adds each conclusion’s evidence' },
    },
  ],
  readOptions: (read: ReadOption, issues: FieldIssue[], included: boolean): { readonly detail: EvidenceDetail } => {
    const value = read('detail');
    if (value === undefined || value === '') return { detail: 'compact' };
    if (!included) {
      issues.push({ field: 'detail', message: 'detail applies to the evidence section: add evidence to include' });
      return { detail: 'compact' };
    }
    if (value === 'compact' || value === 'full') return { detail: value };
    issues.push({ field: 'detail', message: 'detail must be one of "compact", "full"' });
    return { detail: 'compact' };
  },
  fingerprint: { key: 'evidence', of: (options: { readonly detail: EvidenceDetail }) => options },
  json: (core: ChartCore, options: { readonly detail: EvidenceDetail } | undefined, catalogue: Catalogue) =>
    evidenceJson(core, options?.detail ?? 'compact', catalogue),
};
