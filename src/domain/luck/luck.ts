/**
 * 大運・歳運・月運 (docs/fields.md, "8.1 `luck`"): the direction from the 立春-based year stem
 * and the gender, 起運 by the chosen method (start-age.ts), the 大運 sequence stepping from the month
 * pillar, and the 歳運 / 月運 pillars switching at the term table's 立春 / 節入り instants (the same
 * minute rule as the chart's own year and month pillars).
 */
import { RISSHUN_INDEX, TERMS_PER_YEAR, isJie } from '../astronomy/solar-term-names.ts';
import {
  FIRST_TABLE_YEAR,
  LAST_TABLE_YEAR,
  tableIndexOf,
  termCalendarIndex,
  termInstantUnixSec,
  termStartMinuteUnixSec,
} from '../astronomy/solar-terms.ts';
import { SOLAR_TERM_CODES, type SolarTermCode } from '../vocabulary/codes.ts';
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { lifeStageCode } from '../calendar/life-stages.ts';
import { NAYIN_CODES, type LifeStageCode, type NayinCode, type TenGodCode } from '../vocabulary/codes.ts';
import { nayinIndexOf } from '../calendar/nayin.ts';
import { branchOf, ganzhiName, mod, monthPillarOf, stemOf, yearPillarOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { isVoidBranch } from '../calendar/shensha-rules.ts';
import { isYangStem } from '../calendar/stems.ts';
import { tenGodCode } from '../calendar/ten-gods.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { monthBranchShift } from '../chart/conventions.ts';
import type { FourPillars } from '../chart/pillars.ts';
import { luckPillarRelations, type Relation } from '../chart/relations.ts';
import { civilDateTimeOf, daysFromCivil, daysInMonth, SEC_PER_DAY, wallSecondsOf, type CivilDateTime } from '../time/civil.ts';
import { isoFormatterFor, type ZoneIsoFormatter } from '../time/format.ts';
import type { ZoneRules } from '../time/zone.ts';
import type { LuckRequest } from './luck-request.ts';
import { DEFAULT_LUCK_METHOD, startAge, startAgeInYears, type LuckMethod, type StartAge } from './start-age.ts';

export { GENDERS, type Gender, type LuckRequest } from './luck-request.ts';

export const DEFAULT_CYCLE_COUNT = 10;
export const MAX_CYCLE_COUNT = 12;
export const MAX_YEAR_SPAN = 150;
/**
 * Pillar years whose 立春 and the next one lie inside the term table: 1899–2100, every year a chart
 * can be cast in (the table ends with 2101's 立春, where the 2100 pillar year ends).
 */
export const LUCK_YEARS = {
  first: FIRST_TABLE_YEAR,
  last: (() => {
    let year = LAST_TABLE_YEAR;
    while (!hasTerm(year, RISSHUN_INDEX)) year--;
    return year - 1;
  })(),
} as const;

function hasTerm(year: number, calendarIndex: number): boolean {
  try {
    tableIndexOf(year, calendarIndex);
    return true;
  } catch {
    return false;
  }
}

/** What a caller asked of the luck sections (GraphQL arguments), checked before anything is charged. */
export interface LuckArguments {
  readonly cycleCounts: readonly number[];
  readonly yearRanges: readonly (readonly [from: number, to: number])[];
  readonly monthYears: readonly number[];
  /** How the protocol names them in errors (REST `luck_cycles`, GraphQL `luck.cycles.count`, …): the protocol's words, not the domain's. */
  readonly names: {
    readonly cycles: string;
    readonly years: string;
    readonly months: string;
    readonly minor?: string;
    readonly days?: string;
    /** When the protocol names a range's two ends apart (GraphQL `luck.days.from` / `luck.days.to`): a bad end names its own, a span too long names `dayTo`. */
    readonly dayFrom?: string;
    readonly dayTo?: string;
    readonly hours?: string;
  };
  /** 小運 schools asked for (checked against MINOR_LUCK_SCHOOLS). */
  readonly minorSchools?: readonly unknown[];
  /** 日運 ranges asked for, as given (`YYYY-MM-DD` each end). */
  readonly dayRanges?: readonly (readonly [from: unknown, to: unknown])[];
  /** 時運 dates asked for, as given (`YYYY-MM-DD`). */
  readonly hourDates?: readonly unknown[];
  /**
   * Whether what was asked depends on the gender: the 大運 and everything about them do; 歳運 and 月運
   * alone do not, so a request for only those needs none. Default true.
   */
  readonly needsGender?: boolean;
}

/** Every rule the arguments break, as `{ field, message }` issues naming the argument. */
export function luckArgumentIssues(args: LuckArguments): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const { names } = args;
  const inYears = (n: number) => Number.isInteger(n) && n >= LUCK_YEARS.first && n <= LUCK_YEARS.last;
  const yearRule = `a year from ${LUCK_YEARS.first} to ${LUCK_YEARS.last}`;
  for (const count of args.cycleCounts) {
    if (!Number.isInteger(count) || count < 1 || count > MAX_CYCLE_COUNT) {
      issues.push({ field: names.cycles, message: `${names.cycles} must be an integer from 1 to ${MAX_CYCLE_COUNT}` });
    }
  }
  for (const [from, to] of args.yearRanges) {
    if (!inYears(from) || !inYears(to)) {
      issues.push({ field: names.years, message: `${names.years} must be years from ${LUCK_YEARS.first} to ${LUCK_YEARS.last}` });
    } else if (to < from || to - from + 1 > MAX_YEAR_SPAN) {
      issues.push({
        field: names.years,
        message: `${names.years} must span 1 to ${MAX_YEAR_SPAN} years, first ≤ last (got ${from}–${to})`,
      });
    }
  }
  for (const year of args.monthYears) {
    if (!inYears(year)) issues.push({ field: names.months, message: `${names.months} must be ${yearRule}` });
  }
  return issues;
}

