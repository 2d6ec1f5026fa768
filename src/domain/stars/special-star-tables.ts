/**
 * Lookup tables of the special stars (神殺) beyond the existing six (docs/fields.md, "10. Special stars
 * (神殺)"). Sources: [bazi-mcp] src/lib/god.ts, [yorozu-uranai] src/suimei/models/tokushusei/*.ts,
 * [sichusuimei] spec/models/jikkan_spec.rb, [suimei21], [jiemenglao], [enkai-shihei] (淵海子平); each
 * table below names the ones it follows.
 * Stems are 0..9 (甲..癸), branches 0..11 (子..亥), elements 0..4 (木火土金水). Tables keyed by a 三合 group
 * use g = branch mod 4 (申子辰 0, 巳酉丑 1, 寅午戌 2, 亥卯未 3), as three-harmony.ts does; tables keyed by
 * a 方合 group use relations.ts directionalGroup (寅卯辰 0, 巳午未 1, 申酉戌 2, 亥子丑 3).
 */
import type { BranchIndex } from '../calendar/branches.ts';
import type { StemIndex } from '../calendar/stems.ts';

/** Where a month-keyed star sits: 天徳貴人 names a stem for most months and a branch for 子卯午酉. */
export interface StemOrBranch {
  readonly part: 'stem' | 'branch';
  readonly index: number;
}

/**
 * 十干禄 (建禄) by day stem 甲..癸: 甲寅 乙卯 丙巳 丁午 戊巳 己午 庚申 辛酉 壬亥 癸子.
 * Sources: [yorozu-uranai] nikkan-shi.ts 十干禄; [sichusuimei] 干禄; [bazi-mcp] 禄神.
 */
export const SALARY_BRANCH_BY_STEM: readonly BranchIndex[] = [2, 3, 5, 6, 5, 6, 8, 9, 11, 0];

/**
 * 金輿: the 禄 branch + 2 (甲辰 乙巳 丙未 丁申 戊未 己申 庚戌 辛亥 壬丑 癸寅).
 * Sources: [yorozu-uranai] nikkan-shi.ts 金与禄; [sichusuimei] 金輿禄; [bazi-mcp] 金舆.
 */
export const goldenCarriageBranch = (dayStem: StemIndex): BranchIndex => (SALARY_BRANCH_BY_STEM[dayStem]! + 2) % 12;

/** 暗禄: the 支合 partner of the 禄 branch (甲亥 乙戌 丙申 丁未 … 癸丑). Sources: [yorozu-uranai] nikkan-shi.ts 暗禄; [sichusuimei] 暗禄. */
export const hiddenSalaryBranch = (dayStem: StemIndex): BranchIndex => (13 - SALARY_BRANCH_BY_STEM[dayStem]!) % 12;

/**
 * 羊刃 by day stem 甲..癸, three readings of the yin stems (the yang stems agree: 甲卯 丙午 戊午 庚酉 壬子).
 * japanese: 禄 + 1, 乙辰 丁未 己未 辛戌 癸丑 (Sources: [yorozu-uranai] nikkan-shi.ts 羊刃; [sichusuimei] 羊刃; [jiemenglao] 禄前一位).
 * yang_only: 淵海子平 gives a 刃 to the five yang stems only (Source: [enkai-shihei]).
 * prosperity: the yin stem's 帝旺, 乙寅 丁巳 己巳 辛申 癸亥 (Sources: [bazi-mcp] god.ts 羊刃; [jiemenglao]).
 */
export const YANG_BLADE_BRANCH_BY_STEM = {
  japanese: [3, 4, 6, 7, 6, 7, 9, 10, 0, 1],
  yang_only: [3, null, 6, null, 6, null, 9, null, 0, null],
  prosperity: [3, 2, 6, 5, 6, 5, 9, 8, 0, 11],
} as const satisfies Record<string, readonly (BranchIndex | null)[]>;
export type YangBladeReading = keyof typeof YANG_BLADE_BRANCH_BY_STEM;

/**
 * 飛刃: the branch opposite (冲) the 羊刃 of the same reading.
 * Sources: [yorozu-uranai] nikkan-shi.ts 飛刃 (japanese); [bazi-mcp] god.ts 飞刃 (prosperity).
 */
