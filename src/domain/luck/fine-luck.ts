/**
 * 小運 (minor luck, per year of age) and 日運・時運 (流日・流時) (docs/fields.md, "8.1 `luck`").
 *
 * 小運, two schools:
 * - `hour_pillar` (default): the hour pillar stepped one pair per year of age, forward or backward as
 *   the 大運 go; age 1 is the hour pillar ± 1. Sources: lunar-javascript `buildXiaoYun`, tyme4ts
 *   `Fortune.getSixtyCycle` (`hour.next(forward ? age : −age)`); 萬民英《三命通會》卷二〈論小運〉
 *   gives this as 醉醒子's rule.
 * - `sanming`: the fixed start 三命通會〈論小運〉 gives as the older rule, whatever the hour: a man's
 *   age 1 is 丙寅 going forward, a woman's 壬申 going backward (洪邁《容齋續筆》: 「今之五行家學，凡男子
 *   小運起於寅，女子小運起於申」).
 * Ages are 数え by pillar year, as tyme4ts counts them (the birth's 立春 year is age 1; each 立春 adds
 * one); lunar-javascript counts Gregorian years instead, which gives the same pillar for each age
 * and differs only in which January weeks carry it. Each 小運 runs from its year's 立春 (the birth,
 * for age 1) to the next 立春.
 *
 * 日運: the day pillar of each civil day in the chart's zone, (JDN + 49) mod 60, as the chart's own
 * day pillar counts (00:00 to 00:00 on the zone's clock). 時運: the 12 時辰 子…亥 whose hour stems
 * come from that day's stem (五鼠遁), on the chart's solar clock (longitude, and the equation of
 * time when `solar_time` is `apparent`): the 子 hour opens at 23:00 solar time of the evening
 * before, as the chart reads the hour pillar under either day boundary. Each entry carries the
 * 大運, 歳運 and 月運 in force at its start, and its relations with the natal pillars and them.
 */
import { RISSHUN_INDEX, TERMS_PER_YEAR } from '../astronomy/solar-term-names.ts';
import { equationOfTimeSec } from '../astronomy/equation-of-time.ts';
import { latestJieIndexAt, tableIndexOf, termCalendarIndex, termStartMinuteUnixSec, termYear } from '../astronomy/solar-terms.ts';
import { cycleIndexOf, mod, monthPillarOf, stemOf, yearPillarOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { JDN_TO_DAY_CYCLE_OFFSET, type ChartCore } from '../chart/chart-core.ts';
import { monthBranchShift } from '../chart/conventions.ts';
import { luckPillarRelations, type Relation } from '../chart/relations.ts';
import { civilFromDays, daysFromCivil, SEC_PER_DAY, UNIX_EPOCH_JDN } from '../time/civil.ts';
import { isoFormatterFor } from '../time/format.ts';
import { SOLAR_TERM_CODES, type SolarTermCode } from '../vocabulary/codes.ts';
import { LUCK_READINGS, LUCK_YEARS, type GenderFreeLuck, type Reading } from './luck.ts';
import type { Gender } from './luck-request.ts';
import { isYangStem } from '../calendar/stems.ts';

export const MINOR_LUCK_SCHOOLS = ['hour_pillar', 'sanming'] as const;
export type MinorLuckSchool = (typeof MINOR_LUCK_SCHOOLS)[number];
export const DEFAULT_MINOR_LUCK_SCHOOL: MinorLuckSchool = 'hour_pillar';
/** At most this many 日運 per request (a year, leap day included). */
export const MAX_DAY_SPAN = 366;

/** 丙寅 and 壬申: the 三命通会 starts of a man's and a woman's 小運. */
const SANMING_START: Readonly<Record<Gender, CycleIndex>> = { male: 2, female: 8 };

/** The 大運, 歳運 and 月運 in force at an instant. */
export interface LuckInForce {
  /** The 大運's index (1 for the first), or null before the first or without a gender. */
  readonly majorIndex: number | null;
  readonly major: CycleIndex | null;
  /** The pillar year (its 立春 opens the 歳運) and its pillar. */
  readonly year: number;
  readonly annual: CycleIndex;
  /** The 節 that opened the 月運, and its pillar. */
  readonly term: SolarTermCode;
  readonly monthly: CycleIndex;
}

/** One 小運, 日運 or 時運: its pillar, its reading against the natal day pillar, its span and relations. */
export interface FineLuck {
  readonly pillar: CycleIndex;
  readonly reading: Reading;
  /** Where its reading stands in LUCK_READINGS (natal day pillar × 60 + this pillar). */
  readonly readingIndex: number;
  readonly fromUnixSec: number;
  readonly toUnixSec: number;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly relations: readonly Relation[];
}

export interface MinorLuck extends FineLuck {
  /** 数え age by pillar year: 1 in the birth's pillar year. */
  readonly age: number;
  /** The pillar year it covers. */
  readonly year: number;
  /** The 大運 in force at its start (null before the first). */
  readonly majorIndex: number | null;
}

export interface DailyLuck extends FineLuck {
  /** The civil date, `YYYY-MM-DD`. */
  readonly date: string;
  readonly inForce: LuckInForce;
}

export interface HourlyLuck extends FineLuck {
  /** 0 (子) … 11 (亥). */
  readonly branch: number;
  readonly inForce: LuckInForce;
}

/** `YYYY-MM-DD` → days since 1970-01-01, or undefined when it is not a date. */
export function parseCivilDate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return undefined;
  const days = daysFromCivil(year, month, day);
  const back = civilFromDays(days);
  return back.month === month && back.day === day ? days : undefined;
}

