/**
 * The Simplified Chinese text of the chart's warnings (docs/fields.md, "11. How sure the chart is"): a
 * title per warning code and one sentence per situation, from the facts the domain found (clock
 * readings, distances in seconds, codes). Mainland terms: 交节 for the Japanese 節入り, 时辰 for the
 * hour branch, 换日 for the day boundary, 分早晚子时 (day changes at 0:00) and 子初换日 (at 23:00) for
 * the two 子时 schools. The Japanese 月律分野 table is named by its Chinese counterpart, 人元司令分野
 * (the stem in charge by days from the 节); 二十八元 keeps its name.
 */
import type { Catalogue } from '../index.ts';
import type { SolarTermCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import type { PillarName } from '../ja/warnings.ts';
import { LABELS } from './labels.ts';
import type { LuckStartRange, LunarUncertainty, LunarWarning } from '../ja/warnings.ts';

const HANS_LUNAR = { lunar_cn: '中国农历', lunar_kr: '韩国阴历', lunar_jp: '日本旧历' } as const;

const PILLAR_LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const satisfies Record<PillarName, string>;

/** `7分钟`, `1小时2分30秒`: the length of a distance in seconds, without its sign (分 alone is 分钟). */
export function durationText(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const showSeconds = s > 0 || abs === 0;
  return `${h > 0 ? `${h}小时` : ''}${m > 0 ? `${m}${showSeconds ? '分' : '分钟'}` : ''}${showSeconds ? `${s}秒` : ''}`;
}

/** `7分钟前`, `1小时2分30秒后`: a signed distance in seconds (negative: before). */
export const distanceText = (seconds: number): string => `${durationText(seconds)}${seconds < 0 ? '前' : '后'}`;

/** Where a moment lies from a boundary: `在立春交节（…）前7分钟`, or `恰在…` at no distance. */
const fromBoundary = (boundary: string, seconds: number): string =>
  Math.round(seconds) === 0 ? `恰在${boundary}` : `在${boundary}${seconds < 0 ? '前' : '后'}${durationText(seconds)}`;

const term = (code: SolarTermCode): string => labelOf(LABELS, code);
const changes = (yearToo: boolean): string => (yearToo ? '年柱与月柱' : '月柱');
const ZOKAN_TABLES = { gettsu: '人元司令分野', nijuhachigen: '二十八元' } as const;

export const WARNINGS = {
  /** A short title per warning (the /chart page heads each warning with it, never with the raw code). */
  titles: {
    TIME_NOT_GIVEN: '未指定出生时间',
    TIME_UNKNOWN: '出生时辰不详（三柱）',
    NEAR_SOLAR_TERM: '接近交节',
    NEAR_HOUR_EDGE: '接近时辰交界',
    NEAR_DAY_EDGE: '接近换日',
    ZI_HOUR_CONVENTION: '子时换日的流派差异',
    NEAR_ZOKAN_SWITCH: '藏干切换',
    NONEXISTENT_LOCAL_TIME: '不存在的时刻',
    AMBIGUOUS_LOCAL_TIME: '出现两次的时刻',
    SUMMER_TIME_IN_EFFECT: '夏令时',
    LUNAR_CALENDARS_DISAGREE: '农历历法的日期差异',
    LUNAR_MONTH_UNCERTAIN: '农历月首的不确定',
    LONGITUDE_FAR_FROM_ZONE: '经度与时区不符',
    LUCK_START_RANGE: '大运起运的范围',
  },
  timeUnknown: () =>
    '出生时辰不详，故排出不立时柱的三柱（年柱、月柱、日柱）命盘。没有时柱及其藏干、十二长生、神煞，也没有真太阳时；五行与十神的个数、强弱及分数都只按三柱计算。大运起运等随时辰而变的内容，按出生当日的范围给出。',
  termOnBirthDay: (p: { readonly time: string; readonly term: SolarTermCode; readonly birthAfter: boolean; readonly yearToo: boolean }) =>
    `出生当日 ${p.time} 交${term(p.term)}。若出生在此之${p.birthAfter ? '后' : '前'}，${changes(p.yearToo)}会改变（藏干亦然）。`,
  solarDayChangeOnBirthDay: (p: { readonly time: string; readonly solarTime: string; readonly birthAfter: boolean }) =>
    `按真太阳时，出生当日 ${p.time} 换日（真太阳时 ${p.solarTime}）。若出生在此之${p.birthAfter ? '后' : '前'}，日柱会改变。`,
  timeNotGiven: () => '未指定出生时间，时柱按 12:00 出生排出。时柱及据此所作的判断并不确定。',
  nearTerm: (p: { readonly term: SolarTermCode; readonly at: string; readonly distanceSec: number; readonly yearToo: boolean }) =>
    `出生时间${fromBoundary(`${term(p.term)}交节（${p.at}）`, p.distanceSec)}。${changes(p.yearToo)}可能改变（藏干亦然）。`,
  nearHourEdge: (p: { readonly solar: string; readonly edge: string; readonly distanceSec: number; readonly dayToo: boolean }) =>
    `真太阳时 ${p.solar} ${fromBoundary(`时辰交界（${p.edge}）`, p.distanceSec)}。时柱${p.dayToo ? '与日柱' : ''}可能改变。`,
  nearMidnight: (p: { readonly solar: string; readonly distanceSec: number }) =>
    `真太阳时 ${p.solar} ${fromBoundary('换日时刻（0:00）', p.distanceSec)}。日柱可能改变。`,
  ziHour: (p: {
    readonly solar: string;
    readonly dayBoundary: '00:00' | '23:00';
    readonly day: string;
    readonly hour: string;
    readonly thisDay: string;
    readonly thisHour: string;
  }) =>
    `真太阳时 ${p.solar} 属子时。按以 ${p.dayBoundary} 换日的流派（${p.dayBoundary === '23:00' ? '子初换日' : '分早晚子时'}），` +
    `应为${p.day}日${p.hour}时（本命盘为${p.thisDay}日${p.thisHour}时）。`,
  zokanSwitch: (p: {
    readonly n: number;
    readonly table: keyof typeof ZOKAN_TABLES;
    readonly dayBefore: boolean;
    readonly pillars: readonly PillarName[];
    /** With `zokan_count=elapsed`: the 交节 and the switch, as clock readings. */
    readonly elapsed?: { readonly termAt: string; readonly switchAt: string } | undefined;
  }) => {
    const table = `按${ZOKAN_TABLES[p.table]}`;
    const day = `藏干切换${p.dayBefore ? '的前一天' : '之日'}`;
    const pillars = p.pillars.map((pillar) => PILLAR_LABELS[pillar]).join('、');
    return p.elapsed === undefined
      ? `${table}，从交节起算第 ${p.n} 天是${day}。视日数的计法，${pillars}的藏干可能改变。`
      : `${table}，从交节（${p.elapsed.termAt}）起按经过的时间计，第 ${p.n} 天是${day}（切换时刻 ${p.elapsed.switchAt}）。` +
          `视出生时间或日数的计法（date），${pillars}的藏干可能改变。`;
  },
  nonexistentTime: (p: { readonly asked: string; readonly read: string; readonly offset: string }) =>
    `${p.asked} 这一时刻因时钟拨快而不存在。已按拨快前与 UTC 的时差计算，读作 ${p.read}（${p.offset}）。`,
  ambiguousTime: (p: { readonly asked: string; readonly offset: string; readonly laterMinutes: number }) =>
    `${p.asked} 这一时刻因时钟拨回而出现两次。已按较早的一次（${p.offset}）计算；若为较晚的一次，则出生时间晚 ${p.laterMinutes} 分钟。`,
  summerTime: (p: { readonly offset: string; readonly standard: string; readonly shiftSec: number }) =>
    `出生时间按夏令时（${p.offset}，标准时间 ${p.standard}）计算。若当时并非夏令时，则出生时间晚${durationText(p.shiftSec)}。`,
  longitudeFar: (p: {
    readonly longitude: number;
    readonly zone: string;
    readonly meridian: number;
    readonly degrees: number;
    readonly shiftSec: number;
  }) =>
    `经度 ${p.longitude}° 与 ${p.zone} 的标准经线（${p.meridian}°）相差 ${p.degrees.toFixed(1)}°` +
    `（真太阳时比该时区标准时间${p.shiftSec < 0 ? '慢' : '快'}${durationText(p.shiftSec)}）。请确认时区是否正确。`,
  lunarDisagree: (p: LunarWarning) =>
    `按${HANS_LUNAR[p.calendar]}，此农历日期为 ${p.date}；` +
    p.others.map((o) => (o.date === null ? `${HANS_LUNAR[o.calendar]}无此日期` : `按${HANS_LUNAR[o.calendar]}为 ${o.date}`)).join('；') +
    '。生日按哪种历法计算，日柱（及时柱）会不同。',
  lunarUncertain: (p: LunarUncertainty) =>
    `${HANS_LUNAR[p.calendar]}此月的朔在午夜前后三分钟内，随 ΔT 的预测，月首可能提前或推后一天（${p.date} 前后）。`,
  luckStartRange: (p: LuckStartRange) =>
    `出生时辰不详，大运起运随出生当日的实际时间而不同：交运在 ${p.earliest} 至 ${p.latest} 之间，各步大运的起止与年龄也按此范围给出。`,
} satisfies Catalogue['warnings'];
