/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A birth to chart: date, optional time, longitude and the convention options. Validated after authentication, with the REST rules. */
export type CalculateInput = {
  /** Calendar of year, month, day: gregorian (default), lunar_cn, lunar_kr (KASI) or lunar_jp (旧暦). One of GREGORIAN, LUNAR_CN, LUNAR_KR, LUNAR_JP. */
  calendar?: Calendar | null | undefined;
  /** Day of the month; the date must exist (in `calendar`). Integer from 1 to 31. */
  day: number;
  /** When the day pillar changes: 00:00 (default; 23:00–23:59 takes the next day’s 子-hour stem) or 23:00. One of MIDNIGHT, ZI_HOUR. */
  dayBoundary?: DayBoundary | null | undefined;
  /** male or female: the direction of the 大運 (needed only for them). One of MALE, FEMALE. */
  gender?: Gender | null | undefined;
  /** Whose seasons the month pillar follows: north (default; every classical text) or south (a minority convention: the opposite season’s month branch, 寅 ↔ 申). One of NORTH, SOUTH. */
  hemisphere?: Hemisphere | null | undefined;
  /** Hour; ignored when `time` is given. With neither `time` nor `hour`, 12:00 is used. Integer from 0 to 23. */
  hour?: number | null | undefined;
  /** Language of labels and texts (default `ja`). One of JA, ZH_HANS, ZH_HANT, EN, KO. */
  lang?: Language | null | undefined;
  /** With a lunar `calendar`: the month is the leap month (閏月). */
  leapMonth?: boolean | null | undefined;
  /** Longitude in degrees, east positive (or from `place`). Number from -180 to 180. */
  location?: number | null | undefined;
  /** How the start of the first luck cycle (起運) is computed (default `exact`). One of EXACT, JP_DAY_COUNT, CLASSICAL, LUNAR_SECT1, LUNAR_SECT2, CHINA95. */
  luckMethod?: LuckMethod | null | undefined;
  /** Minute, default 0; ignored when `time` is given. Integer from 0 to 59. */
  minute?: number | null | undefined;
  /** Month. Integer from 1 to 12. */
  month: number;
  /** Birthplace by name (札幌市, さっぽろ, Taipei, 서울): sets `location` and `timezone` not given; a name of several places is a 400 listing them. */
  place?: string | null | undefined;
  /** Birthplace id (from /v1/places or that list); wins over `place`. */
  placeId?: string | null | undefined;
  /** True solar time: local mean time (default) or apparent (adds the equation of time). One of MEAN, APPARENT. */
  solarTime?: SolarTime | null | undefined;
  /** `HH:MM`; wins over `hour` and `minute`. */
  time?: string | null | undefined;
  /** true: the time is unknown: three pillars, nothing from an hour; alternatives over the whole day. Not with a time or `uncertainty_minutes`. */
  timeUnknown?: boolean | null | undefined;
  /** IANA zone of the input time (default `Asia/Tokyo`, its summer time included). */
  timezone?: string | null | undefined;
  /** Minutes either side of the birth time `warnings` and `alternatives` read (default 30). Integer from 0 to 720. */
  uncertaintyMinutes?: number | null | undefined;
  /** Year (Gregorian, or the lunar year with `calendar`). Integer from 1900 to 2100. */
  year: number;
  /** The 蔵干 day count: `date` (default) = birth date − 節入り date + 1; `elapsed` = whole days since the 節入り instant + 1. One of DATE, ELAPSED. */
  zokanCount?: ZokanCount | null | undefined;
  /** Hidden-stem (蔵干) table: J1 月律分野 (default) or J2 二十八元. One of GETSURITSU, NIJUHACHIGEN. */
  zokanTable?: ZokanTable | null | undefined;
};

/** The calendar of a date’s year, month and day. */
export type Calendar =
  /** Gregorian (the default). */
  | 'GREGORIAN'
  /** The Chinese calendar (農曆, GB/T 33661 in UTC+8). */
  | 'LUNAR_CN'
  /** The Japanese calendar (旧暦, the 天保暦 rule in JST, 閏11月 in 2033). */
  | 'LUNAR_JP'
  /** The Korean calendar (음력, KASI). */
  | 'LUNAR_KR';

/** When the day pillar changes. */
export type DayBoundary =
  /** 00:00 (default): 23:00–23:59 keeps the date; its 子 hour takes the next day’s stem (夜子時). */
  | 'MIDNIGHT'
  /** 23:00: the day pillar changes at the start of the 子 hour (子初換日). */
  | 'ZI_HOUR';

/** Sets the direction of the luck cycles (with the year stem’s yin/yang). Required only when `luck` is selected. */
export type Gender =
  /** Female. */
  | 'FEMALE'
  /** Male. */
  | 'MALE';

