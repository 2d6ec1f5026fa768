/**
 * The Traditional Chinese text of the chart's warnings (docs/fields.md, "11. How sure the chart is"): a
 * title per warning code and one sentence per situation, from the facts the domain found (clock
 * readings, distances in seconds, codes). Chinese terms in Taiwan-standard glyphs: 交節 for the
 * Japanese 節入り, 時辰 for the hour branch, 換日 for the day boundary, 分早晚子時 (day changes at
 * 0:00) and 子初換日 (at 23:00) for the two 子時 schools. The Japanese 月律分野 table is named by its
 * Chinese counterpart, 人元司令分野 (the stem in charge by days from the 節); 二十八元 keeps its name.
 * Taiwan usage: 夏令時間, 標準時間.
 */
import type { Catalogue } from '../index.ts';
import type { SolarTermCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import type { PillarName } from '../ja/warnings.ts';
import { LABELS } from './labels.ts';
import type { LuckStartRange, LunarUncertainty, LunarWarning } from '../ja/warnings.ts';

const HANT_LUNAR = { lunar_cn: '中國農曆', lunar_kr: '韓國陰曆', lunar_jp: '日本舊曆' } as const;

const PILLAR_LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '時柱' } as const satisfies Record<PillarName, string>;

/** `7分鐘`, `1小時2分30秒`: the length of a distance in seconds, without its sign (分 alone is 分鐘). */
export function durationText(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const showSeconds = s > 0 || abs === 0;
  return `${h > 0 ? `${h}小時` : ''}${m > 0 ? `${m}${showSeconds ? '分' : '分鐘'}` : ''}${showSeconds ? `${s}秒` : ''}`;
}

/** `7分鐘前`, `1小時2分30秒後`: a signed distance in seconds (negative: before). */
export const distanceText = (seconds: number): string => `${durationText(seconds)}${seconds < 0 ? '前' : '後'}`;

/** Where a moment lies from a boundary: `在立春交節（…）前7分鐘`, or `恰在…` at no distance. */
const fromBoundary = (boundary: string, seconds: number): string =>
  Math.round(seconds) === 0 ? `恰在${boundary}` : `在${boundary}${seconds < 0 ? '前' : '後'}${durationText(seconds)}`;

const term = (code: SolarTermCode): string => labelOf(LABELS, code);
const changes = (yearToo: boolean): string => (yearToo ? '年柱與月柱' : '月柱');
const ZOKAN_TABLES = { gettsu: '人元司令分野', nijuhachigen: '二十八元' } as const;

