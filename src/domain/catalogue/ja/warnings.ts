/**
 * The Japanese text of the chart's warnings (`warnings`, docs/fields.md section 11): a title per
 * warning code and one sentence per situation, composed from the facts the domain found (times as
 * formatted clock readings, distances in seconds, codes). The domain chooses the situation; the
 * catalogue says it.
 */
import type { SolarTermCode } from '../../vocabulary/codes.ts';
import { JA } from '../../vocabulary/ja.ts';
import { labelOf } from '../../vocabulary/labels.ts';

/** A lunar calendar's code (`calendar`). */
export type LunarCalendarCode = 'lunar_cn' | 'lunar_kr' | 'lunar_jp';
/** A lunar birth date another calendar puts elsewhere: this calendar's date, and the same lunar date in the others (null: it has none). */
export interface LunarWarning {
  readonly calendar: LunarCalendarCode;
  readonly date: string;
  readonly others: readonly { readonly calendar: LunarCalendarCode; readonly date: string | null }[];
}
export interface LunarUncertainty {
  readonly calendar: LunarCalendarCode;
  readonly date: string;
}
/** A three-pillar chart's first 大運: the first and last dates it can start on (`YYYY-MM-DD`). */
export interface LuckStartRange {
  readonly earliest: string;
  readonly latest: string;
}
const JA_LUNAR = { lunar_cn: '中国の農暦', lunar_kr: '韓国の陰暦', lunar_jp: '日本の旧暦' } as const;

export type PillarName = 'year' | 'month' | 'day' | 'hour';
const PILLAR_LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '時柱' } as const satisfies Record<PillarName, string>;

/** `7分前`, `1時間2分30秒後`: a signed distance in seconds, in Japanese. */
export function distanceText(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const text = `${h > 0 ? `${h}時間` : ''}${m > 0 ? `${m}分` : ''}${s > 0 || abs === 0 ? `${s}秒` : ''}`;
  return `${text}${seconds < 0 ? '前' : '後'}`;
}

const changes = (yearToo: boolean): string => (yearToo ? '年柱と月柱' : '月柱');
const ZOKAN_TABLES = { gettsu: '月律分野', nijuhachigen: '二十八元' } as const;

