// Minimal typings for the parts of lunar-javascript (dev dependency, test oracle) this project calls.
declare module 'lunar-javascript' {
  export interface EightChar {
    setSect(sect: 1 | 2): void;
    getYear(): string;
    getMonth(): string;
    getDay(): string;
    getTime(): string;
    getYearGan(): string;
    getMonthGan(): string;
    getDayGan(): string;
    getTimeGan(): string;
    getYearZhi(): string;
    getMonthZhi(): string;
    getDayZhi(): string;
    getTimeZhi(): string;
    getYearShiShenGan(): string;
    getMonthShiShenGan(): string;
    getDayShiShenGan(): string;
    getTimeShiShenGan(): string;
    getYearHideGan(): string[];
    getMonthHideGan(): string[];
    getDayHideGan(): string[];
    getTimeHideGan(): string[];
    getYearShiShenZhi(): string[];
    getMonthShiShenZhi(): string[];
    getDayShiShenZhi(): string[];
    getTimeShiShenZhi(): string[];
    getYearNaYin(): string;
    getMonthNaYin(): string;
    getDayNaYin(): string;
    getTimeNaYin(): string;
    getYearDiShi(): string;
    getMonthDiShi(): string;
    getDayDiShi(): string;
    getTimeDiShi(): string;
    getYearXunKong(): string;
    getMonthXunKong(): string;
    getDayXunKong(): string;
    getTimeXunKong(): string;
    /** 胎元, 胎息, 命宮, 身宮 as 干支. */
    getTaiYuan(): string;
    getTaiXi(): string;
    getMingGong(): string;
    getShenGong(): string;
    /** 起運 (gender 1 = male, 0 = female; sect 1 = 時辰 readings, 2 = minutes). */
    getYun(gender: 0 | 1, sect?: 1 | 2): Yun;
  }
  export interface Yun {
    isForward(): boolean;
    getStartYear(): number;
    getStartMonth(): number;
    getStartDay(): number;
    getStartHour(): number;
    getStartSolar(): Solar;
    /** Index 0 is the span before the first 大運 (no 干支). */
    getDaYun(n?: number): DaYun[];
  }
  export interface DaYun {
    getGanZhi(): string;
    getStartYear(): number;
    getStartAge(): number;
  }
  export interface JieQi {
    getName(): string;
    getSolar(): Solar;
  }
  export interface NineStar {
    getNumber(): string;
    /** 0 = 一白 … 8 = 九紫. */
    getIndex(): number;
    toString(): string;
  }
  export interface Lunar {
    getYear(): number;
    /** Negative for a leap month. */
    getMonth(): number;
    getDay(): number;
    getEightChar(): EightChar;
    getDayNineStar(): NineStar;
    getJieQiTable(): Record<string, Solar>;
    getPrevJie(): JieQi;
    getNextJie(): JieQi;
    /** The month pillar from the 節 (minute exact), and the day pillar changing at 00:00. */
    getMonthInGanZhiExact(): string;
    getDayInGanZhiExact2(): string;
  }
  export interface Solar {
    getLunar(): Lunar;
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getHour(): number;
    getMinute(): number;
    getSecond(): number;
    toYmdHms(): string;
    toYmd(): string;
    /** The same clock time `days` days later (earlier when negative). */
    next(days: number): Solar;
  }
  export const Solar: {
    fromYmdHms(y: number, m: number, d: number, hh: number, mi: number, ss: number): Solar;
    fromYmd(y: number, m: number, d: number): Solar;
  };
  export const LunarUtil: {
    ZHI_HIDE_GAN: Record<string, string[]>;
    NAYIN: Record<string, string>;
    SHI_SHEN: Record<string, string>;
    [key: string]: unknown;
  };
}
