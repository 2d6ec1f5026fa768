/**
 * Special stars (神殺, 特殊星) of a natal chart: the six of the shensha section (the same rule functions),
 * twenty more often shown in a Japanese 命式 and thirty further common ones (docs/fields.md, "10. Special
 * stars (神殺)"), with the school variants as options (special-star-options.ts). Lookup families and the
 * reference-pillar policy: special-star-lookups.ts and further-star-lookups.ts; tables and their
 * sources: special-star-tables.ts and further-star-tables.ts.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { JA_STAR_RULES, JA_STARS, type StarCode } from '../catalogue/ja/stars.ts';
import type { BranchIndex } from '../calendar/branches.ts';
import { directionalGroup } from '../calendar/relations.ts';
import { branchOf, stemOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { HEAVENLY_NOBLE_BRANCHES_BY_STEM, LITERARY_STAR_BRANCH_BY_STEM } from '../calendar/shensha-rules.ts';
import type { StemIndex } from '../calendar/stems.ts';
import { canopyBranchFrom, peachBlossomBranchFrom } from '../calendar/three-harmony.ts';
import type { FourPillars } from '../chart/pillars.ts';
import type { Gender } from '../luck/luck-request.ts';
import {
  dayPillarIn,
  fromYearBranch,
  fromYearNayin,
  hourPillarIn,
  primalTargets,
  seasonalDayPillar,
  threeMarvels,
  virtueAndGrace,
} from './further-star-lookups.ts';
import {
  DAY_NOBLE_DAYS,
  DAY_VIRTUE_DAYS,
  DISASTER_BRANCH_BY_GROUP,
  EARTH_NET_BRANCHES_BY_ELEMENT,
  EIGHT_EXCLUSIVES_DAYS,
  FORTUNE_STAR_BRANCHES_BY_STEM,
  FOUR_WASTES_BY_SEASON,
  GENERAL_STAR_BRANCH_BY_GROUP,
  GOLDEN_SPIRIT_HOURS,
  HEAVEN_NET_BRANCHES_BY_ELEMENT,
  HEAVENLY_DOCTOR_OFFSET,
  HEAVENLY_PARDON_BY_SEASON,
  HEMP_CLOTH_OFFSET,
  HOOK_AND_STRANGLE_OFFSETS,
  LONELY_LUAN_DAYS,
  MOURNING_DOOR_OFFSET,
  MOURNING_GUEST_OFFSET,
  NATIONAL_SEAL_BRANCH_BY_STEM,
  RED_LUAN_BRANCH_BY_YEAR,
  SIX_CALAMITIES_BRANCH_BY_GROUP,
  SIX_ELEGANCES_DAYS,
  TAIJI_BRANCHES_BY_STEM,
  TEN_EVILS_DAYS,
  TEN_SPIRITS_DAYS,
  WHITE_TIGER_OFFSET,
  YIN_YANG_MISMATCH_DAYS,
} from './further-star-tables.ts';
import {
  academy,
  type ChartView,
  type Finding,
  DAY,
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
const DAY_ONLY: readonly number[] = [DAY];
const generalReferences = (options: SpecialStarOptions) =>
  options.generalKey === 'day' ? DAY_ONLY : options.generalKey === 'year' ? YEAR_ONLY : YEAR_AND_DAY;
const luanReferences = (options: SpecialStarOptions) => (options.luanKey === 'year_and_day' ? YEAR_AND_DAY : YEAR_ONLY);
const VIRTUE_KEY = 'month_branch_virtue';
const yearOnly = () => YEAR_ONLY;
const monthOnly = () => MONTH_ONLY;
/** The branch `offset` places after the reference. */
const after = (offset: number) => (reference: BranchIndex) => (reference + offset) % 12;

/** A star: its code, its name and reading from the catalogue, and how it is found. */
const star = (code: StarCode, lookup: Lookup) => ({ code, name: JA_STARS[code].name, reading: JA_STARS[code].reading, ...lookup });

