/** The `warnings` section: boundaries near the birth time, clock readings, no time given (present/certainty-json.ts). */
import { warningsJson } from '../../present/certainty-json.ts';
import type { ChartSection } from '../declaration.ts';

export const WARNINGS_SECTION: ChartSection = {
  name: 'warnings',
  schema: 'ChartWarnings',
  graphql: { field: 'warnings', typed: true },
  json: (core, _options, catalogue) => warningsJson(core, catalogue),
};
