/**
 * The closed vocabularies of a chart as stable ASCII codes: what the domain computes with and
 * compares, whatever language the answer is shown in. Each list is indexed like the calendar table
 * it names (stem g = 0..9 甲..癸, branch z = 0..11 子..亥, ten god t = 2e + p, life stage, 納音
 * k = ⌊cycle/2⌋, solar term from 小寒). Display text comes from a catalogue per language
 * (`./ja.ts`), keyed by these codes.
 *
 * The rule, after the keys of lunar-typescript's catalogue (Source: [lunar-typescript]): lowercase
 * ASCII `namespace.name`, the name the Chinese classical term in toneless pinyin joined by `_` (a namespace is needed because toneless pinyin collides: 戊
 * `stem.wu` / 午 `branch.wu`); English words where clearer (elements, polarity); where Chinese has
 * two names, the systematic one (`shishen.pian_guan` for 偏官・七殺, `shishen.zheng_yin` for 印綬,
 * `stage.lin_guan` for 建禄). Never derived from a Japanese or Korean reading.
 */

export const STEM_CODES = [
  'stem.jia',
  'stem.yi',
  'stem.bing',
  'stem.ding',
  'stem.wu',
  'stem.ji',
  'stem.geng',
  'stem.xin',
  'stem.ren',
  'stem.gui',
] as const;
export type StemCode = (typeof STEM_CODES)[number];

export const BRANCH_CODES = [
  'branch.zi',
  'branch.chou',
  'branch.yin',
  'branch.mao',
  'branch.chen',
  'branch.si',
  'branch.wu',
  'branch.wei',
  'branch.shen',
  'branch.you',
  'branch.xu',
  'branch.hai',
] as const;
export type BranchCode = (typeof BRANCH_CODES)[number];

/** In generating order 木→火→土→金→水. */
export const ELEMENT_CODES = ['element.wood', 'element.fire', 'element.earth', 'element.metal', 'element.water'] as const;
export type ElementCode = (typeof ELEMENT_CODES)[number];

export const POLARITY_CODES = ['polarity.yang', 'polarity.yin'] as const;
export type PolarityCode = (typeof POLARITY_CODES)[number];

/** Index t = 2e + p: e = element step from the day stem (0 same … 4 generates it), p = 1 if polarity differs. */
export const TEN_GOD_CODES = [
  'shishen.bi_jian',
  'shishen.jie_cai',
  'shishen.shi_shen',
  'shishen.shang_guan',
  'shishen.pian_cai',
  'shishen.zheng_cai',
  'shishen.pian_guan',
  'shishen.zheng_guan',
  'shishen.pian_yin',
  'shishen.zheng_yin',
] as const;
export type TenGodCode = (typeof TEN_GOD_CODES)[number];

/** The five pairs of ten gods: category = ⌊t/2⌋. */
export const TEN_GOD_GROUP_CODES = [
  'shishen_group.bi_jie',
  'shishen_group.shi_shang',
  'shishen_group.cai',
  'shishen_group.guan_sha',
  'shishen_group.yin',
] as const;
export type TenGodGroupCode = (typeof TEN_GOD_GROUP_CODES)[number];

/** 十二運 from 長生. */
export const LIFE_STAGE_CODES = [
  'stage.chang_sheng',
  'stage.mu_yu',
  'stage.guan_dai',
  'stage.lin_guan',
  'stage.di_wang',
  'stage.shuai',
  'stage.bing',
  'stage.si',
  'stage.mu',
  'stage.jue',
  'stage.tai',
  'stage.yang',
] as const;
export type LifeStageCode = (typeof LIFE_STAGE_CODES)[number];

/** 納音, index k = ⌊cycle index / 2⌋ (甲子・乙丑 = 0 … 壬戌・癸亥 = 29); the last word is the element. */
export const NAYIN_CODES = [
  'nayin.hai_zhong_jin',
  'nayin.lu_zhong_huo',
  'nayin.da_lin_mu',
  'nayin.lu_pang_tu',
  'nayin.jian_feng_jin',
  'nayin.shan_tou_huo',
  'nayin.jian_xia_shui',
  'nayin.cheng_tou_tu',
  'nayin.bai_la_jin',
  'nayin.yang_liu_mu',
  'nayin.quan_zhong_shui',
  'nayin.wu_shang_tu',
  'nayin.pi_li_huo',
  'nayin.song_bai_mu',
  'nayin.chang_liu_shui',
  'nayin.sha_zhong_jin',
  'nayin.shan_xia_huo',
  'nayin.ping_di_mu',
  'nayin.bi_shang_tu',
  'nayin.jin_bo_jin',
  'nayin.fu_deng_huo',
  'nayin.tian_he_shui',
  'nayin.da_yi_tu',
  'nayin.chai_chuan_jin',
  'nayin.sang_zhe_mu',
  'nayin.da_xi_shui',
  'nayin.sha_zhong_tu',
  'nayin.tian_shang_huo',
  'nayin.shi_liu_mu',
  'nayin.da_hai_shui',
] as const;
export type NayinCode = (typeof NAYIN_CODES)[number];