export const flyingBladeBranch = (yangBlade: BranchIndex): BranchIndex => (yangBlade + 6) % 12;

/**
 * 紅艶 by day stem 甲..癸: 甲午 乙申 丙寅 丁未 戊辰 己辰 庚戌 辛酉 壬子 癸申 (Source: [yorozu-uranai] nikkan-shi.ts 紅艶殺);
 * cantian reads the verse 「甲乙午申」 as 乙午 (Source: [bazi-mcp] god.ts 红艳).
 */
export const RED_BLOSSOM_BRANCH_BY_STEM = {
  japanese: [6, 8, 2, 7, 4, 4, 10, 9, 0, 8],
  cantian: [6, 6, 2, 7, 4, 4, 10, 9, 0, 8],
} as const satisfies Record<string, readonly BranchIndex[]>;
export type RedBlossomReading = keyof typeof RED_BLOSSOM_BRANCH_BY_STEM;

/**
 * 天厨貴人 by day stem: 甲巳 乙午 丙巳 丁午 戊申 己酉 庚亥 辛子 壬寅 癸卯.
 * Sources: [yorozu-uranai] nikkan-shi.ts 天厨貴人; [sichusuimei] 天厨貴人; [bazi-mcp] 天厨贵人.
 */
export const HEAVENLY_KITCHEN_BRANCH_BY_STEM: readonly BranchIndex[] = [5, 6, 5, 6, 8, 9, 11, 0, 2, 3];

/** 天官貴人 by day stem: 甲未 乙辰 丙巳 丁酉 戊戌 己卯 庚亥 辛申 壬寅 癸午. Sources: [yorozu-uranai] nikkan-shi.ts 天官貴人; [sichusuimei] 天官貴人. */
export const HEAVENLY_OFFICIAL_BRANCH_BY_STEM: readonly BranchIndex[] = [7, 4, 5, 9, 10, 3, 11, 8, 2, 6];

/** 流霞 by day stem: 甲酉 乙戌 丙未 丁申 戊巳 己午 庚辰 辛卯 壬亥 癸寅. Sources: [yorozu-uranai] nikkan-shi.ts 流霞殺; [bazi-mcp] 流霞. */
export const FLOWING_MIST_BRANCH_BY_STEM: readonly BranchIndex[] = [9, 10, 7, 8, 5, 6, 4, 3, 11, 2];

/**
 * 学堂 by the year pillar's 納音 element 木火土金水: 木亥 火寅 土申 金巳 水申, the element's 長生 (土 with 水).
 * Source: [bazi-mcp] god.ts SHEN_YEAR_GAN_NAYIN 学堂. (The day-stem reading is the 長生 of the day stem:
 * Source: [sichusuimei] 富貴学童; life-stages.ts.)
 */
export const ACADEMY_BRANCH_BY_NAYIN_ELEMENT: readonly BranchIndex[] = [11, 2, 8, 5, 8];

const stem = (index: StemIndex): StemOrBranch => ({ part: 'stem', index });
const branch = (index: BranchIndex): StemOrBranch => ({ part: 'branch', index });

/**
 * 天徳貴人 by month branch 子..亥: 子巳 丑庚 寅丁 卯申 辰壬 巳辛 午亥 未甲 申癸 酉寅 戌丙 亥乙 — a stem,
 * except 子卯午酉, whose entry is a branch. Source: [yorozu-uranai] gesshi-kanshi.ts 天徳貴人 (matched on stems and branches);
 * Sources: [bazi-mcp] god.ts 天德贵人 (stems only; it marks 午 and 酉 「疑似不合理」); [suimei21].
 */
export const HEAVENLY_VIRTUE_BY_MONTH: readonly StemOrBranch[] = [
  branch(5),
  stem(6),
  stem(3),
  branch(8),
  stem(8),
  stem(7),
  branch(11),
  stem(0),
  stem(9),
  branch(2),
  stem(2),
  stem(1),
];