/** Catalogue order: the shensha section's six, then the rest in the order of docs/fields.md's star table (the 命式表 row shows the first 26). */
// prettier-ignore
const STARS = [
  star('tenotsu_kijin', fromDayStem((s) => HEAVENLY_NOBLE_BRANCHES_BY_STEM[s]!)),
  star('bunshou_kijin', fromDayStem((s) => one(LITERARY_STAR_BRANCH_BY_STEM[s]!))),
  star('touka', fromBranches(peachBlossomBranchFrom)),
  star('kagai', fromBranches(canopyBranchFrom, canopyReferences)),
  star('kuubou', voidBranches),
  star('kaikou', kuigang),
  star('youjin', fromDayStem(yangBlade)),
  star('hijin', fromDayStem(flyingBlade)),
  star('jikkanroku', fromDayStem((s) => one(SALARY_BRANCH_BY_STEM[s]!))),
  star('kinyo', fromDayStem((s) => one(goldenCarriageBranch(s)))),
  star('anroku', fromDayStem((s) => one(hiddenSalaryBranch(s)))),
  star('kouen', fromDayStem((s, o) => one(RED_BLOSSOM_BRANCH_BY_STEM[o.redBlossom][s]!))),
  star('tenchu_kijin', fromDayStem((s) => one(HEAVENLY_KITCHEN_BRANCH_BY_STEM[s]!))),
  star('tenkan_kijin', fromDayStem((s) => one(HEAVENLY_OFFICIAL_BRANCH_BY_STEM[s]!))),
  star('ryuuka', fromDayStem((s) => one(FLOWING_MIST_BRANCH_BY_STEM[s]!))),
  star('gakudou', academy),
  star('tentoku_kijin', fromMonthBranch(heavenlyVirtue, VIRTUE_KEY)),
  star('tentoku_gou', fromMonthBranch((m) => heavenlyVirtueCombination(heavenlyVirtue(m)), VIRTUE_KEY)),
  star('gettoku_kijin', fromMonthBranch((m) => ({ part: 'stem', index: monthVirtueStem(m) }))),
  star('gettoku_gou', fromMonthBranch((m) => ({ part: 'stem', index: monthVirtueCombinationStem(monthVirtueStem(m)) }))),
  star('ekiba', fromBranches((b) => POST_HORSE_BRANCH_BY_GROUP[b % 4]!)),
  star('gousatsu', fromBranches((b) => ROBBERY_BRANCH_BY_GROUP[b % 4]!)),
  star('boushin', fromBranches((b) => LOST_SPIRIT_BRANCH_BY_GROUP[b % 4]!)),
  star('koshin', fromBranches((b) => LONELY_BRANCH_BY_DIRECTION[directionalGroup(b)]!, lonelyReferences)),
  star('kashuku', fromBranches((b) => WIDOW_BRANCH_BY_DIRECTION[directionalGroup(b)]!, lonelyReferences)),
  star('ketsujin', fromBranches(bloodBladeBranch, bloodBladeReferences)),
  star('shousei', fromBranches((b) => GENERAL_STAR_BRANCH_BY_GROUP[b % 4]!, generalReferences)),
  star('saisatsu', fromBranches((b) => DISASTER_BRANCH_BY_GROUP[b % 4]!, generalReferences)),
  star('rokuyaku', fromBranches((b) => SIX_CALAMITIES_BRANCH_BY_GROUP[b % 4]!, generalReferences)),
  star('byakko', fromBranches(after(WHITE_TIGER_OFFSET))),
  star('kouran', fromBranches((b) => RED_LUAN_BRANCH_BY_YEAR[b]!, luanReferences, 'year_branch')),
  star('tenki', fromBranches((b) => (RED_LUAN_BRANCH_BY_YEAR[b]! + 6) % 12, luanReferences, 'year_branch')),
  star('koukou', fromYearBranch((b) => HOOK_AND_STRANGLE_OFFSETS.map((offset) => (b + offset) % 12))),
  star('soumon', fromBranches(after(MOURNING_DOOR_OFFSET), yearOnly, 'year_branch')),
  star('choukaku', fromBranches(after(MOURNING_GUEST_OFFSET), yearOnly, 'year_branch')),
  star('hima', fromBranches(after(HEMP_CLOTH_OFFSET), yearOnly, 'year_branch')),
  star('genshin', fromYearBranch(primalTargets, 'year_branch_gender')),
  star('tenra', fromYearNayin(HEAVEN_NET_BRANCHES_BY_ELEMENT)),
  star('chimou', fromYearNayin(EARTH_NET_BRANCHES_BY_ELEMENT)),
  star('ten_i', fromBranches(after(HEAVENLY_DOCTOR_OFFSET), monthOnly, 'month_branch_branches')),
  star('taikyoku_kijin', fromDayStem((s) => TAIJI_BRANCHES_BY_STEM[s]!)),
  star('kokuin_kijin', fromDayStem((s) => one(NATIONAL_SEAL_BRANCH_BY_STEM[s]!))),
  star('fukusei_kijin', fromDayStem((s) => FORTUNE_STAR_BRANCHES_BY_STEM[s]!)),
  star('tokushuu_kijin', virtueAndGrace),
  star('sanki', threeMarvels),
  star('tensha', seasonalDayPillar(HEAVENLY_PARDON_BY_SEASON)),
  star('shihai', seasonalDayPillar(FOUR_WASTES_BY_SEASON)),
  star('juuaku_taihai', dayPillarIn(TEN_EVILS_DAYS)),
  star('insa_yousaku', dayPillarIn(YIN_YANG_MISMATCH_DAYS)),
  star('koran', dayPillarIn(LONELY_LUAN_DAYS)),
  star('rokushuu', dayPillarIn(SIX_ELEGANCES_DAYS)),
  star('juurei', dayPillarIn(TEN_SPIRITS_DAYS)),
  star('hassen', dayPillarIn(EIGHT_EXCLUSIVES_DAYS)),
  star('nittoku', dayPillarIn(DAY_VIRTUE_DAYS)),
  star('nikki', dayPillarIn(DAY_NOBLE_DAYS)),
  star('kinjin', hourPillarIn(GOLDEN_SPIRIT_HOURS, (options) => options.goldenSpirit === 'day_and_hour')),
] as const;

