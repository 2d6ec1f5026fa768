/**
 * The lookup families of the special stars (Source: [amk7]):
 * - day stem → the branches of all four pillars, the day branch included;
 * - month branch → the stems of all four pillars, and for 天徳・天徳合 months whose entry is a branch the
 *   branches (unless 'stem_only');
 * - year branch and day branch → the branches of the pillars.
 * A rule keyed on a pillar's branch (or on the year 納音) skips that pillar's own branch unless
 * `selfMatch` (Sources: [bazi-mcp] skips it, [yorozu-uranai] does not; the shensha section skips it).
 * A lookup marks positions as bits, slot = 2 × pillar + (0 stem, 1 branch), and records its rule line.
 */
import type { LookupKind, RuleClause, RuleHead } from '../catalogue/ja/stars.ts';
import type { BranchIndex } from '../calendar/branches.ts';
import { LONGEVITY_BRANCH_BY_STEM } from '../calendar/life-stages.ts';
import { nayinElementIndex } from '../calendar/nayin.ts';
import { isKuigang, voidBranchesOf } from '../calendar/shensha-rules.ts';
import type { StemIndex } from '../calendar/stems.ts';
import type { FourPillars } from '../chart/pillars.ts';
import type { Gender } from '../luck/luck-request.ts';
import type { SpecialStarOptions } from './special-star-options.ts';
import { ACADEMY_BRANCH_BY_NAYIN_ELEMENT, type StemOrBranch } from './special-star-tables.ts';

export const YEAR = 0;
export const MONTH = 1;
export const DAY = 2;
export const HOUR = 3;

export interface ChartView {
  readonly pillars: FourPillars;
  /** Stems and branches in pillar order year, month, day, hour (three in a three-pillar chart). */
  readonly stems: readonly StemIndex[];
  readonly branches: readonly BranchIndex[];
  readonly options: SpecialStarOptions;
  /** The gender when the request gave one: only 元辰 needs it. */
  readonly gender: Gender | null;
}

/** What one star found: a bit per position and the clauses of its rule line. */
export interface Finding {
  slots: number;
  readonly clauses: RuleClause[];
}

export interface Lookup {
  /** The kind of lookup (its words in the catalogue: 日干 → 地支, …). */
  readonly key: LookupKind;
  readonly find: (chart: ChartView, finding: Finding) => void;
}

/** Marks the pillars (except `skip`) whose branch is a target; records the clause if any matched. */
export function findBranches(chart: ChartView, finding: Finding, head: RuleHead, targets: readonly BranchIndex[], skip: number): void {
  const matched: BranchIndex[] = [];
  for (const target of targets) {
    let hit = false;
    for (let p = 0; p < chart.branches.length; p++) {
      if (p === skip || chart.branches[p] !== target) continue;
      finding.slots |= 1 << (2 * p + 1);
      hit = true;
    }
    if (hit) matched.push(target);
  }
  if (matched.length > 0) finding.clauses.push({ head, found: { part: 'branch', indices: matched } });
}

function findStem(chart: ChartView, finding: Finding, head: RuleHead, target: StemIndex): void {
  let hit = false;
  for (let p = 0; p < chart.stems.length; p++) {
    if (chart.stems[p] !== target) continue;
    finding.slots |= 1 << (2 * p);
    hit = true;
  }
  if (hit) finding.clauses.push({ head, found: { part: 'stem', indices: [target] } });
}

/** The reference pillar a branch-keyed rule skips: none with `selfMatch`. */
export const selfSkip = (chart: ChartView, reference: number): number => (chart.options.selfMatch ? -1 : reference);

/** Day stem → the branches of all four pillars. */
export const fromDayStem = (targetsOf: (dayStem: StemIndex, options: SpecialStarOptions) => readonly BranchIndex[]): Lookup => ({
  key: 'day_stem',
  find: (chart, finding) => {
    const dayStem = chart.stems[DAY]!;
    findBranches(chart, finding, { kind: 'day_stem', stem: dayStem }, targetsOf(dayStem, chart.options), -1);
  },
});

export const YEAR_AND_DAY: readonly number[] = [YEAR, DAY];

/** Reference branches (by default the year and the day branch) → the branches of the pillars. */
export const fromBranches = (
  targetOf: (reference: BranchIndex) => BranchIndex,
  referencesOf: (options: SpecialStarOptions) => readonly number[] = () => YEAR_AND_DAY,
  key: LookupKind = 'year_day_branches',
): Lookup => ({
  key,
  find: (chart, finding) => {
    for (const r of referencesOf(chart.options)) {
      const reference = chart.branches[r]!;
      findBranches(chart, finding, { kind: 'branch', pillar: r, branch: reference }, [targetOf(reference)], selfSkip(chart, r));
    }
  },
});

/** Month branch → a stem of any pillar, or (天徳 branch entries) the branches of the pillars. */
export const fromMonthBranch = (targetOf: (monthBranch: BranchIndex) => StemOrBranch, key: LookupKind = 'month_branch'): Lookup => ({
  key,
  find: (chart, finding) => {
    const monthBranch = chart.branches[MONTH]!;
    const target = targetOf(monthBranch);
    const head: RuleHead = { kind: 'branch', pillar: MONTH, branch: monthBranch };
    if (target.part === 'stem') findStem(chart, finding, head, target.index);
    else if (chart.options.heavenlyVirtue === 'stem_or_branch') findBranches(chart, finding, head, [target.index], selfSkip(chart, MONTH));
  },
});

/**
 * 学堂: the 長生 of the day stem (Source: [sichusuimei] 富貴学童), or of the year pillar's 納音 element
 * (Source: [bazi-mcp]), a year-keyed rule.
 */
export const academy: Lookup = {
  key: 'day_stem',
  find: (chart, finding) => {
    if (chart.options.academy === 'day_stem') {
      const dayStem = chart.stems[DAY]!;
      findBranches(chart, finding, { kind: 'day_stem', stem: dayStem }, [LONGEVITY_BRANCH_BY_STEM[dayStem]!], -1);
      return;
    }
    const year = chart.pillars.year;
    findBranches(
      chart,
      finding,
      { kind: 'year_nayin', pillar: year },
      [ACADEMY_BRANCH_BY_NAYIN_ELEMENT[nayinElementIndex(year)]!],
      selfSkip(chart, YEAR),
    );
  },
};

/** 空亡: the day pillar's 旬空 on the year, month and hour branches (a pillar is never in its own 旬空). */
export const voidBranches: Lookup = {
  key: 'day_pillar_void',
  find: (chart, finding) =>
    findBranches(chart, finding, { kind: 'day_pillar', pillar: chart.pillars.day }, voidBranchesOf(chart.pillars.day), DAY),
};

/** 魁罡: the day pillar itself, so both its stem and its branch. */
export const kuigang: Lookup = {
  key: 'day_pillar',
  find: (chart, finding) => {
    if (!isKuigang(chart.pillars.day)) return;
    finding.slots |= 0b11 << (2 * DAY);
    finding.clauses.push({ head: { kind: 'day_pillar', pillar: chart.pillars.day }, found: null });
  },
};