/**
 * 天徳合: the 干合 partner of a 天徳 stem (丁→壬 …) or the 支合 partner of a 天徳 branch (申→巳 …), giving
 * 子申 丑乙 寅壬 卯巳 辰丁 巳丙 午寅 未己 申戊 酉亥 戌辛 亥庚. Sources: [yorozu-uranai] gesshi-kanshi.ts 天徳合; [bazi-mcp] god.ts 天德合; [suimei21].
 */
export const heavenlyVirtueCombination = (virtue: StemOrBranch): StemOrBranch =>
  virtue.part === 'stem' ? stem((virtue.index + 5) % 10) : branch((13 - virtue.index) % 12);

/**
 * 月徳貴人 by the month branch's 三合 group: 申子辰 壬, 巳酉丑 庚, 寅午戌 丙, 亥卯未 甲 (the yang stem of the
 * group's element). Sources: [yorozu-uranai] gesshi-kanshi.ts 月徳貴人; [bazi-mcp] god.ts 月德贵人.
 */
export const MONTH_VIRTUE_STEM_BY_GROUP: readonly StemIndex[] = [8, 6, 2, 0];

/**
 * 月徳合: the 干合 partner of the 月徳 stem, 壬→丁 庚→乙 丙→辛 甲→己. Sources: [bazi-mcp] god.ts 月德合. [yorozu-uranai] gesshi-kanshi.ts
 * has 子→辛, against its own 申辰→丁: a data error (our judgement), not followed.
 */
export const monthVirtueCombinationStem = (virtueStem: StemIndex): StemIndex => (virtueStem + 5) % 10;

/** 駅馬 by 三合 group: 申子辰→寅, 巳酉丑→亥, 寅午戌→申, 亥卯未→巳. Sources: [yorozu-uranai] nenshi_nisshi-shi.ts 駅馬; [bazi-mcp] god.ts 驿马. */
export const POST_HORSE_BRANCH_BY_GROUP: readonly BranchIndex[] = [2, 11, 8, 5];

/** 劫殺 by 三合 group: 申子辰→巳, 巳酉丑→寅, 寅午戌→亥, 亥卯未→申. Sources: [yorozu-uranai] nenshi_nisshi-shi.ts 劫殺; [bazi-mcp] god.ts 劫煞. */
export const ROBBERY_BRANCH_BY_GROUP: readonly BranchIndex[] = [5, 2, 11, 8];

/**
 * 亡神 by 三合 group: 申子辰→亥, 巳酉丑→申, 寅午戌→巳, 亥卯未→寅. Sources: [bazi-mcp] god.ts 亡神. [yorozu-uranai] nenshi_nisshi-shi.ts
 * agrees except 酉→寅 and 亥→申 (its 劫殺 entries), which break its own groups: not followed.
 */
export const LOST_SPIRIT_BRANCH_BY_GROUP: readonly BranchIndex[] = [11, 8, 5, 2];

/** 孤辰 by 方合 group: 寅卯辰→巳, 巳午未→申, 申酉戌→亥, 亥子丑→寅. Sources: [yorozu-uranai] nenshi_nisshi-shi.ts 孤辰; [bazi-mcp] god.ts 孤辰. */
export const LONELY_BRANCH_BY_DIRECTION: readonly BranchIndex[] = [5, 8, 11, 2];

/** 寡宿 by 方合 group: 寅卯辰→丑, 巳午未→辰, 申酉戌→未, 亥子丑→戌. Sources: [yorozu-uranai] nenshi_nisshi-shi.ts 寡宿; [bazi-mcp] god.ts 寡宿. */
export const WIDOW_BRANCH_BY_DIRECTION: readonly BranchIndex[] = [1, 4, 7, 10];

/**
 * 血刃 (Japanese app): 子戌 丑酉 寅申 卯未 辰午 巳巳 午辰 未卯 申寅 酉丑 戌子 亥亥, i.e. (10 − z) mod 12.
 * Sources: [yorozu-uranai] nenshi_nisshi-shi.ts 血刃. [bazi-mcp] god.ts keys a different table on the day stem and marks it 「疑似问题」.
 */
export const bloodBladeBranch = (reference: BranchIndex): BranchIndex => (22 - reference) % 12;