/** A luck pillar read against the natal day stem. */
export interface LuckPillar {
  readonly pillar: CycleIndex;
  readonly ganzhi: string;
  /** Day stem vs this stem. */
  readonly stemTenGod: TenGodCode;
  /** Day stem vs the branch's 本気 (no 月律分野 day count applies to a luck pillar). */
  readonly branchTenGod: TenGodCode;
  /** 十二運: day stem vs this branch. */
  readonly lifeStage: LifeStageCode;
  readonly nayin: NayinCode;
  /** The branch is one of the natal day pillar's 空亡 branches (大運天中殺, 空亡年). */
  readonly isVoid: boolean;
  /** Where its reading stands in {@link LUCK_READINGS} (natal day pillar × 60 + this pillar). */
  readonly readingIndex: number;
  /** Relations this pillar forms with the natal pillars (and the 大運 in force, for 歳運 and 月運). */
  readonly relations: readonly Relation[];
}

export interface Period {
  /** UT Unix seconds, inclusive. */
  readonly fromUnixSec: number;
  /** UT Unix seconds, exclusive. */
  readonly toUnixSec: number;
  /** The start, ISO 8601 with the request zone's offset in force (formatted when read). */
  readonly startsAt: string;
  /** The end (exclusive), likewise. */
  readonly endsAt: string;
}

export interface MajorCycle extends LuckPillar, Period {
  /** 1 for the first 大運. */
  readonly index: number;
  /** Completed years of age (満) at its start, and the last whole age it covers. */
  readonly ageFrom: number;
  readonly ageTo: number;
  /** 数え age (calendar year − birth year + 1) of the year it starts in, and + 9. */
  readonly kazoeFrom: number;
  readonly kazoeTo: number;
  /**
   * The age the Japanese 大運 table labels it with: the first cycle's "X歳運" (the start age rounded
   * half up, `startAgeRounded`) plus 10 per cycle, so a 9-year-8-month start labels its cycles 10, 20, …
   * (the page once wrote "9–18歳" under a "10歳運").
   */
  readonly labelAge: number;
}

export interface AnnualLuck extends LuckPillar, Period {
  readonly year: number;
  /** The 大運 in force at this year's 立春, or null before the first one. */
  readonly majorIndex: number | null;
}

export interface MonthlyLuck extends LuckPillar, Period {
  /** The 節 that opens it (a catalogue names it). */
  readonly term: SolarTermCode;
}

