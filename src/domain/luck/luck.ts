/**
 * 大運・歳運・月運 (research/luck-and-relations.md §1–3): the direction from the 立春-based year stem
 * and the gender, 起運 by the chosen method (start-age.ts), the 大運 sequence stepping from the month
 * pillar, and the 歳運 / 月運 pillars switching at the term table's 立春 / 節入り instants (the same
 * minute rule as the chart's own year and month pillars).
 */
import { RISSHUN_INDEX, isJie } from '../astronomy/solar-term-names.ts';
import {
  FIRST_TABLE_YEAR,
  LAST_TABLE_YEAR,
  tableIndexOf,
  termCalendarIndex,
  termInstantUnixSec,
  termName as termNameOf,
  termStartMinuteUnixSec,
} from '../astronomy/solar-terms.ts';
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { lifeStageName, type LifeStage } from '../calendar/life-stages.ts';
import { NAYIN_NAMES, nayinIndexOf } from '../calendar/nayin.ts';
import { branchOf, cycleIndexOf, ganzhiName, mod, stemOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { isVoidBranch } from '../calendar/shensha-rules.ts';
import { isYangStem } from '../calendar/stems.ts';
import { tenGodName, type TenGod } from '../calendar/ten-gods.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import type { FourPillars } from '../chart/pillars.ts';
import { relationsAmong, type PillarPosition, type PlacedPillar, type Relation } from '../chart/relations.ts';
import { civilDateTimeOf, daysFromCivil, daysInMonth, SEC_PER_DAY, wallSecondsOf } from '../time/civil.ts';
import type { LuckRequest } from './luck-request.ts';
import { startAge, startAgeInYears, type LuckMethod, type StartAge } from './start-age.ts';

export { GENDERS, type Gender, type LuckRequest } from './luck-request.ts';

export const DEFAULT_CYCLE_COUNT = 10;
export const MAX_CYCLE_COUNT = 12;
export const MAX_YEAR_SPAN = 150;
/**
 * Pillar years whose 立春 and the next one lie inside the term table (1899–2099: the table ends
 * with 2101's 大寒, so 2100's pillar year has no end in it).
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
  /** How the protocol names them in errors (default GraphQL's: `luck.cycles.count`, `luck.years`, `luck.months.year`). */
  readonly names?: { readonly cycles: string; readonly years: string; readonly months: string };
}

const GRAPHQL_ARGUMENT_NAMES = { cycles: 'luck.cycles.count', years: 'luck.years', months: 'luck.months.year' } as const;

/** Every rule the arguments break, as `{ field, message }` issues naming the argument. */
export function luckArgumentIssues(args: LuckArguments): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const names = args.names ?? GRAPHQL_ARGUMENT_NAMES;
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
  readonly stemTenGod: TenGod;
  /** Day stem vs the branch's 本気 (no 月律分野 day count applies to a luck pillar). */
  readonly branchTenGod: TenGod;
  /** 十二運: day stem vs this branch. */
  readonly lifeStage: LifeStage;
  readonly nayin: string;
  /** The branch is one of the natal day pillar's 空亡 branches (大運天中殺, 空亡年). */
  readonly isVoid: boolean;
  /** Relations this pillar forms with the natal pillars (and the 大運 in force, for 歳運 and 月運). */
  readonly relations: readonly Relation[];
}

export interface Period {
  /** UT Unix seconds, inclusive. */
  readonly fromUnixSec: number;
  /** UT Unix seconds, exclusive. */
  readonly toUnixSec: number;
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
}

export interface AnnualLuck extends LuckPillar, Period {
  readonly year: number;
  /** The 大運 in force at this year's 立春, or null before the first one. */
  readonly majorIndex: number | null;
}

export interface MonthlyLuck extends LuckPillar, Period {
  /** Name of the 節 that opens it. */
  readonly term: string;
}

export interface Luck {
  readonly direction: 'FORWARD' | 'BACKWARD';
  readonly method: LuckMethod;
  readonly startAge: StartAge;
  /** "X歳運": the start age rounded to whole years, half up (months ≥ 6 round up). */
  readonly startAgeRounded: number;
  readonly startsAtUnixSec: number;
  /** The 節 the distance was measured to: its table index and instant, UT Unix seconds (to the second). */
  readonly referenceTermIndex: number;
  readonly referenceTermUnixSec: number;
  /** Birth → first 大運: the month pillar rules. */
  readonly preLuck: LuckPillar & Period;
  cycles(count: number): readonly MajorCycle[];
  /** 歳運 of pillar years `from`..`to` (inclusive). */
  years(from: number, to: number): readonly AnnualLuck[];
  /** 月運 of the pillar year (立春 of `year` to 立春 of `year + 1`). */
  months(year: number): readonly MonthlyLuck[];
}

