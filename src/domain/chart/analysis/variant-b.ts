/**
 * Variant B analysis (spec §2.4): one function per `result` field, so a GraphQL selection that
 * skips `shensha` never computes it. Pillar/time fields come from the chart core.
 */
import type { AnalysisInput } from '../analysis-input.js';
import { buildSections, type SectionBuilders } from './sections.js';
import { dayGanzhiDetails, type DayGanzhiDetails } from './day-details.js';
import { enhancedSummary, type EnhancedSummary } from './enhanced-summary.js';
import { detailedNayin, type DetailedNayin } from './nayin-detailed.js';
import { shensha, type Shensha } from './shensha.js';
import { detailedTenGods, type DetailedTenGods } from './ten-gods-detailed.js';

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

export const buildVariantBAnalysis = (input: AnalysisInput): VariantBAnalysis => buildSections(VARIANT_B_SECTIONS, input);
