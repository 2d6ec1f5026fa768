/** A result shape as a table of section builders, and the one way to evaluate all of it. */
import type { Catalogue } from '../../catalogue/index.ts';
import type { AnalysisInput } from '../analysis-input.ts';

/** One builder per analysis section: `result[K] = builders[K](input, catalogue)`, in the catalogue's words. */
export type SectionBuilders<Analysis> = { readonly [K in keyof Analysis]: (input: AnalysisInput, catalogue: Catalogue) => Analysis[K] };

/** Every section, in the table's (= the spec's) order. */
export function buildSections<Analysis>(builders: SectionBuilders<Analysis>, input: AnalysisInput, catalogue: Catalogue): Analysis {
  const analysis: Partial<Analysis> = {};
  for (const name in builders) analysis[name] = builders[name](input, catalogue);
  // The loop assigned every key of `builders`, which are exactly the keys of Analysis.
  return analysis as Analysis;
}