const NATAL_POSITIONS = ['year', 'month', 'day', 'hour'] as const;
type LuckPosition = 'major' | 'annual' | 'monthly';
const FOCUS: Readonly<Record<LuckPosition, ReadonlySet<PillarPosition>>> = {
  major: new Set(['major']),
  annual: new Set(['annual']),
  monthly: new Set(['monthly']),
};

/** What a pillar reads against a day stem, for every (day stem, pillar): 600 entries, built once. */
const READINGS = Array.from({ length: 600 }, (_, i) => {
  const [dayStem, pillar] = [Math.floor(i / 60), i % 60];
  const branch = branchOf(pillar);
  return {
    ganzhi: ganzhiName(pillar),
    stemTenGod: tenGodName(dayStem, stemOf(pillar)),
    branchTenGod: tenGodName(dayStem, HIDDEN_STEMS_BY_BRANCH[branch]![0]),
    lifeStage: lifeStageName(dayStem, branch),
    nayin: NAYIN_NAMES[nayinIndexOf(pillar)]!,
  };
});

/**
 * A luck pillar: its readings are computed with it (a few table lookups); its relations only when
 * read, since a client listing a hundred 歳運 may not want them.
 */
class PillarView implements LuckPillar, Period {
  readonly pillar: CycleIndex;
  readonly ganzhi: string;
  readonly stemTenGod: TenGod;
  readonly branchTenGod: TenGod;
  readonly lifeStage: LifeStage;
  readonly nayin: string;
  readonly isVoid: boolean;
  readonly fromUnixSec: number;
  readonly toUnixSec: number;
  #relations: readonly Relation[] | undefined;
  readonly #relate: () => readonly Relation[];

  constructor(natal: FourPillars, pillar: CycleIndex, period: Period, relate: () => readonly Relation[]) {
    const reading = READINGS[stemOf(natal.day) * 60 + pillar]!;
    this.pillar = pillar;
    this.ganzhi = reading.ganzhi;
    this.stemTenGod = reading.stemTenGod;
    this.branchTenGod = reading.branchTenGod;
    this.lifeStage = reading.lifeStage;
    this.nayin = reading.nayin;
    this.isVoid = isVoidBranch(natal.day, branchOf(pillar));
    this.fromUnixSec = period.fromUnixSec;
    this.toUnixSec = period.toUnixSec;
    this.#relate = relate;
  }