export interface Luck {
  readonly direction: 'FORWARD' | 'BACKWARD';
  readonly method: LuckMethod;
  readonly startAge: StartAge;
  /** "X歳運": the start age rounded to whole years, half up (months ≥ 6 round up). */
  readonly startAgeRounded: number;
  readonly startsAtUnixSec: number;
  /** 交運, ISO 8601 with the request zone's offset. */
  readonly startsAt: string;
  /** The 節 the distance was measured to: its table index and instant, UT Unix seconds (to the second). */
  readonly referenceTermIndex: number;
  readonly referenceTermUnixSec: number;
  /** Its instant, ISO 8601 with the request zone's offset, to the second. */
  readonly referenceTermAt: string;
  /** Birth → first 大運: the month pillar rules. */
  readonly preLuck: LuckPillar & Period;
  cycles(count: number): readonly MajorCycle[];
  /** 歳運 of pillar years `from`..`to` (inclusive). */
  years(from: number, to: number): readonly AnnualLuck[];
  /** 月運 of the pillar year (立春 of `year` to 立春 of `year + 1`). */
  months(year: number): readonly MonthlyLuck[];
  /** The 大運 in force at an instant (UT Unix seconds): its index (≥ 1), or 0 before the first (always 0 without a gender). */
  majorIndexAt(unixSec: number): number;
  /** The pillar of the 大運 with index k, or -1 for k = 0. */
  majorOrNone(k: number): number;
}

/** What a luck pillar reads against the natal day pillar. */
export interface Reading {
  readonly ganzhi: string;
  readonly stemTenGod: TenGodCode;
  readonly branchTenGod: TenGodCode;
  readonly lifeStage: LifeStageCode;
  readonly nayin: NayinCode;
  readonly isVoid: boolean;
}

/** The reading of every (natal day pillar, luck pillar): 3,600 entries, built once. */
export const LUCK_READINGS: readonly Reading[] = Array.from({ length: 3600 }, (_, i): Reading => {
  const [day, pillar] = [Math.floor(i / 60), i % 60];
  const [dayStem, branch] = [stemOf(day), branchOf(pillar)];
  return Object.freeze({
    ganzhi: ganzhiName(pillar),
    stemTenGod: tenGodCode(dayStem, stemOf(pillar)),
    branchTenGod: tenGodCode(dayStem, HIDDEN_STEMS_BY_BRANCH[branch]![0]),
    lifeStage: lifeStageCode(dayStem, branch),
    nayin: NAYIN_CODES[nayinIndexOf(pillar)]!,
    isVoid: isVoidBranch(day, branch),
  });
});

/** What every luck pillar of one chart reads from its chart's luck: the natal pillars and ISO texts in the request zone. */
interface LuckContext {
  readonly natal: FourPillars;
  /** ISO text of an instant. */
  iso(unixSec: number): string;
  /** ISO text of a term's start minute, by table index (歳運 and 月運 boundaries, remembered per zone). */
  termIso(tableIndex: number): string;
}

/** Where a luck pillar stands, for its relations: none (the pre-luck month pillar) or a luck position. */
type RelationFocus = 'none' | 'major' | 'annual' | 'monthly';

/**
 * A luck pillar: its reading is one table lookup, made with it; its relations are found only when
 * read, since a client listing a hundred 歳運 may not want them.
 *
 * Fields are `declare`d and set in the constructor: a plain class field (or a `#private` one) is
 * defined as undefined before the constructor runs and then written again, which doubled the cost
 * of a view (a chart makes a hundred and ten of them).
 */
class PillarView implements LuckPillar, Period {
  declare readonly pillar: CycleIndex;
  declare readonly fromUnixSec: number;
  declare readonly toUnixSec: number;
  declare private readonly reading: Reading;
  declare protected readonly context: LuckContext;
  declare private readonly focus: RelationFocus;
  /** The 大運 and 歳運 above this pillar, related with it too (-1: none). */
  declare private readonly major: number;
  declare private readonly annual: number;
  declare private found: readonly Relation[] | undefined;

  constructor(
    context: LuckContext,
    pillar: CycleIndex,
    fromUnixSec: number,
    toUnixSec: number,
    focus: RelationFocus,
    major: number,
    annual: number,
  ) {
    this.pillar = pillar;
    this.fromUnixSec = fromUnixSec;
    this.toUnixSec = toUnixSec;
    this.reading = LUCK_READINGS[context.natal.day * 60 + pillar]!;
    this.context = context;
    this.focus = focus;
    this.major = major;
    this.annual = annual;
    this.found = undefined;
  }