export const civilDateText = (days: number): string => {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The civil days (since 1970-01-01) whose luck can be listed: inside the term table's pillar years. */
export const listableDays = (): { readonly first: number; readonly last: number } => ({
  first: daysFromCivil(LUCK_YEARS.first, 3, 1),
  last: daysFromCivil(LUCK_YEARS.last, 12, 31),
});

/** The 歳運 / 月運 pillars and the 大運 in force at an instant; `monthShift` is the hemisphere convention's (0 or 6). */
export function luckInForce(luck: GenderFreeLuck, unixSec: number, monthShift: number): LuckInForce {
  const jie = latestJieIndexAt(unixSec);
  const jieCalendar = termCalendarIndex(jie);
  const year = termYear(jie) - (jieCalendar < RISSHUN_INDEX ? 1 : 0);
  const annual = yearPillarOf(year);
  const k = luck.majorIndexAt(unixSec);
  return {
    majorIndex: k === 0 ? null : k,
    major: k === 0 ? null : luck.majorOrNone(k),
    year,
    annual,
    term: SOLAR_TERM_CODES[jieCalendar]!,
    monthly: monthPillarOf(stemOf(annual), mod(jieCalendar / 2 - 1 + monthShift, 12)),
  };
}

const NONE = -1;

function entry(
  core: ChartCore,
  iso: (unixSec: number) => string,
  pillar: CycleIndex,
  fromUnixSec: number,
  toUnixSec: number,
  relations: readonly Relation[],
): FineLuck {
  const readingIndex = core.pillars.day * 60 + pillar;
  return {
    pillar,
    reading: LUCK_READINGS[readingIndex]!,
    readingIndex,
    fromUnixSec,
    toUnixSec,
    startsAt: iso(fromUnixSec),
    endsAt: iso(toUnixSec),
    relations,
  };
}

/**
 * 小運 of ages 1..`lastAge` (clipped to the term table). `hour_pillar` needs the hour pillar: a chart
 * without one (time unknown) has none to list.
 */
export function minorLuckOf(core: ChartCore, luck: GenderFreeLuck, gender: Gender, school: MinorLuckSchool, lastAge: number): MinorLuck[] {
  const { pillars } = core;
  // 三命通会: men forward, women backward; the hour-pillar school: as the 大運 (yang year × male, or yin × female).
  const forward = school === 'sanming' ? gender === 'male' : isYangStem(stemOf(pillars.year)) === (gender === 'male');
  const origin = school === 'sanming' ? SANMING_START[gender] - (forward ? 1 : -1) : pillars.hour;
  if (origin === null) return [];
  const format = isoFormatterFor(core.zone);
  const birthYear = termYear(core.springTermIndex);
  const list: MinorLuck[] = [];
  for (let age = 1; age <= lastAge && birthYear + age - 1 <= LUCK_YEARS.last; age++) {
    const year = birthYear + age - 1;
    const risshun = tableIndexOf(year, RISSHUN_INDEX);
    const from = age === 1 ? core.birthUnixSec : termStartMinuteUnixSec(risshun);
    const to = termStartMinuteUnixSec(risshun + TERMS_PER_YEAR);
    const pillar = mod(origin + (forward ? age : -age), 60);
    const k = luck.majorIndexAt(from);
    const major = luck.majorOrNone(k);
    const relations = luckPillarRelations(pillars, major, yearPillarOf(year), pillar, 'minor');
    list.push({ ...entry(core, format.instant, pillar, from, to, relations), age, year, majorIndex: k === 0 ? null : k });
  }
  return list;
}

/** 日運 of the civil days `fromDay`..`toDay` (days since 1970-01-01, inclusive). */
export function dailyLuckOf(core: ChartCore, luck: GenderFreeLuck, fromDay: number, toDay: number): DailyLuck[] {
  const format = isoFormatterFor(core.zone);
  const list: DailyLuck[] = [];
  let from = core.zone.instantOf(fromDay * SEC_PER_DAY);
  for (let day = fromDay; day <= toDay; day++) {
    const to = core.zone.instantOf((day + 1) * SEC_PER_DAY);
    const pillar = (day + UNIX_EPOCH_JDN + JDN_TO_DAY_CYCLE_OFFSET) % 60;
    const inForce = luckInForce(luck, from, monthBranchShift(core.request.conventions));
    const relations = luckPillarRelations(core.pillars, inForce.major ?? NONE, inForce.annual, pillar, 'daily', inForce.monthly);
    list.push({ ...entry(core, format.instant, pillar, from, to, relations), date: civilDateText(day), inForce });
    from = to;
  }
  return list;
}

/** The solar clock of the chart (seconds since 1970-01-01 read as UTC, fractional) at an instant. */
function solarWallAt(core: ChartCore, unixSec: number): number {
  const mean = unixSec + core.request.longitudeDeg * 240;
  return core.request.conventions.solarTime === 'apparent' ? mean + equationOfTimeSec(unixSec) : mean;
}

/** The first whole second at which the solar clock reads `solarSec` or later. */
function instantOfSolar(core: ChartCore, solarSec: number): number {
  let t = Math.ceil(solarSec - core.request.longitudeDeg * 240);
  // The equation of time moves by under a minute a day: a few fixed-point steps settle it.
  for (let i = 0; i < 4 && core.request.conventions.solarTime === 'apparent'; i++) {
    t = Math.ceil(solarSec - core.request.longitudeDeg * 240 - equationOfTimeSec(t));
  }
  while (solarWallAt(core, t - 1) >= solarSec) t--;
  while (solarWallAt(core, t) < solarSec) t++;
  return t;
}

/** 時運 of the civil day `day` (days since 1970-01-01): the 12 時辰 子…亥 of that day's stem. */
export function hourlyLuckOf(core: ChartCore, luck: GenderFreeLuck, day: number): HourlyLuck[] {
  const format = isoFormatterFor(core.zone);
  const dayStem = stemOf((day + UNIX_EPOCH_JDN + JDN_TO_DAY_CYCLE_OFFSET) % 60);
  const list: HourlyLuck[] = [];
  // 子 opens at 23:00 solar time of the evening before; each 時辰 is two solar hours.
  let from = instantOfSolar(core, day * SEC_PER_DAY - 3600);
  for (let branch = 0; branch < 12; branch++) {
    const to = instantOfSolar(core, day * SEC_PER_DAY - 3600 + (branch + 1) * 7200);
    const pillar = cycleIndexOf(((dayStem % 5) * 2 + branch) % 10, branch);
    const inForce = luckInForce(luck, from, monthBranchShift(core.request.conventions));
    const relations = luckPillarRelations(core.pillars, inForce.major ?? NONE, inForce.annual, pillar, 'hourly', inForce.monthly);
    list.push({ ...entry(core, format.instant, pillar, from, to, relations), branch, inForce });
    from = to;
  }
  return list;
}
