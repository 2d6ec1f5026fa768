/**
 * Variant B analysis (docs/fields.md, "5. Variant B only"): one function per `result` field, so a
 * GraphQL selection that skips `shensha` never computes it. Pillar/time fields come from the chart
 * core.
 */
import type { Catalogue } from '../../catalogue/index.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { buildSections, type SectionBuilders } from './sections.ts';
import { dayGanzhiDetails, type DayGanzhiDetails } from './day-details.ts';
import { enhancedSummary, type EnhancedSummary } from './enhanced-summary.ts';
import { detailedNayin, type DetailedNayin } from './nayin-detailed.ts';
import { shensha, type Shensha } from './shensha.ts';
import { detailedTenGods, type DetailedTenGods } from './ten-gods-detailed.ts';

export interface VariantBAnalysis {
  readonly day_ganzhi_details: DayGanzhiDetails;
  readonly ten_gods: DetailedTenGods;
  readonly nayin: DetailedNayin;
  readonly shensha: Shensha;
  readonly enhanced_summary: EnhancedSummary;
}

export const VARIANT_B_SECTIONS: SectionBuilders<VariantBAnalysis> = {
  day_ganzhi_details: dayGanzhiDetails,
  ten_gods: detailedTenGods,
  nayin: detailedNayin,
  shensha,
  enhanced_summary: enhancedSummary,
};

export const buildVariantBAnalysis = (input: AnalysisInput, catalogue: Catalogue): VariantBAnalysis =>
  buildSections(VARIANT_B_SECTIONS, input, catalogue);