  get ganzhi(): string {
    return this.reading.ganzhi;
  }
  get stemTenGod(): TenGodCode {
    return this.reading.stemTenGod;
  }
  get branchTenGod(): TenGodCode {
    return this.reading.branchTenGod;
  }
  get lifeStage(): LifeStageCode {
    return this.reading.lifeStage;
  }
  get nayin(): NayinCode {
    return this.reading.nayin;
  }
  get isVoid(): boolean {
    return this.reading.isVoid;
  }
  get readingIndex(): number {
    return this.context.natal.day * 60 + this.pillar;
  }
  get startsAt(): string {
    return this.context.iso(this.fromUnixSec);
  }
  get endsAt(): string {
    return this.context.iso(this.toUnixSec);
  }

  get relations(): readonly Relation[] {
    if (this.found === undefined) {
      this.found =
        this.focus === 'none' ? NO_RELATIONS : luckPillarRelations(this.context.natal, this.major, this.annual, this.pillar, this.focus);
    }
    return this.found;
  }
}

class CycleView extends PillarView implements MajorCycle {
  declare readonly index: number;
  declare readonly ageFrom: number;
  declare readonly ageTo: number;
  declare readonly kazoeFrom: number;
  declare readonly kazoeTo: number;
  declare readonly labelAge: number;
  constructor(
    context: LuckContext,
    pillar: CycleIndex,
    fromUnixSec: number,
    toUnixSec: number,
    index: number,
    ageFrom: number,
    kazoeFrom: number,
    labelAge: number,
  ) {
    super(context, pillar, fromUnixSec, toUnixSec, 'major', NONE, NONE);
    this.labelAge = labelAge;
    this.index = index;
    this.ageFrom = ageFrom;
    this.ageTo = ageFrom + 9;
    this.kazoeFrom = kazoeFrom;
    this.kazoeTo = kazoeFrom + 9;
  }
}

/** A 歳運: from the 立春 with table index `risshun` to the next one. */
class AnnualView extends PillarView implements AnnualLuck {
  declare readonly year: number;
  declare readonly majorIndex: number | null;
  declare private readonly risshun: number;
  constructor(context: LuckContext, pillar: CycleIndex, risshun: number, major: number, year: number, majorIndex: number | null) {
    super(context, pillar, termStartMinuteUnixSec(risshun), termStartMinuteUnixSec(risshun + TERMS_PER_YEAR), 'annual', major, NONE);
    this.year = year;
    this.majorIndex = majorIndex;
    this.risshun = risshun;
  }
  // Boundaries by term index: one array lookup instead of finding the term from its instant.
  override get startsAt(): string {
    return this.context.termIso(this.risshun);
  }
  override get endsAt(): string {
    return this.context.termIso(this.risshun + TERMS_PER_YEAR);
  }
}

/** A 月運: from the 節 with table index `jie` to the next 節. */
class MonthlyView extends PillarView implements MonthlyLuck {
  declare readonly term: SolarTermCode;
  declare private readonly jie: number;
  constructor(context: LuckContext, pillar: CycleIndex, jie: number, major: number, annual: number) {
    super(context, pillar, termStartMinuteUnixSec(jie), termStartMinuteUnixSec(jie + 2), 'monthly', major, annual);
    this.term = SOLAR_TERM_CODES[termCalendarIndex(jie)]!;
    this.jie = jie;
  }
  override get startsAt(): string {
    return this.context.termIso(this.jie);
  }
  override get endsAt(): string {
    return this.context.termIso(this.jie + 2);
  }
}

const NONE = -1;
const NO_RELATIONS: readonly Relation[] = Object.freeze([]);

export const luckOf = (core: ChartCore, request: LuckRequest): Luck => new ChartLuck(core, request, true);

/** 歳運 and 月運 without a gender (they do not depend on one): no 大運 in force, so `majorIndex` is null and only the natal pillars relate. */
export type GenderFreeLuck = Pick<Luck, 'years' | 'months' | 'majorIndexAt' | 'majorOrNone'>;

export const genderFreeLuckOf = (core: ChartCore): GenderFreeLuck =>
  // The direction does not reach 歳運 or 月運 when no 大運 is placed: any gender serves the construction.
  new ChartLuck(core, { gender: 'male', method: DEFAULT_LUCK_METHOD }, false);

/**
 * One chart's luck: 起運 and 交運 computed on construction, the pillars listed when asked for. A
 * class (its methods shared, its state in declared fields) rather than a closure per method: a
 * chart's luck is made per request.
 */
