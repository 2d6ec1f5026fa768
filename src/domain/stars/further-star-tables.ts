/**
 * Lookup tables of the special stars added after the first twenty-six (docs/fields.md, "10. Special
 * stars (神殺)"): the 三合 stars 将星 災殺 六厄, the year-branch stars (紅鸞 … 元辰), 天羅・地網, 天医,
 * three day-stem 貴人, 徳秀, 三奇 and the day-pillar stars. Each table names the sources it follows and,
 * where they differ, which one the default takes (the others are listed in docs/fields.md).
 * Stems are 0..9 (甲..癸), branches 0..11 (子..亥), elements 0..4 (木火土金水). A 三合 group is
 * g = branch mod 4 (申子辰 0, 巳酉丑 1, 寅午戌 2, 亥卯未 3); a season is relations.ts directionalGroup
 * (寅卯辰 spring 0, 巳午未 summer 1, 申酉戌 autumn 2, 亥子丑 winter 3).
 */
import type { BranchIndex } from '../calendar/branches.ts';
import { GANZHI_NAMES, type CycleIndex } from '../calendar/sexagenary.ts';
import type { StemIndex } from '../calendar/stems.ts';

/** Day pillars written as the sources print them, `甲辰 乙巳 …`, as cycle indices (甲子 = 0), once at load. */
function pillarsNamed(names: string): readonly CycleIndex[] {
  return names.split(' ').map((name) => {
    const index = GANZHI_NAMES.indexOf(name);
    if (index < 0) throw new Error(`not a sexagenary pillar: ${name}`);
    return index;
  });
}

/**
 * 将星: the 帝旺 of the group, 申子辰→子 巳酉丑→酉 寅午戌→午 亥卯未→卯. Sources: [bazi-mcp] god.ts 将星;
 * [mingyu] baziShenSha.ts 将星; [saju] sinsals.ts 장성; [destiny-core] derive.go (三命通會 論將星華蓋).
 */
export const GENERAL_STAR_BRANCH_BY_GROUP: readonly BranchIndex[] = [0, 9, 6, 3];

/**
 * 災殺: the branch opposite (冲) the 将星, 申子辰→午 巳酉丑→卯 寅午戌→子 亥卯未→酉. Sources: [sanming-shensha]
 * 論災煞 「衝破將星」; [bazi-mcp] god.ts 灾煞 (year branch only); [mingyu] 灾煞; [saju] 재살.
 */
export const DISASTER_BRANCH_BY_GROUP: readonly BranchIndex[] = [6, 3, 0, 9];

/** 六厄: the group's 死 branch, 申子辰→卯 巳酉丑→子 寅午戌→酉 亥卯未→午. Sources: [bazi-mcp] god.ts 六厄; [destiny-core] derive_test.go (三命通會 論六厄). */
export const SIX_CALAMITIES_BRANCH_BY_GROUP: readonly BranchIndex[] = [3, 0, 9, 6];

/** 白虎: eight branches after the reference (子→申 丑→酉 … 亥→未). Sources: [yorozu-uranai] nenshi_nisshi-shi.ts 白虎; [destiny-core] derive.go 白虎 (神峰通考, the ninth from 太歲). */
export const WHITE_TIGER_OFFSET = 8;

/**
 * 紅鸞 by year branch 子..亥: 卯 寅 丑 子 亥 戌 酉 申 未 午 巳 辰 (「卯起紅鸞逆數」). 天喜 is the branch opposite.
 * Sources: [bazi-mcp] god.ts 红鸾・天喜; [destiny-core] derive_test.go (神峰通考 鸞喜歌); [saju] sinsals.ts 홍란・천희; [mingyu] 红鸾・天喜.
 */
export const RED_LUAN_BRANCH_BY_YEAR: readonly BranchIndex[] = [3, 2, 1, 0, 11, 10, 9, 8, 7, 6, 5, 4];

/** 勾絞: the third branch before and the third after the year branch (勾 and 絞, which is which by gender). Sources: [sanming-shensha] 論勾絞; [mingyu] 勾绞煞. */
export const HOOK_AND_STRANGLE_OFFSETS: readonly number[] = [3, 9];

/** 喪門 two after the year branch, 弔客 two before, 披麻 three before. Sources: [bazi-mcp] god.ts 丧门・吊客・披麻; [mingyu] 丧门・吊客・披麻. */
export const MOURNING_DOOR_OFFSET = 2;
export const MOURNING_GUEST_OFFSET = 10;
export const HEMP_CLOTH_OFFSET = 9;

