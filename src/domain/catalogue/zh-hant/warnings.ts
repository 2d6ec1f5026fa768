/**
 * The Traditional Chinese text of the chart's warnings (`warnings`, docs/fields.md section 11): a
 * title per warning code and one sentence per situation, composed from the facts the domain found
 * (times as formatted clock readings, distances in seconds, codes). Chinese says 交節 where Japanese
 * has a word of its own; the two 子時 schools keep their names 子初換日 and 夜子時.
 */
import type { Catalogue } from '../index.ts';
import type { SolarTermCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import type { PillarName } from '../ja-warnings.ts';
import { LABELS } from './labels.ts';

const PILLAR_LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '時柱' } as const satisfies Record<PillarName, string>;

/** `7分鐘`, `1小時2分30秒`: an unsigned length of time in seconds (分 alone is 分鐘). */
export function durationText(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const showSeconds = s > 0 || abs === 0;
  return `${h > 0 ? `${h}小時` : ''}${m > 0 ? `${m}${showSeconds ? '分' : '分鐘'}` : ''}${showSeconds ? `${s}秒` : ''}`;
}

/** `7分鐘前`, `1小時2分30秒後`: a signed distance in seconds. */
export const distanceText = (seconds: number): string => `${durationText(seconds)}${seconds < 0 ? '前' : '後'}`;

/** `前7分鐘`, `後1小時2分30秒`: the same after the moment it is measured from (`交節前7分鐘`). */
const sideText = (seconds: number): string => `${seconds < 0 ? '前' : '後'}${durationText(seconds)}`;

const term = (code: SolarTermCode): string => labelOf(LABELS, code);
const changes = (yearToo: boolean): string => (yearToo ? '年柱與月柱' : '月柱');
const ZOKAN_TABLES = { gettsu: '月律分野', nijuhachigen: '二十八元' } as const;

export const WARNINGS = {
  titles: {
    TIME_NOT_GIVEN: '未指定出生時間',
    TIME_UNKNOWN: '出生時間不詳（三柱）',
    NEAR_SOLAR_TERM: '接近交節',
    NEAR_HOUR_EDGE: '接近時辰交界',
    NEAR_DAY_EDGE: '接近換日',
    ZI_HOUR_CONVENTION: '子時換日的流派差異',
    NEAR_ZOKAN_SWITCH: '藏干交替',
    NONEXISTENT_LOCAL_TIME: '不存在的時刻',
    AMBIGUOUS_LOCAL_TIME: '出現兩次的時刻',
    SUMMER_TIME_IN_EFFECT: '夏令時間',
    LONGITUDE_FAR_FROM_ZONE: '經度與時區不符',
  },
  timeUnknown: () =>
    '出生時間不詳，故排出不立時柱的三柱（年柱、月柱、日柱）命盤。沒有時柱及其藏干、十二長生、神煞，也沒有真太陽時；五行與十神的數量、強弱及分數都只依三柱計算。大運的起運從出生當天 12:00 起算（依實際出生時間，前後最多可能相差約 2 個月）。',
  termOnBirthDay: (p: { readonly time: string; readonly term: SolarTermCode; readonly birthAfter: boolean; readonly yearToo: boolean }) =>
    `出生當天 ${p.time} 為${term(p.term)}交節時刻。若出生在此之${p.birthAfter ? '後' : '前'}，${changes(p.yearToo)}會改變（藏干亦同）。`,
  solarDayChangeOnBirthDay: (p: { readonly time: string; readonly solarTime: string; readonly birthAfter: boolean }) =>
    `以真太陽時計，出生當天於 ${p.time} 換日（真太陽時 ${p.solarTime}）。若出生在此之${p.birthAfter ? '後' : '前'}，日柱會改變。`,
  timeNotGiven: () => '未指定出生時間，時柱暫以 12:00 出生排出。時柱及據此所作的判斷並不確定。',
  nearTerm: (p: { readonly term: SolarTermCode; readonly at: string; readonly distanceSec: number; readonly yearToo: boolean }) =>
    `出生時間在${term(p.term)}交節（${p.at}）${sideText(p.distanceSec)}。${changes(p.yearToo)}可能改變（藏干亦同）。`,
  nearHourEdge: (p: { readonly solar: string; readonly edge: string; readonly distanceSec: number; readonly dayToo: boolean }) =>
    `真太陽時 ${p.solar} 在時辰交界（${p.edge}）${sideText(p.distanceSec)}。時柱${p.dayToo ? '與日柱' : ''}可能改變。`,
  nearMidnight: (p: { readonly solar: string; readonly distanceSec: number }) =>
    `真太陽時 ${p.solar} 在換日時刻（0:00）${sideText(p.distanceSec)}。日柱可能改變。`,
  ziHour: (p: {
    readonly solar: string;
    readonly dayBoundary: '00:00' | '23:00';
    readonly day: string;
    readonly hour: string;
    readonly thisDay: string;
    readonly thisHour: string;
  }) =>
    `真太陽時 ${p.solar} 屬子時。若依以 ${p.dayBoundary} 換日的流派（${p.dayBoundary === '23:00' ? '子初換日' : '夜子時'}），` +
    `則日柱為 ${p.day}、時柱為 ${p.hour}（本命盤為 ${p.thisDay}、${p.thisHour}）。`,
  zokanSwitch: (p: {
    readonly n: number;
    readonly table: keyof typeof ZOKAN_TABLES;
    readonly dayBefore: boolean;
    readonly pillars: readonly PillarName[];
    readonly elapsed?: { readonly termAt: string; readonly switchAt: string } | undefined;
  }) => {
    const day = `${ZOKAN_TABLES[p.table]}藏干交替之日${p.dayBefore ? '的前一天' : ''}`;
    const pillars = p.pillars.map((pillar) => PILLAR_LABELS[pillar]).join('、');
    return p.elapsed === undefined
      ? `從交節當天起算第 ${p.n} 天是${day}。若日數的算法不同，${pillars}的藏干可能改變。`
      : `以交節（${p.elapsed.termAt}）後經過的時間計，第 ${p.n} 天是${day}（交替時刻 ${p.elapsed.switchAt}）。若出生時間或日數的算法（date）不同，${pillars}的藏干可能改變。`;
  },
  nonexistentTime: (p: { readonly asked: string; readonly read: string; readonly offset: string }) =>
    `${p.asked} 因時鐘撥快而不存在。已按撥快前的時差讀取，視為 ${p.read}（${p.offset}）。`,
  ambiguousTime: (p: { readonly asked: string; readonly offset: string; readonly laterMinutes: number }) =>
    `${p.asked} 因時鐘撥回而出現兩次。已按較早的一次（${p.offset}）讀取；若為較晚的一次，則出生時間晚 ${p.laterMinutes} 分鐘。`,
  summerTime: (p: { readonly offset: string; readonly standard: string; readonly shiftSec: number }) =>
    `出生時間已按夏令時間（${p.offset}，標準時間 ${p.standard}）讀取。若當時並非夏令時間，則出生時間晚 ${durationText(p.shiftSec)}。`,
  longitudeFar: (p: {
    readonly longitude: number;
    readonly zone: string;
    readonly meridian: number;
    readonly degrees: number;
    readonly shiftSec: number;
  }) =>
    `經度 ${p.longitude}° 與 ${p.zone} 的標準子午線（${p.meridian}°）相差 ${p.degrees.toFixed(1)}°（真太陽時比當地時鐘${p.shiftSec < 0 ? '早' : '晚'} ${durationText(p.shiftSec)}）。請確認時區是否正確。`,
} satisfies Catalogue['warnings'];
