/**
 * Variant A analysis (docs/fields.md, "4. Variant A only"): one function per `result` field, so a
 * caller (GraphQL resolver, REST shim) computes only the fields it serves. Pillar/time fields
 * (input_date, *_ganzhi …) come from the chart core, not from here.
 */
import type { Catalogue } from '../../catalogue/index.ts';
import type { AnalysisInput } from '../analysis-input.ts';
import { buildSections, type SectionBuilders } from './sections.ts';
import { dayGanzhiDetails, type DayGanzhiDetails } from './day-details.ts';
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
} from './pillar-tables.ts';
import { basicSummary, type BasicSummary } from './summary.ts';

export interface VariantAAnalysis {
  readonly day_ganzhi_details: DayGanzhiDetails;
  readonly ten_gods: StemTenGods;
  readonly zokan: PerPillar<string>;
  readonly zokan_ten_gods: PerPillar<string>;
  readonly juniun: PerPillar<string>;
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

export const buildVariantAAnalysis = (input: AnalysisInput, catalogue: Catalogue): VariantAAnalysis =>
  buildSections(VARIANT_A_SECTIONS, input, catalogue);
