/**
 * The `analysis` section: day-master strength by three classical methods, the pattern and the useful
 * gods (docs/analysis.md). Its JSON Schema is declared as shapes in shape.ts; its JSON the analysis presenter's
 * (present/analysis-json.ts, shared with `evidence` and the 鑑定書).
 */
import { analysisJson } from '../../present/analysis-json.ts';
import type { ChartSection } from '../declaration.ts';
import { ANALYSIS_SHAPE } from './shape.ts';

export const ANALYSIS_SECTION: ChartSection<{ readonly sensitivity: boolean }> = {
  name: 'analysis',
  options: [
    {
      name: 'analysis_sensitivity',
      member: {
        type: 'boolean',
        // Short: the MCP tool list carries it on every session.
        description: 'With include=analysis: add `sensitivity`, the verdicts over the birth window.',
      },
      doc: {
        type: 'boolean',
        rule: 'with `analysis`: `true` adds `sensitivity`, the verdicts over the birth-time window (default `false`)',
      },
    },
  ],
  readOptions: (read, issues, included) => {
    const value = included ? read('analysis_sensitivity') : undefined;
    if (value === undefined || value === '') return { sensitivity: false };
    if (value === true || value === 'true') return { sensitivity: true };
    if (value === false || value === 'false') return { sensitivity: false };
    issues.push({ field: 'analysis_sensitivity', message: 'analysis_sensitivity must be true or false' });
    return { sensitivity: false };
  },
  fingerprint: { key: 'analysis', of: (options) => options },
  schema: 'Analysis',
  shape: ANALYSIS_SHAPE,
  graphql: { field: 'analysis', typed: true },
  json: (core, options, catalogue) => analysisJson(core, catalogue, options?.sensitivity ?? false),
};
