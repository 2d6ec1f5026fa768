/** The `alternatives` section: every chart within the birth-time window (present/certainty-json.ts). */
import { alternativesJson } from '../../present/certainty-json.ts';
import type { ChartSection } from '../declaration.ts';

export const ALTERNATIVES_SECTION: ChartSection = {
  name: 'alternatives',
  schema: 'ChartAlternatives',
  graphql: { field: 'alternatives', typed: true },
  json: (core) => alternativesJson(core),
};
