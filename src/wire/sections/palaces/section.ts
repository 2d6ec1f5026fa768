/**
 * The `palaces` section (胎元・胎息・命宮・身宮, docs/fields.md "18. Palaces"): its declaration, which
 * wire/chart-sections.ts registers; its JSON is json.ts's, declared in shape.ts. No option: each palace
 * answers its default school with the other schools' pillars beside it, so the MCP tool list an
 * assistant reads on every session grows by the `include` value alone.
 */
import type { ChartSection } from '../declaration.ts';
import { palacesJson } from './json.ts';
import { PALACES_SHAPE } from './shape.ts';

export const PALACES_SECTION: ChartSection = {
  name: 'palaces',
  schema: 'Palaces',
  shape: PALACES_SHAPE,
  graphql: { field: 'palaces', typed: true },
  json: (core, _options, catalogue) => palacesJson(core, catalogue),
};
