/**
 * Variant A analysis (spec §2.3): one function per `result` field, so a caller (GraphQL resolver,
 * REST shim) computes only the fields it serves. Pillar/time fields (input_date, *_ganzhi …)
 * come from the chart core, not from here.
 */
import type { LifeStage } from '../../calendar/life-stages.js';
import type { Stem } from '../../calendar/stems.js';
import type { TenGod } from '../../calendar/ten-gods.js';
import type { AnalysisInput } from '../analysis-input.js';
import { buildSections, type SectionBuilders } from './sections.js';
import { dayGanzhiDetails, type DayGanzhiDetails } from './day-details.js';
import {
  emptyNayin,
  gogyoBalance,
  juniun,
  tenGodsOfStems,
  zokanStems,
  zokanTenGods,
  type GogyoBalance,
  type PerPillar,
  type StemTenGods,
} from './pillar-tables.js';
import { basicSummary, type BasicSummary } from './summary.js';

export interface VariantAAnalysis {
  readonly day_ganzhi_details: DayGanzhiDetails;
  readonly ten_gods: StemTenGods;
  readonly zokan: PerPillar<Stem>;
  readonly zokan_ten_gods: PerPillar<TenGod>;
  readonly juniun: PerPillar<LifeStage>;
  readonly nayin: readonly never[];
  readonly gogyo_balance: GogyoBalance;
  readonly summary: BasicSummary;
}

export const VARIANT_A_SECTIONS: SectionBuilders<VariantAAnalysis> = {
  day_ganzhi_details: dayGanzhiDetails,
  ten_gods: tenGodsOfStems,
  zokan: zokanStems,
  zokan_ten_gods: zokanTenGods,
  juniun,
  nayin: emptyNayin,
  gogyo_balance: gogyoBalance,
  summary: basicSummary,
};

export const buildVariantAAnalysis = (input: AnalysisInput): VariantAAnalysis => buildSections(VARIANT_A_SECTIONS, input);
