/**
 * `ChartResult`: what the chart of either variant carries besides its own keys — the sections a
 * caller selects (luck, relations, special stars, certainty, the 命式表). Each section's module
 * adds its field here once (`builder.interfaceFields`); `VariantAResult` and `VariantBResult`
 * implement the interface, so both variants get every section from that one definition.
 */
import type { Catalogue } from '../../domain/catalogue/index.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import { builder } from '../builder.ts';

/** Either variant's lazy result: the sections read the chart core only. */
export interface ChartResultSource {
  readonly core: ChartCore;
  /** The words the answer is in. */
  readonly catalogue: Catalogue;
}

export const ChartResultType = builder.interfaceRef<ChartResultSource>('ChartResult').implement({
  description: 'The chart of either variant: the opt-in sections, each computed only when selected and at no extra charge.',
});
