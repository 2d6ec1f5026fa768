/**
 * Special stars (神殺, 特殊星) of a natal chart: the six of the shensha section (the same rule functions)
 * and twenty more often shown in a Japanese 命式 (docs/fields.md, "10. Special stars (神殺)"), with the
 * school variants as options (special-star-options.ts). Lookup families and the reference-pillar policy:
 * special-star-lookups.ts; tables and their sources: special-star-tables.ts.
 */
import type { BranchIndex } from '../calendar/branches.ts';
import { directionalGroup } from '../calendar/relations.ts';
import { branchOf, stemOf } from '../calendar/sexagenary.ts';
import { HEAVENLY_NOBLE_BRANCHES_BY_STEM, LITERARY_STAR_BRANCH_BY_STEM } from '../calendar/shensha-rules.ts';
import type { StemIndex } from '../calendar/stems.ts';
import { canopyBranchFrom, peachBlossomBranchFrom } from '../calendar/three-harmony.ts';
import type { FourPillars } from '../chart/pillars.ts';
import {
  academy,
  type ChartView,
  type Finding,
  fromBranches,
  fromDayStem,
  fromMonthBranch,
  kuigang,
  type Lookup,
  MONTH,
  voidBranches,
  YEAR,
  YEAR_AND_DAY,
} from './special-star-lookups.ts';
import { SPECIAL_STAR_OPTION_DEFAULTS, type SpecialStarOptions } from './special-star-options.ts';
import {
  bloodBladeBranch,
  FLOWING_MIST_BRANCH_BY_STEM,
  flyingBladeBranch,
  goldenCarriageBranch,
  HEAVENLY_KITCHEN_BRANCH_BY_STEM,
  HEAVENLY_OFFICIAL_BRANCH_BY_STEM,
  HEAVENLY_VIRTUE_BY_MONTH,
  heavenlyVirtueCombination,
  hiddenSalaryBranch,
  LONELY_BRANCH_BY_DIRECTION,
  LOST_SPIRIT_BRANCH_BY_GROUP,
  MONTH_VIRTUE_STEM_BY_GROUP,
  monthVirtueCombinationStem,
  POST_HORSE_BRANCH_BY_GROUP,
  RED_BLOSSOM_BRANCH_BY_STEM,
  ROBBERY_BRANCH_BY_GROUP,
  SALARY_BRANCH_BY_STEM,
  WIDOW_BRANCH_BY_DIRECTION,
  YANG_BLADE_BRANCH_BY_STEM,
} from './special-star-tables.ts';

export { SPECIAL_STAR_OPTION_DEFAULTS, SPECIAL_STAR_OPTIONS, type SpecialStarOptions } from './special-star-options.ts';

export interface SpecialStarPosition {
  readonly pillar: 'year' | 'month' | 'day' | 'hour';
  readonly part: 'stem' | 'branch';
}
export interface SpecialStar {
  /** Stable snake_case romanisation, e.g. 'youjin'. */
  readonly code: string;
  readonly name: string;
  /** Hiragana. */
  readonly reading: string;
  /** Non-empty, year → hour, stem before branch within a pillar. */
  readonly positions: readonly SpecialStarPosition[];
  /** One line in Japanese saying what matched, e.g. '日干 甲 → 地支 卯'; several references joined by '、'. */
  readonly rule: string;
}

/** The 8 positions by slot = 2 × pillar + (0 stem, 1 branch). */
const POSITIONS: readonly SpecialStarPosition[] = (['year', 'month', 'day', 'hour'] as const).flatMap((pillar) => [
  Object.freeze({ pillar, part: 'stem' as const }),
  Object.freeze({ pillar, part: 'branch' as const }),
]);

const one = (branch: BranchIndex): readonly BranchIndex[] => [branch];
/** No targets (a yin stem under 'yang_only'), or no references (血刃 switched off). */
const NONE: readonly number[] = [];
const yangBlade = (dayStem: StemIndex, options: SpecialStarOptions): readonly BranchIndex[] => {
  const blade = YANG_BLADE_BRANCH_BY_STEM[options.yangBlade][dayStem]!;
  return blade === null ? NONE : one(blade);
};
const flyingBlade = (dayStem: StemIndex, options: SpecialStarOptions): readonly BranchIndex[] =>
  yangBlade(dayStem, options).map(flyingBladeBranch);
const heavenlyVirtue = (monthBranch: BranchIndex) => HEAVENLY_VIRTUE_BY_MONTH[monthBranch]!;
const monthVirtueStem = (monthBranch: BranchIndex): StemIndex => MONTH_VIRTUE_STEM_BY_GROUP[monthBranch % 4]!;
const YEAR_ONLY: readonly number[] = [YEAR];
const MONTH_ONLY: readonly number[] = [MONTH];
const canopyReferences = (options: SpecialStarOptions) => (options.canopyKey === 'month' ? MONTH_ONLY : YEAR_AND_DAY);
const lonelyReferences = (options: SpecialStarOptions) => (options.lonelyKey === 'year' ? YEAR_ONLY : YEAR_AND_DAY);
const bloodBladeReferences = (options: SpecialStarOptions) => (options.bloodBlade ? YEAR_AND_DAY : NONE);
const VIRTUE_KEY = '月支 → 天干・地支';

const star = (code: string, name: string, reading: string, lookup: Lookup) => ({ code, name, reading, ...lookup });

