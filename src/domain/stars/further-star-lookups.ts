/**
 * The lookup families of the stars added after the first twenty-six, beside special-star-lookups.ts:
 * - year branch (and, for 元辰, the gender and the year stem's yin or yang) → the branches of the other
 *   pillars; the year pillar is skipped unless `selfMatch`, though none of these rules can reach it;
 * - year pillar's 納音 element → branches (天羅・地網), skipping the year pillar unless `selfMatch`;
 * - month branch → the stems of all pillars, a 徳 and a 秀 stem on two different pillars (徳秀);
 * - the stems of three pillars in a row (三奇);
 * - the day pillar itself, alone or in the month's season (天赦・四廃), and the hour pillar itself (金神).
 * A pillar-itself star sits on that pillar's stem and branch, as 魁罡 does.
 */
import type { BranchIndex } from '../calendar/branches.ts';
import { nayinElementIndex } from '../calendar/nayin.ts';
import { directionalGroup } from '../calendar/relations.ts';
import type { CycleIndex } from '../calendar/sexagenary.ts';
import { isYangStem } from '../calendar/stems.ts';
import type { LookupKind } from '../catalogue/ja/stars.ts';
import { type ChartView, DAY, findBranches, HOUR, type Lookup, MONTH, selfSkip, YEAR } from './special-star-lookups.ts';
import type { SpecialStarOptions } from './special-star-options.ts';
import { PRIMAL_OFFSET, THREE_MARVELS, VIRTUE_AND_GRACE_BY_GROUP } from './further-star-tables.ts';

/** Year branch → the branches of the other pillars: the targets may depend on the chart (元辰 on the gender). */
export const fromYearBranch = (
  targetsOf: (yearBranch: BranchIndex, chart: ChartView) => readonly BranchIndex[],
  key: LookupKind = 'year_branch',
): Lookup => ({
  key,
  find: (chart, finding) => {
    const yearBranch = chart.branches[YEAR]!;
    findBranches(chart, finding, { kind: 'branch', pillar: YEAR, branch: yearBranch }, targetsOf(yearBranch, chart), selfSkip(chart, YEAR));
  },
});

const NONE: readonly BranchIndex[] = [];

/**
 * 元辰: next to the branch opposite the year branch, after it for a yang-year man or a yin-year woman,
 * before it otherwise; without a gender the rule cannot be read, so it finds nothing.
 */
export const primalTargets = (yearBranch: BranchIndex, chart: ChartView): readonly BranchIndex[] => {
  if (chart.gender === null) return NONE;
  const forward = isYangStem(chart.stems[YEAR]!) === (chart.gender === 'male');
  return [(yearBranch + (forward ? PRIMAL_OFFSET.forward : PRIMAL_OFFSET.backward)) % 12];
};

/** The year pillar's 納音 element → branches (天羅・地網 by element). */
export const fromYearNayin = (branchesByElement: readonly (readonly BranchIndex[])[]): Lookup => ({
  key: 'year_nayin',
  find: (chart, finding) => {
    const year = chart.pillars.year;
    findBranches(chart, finding, { kind: 'year_nayin', pillar: year }, branchesByElement[nayinElementIndex(year)]!, selfSkip(chart, YEAR));
  },
});

/** 徳秀貴人: the stems that are a 徳 or a 秀 of the month's group, when a 徳 and a 秀 stand on two different pillars. */
export const virtueAndGrace: Lookup = {
  key: 'month_branch',
  find: (chart, finding) => {
    const { virtue, grace } = VIRTUE_AND_GRACE_BY_GROUP[chart.branches[MONTH]! % 4]!;
    let slots = 0;
    for (let v = 0; v < chart.stems.length; v++) {
      if (!virtue.includes(chart.stems[v]!)) continue;
      for (let g = 0; g < chart.stems.length; g++) {
        if (g !== v && grace.includes(chart.stems[g]!)) slots |= (1 << (2 * v)) | (1 << (2 * g));
      }
    }
    if (slots === 0) return;
    finding.slots |= slots;
    const found = chart.stems.filter((_, p) => ((slots >> (2 * p)) & 1) !== 0);
    finding.clauses.push({
      head: { kind: 'branch', pillar: MONTH, branch: chart.branches[MONTH]! },
      found: { part: 'stem', indices: [...new Set(found)] },
    });
  },
};

/** 三奇: a sequence of THREE_MARVELS on the stems of three pillars in a row. */
export const threeMarvels: Lookup = {
  key: 'stem_sequence',
  find: (chart, finding) => {
    for (let first = 0; first + 3 <= chart.stems.length; first++) {
      const stems = chart.stems.slice(first, first + 3);
      if (!THREE_MARVELS.some((marvel) => marvel.every((stem, i) => stems[i] === stem))) continue;
      finding.slots |= (1 << (2 * first)) | (1 << (2 * first + 2)) | (1 << (2 * first + 4));
      finding.clauses.push({ head: { kind: 'stems', stems }, found: null });
    }
  },
};

/** A day pillar among `days`: the star is the day pillar itself. */
export const dayPillarIn = (days: readonly CycleIndex[]): Lookup => ({
  key: 'day_pillar',
  find: (chart, finding) => {
    if (!days.includes(chart.pillars.day)) return;
    finding.slots |= 0b11 << (2 * DAY);
    finding.clauses.push({ head: { kind: 'day_pillar', pillar: chart.pillars.day }, found: null });
  },
});

/** A day pillar among those of the month branch's season (天赦・四廃). */
export const seasonalDayPillar = (daysBySeason: readonly (readonly CycleIndex[])[]): Lookup => ({
  key: 'month_day_pillar',
  find: (chart, finding) => {
    const monthBranch = chart.branches[MONTH]!;
    if (!daysBySeason[directionalGroup(monthBranch)]!.includes(chart.pillars.day)) return;
    finding.slots |= 0b11 << (2 * DAY);
    finding.clauses.push(
      { head: { kind: 'branch', pillar: MONTH, branch: monthBranch }, found: null },
      { head: { kind: 'day_pillar', pillar: chart.pillars.day }, found: null },
    );
  },
});

/** An hour pillar among `hours` (金神); a three-pillar chart has none. */
export const hourPillarIn = (hours: readonly CycleIndex[], dayToo: (options: SpecialStarOptions) => boolean = () => false): Lookup => ({
  key: 'hour_pillar',
  find: (chart, finding) => {
    // A school that reads the day pillar too (金神) marks it first: positions run year → hour.
    if (dayToo(chart.options) && hours.includes(chart.pillars.day)) {
      finding.slots |= 0b11 << (2 * DAY);
      finding.clauses.push({ head: { kind: 'day_pillar', pillar: chart.pillars.day }, found: null });
    }
    const hour = chart.pillars.hour;
    if (hour === null || !hours.includes(hour)) return;
    finding.slots |= 0b11 << (2 * HOUR);
    finding.clauses.push({ head: { kind: 'hour_pillar', pillar: hour }, found: null });
  },
});
