/** The `relations` section: 合冲刑害破 among the natal pillars, in the luck presenter's words (present/luck-json.ts). */
import { natalRelationsJson } from '../../present/luck-json.ts';
import type { ChartSection } from '../declaration.ts';

export const RELATIONS_SECTION: ChartSection = {
  name: 'relations',
  schema: 'Relations',
  graphql: { field: 'relations', typed: true },
  json: (core, _options, catalogue) => natalRelationsJson(core, catalogue),
};
