/**
 * Test-only bridge to lunar-javascript (the oracle): random wall times → EightChar → AnalysisInput,
 * plus explicit maps from the library's Simplified Chinese names to this service's Japanese forms
 * (docs/sources.md, [lunar-javascript]).
 */
import lunar, { type EightChar } from 'lunar-javascript';
import { BRANCHES } from '../../../src/domain/calendar/branches.ts';
import { cycleIndexOf } from '../../../src/domain/calendar/sexagenary.ts';
import { STEMS } from '../../../src/domain/calendar/stems.ts';
import type { ZokanTable } from '../../../src/domain/chart/conventions.ts';
import type { AnalysisInput } from '../../../src/domain/chart/analysis-input.ts';
import { randomInt } from '../../support/prng.ts';

export const { Solar, LunarUtil } = lunar;

// prettier-ignore
export const TEN_GOD_FROM_LUNAR: Readonly<Record<string, string>> = {
  比肩: '比肩', 劫财: '劫財', 食神: '食神', 伤官: '傷官', 偏财: '偏財',
  正财: '正財', 七杀: '七殺', 正官: '正官', 偏印: '偏印', 正印: '印綬',
};

// prettier-ignore
export const LIFE_STAGE_FROM_LUNAR: Readonly<Record<string, string>> = {
  长生: '長生', 沐浴: '沐浴', 冠带: '冠帯', 临官: '建禄', 帝旺: '帝旺', 衰: '衰',
  病: '病', 死: '死', 墓: '墓', 绝: '絶', 胎: '胎', 养: '養',
};

// prettier-ignore
export const NAYIN_FROM_LUNAR: Readonly<Record<string, string>> = {
  海中金: '海中金', 炉中火: '炉中火', 大林木: '大林木', 路旁土: '路傍土', 剑锋金: '剣鋒金',
  山头火: '山頭火', 涧下水: '澗下水', 城头土: '城頭土', 白蜡金: '白鑞金', 杨柳木: '楊柳木',
  泉中水: '井泉水', 屋上土: '屋上土', 霹雳火: '霹靂火', 松柏木: '松柏木', 长流水: '長流水',
  沙中金: '沙中金', 山下火: '山下火', 平地木: '平地木', 壁上土: '壁上土', 金箔金: '金箔金',
  覆灯火: '覆燈火', 天河水: '天河水', 大驿土: '大駅土', 钗钏金: '釵釧金', 桑柘木: '桑柘木',
  大溪水: '大渓水', 沙中土: '沙中土', 天上火: '天上火', 石榴木: '石榴木', 大海水: '大海水',
};

export const pillarIndex = (ganzhi: string): number =>
  cycleIndexOf(STEMS.indexOf(ganzhi.charAt(0) as never), BRANCHES.indexOf(ganzhi.charAt(1) as never));

/** Julian Day Number of a Gregorian civil date (Unix epoch day 0 = JDN 2440588). */
export const julianDayNumber = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) / 86_400_000 + 2_440_588;

export interface OracleChart {
  readonly input: AnalysisInput;
  readonly eightChar: EightChar;
  readonly label: string;
}

/** A uniformly random wall time 1900-01-01 … 2100-12-31 read by lunar-javascript (sect 2). */
export function randomOracleChart(random: () => number, zokanTable: ZokanTable = 'getsuritsu'): OracleChart {
  const year = randomInt(random, 1900, 2100);
  const month = randomInt(random, 1, 12);
  const day = randomInt(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const hour = randomInt(random, 0, 23);
  const minute = randomInt(random, 0, 59);
  const eightChar = Solar.fromYmdHms(year, month, day, hour, minute, 0).getLunar().getEightChar();
  const input: AnalysisInput = {
    pillars: {
      year: pillarIndex(eightChar.getYear()),
      month: pillarIndex(eightChar.getMonth()),
      day: pillarIndex(eightChar.getDay()),
      hour: pillarIndex(eightChar.getTime()),
    },
    dayPillarJdn: julianDayNumber(year, month, day),
    zokanDayCount: randomInt(random, 1, 32),
    zokanTable,
  };
  return { input, eightChar, label: `${year}-${month}-${day} ${hour}:${minute}` };
}