/** Whose seasons the month pillar follows. */
export type Hemisphere =
  /** The month branch of the 節 (default; every classical text). */
  | 'NORTH'
  /** The opposite season’s month branch (寅 ↔ 申), stem by 五虎遁: a minority convention for southern births. */
  | 'SOUTH';

/** The language of an answer’s labels and texts (BCP 47 tag in each value’s description). The stem and branch characters stay as they are. */
export type Language =
  /** English, `en` */
  | 'EN'
  /** Japanese, `ja` (default) */
  | 'JA'
  /** Korean, `ko` */
  | 'KO'
  /** Chinese in simplified characters (mainland usage), `zh-Hans` */
  | 'ZH_HANS'
  /** Chinese in traditional characters (Taiwan usage), `zh-Hant` */
  | 'ZH_HANT';

/** How the start of the first 大運 (起運) is computed. The README compares them on a worked example. */
export type LuckMethod =
  /** tyme4ts China95ChildLimitProvider (元亨利貞): whole minutes of the interval, 4320 = 1 year, 360 = 1 month, 12 = 1 day. */
  | 'CHINA95'
  /** 折除法: whole days of the interval (3 days = 1 year, 1 day = 4 months) and whole 刻 (2 h) of the rest (1 刻 = 10 days), 30-day months. */
  | 'CLASSICAL'
  /** Default. Elapsed seconds between the birth instant and the reference 節, 3 days = 1 year (6 h = 1 month, 12 min = 1 day, 30 s = 1 hour, 1 s = 2 minutes), floored at each step: tyme4ts DefaultChildLimitProvider. */
  | 'EXACT'
  /** Japanese day count (asahi-net keisandai): civil dates in the zone’s standard time; forward counts the birth day up to the day before 節入り, backward counts both ends; N days → ⌊N/3⌋ years and 4 × (N mod 3) months. */
  | 'JP_DAY_COUNT'
  /** lunar-javascript getYun(gender, 1): the civil-date difference and the 時辰-index difference of the two wall-clock readings (standard time; 23:xx counts as 亥). */
  | 'LUNAR_SECT1'
  /** lunar-javascript getYun(gender, 2): whole minutes between the readings (seconds dropped): 4320 min = 1 year, 360 = 1 month, 12 = 1 day, 1 min = 2 hours. */
  | 'LUNAR_SECT2';

/** How true solar time is computed. */
export type SolarTime =
  /** Local mean time plus the equation of time. */
  | 'APPARENT'
  /** Local mean time: UT + longitude × 4 min (default). */
  | 'MEAN';

/** Response shape: A = the chart as `/v1/calculate` answers it, B = as `/api/v1/calculate` does. */
export type Variant =
  /** Variant A. */
  | 'A'
  /** Variant B. */
  | 'B';

/** How the 蔵干 day count is counted. */
export type ZokanCount =
  /** Birth date − 節入り date + 1 (default). */
  | 'DATE'
  /** Whole 24-hour days since the 節入り instant + 1. */
  | 'ELAPSED';

/** Hidden-stem (蔵干) table. */
export type ZokanTable =
  /** J1 月律分野蔵干 (default). */
  | 'GETSURITSU'
  /** J2 二十八元. */
  | 'NIJUHACHIGEN';

export type ChartMutationVariables = Exact<{
  input: CalculateInput;
  variant: Variant;
}>;


export type ChartMutation = { calculate:
    | { __typename: 'VariantAResponse', creditsConsumed: number, creditsRemaining: number, result: { yearGanzhi: string, monthGanzhi: string, dayGanzhi: string, timeGanzhi: string | null } }
    | { __typename: 'VariantBResponse', creditsConsumed: number, creditsRemaining: number, result: { yearGanzhi: string, monthGanzhi: string, dayGanzhi: string, timeGanzhi: string | null, nayin: { dayPillar: { nayin: string } } } }
   | null };


export const ChartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Chart"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CalculateInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"variant"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Variant"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"calculate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"variant"},"value":{"kind":"Variable","name":{"kind":"Name","value":"variant"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VariantAResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"creditsConsumed"}},{"kind":"Field","name":{"kind":"Name","value":"creditsRemaining"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"yearGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"monthGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"dayGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"timeGanzhi"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VariantBResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"creditsConsumed"}},{"kind":"Field","name":{"kind":"Name","value":"creditsRemaining"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"yearGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"monthGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"dayGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"timeGanzhi"}},{"kind":"Field","name":{"kind":"Name","value":"nayin"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dayPillar"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nayin"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ChartMutation, ChartMutationVariables>;