/** The element of a 納音 code: its last word (金 jin, 火 huo, 木 mu, 土 tu, 水 shui). */
const NAYIN_ELEMENT_WORDS: Readonly<Record<string, number>> = { mu: 0, huo: 1, tu: 2, jin: 3, shui: 4 };
export const nayinCodeElementIndex = (code: NayinCode): number => NAYIN_ELEMENT_WORDS[code.slice(code.lastIndexOf('_') + 1)]!;

/** The 24 solar terms in calendar order from 小寒 (the 節 that open months are the even indices). */
export const SOLAR_TERM_CODES = [
  'jieqi.xiao_han',
  'jieqi.da_han',
  'jieqi.li_chun',
  'jieqi.yu_shui',
  'jieqi.jing_zhe',
  'jieqi.chun_fen',
  'jieqi.qing_ming',
  'jieqi.gu_yu',
  'jieqi.li_xia',
  'jieqi.xiao_man',
  'jieqi.mang_zhong',
  'jieqi.xia_zhi',
  'jieqi.xiao_shu',
  'jieqi.da_shu',
  'jieqi.li_qiu',
  'jieqi.chu_shu',
  'jieqi.bai_lu',
  'jieqi.qiu_fen',
  'jieqi.han_lu',
  'jieqi.shuang_jiang',
  'jieqi.li_dong',
  'jieqi.xiao_xue',
  'jieqi.da_xue',
  'jieqi.dong_zhi',
] as const;
export type SolarTermCode = (typeof SOLAR_TERM_CODES)[number];

/** The zodiac animals by branch 子..亥. */
export const ZODIAC_CODES = [
  'zodiac.rat',
  'zodiac.ox',
  'zodiac.tiger',
  'zodiac.rabbit',
  'zodiac.dragon',
  'zodiac.snake',
  'zodiac.horse',
  'zodiac.goat',
  'zodiac.monkey',
  'zodiac.rooster',
  'zodiac.dog',
  'zodiac.pig',
] as const;
export type ZodiacCode = (typeof ZODIAC_CODES)[number];

/** 日家九星, index 0 = 一白水星 … 8 = 九紫火星. */
export const NINE_STAR_CODES = [
  'nine_star.1',
  'nine_star.2',
  'nine_star.3',
  'nine_star.4',
  'nine_star.5',
  'nine_star.6',
  'nine_star.7',
  'nine_star.8',
  'nine_star.9',
] as const;
export type NineStarCode = (typeof NINE_STAR_CODES)[number];

/** The 三合 局 by branch group z mod 4: 申子辰 水, 巳酉丑 金, 寅午戌 火, 亥卯未 木. */
export const THREE_HARMONY_CODES = ['sanhe.shui_ju', 'sanhe.jin_ju', 'sanhe.huo_ju', 'sanhe.mu_ju'] as const;
export type ThreeHarmonyCode = (typeof THREE_HARMONY_CODES)[number];

/** The rows of the 命式表, top to bottom. */
export const MEISHIKI_ROW_CODES = [
  'row.stem',
  'row.branch',
  'row.hidden_stem',
  'row.ten_god',
  'row.hidden_stem_ten_god',
  'row.life_stage',
  'row.nayin',
  'row.void',
  'row.special_stars',
] as const;
export type MeishikiRowCode = (typeof MEISHIKI_ROW_CODES)[number];

/** Whose 旬 gives the 空亡 (天中殺) branches of `void_periods`: the day pillar's (日柱空亡) or the year pillar's (年柱空亡). */
export const VOID_BASIS_CODES = ['void_basis.day', 'void_basis.year'] as const;
export type VoidBasisCode = (typeof VOID_BASIS_CODES)[number];

/** 胎元・胎息・命宮・身宮, the four palaces of `palaces`, in that order. */
export const PALACE_CODES = ['palace.tai_yuan', 'palace.tai_xi', 'palace.ming_gong', 'palace.shen_gong'] as const;
export type PalaceCode = (typeof PALACE_CODES)[number];

/** Every vocabulary, by namespace: what a catalogue must name. */
export const VOCABULARIES = {
  stem: STEM_CODES,
  branch: BRANCH_CODES,
  element: ELEMENT_CODES,
  polarity: POLARITY_CODES,
  shishen: TEN_GOD_CODES,
  shishen_group: TEN_GOD_GROUP_CODES,
  stage: LIFE_STAGE_CODES,
  nayin: NAYIN_CODES,
  jieqi: SOLAR_TERM_CODES,
  zodiac: ZODIAC_CODES,
  nine_star: NINE_STAR_CODES,
  sanhe: THREE_HARMONY_CODES,
  row: MEISHIKI_ROW_CODES,
  void_basis: VOID_BASIS_CODES,
  palace: PALACE_CODES,
} as const;

export type VocabularyCode = (typeof VOCABULARIES)[keyof typeof VOCABULARIES][number];
