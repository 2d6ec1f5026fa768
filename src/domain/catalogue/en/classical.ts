/** The English words of the classical analysis: the methods, the five seasonal states, the strength scales. */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: {
    deling: 'In season, rooted, supported (De Ling, De Di, De Shi)',
    taizan_points: 'Element points (Taizan school)',
    cn_percent: 'Element strength, same-party share',
    ditiansui: 'Strength as Ren Tieqiao reads it (Di Tian Sui Chan Wei)',
  },
  phases: ['Prosperous', 'Strengthening', 'Resting', 'Trapped', 'Dead'],
  grades: ['Strong', 'Fairly strong', 'Balanced, leaning strong', 'Balanced', 'Balanced, leaning weak', 'Fairly weak', 'Weak'],
  levels: ['Very strong', 'Fairly strong', 'Balanced', 'Fairly weak', 'Very weak'],
  /** The schools of the 格. */
  schools: {
    shiping: 'Zi Ping Zhen Quan',
    japanese: 'Japanese month-branch (getsushi genmei)',
    ditiansui: 'Di Tian Sui Chan Wei (Ren Tieqiao)',
  },
  /** The 格 by code (`pattern.*`). */
  patterns: {
    hua_mu: 'Transformed to Wood',
    hua_huo: 'Transformed to Fire',
    hua_tu: 'Transformed to Earth',
    hua_jin: 'Transformed to Metal',
    hua_shui: 'Transformed to Water',
    zheng_guan: 'Direct Officer structure',
    qi_sha: 'Seven Killings structure',
    cai: 'Wealth structure',
    yin: 'Resource structure',
    shi_shen: 'Eating God structure',
    shang_guan: 'Hurting Officer structure',
    jian_lu: 'Thriving (Jian Lu) structure',
    yang_ren: 'Yang Blade structure',
    yue_jie: 'Month Rob Wealth structure',
    undetermined: 'No clear structure (mixed qi)',
    qu_zhi: 'Crooked and Straight (Wood)',
    yan_shang: 'Flaring Up (Fire)',
    jia_se: 'Sowing and Reaping (Earth)',
    cong_ge: 'Following Reform (Metal)',
    run_xia: 'Soaking Down (Water)',
    cong_wang: 'Follow the Prosperous',
    cong_qiang: 'Follow the Strong',
    cong_cai: 'Follow Wealth',
    cong_sha: 'Follow Power',
    cong_er: 'Follow Output',
    cong_shi: 'Follow the Momentum',
    liang_qi: 'Two Elements in Balance',
  },
  /** A 月支元命 格: the ten god of the month's 蔵干, as a 格. */
  monthTenGodPattern: (tenGod: string): string => `${tenGod} structure`,
  /** A 假從 or 假化 (任鐵樵): the pattern's name marked as not genuine. */
  falsePattern: (label: string): string => `${label} (false)`,
  /** 任鐵樵's grades of the day master, strongest first (`dts.*`). */
  dtsGrades: ['Extremely strong', 'Too strong', 'Strong', 'Balanced', 'Weak', 'Too weak', 'Extremely weak'],
  /** What 任鐵樵's 用 rests on. */
  dtsBases: {
    hua: 'The transformed element, in excess or short',
    one_element: 'One element prevails (its output)',
    two_elements: 'Two elements in balance',
    follow_strong: 'Follows the prevailing element',
    follow_weak: 'Follows the stronger side',
    extreme: 'An extreme of strength (the ten reversals)',
    fuyi: 'Support or restrain',
    tongguan: 'Bridging element',
    climate: 'Warmth and cold',
    pattern: 'The structure (balanced chart)',
  },
  /** 成敗 of the 子平真詮 格. */
  formations: {
    formed: 'Formed',
    flawed: 'Formed, with a flaw',
    rescued: 'Broken but rescued',
    broken: 'Broken',
    undetermined: 'Undecided',
  },
  remedies: { tongguan: 'Bridging element (Tong Guan)', bingyao: 'Illness and remedy (Bing Yao)' },
  usefulMethods: {
    fuyi: 'Support and restrain (Fu Yi)',
    geju: 'Structure (Ge Ju)',
    tiaohou: 'Climate adjustment (Tiao Hou, Qiong Tong Bao Jian)',
  },
  /** Why 格局 names no 用: the 格 is undetermined. */
  gejuNone:
    'No structure useful god: the month is a mixed (雑気) month and none of its hidden stems is exposed, so its structure is undetermined (Zi Ping Zhen Quan, ch. 16)',
  /** The five gods. */
  gods: { yong: 'Useful God', xi: 'Favorable God', ji: 'Unfavorable God', chou: 'Enemy God', xian: 'Idle God' },
  /** The schools that choose the 用神. */
  godSchools: {
    fuyi_first: 'Support and restrain first',
    tiaohou_first: 'Climate first',
    shiping: 'Zi Ping Zhen Quan (structure)',
    japanese: 'Japanese popular reading (by strength)',
    ditiansui: 'Di Tian Sui Chan Wei (Ren Tieqiao)',
  },
  /** Who follows each school of the 用神: the practitioner tradition. */
  godSchoolsFollowedBy: {
    fuyi_first: 'Most teaching sites and chart software (strength first)',
    tiaohou_first: 'Readers of Qiong Tong Bao Jian (the season’s climate first)',
    shiping: 'The structure school of Zi Ping Zhen Quan (the month’s structure first)',
    ditiansui: 'Ren Tieqiao’s Di Tian Sui (the whole chart’s strength, following and transformation first)',
  },
  /** The 合化 verdicts. */
  transformations: {
    transforms: 'Transforms',
    bound: 'Bound (does not transform)',
    distant: 'Distant combination (half)',
    own: 'The Day Master’s own combination (not removed)',
    no_effect: 'No effect',
  },
} satisfies Catalogue['classical'];
