/** 古典分析的用語（繁體）：方法名、旺相休囚死、旺衰等級。 */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: {
    deling: '得令·得地·得勢',
    taizan_points: '五行力量（泰山流計分）',
    cn_percent: '五行力量（同黨比例）',
    ditiansui: '旺衰（滴天髓闡微·任鐵樵）',
  },
  phases: ['旺', '相', '休', '囚', '死'],
  grades: ['身旺', '偏旺', '中和偏強', '中和', '中和偏弱', '偏弱', '身弱'],
  levels: ['極強', '偏強', '中和', '偏弱', '極弱'],
  /** The schools of the 格. */
  schools: { shiping: '子平真詮', japanese: '月支元命（日本）', ditiansui: '滴天髓闡微（任鐵樵）' },
  /** The 格 by code (`pattern.*`). */
  patterns: {
    hua_mu: '化木格',
    hua_huo: '化火格',
    hua_tu: '化土格',
    hua_jin: '化金格',
    hua_shui: '化水格',
    zheng_guan: '正官格',
    qi_sha: '七殺格',
    cai: '財格',
    yin: '印綬格',
    shi_shen: '食神格',
    shang_guan: '傷官格',
    jian_lu: '建祿格',
    yang_ren: '陽刃格',
    yue_jie: '月劫格',
    undetermined: '格局不顯（雜氣）',
    qu_zhi: '曲直格',
    yan_shang: '炎上格',
    jia_se: '稼穡格',
    cong_ge: '從革格',
    run_xia: '潤下格',
    cong_wang: '從旺格',
    cong_qiang: '從強格',
    cong_cai: '從財格',
    cong_sha: '從殺格',
    cong_er: '從兒格',
    cong_shi: '從勢格',
    liang_qi: '兩氣成象格',
  },
  /** A 月支元命 格: the ten god of the month's 蔵干, as a 格. */
  monthTenGodPattern: (tenGod: string): string => `${tenGod}格`,
  /** A 假從 or 假化 (任鐵樵): the pattern's name marked as not genuine. */
  falsePattern: (label: string): string => `${label}（假）`,
  /** 任鐵樵's grades of the day master, strongest first (`dts.*`). */
  dtsGrades: ['旺極', '太旺', '旺', '中和', '衰', '太衰', '衰極'],
  /** What 任鐵樵's 用 rests on. */
  dtsBases: {
    hua: '化神有餘·不足',
    one_element: '一行得氣（化神）',
    two_elements: '兩氣成象',
    follow_strong: '從其旺神',
    follow_weak: '從格（從神）',
    extreme: '衰旺之極（十反）',
    fuyi: '扶抑（幫助·剋洩）',
    tongguan: '通關',
    climate: '寒暖',
    pattern: '格局（中和）',
  },
  /** The 用神 methods. */
  formations: {
    formed: '成格',
    flawed: '成中帶忌',
    rescued: '敗中有救',
    broken: '破格',
    undetermined: '成敗未定',
  },
  remedies: { tongguan: '通關', bingyao: '病藥' },
  usefulMethods: { fuyi: '扶抑', geju: '格局', tiaohou: '調候（窮通寶鑑）' },
  /** Why 格局 names no 用: the 格 is undetermined. */
  gejuNone: '雜氣月令藏干無一透出，格局未定，故無格局用神（子平真詮 第十六章）',
  /** The five gods. */
  gods: { yong: '用神', xi: '喜神', ji: '忌神', chou: '仇神', xian: '閒神' },
  /** The schools that choose the 用神. */
  godSchools: {
    fuyi_first: '扶抑優先',
    tiaohou_first: '調候優先',
    shiping: '子平真詮（格局）',
    japanese: '日本通行說（身強身弱定喜忌）',
    ditiansui: '滴天髓闡微（任鐵樵）',
  },
  /** Who follows each school of the 用神: the practitioner tradition. */
  godSchoolsFollowedBy: {
    fuyi_first: '通行命理教學與多數排盤軟體（先論身強身弱）',
    tiaohou_first: '窮通寶鑑（欄江網）一派（先論寒暖調候）',
    shiping: '子平真詮格局派（先看月令之格）',
    ditiansui: '滴天髓任鐵樵一派（先看全局旺衰與從化）',
  },
  /** The 合化 verdicts. */
  transformations: {
    transforms: '合化',
    bound: '合絆（不化）',
    distant: '遠隔之合（半合）',
    own: '日主之合（不為合去）',
    no_effect: '無作用',
  },
} satisfies Catalogue['classical'];
