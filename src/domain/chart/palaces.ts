/**
 * 胎元・胎息・命宮・身宮: four pillars read from the chart's own, each with the school that reads it.
 * Pure: the schools are arguments; the section's JSON (wire/sections/palaces/json.ts) answers the default with the
 * other schools beside it.
 *
 * - 胎元 (conception pillar) `month_pillar`: the month stem one on, the month branch three on (the
 *   month ten months before). `three_hundred_days`: the month pillar 300 days before the birth, the
 *   only way 三命通会 accepts (it names the first as the common practice).
 *   Sources: [guoxuedz-taiyuan], [sanming-tonghui], [lunar-javascript], [tyme4ts]
 * - 胎息 (fetal breath): the day stem's 干合 partner over the day branch's 六合 partner. Both peers
 *   agree on all 60 day pillars. Sources: [lunar-javascript], [tyme4ts]
 * - 命宮 (life palace): 正月 on 子, counted backwards to the birth month; the birth hour set there and
 *   counted forwards to 卯; that branch, with its stem by 五虎遁 from the year stem (寅 … 丑 as the
 *   year's months). Branch = 卯 − (month − 寅) − hour. Sources: [sanming-tonghui], [lunar-javascript], [tyme4ts]
 * - 身宮 (body palace): branch = month + hour + 1 (寅 month, 子 hour: 卯), stem as 命宮's; the rule of
 *   both peers (no classical text found for 子平's 身宮; 紫微斗数's is another rule).
 *   Sources: [lunar-javascript], [tyme4ts]
 *
 * The month of 命宮 and 身宮: `jie_month`, the month pillar's branch (a month from its 節, as both peers
 * count it), or `zhongqi_month`, one month on from the month's 中気 (where the Sun changes sign), as a
 * tyme4j user counts it from his books (its maintainer keeps the 節 month). Source: [tyme4j] 命宫计算问题
 */
import { RISSHUN_INDEX } from '../astronomy/solar-term-names.ts';
import { latestJieIndexAt, termCalendarIndex, termStartMinuteUnixSec, termYear } from '../astronomy/solar-terms.ts';
import { branchOf, cycleIndexOf, mod, monthPillarOf, stemOf, yearPillarOf, type CycleIndex } from '../calendar/sexagenary.ts';
import type { StemIndex } from '../calendar/stems.ts';
import type { PalaceCode } from '../vocabulary/codes.ts';
import { SEC_PER_DAY } from '../time/civil.ts';
import type { ChartCore } from './chart-core.ts';
import { monthBranchShift } from './conventions.ts';

/** How 胎元 is read. */
export const CONCEPTION_SCHOOLS = ['month_pillar', 'three_hundred_days'] as const;
export type ConceptionSchool = (typeof CONCEPTION_SCHOOLS)[number];
/** How the birth month of 命宮 and 身宮 is counted. */
export const PALACE_MONTH_SCHOOLS = ['jie_month', 'zhongqi_month'] as const;
export type PalaceMonthSchool = (typeof PALACE_MONTH_SCHOOLS)[number];
/** 胎息 has one rule. */
export const BREATH_SCHOOL = 'stem_and_branch_combination';
export type PalaceSchool = ConceptionSchool | PalaceMonthSchool | typeof BREATH_SCHOOL;

export interface PalaceSchools {
  readonly conception: ConceptionSchool;
  readonly month: PalaceMonthSchool;
}
export const DEFAULT_PALACE_SCHOOLS: PalaceSchools = { conception: 'month_pillar', month: 'jie_month' };

/** Why a palace has no pillar: it needs the hour, and the birth time is unknown. */
export type PalaceAbsence = 'time_unknown';

export interface Palace {
  readonly code: PalaceCode;
  readonly school: PalaceSchool;
  /** Its pillar (cycle index, 甲子 = 0); null when absent. */
  readonly pillar: CycleIndex | null;
  readonly absent: PalaceAbsence | null;
}

const CONCEPTION_DAYS = 300;

/** The month pillar at an instant, by the chart's minute rule and hemisphere convention (as chart-core reads the birth's). */
function monthPillarAt(unixSec: number, shift: number): CycleIndex {
  const jie = latestJieIndexAt(unixSec);
  const calendarIndex = termCalendarIndex(jie);
  const year = yearPillarOf(termYear(jie) - (calendarIndex < RISSHUN_INDEX ? 1 : 0));
  return monthPillarOf(stemOf(year), mod(calendarIndex / 2 - 1 + shift, 12));
}

