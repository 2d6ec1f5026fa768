/**
 * The `convention_differences` section: what another convention setting changes (present/certainty-json.ts).
 * Its JSON is a list of shape.ts's difference (/openapi.json `ConventionDifferences`); a section's `shape` is an object, so the
 * component stays in its place among wire/shapes/components.ts's.
 */
import { conventionDifferencesJson } from '../../present/certainty-json.ts';
import type { ChartSection } from '../declaration.ts';

export const CONVENTION_DIFFERENCES_SECTION: ChartSection = {
  name: 'convention_differences',
  schema: 'ConventionDifferences',
  graphql: { field: 'conventionDifferences', typed: true },
  json: (core) => conventionDifferencesJson(core),
};