/**
 * 元辰 (大耗): next to the branch opposite the year branch — one after it for a yang-year man or a yin-year
 * woman (甲子 man → 未), one before it otherwise (→ 巳). Yang and yin are the year stem's.
 * Sources: [sanming-shensha] 論元辰 「甲子生男，與甲午對衝，即乙未為正」; [bazi-mcp] god.ts 元辰; [destiny-core] detect.go 元辰.
 */
export const PRIMAL_OFFSET = { forward: 7, backward: 5 } as const;

/**
 * 天羅 (戌亥) for a 火 year 納音, 地網 (辰巳) for a 水 or 土 one, by element 木火土金水.
 * Sources: [sanming-shensha] 論天羅地網 「火命人有天羅，水、土命人有地網」; [destiny-core] detect.go 天羅地網; [bazi-mcp] god.ts (火・水 only).
 */
export const HEAVEN_NET_BRANCHES_BY_ELEMENT: readonly (readonly BranchIndex[])[] = [[], [10, 11], [], [], []];
export const EARTH_NET_BRANCHES_BY_ELEMENT: readonly (readonly BranchIndex[])[] = [[], [], [4, 5], [], [4, 5]];

/** 天医: the branch before the month branch (寅→丑 …). Sources: [bazi-mcp] god.ts 天医星; [mingyu] 天医; [saju] 천의. */
export const HEAVENLY_DOCTOR_OFFSET = 11;

/**
 * 太極貴人 by day stem: 甲乙 子午, 丙丁 卯酉, 戊己 辰戌丑未, 庚辛 寅亥, 壬癸 巳申.
 * Sources: [destiny-core] derive.go (五行精紀); [mingyu] 太极贵人; [saju] sinsals.ts 태극귀인. [bazi-mcp] has 庚辛 寅卯.
 */
export const TAIJI_BRANCHES_BY_STEM: readonly (readonly BranchIndex[])[] = [
  [0, 6],
  [0, 6],
  [3, 9],
  [3, 9],
  [4, 10, 1, 7],
  [4, 10, 1, 7],
  [2, 11],
  [2, 11],
  [5, 8],
  [5, 8],
];

/** 国印貴人 by day stem: 甲戌 乙亥 丙丑 丁寅 戊丑 己寅 庚辰 辛巳 壬未 癸申. Sources: [bazi-mcp] god.ts 国印; [mingyu] 国印贵人. */
export const NATIONAL_SEAL_BRANCH_BY_STEM: readonly BranchIndex[] = [10, 11, 1, 2, 1, 2, 4, 5, 7, 8];

/**
 * 福星貴人 by day stem, the 神峰通考 verse 「甲丙相邀入虎鄉，更逢鼠穴最高強。戊申己未丁亥遇，乙癸逢牛福祿昌。
 * 庚趕馬頭辛帶巳，壬騎龍背喜非常」: 甲丙 寅子, 乙 丑, 丁 亥, 戊 申, 己 未, 庚 午, 辛 巳, 壬 辰, 癸 丑.
 * Sources: [destiny-core] derive.go fuXingShenFeng; [bazi-mcp] god.ts 福星贵人 (the same, with 乙 also 亥 and 丁 also 酉).
 */
export const FORTUNE_STAR_BRANCHES_BY_STEM: readonly (readonly BranchIndex[])[] = [[2, 0], [1], [2, 0], [11], [8], [7], [6], [5], [4], [1]];

/**
 * 徳秀貴人 by the month's 三合 group: the 徳 stems and the 秀 stems (寅午戌 徳丙丁 秀戊癸; 申子辰 徳壬癸戊己
 * 秀丙辛甲己; 巳酉丑 徳庚辛 秀乙庚; 亥卯未 徳甲乙 秀丁壬). The star needs a 徳 and a 秀 stem on two different pillars.
 * Sources: [bazi-mcp] god.ts DEXIU (both needed); [destiny-core] derive.go deXiuStems (三命通會 論德秀).
 */
export const VIRTUE_AND_GRACE_BY_GROUP: readonly { readonly virtue: readonly StemIndex[]; readonly grace: readonly StemIndex[] }[] = [
  { virtue: [8, 9, 4, 5], grace: [2, 7, 0, 5] },
  { virtue: [6, 7], grace: [1, 6] },
  { virtue: [2, 3], grace: [4, 9] },
  { virtue: [0, 1], grace: [3, 8] },
];