/** 胎元 by the month pillar: stem + 1, branch + 3. */
export const conceptionOfMonth = (month: CycleIndex): CycleIndex => cycleIndexOf((stemOf(month) + 1) % 10, (branchOf(month) + 3) % 12);

/** 胎息: the 干合 partner of the day stem (g + 5) over the 六合 partner of the day branch (子丑, 寅亥 …: 1 − z). */
export const breathOfDay = (day: CycleIndex): CycleIndex => cycleIndexOf((stemOf(day) + 5) % 10, mod(1 - branchOf(day), 12));

/** A palace branch with its stem by 五虎遁 from the year stem (寅 the first month, 丑 the twelfth). */
const withYearStem = (yearStem: StemIndex, branch: number): CycleIndex => monthPillarOf(yearStem, mod(branch - 2, 12));

/** 命宮's branch from the month branch and the hour branch: 卯 − (month − 寅) − hour. */
export const lifePalaceBranch = (monthBranch: number, hourBranch: number): number => mod(5 - monthBranch - hourBranch, 12);
/** 身宮's branch: month + hour + 1. */
export const bodyPalaceBranch = (monthBranch: number, hourBranch: number): number => mod(1 + monthBranch + hourBranch, 12);

/** The month branch 命宮 and 身宮 count from: the month pillar's, or one on once the month's 中気 has begun (minute rule). */
export function palaceMonthBranch(core: ChartCore, school: PalaceMonthSchool): number {
  const monthBranch = branchOf(core.pillars.month);
  if (school === 'jie_month') return monthBranch;
  return core.birthUnixSec >= termStartMinuteUnixSec(core.monthTermIndex + 1) ? (monthBranch + 1) % 12 : monthBranch;
}

/** 命宮 and 身宮 of a month branch and an hour branch, stems by 五虎遁 from the year stem. */
export const lifeAndBodyPalaces = (yearStem: StemIndex, monthBranch: number, hourBranch: number): readonly [CycleIndex, CycleIndex] => [
  withYearStem(yearStem, lifePalaceBranch(monthBranch, hourBranch)),
  withYearStem(yearStem, bodyPalaceBranch(monthBranch, hourBranch)),
];

/** The four palaces of a chart under the given schools, 胎元 胎息 命宮 身宮. */
export function palacesOf(core: ChartCore, schools: PalaceSchools = DEFAULT_PALACE_SCHOOLS): readonly Palace[] {
  const { year, month, day, hour } = core.pillars;
  const conception =
    schools.conception === 'month_pillar'
      ? conceptionOfMonth(month)
      : monthPillarAt(core.birthUnixSec - CONCEPTION_DAYS * SEC_PER_DAY, monthBranchShift(core.request.conventions));
  const palaces: Palace[] = [
    { code: 'palace.tai_yuan', school: schools.conception, pillar: conception, absent: null },
    { code: 'palace.tai_xi', school: BREATH_SCHOOL, pillar: breathOfDay(day), absent: null },
  ];
  if (hour === null) {
    for (const code of ['palace.ming_gong', 'palace.shen_gong'] as const)
      palaces.push({ code, school: schools.month, pillar: null, absent: 'time_unknown' });
    return palaces;
  }
  const [life, body] = lifeAndBodyPalaces(stemOf(year), palaceMonthBranch(core, schools.month), branchOf(hour));
  palaces.push(
    { code: 'palace.ming_gong', school: schools.month, pillar: life, absent: null },
    { code: 'palace.shen_gong', school: schools.month, pillar: body, absent: null },
  );
  return palaces;
}

/** Each palace's schools other than the default. */
const OTHER_SCHOOLS: PalaceSchools = { conception: 'three_hundred_days', month: 'zhongqi_month' };

export interface PalaceReading extends Palace {
  /** The same palace by the other schools (none for 胎息). */
  readonly variants: readonly Palace[];
}

/** The four palaces by the default schools, each with its other schools' pillars beside it. */
export function palaceReadingsOf(core: ChartCore): readonly PalaceReading[] {
  const others = palacesOf(core, OTHER_SCHOOLS);
  return palacesOf(core).map((palace, i) => ({ ...palace, variants: others[i]!.school === palace.school ? [] : [others[i]!] }));
}
