/**
 * The English text of the chart's warnings (`warnings`, docs/fields.md section 11): a title per
 * warning code and one sentence per situation, composed from the facts the domain found (clock
 * readings, distances in seconds, codes), in the terms of English Bazi texts (solar term entry,
 * Hour Pillar, hidden stems). The hidden-stem tables keep their pinyin and Chinese names.
 */
import type { PillarName } from '../ja/warnings.ts';
import type { Catalogue } from '../index.ts';
import type { SolarTermCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import { LABELS, listText } from './labels.ts';
import { MEISHIKI } from './meishiki.ts';
import type { LuckStartRange, LunarUncertainty, LunarWarning } from '../ja/warnings.ts';

const EN_LUNAR = {
  lunar_cn: 'the Chinese lunar calendar',
  lunar_kr: 'the Korean lunar calendar',
  lunar_jp: 'the Japanese lunar calendar (kyūreki)',
} as const;

const PILLAR_WORDS = { year: 'Year', month: 'Month', day: 'Day', hour: 'Hour' } as const satisfies Record<PillarName, string>;

/** `1 h 2 min 30 s`: a length of time in seconds (the sign ignored). */
function duration(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const parts = [...(h > 0 ? [`${h} h`] : []), ...(m > 0 ? [`${m} min`] : []), ...(s > 0 || abs === 0 ? [`${s} s`] : [])];
  return parts.join(' ');
}

/** `7 min before`, `1 h 2 min 30 s after`: a signed distance in seconds (negative: before the boundary). */
export const distanceText = (seconds: number): string => `${duration(seconds)} ${seconds < 0 ? 'before' : 'after'}`;

/** The pillars a solar term changes, as a subject with its verb. */
const pillarsChange = (yearToo: boolean, may: boolean): string =>
  yearToo ? `the Year and Month Pillars ${may ? 'may change' : 'change'}` : `the Month Pillar ${may ? 'may change' : 'changes'}`;
const termName = (term: SolarTermCode): string => labelOf(LABELS, term);
const ZOKAN_TABLES = { gettsu: 'Yue Lü Fen Ye', nijuhachigen: 'Er Shi Ba Yuan' } as const;

export const WARNINGS = {
  titles: {
    TIME_NOT_GIVEN: 'Birth time not given',
    TIME_UNKNOWN: 'Birth time unknown (three pillars)',
    NEAR_SOLAR_TERM: 'Near a solar term entry',
    NEAR_HOUR_EDGE: 'Near an hour boundary',
    NEAR_DAY_EDGE: 'Near the day boundary',
    ZI_HOUR_CONVENTION: 'Zi hour: schools differ',
    NEAR_ZOKAN_SWITCH: 'Hidden stem switch',
    NONEXISTENT_LOCAL_TIME: 'Nonexistent local time',
    AMBIGUOUS_LOCAL_TIME: 'Local time occurs twice',
    SUMMER_TIME_IN_EFFECT: 'Summer time',
    LUNAR_CALENDARS_DISAGREE: 'Lunar calendars disagree',
    LUNAR_MONTH_UNCERTAIN: 'Lunar month start uncertain',
    LONGITUDE_FAR_FROM_ZONE: 'Longitude far from the time zone',
    LUCK_START_RANGE: 'Luck Pillar start as a range',
  },
  timeUnknown: () =>
    'The birth time is unknown, so this is a three-pillar chart (Year, Month and Day Pillars) with no Hour Pillar: ' +
    'no hour stem or branch, no hidden stem, life stage or star of the hour, and no true solar time. The Five Elements, ' +
    'the Ten God counts, the strength and the scores are all taken from the three pillars. What moves with the hour, ' +
    'such as the start of the Luck Pillars, is given as the range over the birth day.',
  termOnBirthDay: (p: { readonly time: string; readonly term: SolarTermCode; readonly birthAfter: boolean; readonly yearToo: boolean }) =>
    `The solar term ${termName(p.term)} begins at ${p.time} on the birth day. ` +
    `For a birth ${p.birthAfter ? 'after' : 'before'} that time, ${pillarsChange(p.yearToo, false)} (and the hidden stems too).`,
  solarDayChangeOnBirthDay: (p: { readonly time: string; readonly solarTime: string; readonly birthAfter: boolean }) =>
    `By true solar time, the day changes at ${p.time} on the birth day (true solar time ${p.solarTime}). ` +
    `For a birth ${p.birthAfter ? 'after' : 'before'} that time, the Day Pillar changes.`,
  timeNotGiven: () =>
    'No birth time was given, so the Hour Pillar is cast for a birth at 12:00. The Hour Pillar and any reading based on it are not certain.',
  nearTerm: (p: { readonly term: SolarTermCode; readonly at: string; readonly distanceSec: number; readonly yearToo: boolean }) =>
    `The birth is ${distanceText(p.distanceSec)} the entry of the solar term ${termName(p.term)} (${p.at}): ` +
    `${pillarsChange(p.yearToo, true)} (and the hidden stems too).`,
  nearHourEdge: (p: { readonly solar: string; readonly edge: string; readonly distanceSec: number; readonly dayToo: boolean }) =>
    `True solar time ${p.solar} is ${distanceText(p.distanceSec)} the boundary between two hour branches (${p.edge}): ` +
    `${p.dayToo ? 'the Hour and Day Pillars may change' : 'the Hour Pillar may change'}.`,
  nearMidnight: (p: { readonly solar: string; readonly distanceSec: number }) =>
    `True solar time ${p.solar} is ${distanceText(p.distanceSec)} the day boundary (0:00): the Day Pillar may change.`,
  ziHour: (p: {
    readonly solar: string;
    readonly dayBoundary: '00:00' | '23:00';
    readonly day: string;
    readonly hour: string;
    readonly thisDay: string;
    readonly thisHour: string;
  }) =>
    `True solar time ${p.solar} falls in the Zi hour (子). Schools that start the day at ${p.dayBoundary} ` +
    `(${p.dayBoundary === '23:00' ? 'Zi Chu Huan Ri, the new day begins with the Zi hour' : 'Ye Zi Shi, the late Zi hour stays on the same day'}) ` +
    `give the Day Pillar ${p.day} and the Hour Pillar ${p.hour} (this chart: Day ${p.thisDay}, Hour ${p.thisHour}).`,
  zokanSwitch: (p: {
    readonly n: number;
    readonly table: keyof typeof ZOKAN_TABLES;
    readonly dayBefore: boolean;
    readonly pillars: readonly PillarName[];
    /** With `zokan_count=elapsed`: the solar term entry and the switch, as clock readings. */
    readonly elapsed?: { readonly termAt: string; readonly switchAt: string } | undefined;
  }) => {
    const day = `${p.dayBefore ? 'the day before' : 'the day'} the hidden stems of the ${ZOKAN_TABLES[p.table]} table switch`;
    const names = listText(p.pillars.map((pillar) => PILLAR_WORDS[pillar]));
    const stems = p.pillars.length === 1 ? `the hidden stem of the ${names} Pillar` : `the hidden stems of the ${names} Pillars`;
    return p.elapsed === undefined
      ? `Day ${p.n} from the solar term entry is ${day}. Depending on how the days are counted, ${stems} may change.`
      : `Counted by time elapsed since the solar term entry (${p.elapsed.termAt}), day ${p.n} is ${day} (the switch is at ${p.elapsed.switchAt}). ` +
          `Depending on the birth time, or if the days are counted by date, ${stems} may change.`;
  },
  nonexistentTime: (p: { readonly asked: string; readonly read: string; readonly offset: string }) =>
    `${p.asked} does not exist on the local clock: a clock change skipped it. It was read with the offset in force before the change, as ${p.read} (${p.offset}).`,
  ambiguousTime: (p: { readonly asked: string; readonly offset: string; readonly laterMinutes: number }) =>
    `${p.asked} occurs twice on the local clock because of a clock change. It was read as the earlier one (${p.offset}); ` +
    `if it was the later one, the birth is ${duration(p.laterMinutes * 60)} later.`,
  summerTime: (p: { readonly offset: string; readonly standard: string; readonly shiftSec: number }) =>
    `The birth time was read as summer time (${p.offset}; standard time ${p.standard}). If summer time was not in effect, the birth is ${duration(p.shiftSec)} later.`,
  longitudeFar: (p: {
    readonly longitude: number;
    readonly zone: string;
    readonly meridian: number;
    readonly degrees: number;
    readonly shiftSec: number;
  }) =>
    `Longitude ${MEISHIKI.longitude(p.longitude)} is ${p.degrees.toFixed(1)}° away from the standard meridian of ${p.zone} (${MEISHIKI.longitude(p.meridian)}): ` +
    `true solar time is ${duration(p.shiftSec)} ${p.shiftSec < 0 ? 'behind' : 'ahead of'} the zone's standard time. Check that the time zone is correct.`,
  lunarDisagree: (p: LunarWarning) =>
    `In ${EN_LUNAR[p.calendar]} this lunar date is ${p.date}; ` +
    p.others
      .map((o) => (o.date === null ? `${EN_LUNAR[o.calendar]} has no such date` : `in ${EN_LUNAR[o.calendar]} it is ${o.date}`))
      .join('; ') +
    '. Which calendar the birthday was counted in changes the day pillar (and the hour pillar).',
  lunarUncertain: (p: LunarUncertainty) =>
    `The new moon that starts this month in ${EN_LUNAR[p.calendar]} falls within three minutes of midnight, where ΔT is a forecast: the month may start a day earlier or later (around ${p.date}).`,
  luckStartRange: (p: LuckStartRange) =>
    `The birth time is unknown, so when the Luck Pillars start depends on the time of birth on the birth day: the first Luck Pillar starts between ${p.earliest} and ${p.latest}, and each Luck Pillar's start and ages are given as ranges too.`,
} satisfies Catalogue['warnings'];
