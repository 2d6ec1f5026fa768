/**
 * The `warnings` section: boundaries near the birth time, clock readings, no time given (present/certainty-json.ts).
 * Its JSON is a list of shape.ts's warning (/openapi.json `ChartWarnings`); a section's `shape` is an object, so the
 * component stays in its place among wire/shapes/components.ts's.
 */
import { warningsJson } from '../../present/certainty-json.ts';
import type { ChartSection } from '../declaration.ts';

export const WARNINGS_SECTION: ChartSection = {
  name: 'warnings',
  schema: 'ChartWarnings',
  graphql: { field: 'warnings', typed: true },
  json: (core, _options, catalogue) => warningsJson(core, catalogue),
};