class ChartLuck implements Luck, LuckContext {
  declare readonly direction: 'FORWARD' | 'BACKWARD';
  declare readonly method: LuckMethod;
  declare readonly startAge: StartAge;
  declare readonly startAgeRounded: number;
  declare readonly startsAtUnixSec: number;
  declare readonly referenceTermIndex: number;
  declare readonly referenceTermUnixSec: number;
  declare readonly preLuck: LuckPillar & Period;
  declare readonly natal: FourPillars;
  declare private readonly forward: boolean;
  declare private readonly zone: ZoneRules;
  declare private readonly format: ZoneIsoFormatter;
  /** The first 大運's start on the wall clock: its civil fields and second of the day. */
  declare private readonly start: CivilDateTime;
  declare private readonly startSecondOfDay: number;
  declare private readonly birthYear: number;
  /** Starts of cycles 1, 2, … (index k − 1), each made when first asked for. */
  declare private readonly cycleStarts: number[];
  /** The last instant formatted: a 大運's end is the next one's start, read next. */
  declare private lastUnixSec: number;
  declare private lastIso: string;
  /** False without a gender: 歳運 and 月運 are listed without the 大運 in force. */
  declare private readonly withMajor: boolean;
  /** The hemisphere convention's move of the month branch (0 or 6), for the 月運 as for the natal month. */
  declare private readonly monthShift: number;

  constructor(core: ChartCore, { gender, method }: LuckRequest, withMajor: boolean) {
    const { pillars, zone, birthUnixSec, request } = core;
    const forward = isYangStem(stemOf(pillars.year)) === (gender === 'male');
    // Reference 節: the next 節 after the birth, or the one that opened the birth month.
    const referenceIndex = forward ? nextJieIndex(core.monthTermIndex) : core.monthTermIndex;
    const referenceTermUnixSec = termInstantUnixSec(referenceIndex);
    const age = startAgeAt(method, forward, birthUnixSec, referenceTermUnixSec, zone);
    // 交運: the start age added to the birth's wall clock by calendar arithmetic.
    const birthWall = wallSecondsOf({ year: request.year, month: request.month, day: request.day }, request.hour, request.minute);
    const startWall = addYearsMonths(birthWall, age.years, age.months) + age.days * SEC_PER_DAY + age.hours * 3600 + age.minutes * 60;

    this.direction = forward ? 'FORWARD' : 'BACKWARD';
    this.method = method;
    this.startAge = age;
    this.startAgeRounded = Math.floor(startAgeInYears(age) + 0.5);
    this.referenceTermIndex = referenceIndex;
    this.referenceTermUnixSec = referenceTermUnixSec;
    this.natal = pillars;
    this.forward = forward;
    this.zone = zone;
    this.format = isoFormatterFor(zone);
    this.start = civilDateTimeOf(startWall);
    this.startSecondOfDay = startWall - Math.floor(startWall / SEC_PER_DAY) * SEC_PER_DAY;
    this.birthYear = request.year;
    this.lastUnixSec = Number.NaN;
    this.lastIso = '';
    this.withMajor = withMajor;
    this.monthShift = monthBranchShift(request.conventions);
    this.startsAtUnixSec = this.cycleStartAt(1);
    this.cycleStarts = [this.startsAtUnixSec];
    this.preLuck = new PillarView(this, pillars.month, birthUnixSec, this.startsAtUnixSec, 'none', NONE, NONE);
  }

  get startsAt(): string {
    return this.iso(this.startsAtUnixSec);
  }

  get referenceTermAt(): string {
    return this.iso(this.referenceTermUnixSec);
  }

  iso(unixSec: number): string {
    if (unixSec !== this.lastUnixSec) {
      this.lastIso = this.format.instant(unixSec);
      this.lastUnixSec = unixSec;
    }
    return this.lastIso;
  }

  termIso(tableIndex: number): string {
    return this.format.termStart(tableIndex);
  }

  cycles(count: number): readonly MajorCycle[] {
    const list: MajorCycle[] = [];
    for (let k = 1; k <= count; k++) {
      const ageFrom = this.startAge.years + 10 * (k - 1);
      // Whole years added to the wall clock keep its calendar year step: no date conversion needed.
      const kazoeFrom = this.start.year + 10 * (k - 1) - this.birthYear + 1;
      const labelAge = this.startAgeRounded + 10 * (k - 1);
      list.push(new CycleView(this, this.majorPillar(k), this.cycleStart(k), this.cycleStart(k + 1), k, ageFrom, kazoeFrom, labelAge));
    }
    return list;
  }