export const WARNINGS = {
  /** A short title per warning (the /chart page heads each warning with it, never with the raw code). */
  titles: {
    TIME_NOT_GIVEN: '未指定出生時間',
    TIME_UNKNOWN: '出生時辰不詳（三柱）',
    NEAR_SOLAR_TERM: '接近交節',
    NEAR_HOUR_EDGE: '接近時辰交界',
    NEAR_DAY_EDGE: '接近換日',
    ZI_HOUR_CONVENTION: '子時換日的流派差異',
    NEAR_ZOKAN_SWITCH: '藏干切換',
    NONEXISTENT_LOCAL_TIME: '不存在的時刻',
    AMBIGUOUS_LOCAL_TIME: '出現兩次的時刻',
    SUMMER_TIME_IN_EFFECT: '夏令時間',
    LUNAR_CALENDARS_DISAGREE: '農曆曆法的日期差異',
    LUNAR_MONTH_UNCERTAIN: '農曆月首的不確定',
    LONGITUDE_FAR_FROM_ZONE: '經度與時區不符',
    LUCK_START_RANGE: '大運起運的範圍',
  },
  timeUnknown: () =>
    '出生時辰不詳，故排出不立時柱的三柱（年柱、月柱、日柱）命盤。沒有時柱及其藏干、十二長生、神煞，也沒有真太陽時；五行與十神的個數、強弱及分數都只按三柱計算。大運起運等隨時辰而變的內容，按出生當日的範圍給出。',
  termOnBirthDay: (p: { readonly time: string; readonly term: SolarTermCode; readonly birthAfter: boolean; readonly yearToo: boolean }) =>
    `出生當日 ${p.time} 交${term(p.term)}。若出生在此之${p.birthAfter ? '後' : '前'}，${changes(p.yearToo)}會改變（藏干亦然）。`,
  solarDayChangeOnBirthDay: (p: { readonly time: string; readonly solarTime: string; readonly birthAfter: boolean }) =>
    `按真太陽時，出生當日 ${p.time} 換日（真太陽時 ${p.solarTime}）。若出生在此之${p.birthAfter ? '後' : '前'}，日柱會改變。`,
  timeNotGiven: () => '未指定出生時間，時柱按 12:00 出生排出。時柱及據此所作的判斷並不確定。',
  nearTerm: (p: { readonly term: SolarTermCode; readonly at: string; readonly distanceSec: number; readonly yearToo: boolean }) =>
    `出生時間${fromBoundary(`${term(p.term)}交節（${p.at}）`, p.distanceSec)}。${changes(p.yearToo)}可能改變（藏干亦然）。`,
  nearHourEdge: (p: { readonly solar: string; readonly edge: string; readonly distanceSec: number; readonly dayToo: boolean }) =>
    `真太陽時 ${p.solar} ${fromBoundary(`時辰交界（${p.edge}）`, p.distanceSec)}。時柱${p.dayToo ? '與日柱' : ''}可能改變。`,
  nearMidnight: (p: { readonly solar: string; readonly distanceSec: number }) =>
    `真太陽時 ${p.solar} ${fromBoundary('換日時刻（0:00）', p.distanceSec)}。日柱可能改變。`,
  ziHour: (p: {
    readonly solar: string;
    readonly dayBoundary: '00:00' | '23:00';
    readonly day: string;
    readonly hour: string;
    readonly thisDay: string;
    readonly thisHour: string;
  }) =>
    `真太陽時 ${p.solar} 屬子時。按以 ${p.dayBoundary} 換日的流派（${p.dayBoundary === '23:00' ? '子初換日' : '分早晚子時'}），` +
    `應為${p.day}日${p.hour}時（本命盤為${p.thisDay}日${p.thisHour}時）。`,
  zokanSwitch: (p: {
    readonly n: number;
    readonly table: keyof typeof ZOKAN_TABLES;
    readonly dayBefore: boolean;
    readonly pillars: readonly PillarName[];
    /** With `zokan_count=elapsed`: the 交節 and the switch, as clock readings. */
    readonly elapsed?: { readonly termAt: string; readonly switchAt: string } | undefined;
  }) => {
    const table = `按${ZOKAN_TABLES[p.table]}`;
    const day = `藏干切換${p.dayBefore ? '的前一天' : '之日'}`;
    const pillars = p.pillars.map((pillar) => PILLAR_LABELS[pillar]).join('、');
    return p.elapsed === undefined
      ? `${table}，從交節起算第 ${p.n} 天是${day}。視日數的計法，${pillars}的藏干可能改變。`
      : `${table}，從交節（${p.elapsed.termAt}）起按經過的時間計，第 ${p.n} 天是${day}（切換時刻 ${p.elapsed.switchAt}）。` +
          `視出生時間或日數的計法（date），${pillars}的藏干可能改變。`;
  },
  nonexistentTime: (p: { readonly asked: string; readonly read: string; readonly offset: string }) =>
    `${p.asked} 這一時刻因時鐘撥快而不存在。已按撥快前與 UTC 的時差計算，讀作 ${p.read}（${p.offset}）。`,
  ambiguousTime: (p: { readonly asked: string; readonly offset: string; readonly laterMinutes: number }) =>
    `${p.asked} 這一時刻因時鐘撥回而出現兩次。已按較早的一次（${p.offset}）計算；若為較晚的一次，則出生時間晚 ${p.laterMinutes} 分鐘。`,
  summerTime: (p: { readonly offset: string; readonly standard: string; readonly shiftSec: number }) =>
    `出生時間按夏令時間（${p.offset}，標準時間 ${p.standard}）計算。若當時並非夏令時間，則出生時間晚${durationText(p.shiftSec)}。`,
  longitudeFar: (p: {
    readonly longitude: number;
    readonly zone: string;
    readonly meridian: number;
    readonly degrees: number;
    readonly shiftSec: number;
  }) =>
    `經度 ${p.longitude}° 與 ${p.zone} 的標準經線（${p.meridian}°）相差 ${p.degrees.toFixed(1)}°` +
    `（真太陽時比該時區標準時間${p.shiftSec < 0 ? '慢' : '快'}${durationText(p.shiftSec)}）。請確認時區是否正確。`,
  lunarDisagree: (p: LunarWarning) =>
    `按${HANT_LUNAR[p.calendar]}，此農曆日期為 ${p.date}；` +
    p.others.map((o) => (o.date === null ? `${HANT_LUNAR[o.calendar]}無此日期` : `按${HANT_LUNAR[o.calendar]}為 ${o.date}`)).join('；') +
    '。生日按哪種曆法計算，日柱（及時柱）會不同。',
  lunarUncertain: (p: LunarUncertainty) =>
    `${HANT_LUNAR[p.calendar]}此月的朔在午夜前後三分鐘內，隨 ΔT 的預測，月首可能提前或推後一天（${p.date} 前後）。`,
  luckStartRange: (p: LuckStartRange) =>
    `出生時辰不詳，大運起運隨出生當日的實際時間而不同：交運在 ${p.earliest} 至 ${p.latest} 之間，各步大運的起止與年齡也按此範圍給出。`,
} satisfies Catalogue['warnings'];