/** Every star the module can report, in the fixed order answers use. */
export const SPECIAL_STAR_CATALOGUE: readonly { code: string; name: string; reading: string; key: string }[] = STARS.map(
  ({ code, name, reading, key }) => Object.freeze({ code, name, reading, key: JA_STAR_RULES.lookups[key] }),
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
    generalKey: options.generalKey ?? d.generalKey,
    luanKey: options.luanKey ?? d.luanKey,
    goldenSpirit: options.goldenSpirit ?? d.goldenSpirit,
  };
}

/**
 * The stars present in the chart, in catalogue order (one entry per star, all its positions in it), in the
 * catalogue's words. 元辰 needs the gender: without one (null) it is not looked for.
 */
export function specialStarsOf(
  pillars: FourPillars,
  c: Catalogue,
  options?: Partial<SpecialStarOptions>,
  gender: Gender | null = null,
): SpecialStar[] {
  // A three-pillar chart (the birth time unknown) has no hour position for a star to sit on.
  const order =
    pillars.hour === null ? [pillars.year, pillars.month, pillars.day] : [pillars.year, pillars.month, pillars.day, pillars.hour];
  const chart: ChartView = {
    pillars,
    stems: order.map(stemOf),
    branches: order.map(branchOf),
    options: options === undefined ? SPECIAL_STAR_OPTION_DEFAULTS : withDefaults(options),
    gender,
  };
  const stars: SpecialStar[] = [];
  for (const { code, find } of STARS) {
    const finding: Finding = { slots: 0, clauses: [] };
    find(chart, finding);
    if (finding.slots === 0) continue;
    const positions = POSITIONS.filter((_, slot) => ((finding.slots >> slot) & 1) !== 0);
    const { name, reading } = c.stars[code];
    stars.push({ code, name, reading, positions, rule: finding.clauses.map(c.starRules.clause).join(c.starRules.clauseSeparator) });
  }
  return stars;
}

/** The stars of the 命式表's row: the first 26 of the catalogue (those a Japanese 命式 shows), with the default schools. */
const TABLE_STAR_COUNT = 26;
const TABLE_STAR_CODES: ReadonlySet<string> = new Set(STARS.slice(0, TABLE_STAR_COUNT).map((s) => s.code));

export const tableStarsOf = (pillars: FourPillars, c: Catalogue): SpecialStar[] =>
  specialStarsOf(pillars, c).filter((found) => TABLE_STAR_CODES.has(found.code));

/**
 * Lookups that read a natal pillar itself (魁罡, the day-pillar stars, 金神) or a pattern across pillars
 * (三奇): no luck pillar brings them; nor 徳秀, a pair of stems.
 */
const NOT_BROUGHT_KEYS: ReadonlySet<string> = new Set(['day_pillar', 'month_day_pillar', 'hour_pillar', 'stem_sequence']);
/** The stars a luck pillar can bring (luckPillarStars), in catalogue order. */
export const LUCK_STAR_CODES: ReadonlySet<string> = new Set(
  STARS.filter((s) => !NOT_BROUGHT_KEYS.has(s.key) && s.code !== 'tokushuu_kijin').map((s) => s.code),
);
/** The bits of the luck pillar's stem and branch when it stands fifth beside the natal four. */
const LUCK_SLOTS = 0b11 << (2 * 4);

/**
 * The stars a luck pillar (大運, 歳運, 月運, 日運) brings to the chart (流年神煞): those whose rule, keyed
 * on the natal pillars (the day stem, the year or day branch, the month branch, the year 納音), lands
 * on the luck pillar's stem or branch, in catalogue order. Stars of a natal pillar itself (魁罡, the
 * day-pillar stars, 金神) and stars of a pattern across pillars (三奇, 徳秀) are not brought by one.
 */
export function luckPillarStars(
  pillars: FourPillars,
  luck: CycleIndex,
  options?: Partial<SpecialStarOptions>,
  gender: Gender | null = null,
): readonly string[] {
  // The luck pillar stands fifth; a three-pillar chart keeps an empty hour (matching nothing) before it.
  const natal = [pillars.year, pillars.month, pillars.day, pillars.hour];
  const chart: ChartView = {
    pillars,
    stems: [...natal.map((p) => (p === null ? -1 : stemOf(p))), stemOf(luck)] as StemIndex[],
    branches: [...natal.map((p) => (p === null ? -1 : branchOf(p))), branchOf(luck)] as BranchIndex[],
    options: options === undefined ? SPECIAL_STAR_OPTION_DEFAULTS : withDefaults(options),
    gender,
  };
  const brought: string[] = [];
  for (const { code, find } of STARS) {
    if (!LUCK_STAR_CODES.has(code)) continue;
    const finding: Finding = { slots: 0, clauses: [] };
    find(chart, finding);
    if ((finding.slots & LUCK_SLOTS) !== 0) brought.push(code);
  }
  return brought;
}