export const JA_WARNINGS = {
  /** A short title per warning (the /chart page heads each warning with it, never with the raw code). */
  titles: {
    TIME_NOT_GIVEN: '出生時刻の指定なし',
    TIME_UNKNOWN: '出生時刻不明（三柱）',
    NEAR_SOLAR_TERM: '節入りの近く',
    NEAR_HOUR_EDGE: '時支の境の近く',
    NEAR_DAY_EDGE: '日の境の近く',
    ZI_HOUR_CONVENTION: '子の刻の流派差',
    NEAR_ZOKAN_SWITCH: '蔵干の切り替わり',
    NONEXISTENT_LOCAL_TIME: '存在しない時刻',
    AMBIGUOUS_LOCAL_TIME: '二度ある時刻',
    SUMMER_TIME_IN_EFFECT: '夏時間',
    LUNAR_CALENDARS_DISAGREE: '旧暦の暦法による日付の違い',
    LUNAR_MONTH_UNCERTAIN: '旧暦の月初の不確かさ',
    LONGITUDE_FAR_FROM_ZONE: '経度とタイムゾーンのずれ',
    LUCK_START_RANGE: '大運の起運の幅',
  },
  timeUnknown: () =>
    '出生時刻が不明のため、時柱を立てない三柱（年柱・月柱・日柱）の命式です。時柱とその蔵干・十二運・星、真太陽時はなく、五行や通変星の数・強弱・点数も三柱から出しています。大運の起運など時刻で動くものは、出生日のうちの幅で示します。',
  termOnBirthDay: (p: { readonly time: string; readonly term: SolarTermCode; readonly birthAfter: boolean; readonly yearToo: boolean }) =>
    `出生日の ${p.time} に${labelOf(JA, p.term)}の節入りがあります。それより${p.birthAfter ? '後' : '前'}の出生なら${changes(p.yearToo)}が変わります（蔵干も）。`,
  solarDayChangeOnBirthDay: (p: { readonly time: string; readonly solarTime: string; readonly birthAfter: boolean }) =>
    `真太陽時では出生日の ${p.time} に日が変わります（真太陽時 ${p.solarTime}）。それより${p.birthAfter ? '後' : '前'}の出生なら日柱が変わります。`,
  timeNotGiven: () => '出生時刻の指定がないため、時柱は 12:00 生まれとして出しています。時柱とそれに基づく判断は確定ではありません。',
  nearTerm: (p: { readonly term: SolarTermCode; readonly at: string; readonly distanceSec: number; readonly yearToo: boolean }) =>
    `出生時刻は${labelOf(JA, p.term)}の節入り（${p.at}）の${distanceText(p.distanceSec)}です。${changes(p.yearToo)}が変わり得ます（蔵干も）。`,
  nearHourEdge: (p: { readonly solar: string; readonly edge: string; readonly distanceSec: number; readonly dayToo: boolean }) =>
    `真太陽時 ${p.solar} は時支の境（${p.edge}）の${distanceText(p.distanceSec)}です。時柱${p.dayToo ? 'と日柱' : ''}が変わり得ます。`,
  nearMidnight: (p: { readonly solar: string; readonly distanceSec: number }) =>
    `真太陽時 ${p.solar} は日付の境（0:00）の${distanceText(p.distanceSec)}です。日柱が変わり得ます。`,
  ziHour: (p: {
    readonly solar: string;
    readonly dayBoundary: '00:00' | '23:00';
    readonly day: string;
    readonly hour: string;
    readonly thisDay: string;
    readonly thisHour: string;
  }) =>
    `真太陽時 ${p.solar} は子の刻です。日の境を ${p.dayBoundary} とする流派（${p.dayBoundary === '23:00' ? '子初換日' : '夜子時'}）では` +
    `日柱 ${p.day}・時柱 ${p.hour} になります（この命式は ${p.thisDay}・${p.thisHour}）。`,
  zokanSwitch: (p: {
    readonly n: number;
    readonly table: keyof typeof ZOKAN_TABLES;
    readonly dayBefore: boolean;
    readonly pillars: readonly PillarName[];
    /** With `zokan_count=elapsed`: the 節入り and the switch, as clock readings. */
    readonly elapsed?: { readonly termAt: string; readonly switchAt: string } | undefined;
  }) => {
    const day = `${ZOKAN_TABLES[p.table]}の蔵干が切り替わる日${p.dayBefore ? 'の前日' : ''}です`;
    const pillars = p.pillars.map((pillar) => PILLAR_LABELS[pillar]).join('・');
    return p.elapsed === undefined
      ? `節入りから ${p.n} 日目は${day}。日付の数え方で${pillars}の蔵干が変わり得ます。`
      : `節入り（${p.elapsed.termAt}）からの経過で ${p.n} 日目は${day}（切り替わりは ${p.elapsed.switchAt}）。出生時刻や日数の数え方（date）で${pillars}の蔵干が変わり得ます。`;
  },
  nonexistentTime: (p: { readonly asked: string; readonly read: string; readonly offset: string }) =>
    `${p.asked} は時計の切り替えで存在しない時刻です。切り替え前の時差で読み、${p.read}（${p.offset}）としました。`,
  ambiguousTime: (p: { readonly asked: string; readonly offset: string; readonly laterMinutes: number }) =>
    `${p.asked} は時計の切り替えで二度ある時刻です。早い方（${p.offset}）として読みました。遅い方なら ${p.laterMinutes} 分後の出生です。`,
  summerTime: (p: { readonly offset: string; readonly standard: string; readonly shiftSec: number }) =>
    `出生時刻は夏時間（${p.offset}、標準時 ${p.standard}）として読みました。夏時間でなかったなら ${distanceText(p.shiftSec).replace('後', '')}遅い出生です。`,
  longitudeFar: (p: {
    readonly longitude: number;
    readonly zone: string;
    readonly meridian: number;
    readonly degrees: number;
    readonly shiftSec: number;
  }) =>
    `経度 ${p.longitude}° は ${p.zone} の標準子午線（${p.meridian}°）から ${p.degrees.toFixed(1)}° 離れています（真太陽時は地方時の ${distanceText(p.shiftSec)}）。タイムゾーンが正しいか確かめてください。`,
  lunarDisagree: (p: LunarWarning) =>
    `${JA_LUNAR[p.calendar]}でこの日は ${p.date} です。同じ旧暦の日付は、` +
    p.others.map((o) => `${JA_LUNAR[o.calendar]}では${o.date === null ? '存在しない日付' : ` ${o.date}`}`).join('、') +
    ' です。どの暦で数えた誕生日かで日柱（と時柱）が変わります。',
  lunarUncertain: (p: LunarUncertainty) =>
    `${JA_LUNAR[p.calendar]}のこの月は朔が深夜0時の3分以内にあり、ΔT の予測しだいで月の初日が1日ずれ得ます（${p.date} の前後）。`,
  luckStartRange: (p: LuckStartRange) =>
    `出生時刻が不明のため、大運の起運は出生日のどの時刻に生まれたかで変わります。交運は ${p.earliest} から ${p.latest} の間で、各大運の開始と年齢もこの幅で示しています。`,
};

export type WarningTexts = typeof JA_WARNINGS;