  get relations(): readonly Relation[] {
    return (this.#relations ??= this.#relate());
  }
}

class CycleView extends PillarView implements MajorCycle {
  readonly index: number;
  readonly ageFrom: number;
  readonly ageTo: number;
  readonly kazoeFrom: number;
  readonly kazoeTo: number;
  constructor(
    natal: FourPillars,
    pillar: CycleIndex,
    period: Period,
    relate: () => readonly Relation[],
    index: number,
    ageFrom: number,
    kazoeFrom: number,
  ) {
    super(natal, pillar, period, relate);
    this.index = index;
    this.ageFrom = ageFrom;
    this.ageTo = ageFrom + 9;
    this.kazoeFrom = kazoeFrom;
    this.kazoeTo = kazoeFrom + 9;
  }
}

class AnnualView extends PillarView implements AnnualLuck {
  readonly year: number;
  readonly majorIndex: number | null;
  constructor(
    natal: FourPillars,
    pillar: CycleIndex,
    period: Period,
    relate: () => readonly Relation[],
    year: number,
    majorIndex: number | null,
  ) {
    super(natal, pillar, period, relate);
    this.year = year;
    this.majorIndex = majorIndex;
  }
}

class MonthlyView extends PillarView implements MonthlyLuck {
  readonly term: string;
  constructor(natal: FourPillars, pillar: CycleIndex, period: Period, relate: () => readonly Relation[], term: string) {
    super(natal, pillar, period, relate);
    this.term = term;
  }
}

const NO_RELATIONS = (): readonly Relation[] => [];

export function luckOf(core: ChartCore, { gender, method }: LuckRequest): Luck {
  const { pillars, zone, birthUnixSec, request } = core;
  const forward = isYangStem(stemOf(pillars.year)) === (gender === 'male');
  const natal: PlacedPillar[] = NATAL_POSITIONS.map((position) => ({ position, pillar: pillars[position] }));

  // Reference 節: the next 節 after the birth, or the one that opened the birth month.
  const referenceIndex = forward ? nextJieIndex(core.monthTermIndex) : core.monthTermIndex;
  const referenceTermUnixSec = termInstantUnixSec(referenceIndex);
  const [fromUnixSec, toUnixSec] = forward ? [birthUnixSec, referenceTermUnixSec] : [referenceTermUnixSec, birthUnixSec];
  const age = startAge(method, {
    fromUnixSec,
    toUnixSec,
    fromStandardOffsetSec: zone.standardOffsetAt(fromUnixSec),
    toStandardOffsetSec: zone.standardOffsetAt(toUnixSec),
    forward,
  });

  // 交運: the start age added to the birth's wall clock by calendar arithmetic.
  const birthWall = wallSecondsOf({ year: request.year, month: request.month, day: request.day }, request.hour, request.minute);
  const startWall = addYearsMonths(birthWall, age.years, age.months) + age.days * SEC_PER_DAY + age.hours * 3600 + age.minutes * 60;
  const cycleStarts: number[] = [];
  const cycleStart = (k: number): number => (cycleStarts[k] ??= zone.instantOf(addYearsMonths(startWall, 10 * (k - 1), 0)));
  const startsAtUnixSec = cycleStart(1);
  const birthYear = request.year;
  const startYear = civilDateTimeOf(startWall).year;

  const against = (extra: readonly PlacedPillar[], focus: LuckPosition): readonly Relation[] =>
    relationsAmong([...natal, ...extra], FOCUS[focus]);
  const majorPillar = (k: number): CycleIndex => mod(pillars.month + (forward ? k : -k), 60);

  /** The 大運 in force at an instant: its index (≥ 1), or 0 before the first (cycle starts are remembered). */
  const majorIndexAt = (unixSec: number): number => {
    let k = 0;
    while (cycleStart(k + 1) <= unixSec) k++;
    return k;
  };
  const majorPlaced = (k: number): PlacedPillar[] => (k === 0 ? [] : [{ position: 'major', pillar: majorPillar(k) }]);

  return {
    direction: forward ? 'FORWARD' : 'BACKWARD',
    method,
    startAge: age,
    startAgeRounded: Math.floor(startAgeInYears(age) + 0.5),
    startsAtUnixSec,
    referenceTermIndex: referenceIndex,
    referenceTermUnixSec,
    preLuck: new PillarView(pillars, pillars.month, { fromUnixSec: birthUnixSec, toUnixSec: startsAtUnixSec }, NO_RELATIONS),

    cycles(count) {
      return Array.from({ length: count }, (_, i) => {
        const k = i + 1;
        const pillar = majorPillar(k);
        const from = cycleStart(k);
        const ageFrom = age.years + 10 * (k - 1);
        // Whole years added to the wall clock keep its calendar year step: no date conversion needed.
        const kazoeFrom = startYear + 10 * (k - 1) - birthYear + 1;
        const relate = () => against([{ position: 'major', pillar }], 'major');
        return new CycleView(pillars, pillar, { fromUnixSec: from, toUnixSec: cycleStart(k + 1) }, relate, k, ageFrom, kazoeFrom);
      });
    },

    years(from, to) {
      const list: AnnualLuck[] = [];
      let k = 0;
      let fromUnix = termStartMinuteUnixSec(tableIndexOf(from, RISSHUN_INDEX));
      for (let year = from; year <= to; year++) {
        const pillar = mod(year - 4, 60);
        const toUnix = termStartMinuteUnixSec(tableIndexOf(year + 1, RISSHUN_INDEX));
        // The 大運 in force at this 立春: years ascend, so the index only moves forward.
        while (cycleStart(k + 1) <= fromUnix) k++;
        const major = k;
        const relate = () => against([...majorPlaced(major), { position: 'annual', pillar }], 'annual');
        list.push(new AnnualView(pillars, pillar, { fromUnixSec: fromUnix, toUnixSec: toUnix }, relate, year, major === 0 ? null : major));
        fromUnix = toUnix;
      }
      return list;
    },

    months(year) {
      const yearPillar = mod(year - 4, 60);
      const first = tableIndexOf(year, RISSHUN_INDEX);
      return Array.from({ length: 12 }, (_, m) => {
        const termIndex = first + 2 * m;
        const pillar = cycleIndexOf(((stemOf(yearPillar) % 5) * 2 + 2 + m) % 10, (m + 2) % 12);
        const fromUnix = termStartMinuteUnixSec(termIndex);
        const k = majorIndexAt(fromUnix);
        const relate = () =>
          against([...majorPlaced(k), { position: 'annual', pillar: yearPillar }, { position: 'monthly', pillar }], 'monthly');
        return new MonthlyView(
          pillars,
          pillar,
          { fromUnixSec: fromUnix, toUnixSec: termStartMinuteUnixSec(termIndex + 2) },
          relate,
          termNameOf(termIndex),
        );
      });
    },
  };
}

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
