/**
 * Calendar tables against lunar-javascript 1.7.7 (docs/sources.md, [lunar-javascript]), after mapping its
 * Simplified names to ours through the explicit tables in lunar-oracle.ts.
 */
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { describe, expect, it } from 'vitest';
import { BRANCHES } from '../../../src/domain/calendar/branches.ts';
import { HIDDEN_STEMS_BY_BRANCH } from '../../../src/domain/calendar/hidden-stems.ts';
import { voidBranchesOf } from '../../../src/domain/calendar/shensha-rules.ts';
import { STEMS } from '../../../src/domain/calendar/stems.ts';
import { tenGodName } from '../../../src/domain/calendar/ten-gods.ts';
import { VARIANT_A_SECTIONS } from '../../../src/domain/chart/analysis/variant-a.ts';
import { VARIANT_B_SECTIONS } from '../../../src/domain/chart/analysis/variant-b.ts';
import { mulberry32 } from '../../support/prng.ts';
import { LIFE_STAGE_FROM_LUNAR, LunarUtil, NAYIN_FROM_LUNAR, randomOracleChart, TEN_GOD_FROM_LUNAR } from './lunar-oracle.ts';

const CHARTS = 10_000;
const ORACLE_TIMEOUT_MS = 180_000;

describe('calendar tables equal lunar-javascript', () => {
  it('ten gods: all 100 day-stem × stem cells equal LunarUtil.SHI_SHEN', () => {
    for (let day = 0; day < 10; day++) {
      for (let other = 0; other < 10; other++) {
        const theirs = LunarUtil.SHI_SHEN[STEMS[day]! + STEMS[other]!]!;
        expect(tenGodName(day, other), `${STEMS[day]}→${STEMS[other]}`).toBe(TEN_GOD_FROM_LUNAR[theirs]);
      }
    }
  });

  it('hidden-stem lists per branch equal ZHI_HIDE_GAN', () => {
    BRANCHES.forEach((branch, z) => {
      expect(
        HIDDEN_STEMS_BY_BRANCH[z]!.map((g) => STEMS[g]),
        branch,
      ).toEqual(LunarUtil.ZHI_HIDE_GAN[branch]);
    });
  });

  it(
    `stem ten gods, 十二運, 納音 (name and element), day 旬空 and 蔵干 ten gods agree on ${CHARTS} random charts`,
    { timeout: ORACLE_TIMEOUT_MS },
    () => {
      const random = mulberry32(20_240_204);
      const mismatches: string[] = [];
      const check = (label: string, what: string, ours: unknown, theirs: unknown): void => {
        if (ours !== theirs) mismatches.push(`${label} ${what}: ${String(ours)} ≠ ${String(theirs)}`);
      };
      for (let i = 0; i < CHARTS; i++) {
        const { input, eightChar: ec, label } = randomOracleChart(random, i % 2 === 0 ? 'getsuritsu' : 'nijuhachigen');
        const tenGods = VARIANT_A_SECTIONS.ten_gods(input, JA_CATALOGUE);
        check(label, 'year ten god', tenGods.year, TEN_GOD_FROM_LUNAR[ec.getYearShiShenGan()]);
        check(label, 'month ten god', tenGods.month, TEN_GOD_FROM_LUNAR[ec.getMonthShiShenGan()]);
        check(label, 'time ten god', tenGods.time, TEN_GOD_FROM_LUNAR[ec.getTimeShiShenGan()]);

        const stages = VARIANT_A_SECTIONS.juniun(input, JA_CATALOGUE);
        check(label, 'year 十二運', stages.year, LIFE_STAGE_FROM_LUNAR[ec.getYearDiShi()]);
        check(label, 'month 十二運', stages.month, LIFE_STAGE_FROM_LUNAR[ec.getMonthDiShi()]);
        check(label, 'day 十二運', stages.day, LIFE_STAGE_FROM_LUNAR[ec.getDayDiShi()]);
        check(label, 'time 十二運', stages.time, LIFE_STAGE_FROM_LUNAR[ec.getTimeDiShi()]);

        const nayin = VARIANT_B_SECTIONS.nayin(input, JA_CATALOGUE);
        const lunarNayin = [ec.getYearNaYin(), ec.getMonthNaYin(), ec.getDayNaYin(), ec.getTimeNaYin()];
        [nayin.year_pillar, nayin.month_pillar, nayin.day_pillar, nayin.hour_pillar!].forEach((pillar, p) => {
          const theirs = NAYIN_FROM_LUNAR[lunarNayin[p]!]!;
          check(label, `納音 ${p}`, pillar.nayin, theirs);
          check(label, `納音 element ${p}`, pillar.element, theirs.charAt(theirs.length - 1));
        });

        const voids = voidBranchesOf(input.pillars.day);
        check(label, 'day 旬空', BRANCHES[voids[0]]! + BRANCHES[voids[1]]!, ec.getDayXunKong());

        // 蔵干 ten gods: J2 stems are always among the library's hidden stems, so compare with its
        // ShiShenZhi entry; J1 also uses carried-over 余気 stems (子 壬, 卯 甲 …) outside that list.
        const zokan = VARIANT_A_SECTIONS.zokan(input, JA_CATALOGUE);
        const zokanGods = VARIANT_A_SECTIONS.zokan_ten_gods(input, JA_CATALOGUE);
        const hidden = [
          [zokan.year, zokanGods.year, ec.getYearHideGan(), ec.getYearShiShenZhi()],
          [zokan.month, zokanGods.month, ec.getMonthHideGan(), ec.getMonthShiShenZhi()],
          [zokan.day, zokanGods.day, ec.getDayHideGan(), ec.getDayShiShenZhi()],
          [zokan.time!, zokanGods.time!, ec.getTimeHideGan(), ec.getTimeShiShenZhi()],
        ] as const;
        for (const [stem, god, lunarStems, lunarGods] of hidden) {
          const theirs =
            input.zokanTable === 'nijuhachigen' ? lunarGods[lunarStems.indexOf(stem)] : LunarUtil.SHI_SHEN[ec.getDayGan() + stem];
          check(label, `蔵干 ten god of ${stem} (${input.zokanTable})`, god, TEN_GOD_FROM_LUNAR[theirs ?? '']);
        }
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
    },
  );
});
