import type { ZokanTable } from './conventions.ts';
import type { FourPillars } from './pillars.ts';

/**
 * Everything the derived analysis (ten gods, 蔵干, 十二運, 納音, shensha, scores) needs from the
 * calendar core. Produced by the chart core; consumed by the analysis builders.
 */
export interface AnalysisInput {
  readonly pillars: FourPillars;
  /** Julian Day Number of the civil date whose pillar is the day pillar (for 日家九星). */
  readonly dayPillarJdn: number;
  /**
   * 蔵干 day count n: birth date − date of the 節入り that opened the birth's month pillar + 1 (the
   * 節入り date is day 1), both dates in the request zone's standard time (summer time removed); or,
   * with `zokan_count=elapsed`, whole 24-hour days since the 節入り instant + 1.
   */
  readonly zokanDayCount: number;
  readonly zokanTable: ZokanTable;
}
