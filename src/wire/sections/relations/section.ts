/**
 * The `relations` section: 合冲刑害破 among the natal pillars, in the luck presenter's words (present/luck-json.ts).
 * Its JSON is a list of shape.ts's `Relation` (/openapi.json `Relations`); a section's `shape` is an object, so the
 * component stays in its place among wire/shapes/components.ts's.
 */
import { natalRelationsJson } from '../../present/luck-json.ts';
import type { ChartSection } from '../declaration.ts';

export const RELATIONS_SECTION: ChartSection = {
  name: 'relations',
  schema: 'Relations',
  graphql: { field: 'relations', typed: true },
  json: (core, _options, catalogue) => natalRelationsJson(core, catalogue),
};
