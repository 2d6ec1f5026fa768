/** Charts for the classical-analysis tests: pillars from text, and every legal chart (518,400). */
import type { PillarParts } from '../../src/domain/classical/strength.ts';

export const STEMS = '甲乙丙丁戊己庚辛壬癸';
export const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';

/** `'庚午 辛巳 庚辰 辛巳'` (year month day hour) → stem and branch indices. */
export const parts = (pillars: string): PillarParts => {
  const list = pillars.split(' ');
  return { stems: list.map((p) => STEMS.indexOf(p[0]!)), branches: list.map((p) => BRANCHES.indexOf(p[1]!)) };
};

/**
 * Every legal chart: any year pillar, its twelve months (month stem by 五虎遁), any day pillar, and the
 * hours of `hourStep` (hour stem by 五鼠遁); 518,400 charts with every hour.
 */
export function* everyChart(hourStep = 1): Generator<PillarParts> {
  for (let year = 0; year < 60; year++) {
    for (let monthBranch = 0; monthBranch < 12; monthBranch++) {
      const monthStem = (((year % 10) % 5) * 2 + 2 + ((monthBranch - 2 + 12) % 12)) % 10;
      for (let day = 0; day < 60; day++) {
        for (let hourBranch = 0; hourBranch < 12; hourBranch += hourStep) {
          const hourStem = (((day % 10) % 5) * 2 + hourBranch) % 10;
          yield { stems: [year % 10, monthStem, day % 10, hourStem], branches: [year % 12, monthBranch, day % 12, hourBranch] };
        }
      }
    }
  }
}
