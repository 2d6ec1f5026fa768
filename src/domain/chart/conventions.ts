/**
 * School conventions a chart depends on. Each is a request option, and docs/fields.md ("1. Request
 * fields") states each one and its default. Values use the REST/CLI spelling; GraphQL maps its enums onto these.
 */
export const SOLAR_TIME_MODES = ['mean', 'apparent'] as const;
export type SolarTimeMode = (typeof SOLAR_TIME_MODES)[number];

export const DAY_BOUNDARIES = ['00:00', '23:00'] as const;
export type DayBoundary = (typeof DAY_BOUNDARIES)[number];

export const ZOKAN_TABLES = ['getsuritsu', 'nijuhachigen'] as const;
export type ZokanTable = (typeof ZOKAN_TABLES)[number];

/**
 * How the 蔵干 day count n is counted. `date`: birth date − 節入り date + 1, both civil dates in standard
 * time (Sources: [sityuu] 「節入り日から生まれた日までの日数を数え」, [lumbermill]'s code). `elapsed`: whole
 * 24-hour days since the 節入り instant + 1 (Sources: [kantei-fortune]'s table runs in days and hours from
 * the 節入り; [muryonet] counts from the 「節入日時分」). The sources split two and two; `date` stays the default.
 */
export const ZOKAN_COUNTS = ['date', 'elapsed'] as const;
export type ZokanCount = (typeof ZOKAN_COUNTS)[number];

/**
 * Whose seasons the month pillar follows. `north` (default): the month branch of the 節 (寅 from 立春),
 * as every classical text and nearly every program counts. `south`: a minority convention for births
 * south of the equator: the month branch of the opposite season (寅 ↔ 申, 卯 ↔ 酉 …, the 対冲 branch),
 * its stem by 五虎遁 from the same year stem; the year, day and hour pillars and the 節 boundaries stay.
 * Sources: [destiny-smallufo] 「南半球月令是否對沖」 (month branch + 6, stem by 五虎遁; FateTell offers the
 * same option); against it: [mrrenshen-southern] (the 節 are ecliptic longitudes, the same everywhere).
 */
export const HEMISPHERES = ['north', 'south'] as const;
export type Hemisphere = (typeof HEMISPHERES)[number];

export interface ChartConventions {
  /** IANA zone of the civil input time. */
  readonly timezone: string;
  /** `mean`: local mean time (longitude only); `apparent`: plus the equation of time. */
  readonly solarTime: SolarTimeMode;
  /** `00:00`: 23:xx keeps the date (夜子時); `23:00`: the day pillar advances at 23:00 (子初換日). */
  readonly dayBoundary: DayBoundary;
  /** 蔵干 table: J1 月律分野 (`getsuritsu`) or J2 二十八元 (`nijuhachigen`). */
  readonly zokanTable: ZokanTable;
  /** 蔵干 day count: present only when not the default `date`, so the digests of older requests stay. */
  readonly zokanCount?: ZokanCount;
  /** Present only for the southern convention, so the digests of older requests stay. */
  readonly hemisphere?: 'south';
}

/** How far the month branch moves from the 節's: 6 (the opposite season) under the southern convention, else 0. */
export const monthBranchShift = (conventions: Pick<ChartConventions, 'hemisphere'>): 0 | 6 => (conventions.hemisphere === 'south' ? 6 : 0);

export const DEFAULT_CONVENTIONS: ChartConventions = {
  timezone: 'Asia/Tokyo',
  solarTime: 'mean',
  dayBoundary: '00:00',
  zokanTable: 'getsuritsu',
};
