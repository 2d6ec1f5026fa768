/** The `convention_differences` section: what another convention setting changes (present/certainty-json.ts). */
import { conventionDifferencesJson } from '../../present/certainty-json.ts';
import type { ChartSection } from '../declaration.ts';

export const CONVENTION_DIFFERENCES_SECTION: ChartSection = {
  name: 'convention_differences',
  schema: 'ConventionDifferences',
  graphql: { field: 'conventionDifferences', typed: true },
  json: (core) => conventionDifferencesJson(core),
};
