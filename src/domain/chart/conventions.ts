/**
 * School conventions a chart depends on (DESIGN §3). Each is a request option; the defaults are the
 * DESIGN defaults. Values use the REST/CLI spelling; GraphQL maps its enums onto these.
 */
export const SOLAR_TIME_MODES = ['mean', 'apparent'] as const;
export type SolarTimeMode = (typeof SOLAR_TIME_MODES)[number];

export const DAY_BOUNDARIES = ['00:00', '23:00'] as const;
export type DayBoundary = (typeof DAY_BOUNDARIES)[number];

export const ZOKAN_TABLES = ['getsuritsu', 'nijuhachigen'] as const;
export type ZokanTable = (typeof ZOKAN_TABLES)[number];

export interface ChartConventions {
  /** IANA zone of the civil input time. */
  readonly timezone: string;
  /** `mean`: local mean time (longitude only); `apparent`: plus the equation of time. */
  readonly solarTime: SolarTimeMode;
  /** `00:00`: 23:xx keeps the date (夜子時); `23:00`: the day pillar advances at 23:00 (子初換日). */
  readonly dayBoundary: DayBoundary;
  /** 蔵干 table: J1 月律分野 (`getsuritsu`) or J2 二十八元 (`nijuhachigen`). */
  readonly zokanTable: ZokanTable;
}

export const DEFAULT_CONVENTIONS: ChartConventions = {
  timezone: 'Asia/Tokyo',
  solarTime: 'mean',
  dayBoundary: '00:00',
  zokanTable: 'getsuritsu',
};