  years(from: number, to: number): readonly AnnualLuck[] {
    const list: AnnualLuck[] = [];
    let k = 0;
    let nextStart = this.cycleStart(1);
    // Both ends in the table (a RangeError otherwise): every 立春 between is too.
    let risshun = tableIndexOf(from, RISSHUN_INDEX);
    tableIndexOf(to + 1, RISSHUN_INDEX);
    for (let year = from; year <= to; year++, risshun += TERMS_PER_YEAR) {
      // The 大運 in force at this 立春: years ascend, so the index only moves forward.
      while (this.withMajor && nextStart <= termStartMinuteUnixSec(risshun)) nextStart = this.cycleStart(++k + 1);
      list.push(new AnnualView(this, yearPillarOf(year), risshun, this.majorOrNone(k), year, k === 0 ? null : k));
    }
    return list;
  }

  months(year: number): readonly MonthlyLuck[] {
    const yearPillar = yearPillarOf(year);
    const first = tableIndexOf(year, RISSHUN_INDEX);
    const list: MonthlyLuck[] = [];
    for (let m = 0; m < 12; m++) {
      const termIndex = first + 2 * m;
      const pillar = monthPillarOf(stemOf(yearPillar), (m + this.monthShift) % 12);
      const k = this.withMajor ? this.majorIndexAt(termStartMinuteUnixSec(termIndex)) : 0;
      list.push(new MonthlyView(this, pillar, termIndex, this.majorOrNone(k), yearPillar));
    }
    return list;
  }

  /** The k-th 大運 starts 10·(k − 1) years after the first, on the wall clock (29 Feb → 28 Feb). */
  private cycleStartAt(k: number): number {
    const year = this.start.year + 10 * (k - 1);
    const day = Math.min(this.start.day, daysInMonth(year, this.start.month));
    return this.zone.instantOf(daysFromCivil(year, this.start.month, day) * SEC_PER_DAY + this.startSecondOfDay);
  }

  private cycleStart(k: number): number {
    const starts = this.cycleStarts;
    while (starts.length < k) starts.push(this.cycleStartAt(starts.length + 1));
    return starts[k - 1]!;
  }

  private majorPillar(k: number): CycleIndex {
    return mod(this.natal.month + (this.forward ? k : -k), 60);
  }

  /** The pillar of the 大運 with index k, or -1 before the first (k = 0). */
  majorOrNone(k: number): number {
    return k === 0 ? NONE : this.majorPillar(k);
  }

  /** The 大運 in force at an instant: its index (≥ 1), or 0 before the first. */
  majorIndexAt(unixSec: number): number {
    if (!this.withMajor) return 0;
    let k = 0;
    while (this.cycleStart(k + 1) <= unixSec) k++;
    return k;
  }
}

/** 起運 of a birth instant: the interval to its reference 節 (forward birth → 節, backward 節 → birth) by `method`. */
export const startAgeAt = (
  method: LuckMethod,
  forward: boolean,
  birthUnixSec: number,
  referenceTermUnixSec: number,
  zone: ZoneRules,
): StartAge =>
  startAge(method, {
    fromUnixSec: forward ? birthUnixSec : referenceTermUnixSec,
    toUnixSec: forward ? referenceTermUnixSec : birthUnixSec,
    standardOffsetAt: (unixSec) => zone.standardOffsetAt(unixSec),
    forward,
  });

function nextJieIndex(tableIndex: number): number {
  let i = tableIndex + 1;
  while (!isJie(termCalendarIndex(i))) i++;
  return i;
}

/** Adds years and months to a wall clock, the day clamped to the target month's length. */
function addYearsMonths(wallSec: number, years: number, months: number): number {
  if (years === 0 && months === 0) return wallSec;
  const t = civilDateTimeOf(wallSec);
  const monthIndex = t.year * 12 + (t.month - 1) + years * 12 + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(t.day, daysInMonth(year, month));
  return daysFromCivil(year, month, day) * SEC_PER_DAY + t.hour * 3600 + t.minute * 60 + t.second;
}