/** Catalogue order: the shensha section's six, then the rest in the order of docs/fields.md's star table. */
// prettier-ignore
const STARS = [
  star('tenotsu_kijin', '天乙貴人', 'てんおつきじん', fromDayStem((s) => HEAVENLY_NOBLE_BRANCHES_BY_STEM[s]!)),
  star('bunshou_kijin', '文昌貴人', 'ぶんしょうきじん', fromDayStem((s) => one(LITERARY_STAR_BRANCH_BY_STEM[s]!))),
  star('touka', '桃花', 'とうか', fromBranches(peachBlossomBranchFrom)),
  star('kagai', '華蓋', 'かがい', fromBranches(canopyBranchFrom, canopyReferences)),
  star('kuubou', '空亡', 'くうぼう', voidBranches),
  star('kaikou', '魁罡', 'かいごう', kuigang),
  star('youjin', '羊刃', 'ようじん', fromDayStem(yangBlade)),
  star('hijin', '飛刃', 'ひじん', fromDayStem(flyingBlade)),
  star('jikkanroku', '十干禄', 'じっかんろく', fromDayStem((s) => one(SALARY_BRANCH_BY_STEM[s]!))),
  star('kinyo', '金輿', 'きんよ', fromDayStem((s) => one(goldenCarriageBranch(s)))),
  star('anroku', '暗禄', 'あんろく', fromDayStem((s) => one(hiddenSalaryBranch(s)))),
  star('kouen', '紅艶', 'こうえん', fromDayStem((s, o) => one(RED_BLOSSOM_BRANCH_BY_STEM[o.redBlossom][s]!))),
  star('tenchu_kijin', '天厨貴人', 'てんちゅうきじん', fromDayStem((s) => one(HEAVENLY_KITCHEN_BRANCH_BY_STEM[s]!))),
  star('tenkan_kijin', '天官貴人', 'てんかんきじん', fromDayStem((s) => one(HEAVENLY_OFFICIAL_BRANCH_BY_STEM[s]!))),
  star('ryuuka', '流霞', 'りゅうか', fromDayStem((s) => one(FLOWING_MIST_BRANCH_BY_STEM[s]!))),
  star('gakudou', '学堂', 'がくどう', academy),
  star('tentoku_kijin', '天徳貴人', 'てんとくきじん', fromMonthBranch(heavenlyVirtue, VIRTUE_KEY)),
  star('tentoku_gou', '天徳合', 'てんとくごう', fromMonthBranch((m) => heavenlyVirtueCombination(heavenlyVirtue(m)), VIRTUE_KEY)),
  star('gettoku_kijin', '月徳貴人', 'げっとくきじん', fromMonthBranch((m) => ({ part: 'stem', index: monthVirtueStem(m) }))),
  star('gettoku_gou', '月徳合', 'げっとくごう', fromMonthBranch((m) => ({ part: 'stem', index: monthVirtueCombinationStem(monthVirtueStem(m)) }))),
  star('ekiba', '駅馬', 'えきば', fromBranches((b) => POST_HORSE_BRANCH_BY_GROUP[b % 4]!)),
  star('gousatsu', '劫殺', 'ごうさつ', fromBranches((b) => ROBBERY_BRANCH_BY_GROUP[b % 4]!)),
  star('boushin', '亡神', 'ぼうしん', fromBranches((b) => LOST_SPIRIT_BRANCH_BY_GROUP[b % 4]!)),
  star('koshin', '孤辰', 'こしん', fromBranches((b) => LONELY_BRANCH_BY_DIRECTION[directionalGroup(b)]!, lonelyReferences)),
  star('kashuku', '寡宿', 'かしゅく', fromBranches((b) => WIDOW_BRANCH_BY_DIRECTION[directionalGroup(b)]!, lonelyReferences)),
  star('ketsujin', '血刃', 'けつじん', fromBranches(bloodBladeBranch, bloodBladeReferences)),
] as const;

/** Every star the module can report, in the fixed order answers use. */
export const SPECIAL_STAR_CATALOGUE: readonly { code: string; name: string; reading: string; key: string }[] = STARS.map(
  ({ code, name, reading, key }) => Object.freeze({ code, name, reading, key }),
);

/** An option given as undefined (an absent GraphQL argument) keeps its default, unlike an object spread. */
function withDefaults(options: Partial<SpecialStarOptions>): SpecialStarOptions {
  const d = SPECIAL_STAR_OPTION_DEFAULTS;
  return {
    yangBlade: options.yangBlade ?? d.yangBlade,
    redBlossom: options.redBlossom ?? d.redBlossom,
    academy: options.academy ?? d.academy,
    lonelyKey: options.lonelyKey ?? d.lonelyKey,
    heavenlyVirtue: options.heavenlyVirtue ?? d.heavenlyVirtue,
    canopyKey: options.canopyKey ?? d.canopyKey,
    selfMatch: options.selfMatch ?? d.selfMatch,
    bloodBlade: options.bloodBlade ?? d.bloodBlade,
  };
}

/** The stars present in the chart, in catalogue order (one entry per star, all its positions in it). */
export function specialStarsOf(pillars: FourPillars, options?: Partial<SpecialStarOptions>): SpecialStar[] {
  // A three-pillar chart (the birth time unknown) has no hour position for a star to sit on.
  const order =
    pillars.hour === null ? [pillars.year, pillars.month, pillars.day] : [pillars.year, pillars.month, pillars.day, pillars.hour];
  const chart: ChartView = {
    pillars,
    stems: order.map(stemOf),
    branches: order.map(branchOf),
    options: options === undefined ? SPECIAL_STAR_OPTION_DEFAULTS : withDefaults(options),
  };
  const stars: SpecialStar[] = [];
  for (const { code, name, reading, find } of STARS) {
    const finding: Finding = { slots: 0, clauses: [] };
    find(chart, finding);
    if (finding.slots === 0) continue;
    const positions = POSITIONS.filter((_, slot) => ((finding.slots >> slot) & 1) !== 0);
    stars.push({ code, name, reading, positions, rule: finding.clauses.join('、') });
  }
  return stars;
}