/**
 * 三奇: three stems in this order on three pillars in a row (year–month–day or month–day–hour): 甲戊庚, 乙丙丁, 壬癸辛.
 * Sources: [bazi-mcp] god.ts SANQI; [destiny-core] detect.go (甲戊庚 and 乙丙丁, 「三干相連而無間」; it leaves out 壬癸辛).
 */
export const THREE_MARVELS: readonly (readonly StemIndex[])[] = [
  [0, 4, 6],
  [1, 2, 3],
  [8, 9, 7],
];

/** 天赦 day pillar by season: spring 戊寅, summer 甲午, autumn 戊申, winter 甲子. Sources: [mingyu] 天赦日; [destiny-core] derive.go tianSheSex; [bazi-mcp] god.ts 天赦星. */
export const HEAVENLY_PARDON_BY_SEASON: readonly (readonly CycleIndex[])[] = ['戊寅', '甲午', '戊申', '甲子'].map(pillarsNamed);

/** 四廃 day pillars by season: spring 庚申 辛酉, summer 壬子 癸亥, autumn 甲寅 乙卯, winter 丙午 丁巳. Sources: [mingyu] 四废日; [destiny-core] derive_test.go (五行精紀 四廢日). */
export const FOUR_WASTES_BY_SEASON: readonly (readonly CycleIndex[])[] = ['庚申 辛酉', '壬子 癸亥', '甲寅 乙卯', '丙午 丁巳'].map(
  pillarsNamed,
);

/** 十悪大敗 day pillars. Sources: [bazi-mcp] god.ts 十恶大败; [mingyu] 十恶大败; [destiny-core] derive_test.go (三命通會 論十惡大敗). */
export const TEN_EVILS_DAYS = pillarsNamed('甲辰 乙巳 丙申 丁亥 戊戌 己丑 庚辰 辛巳 壬申 癸亥');

/** 陰差陽錯 day pillars. Sources: [bazi-mcp] god.ts 阴差阳错; [mingyu] 阴差阳错. */
export const YIN_YANG_MISMATCH_DAYS = pillarsNamed('丙子 丁丑 戊寅 辛卯 壬辰 癸巳 丙午 丁未 戊申 辛酉 壬戌 癸亥');

/** 孤鸞 day pillars, the eight both sources list. Sources: [bazi-mcp] god.ts 孤鸾; [mingyu] 孤鸾煞 (also 己未 癸丑). */
export const LONELY_LUAN_DAYS = pillarsNamed('甲寅 乙巳 丙午 丁巳 戊午 戊申 辛亥 壬子');

/** 六秀 day pillars. Sources: [bazi-mcp] god.ts 六秀; [mingyu] 六秀日. */
export const SIX_ELEGANCES_DAYS = pillarsNamed('丙午 丁未 戊子 戊午 己丑 己未');

/** 十霊 day pillars. Sources: [bazi-mcp] god.ts 十灵; [mingyu] 十灵日 (without 庚寅). */
export const TEN_SPIRITS_DAYS = pillarsNamed('甲辰 乙亥 丙辰 丁酉 戊午 庚寅 庚戌 辛亥 壬寅 癸未');

/** 八専 day pillars (stem and branch of one element). Sources: [bazi-mcp] god.ts 八专; [mingyu] 八专 (丁巳 for 丁未). */
export const EIGHT_EXCLUSIVES_DAYS = pillarsNamed('甲寅 乙卯 丁未 戊戌 己未 庚申 辛酉 癸丑');

/** 日徳 day pillars. Sources: [yorozu-uranai] nicchuu.ts 日徳; [sanming-shensha] 日德格. */
export const DAY_VIRTUE_DAYS = pillarsNamed('甲寅 丙辰 戊辰 庚辰 壬戌');

/** 日貴 day pillars (the day stem on its own 天乙貴人). Sources: [sanming-shensha] 卷六 日貴; [sudechi] 日貴. */
export const DAY_NOBLE_DAYS = pillarsNamed('丁酉 丁亥 癸卯 癸巳');

/** 金神 hour pillars. Sources: [sanming-shensha] (via [destiny-core] derive.go 「止有三時，乃癸酉、己巳、乙丑」); [mingyu] 金神 (hour); [bazi-mcp] god.ts (day and hour). */
export const GOLDEN_SPIRIT_HOURS = pillarsNamed('乙丑 己巳 癸酉');
