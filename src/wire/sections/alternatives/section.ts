/**
 * The `alternatives` section: every chart within the birth-time window (present/certainty-json.ts).
 * Its JSON is a list of shape.ts's chart (/openapi.json `ChartAlternatives`); a section's `shape` is an object, so the
 * component stays in its place among wire/shapes/components.ts's.
 */
import { alternativesJson } from '../../present/certainty-json.ts';
import type { ChartSection } from '../declaration.ts';

export const ALTERNATIVES_SECTION: ChartSection = {
  name: 'alternatives',
  schema: 'ChartAlternatives',
  graphql: { field: 'alternatives', typed: true },
  json: (core) => alternativesJson(core),
};
