/**
 * The `evidence` section (docs/fields.md "20. Evidence"): the chart's conclusions for a language model to
 * quote, each with its inputs, rule ids, citations and confidence; `detail` = `compact` (default) or
 * `full` (each with its evidence). Its declaration, which wire/chart-sections.ts registers; its JSON's
 * shape is declared in shape.ts. Its JSON is the evidence presenter's (present/evidence-json.ts: the
 * 鑑定書 words its verdicts the same way).
 */
import { z } from 'zod';
import { EVIDENCE_DETAILS, evidenceJson, type EvidenceDetail } from '../../present/evidence-json.ts';
import { option, type ChartSection } from '../declaration.ts';
import { EVIDENCE_SHAPE } from './shape.ts';

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
  shape: EVIDENCE_SHAPE,
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
