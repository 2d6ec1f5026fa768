/** 古典分析的用语（简体）：方法名、旺相休囚死、旺衰等级。 */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: {
    deling: '得令·得地·得势',
    taizan_points: '五行力量（泰山流计分）',
    cn_percent: '五行力量（同党比例）',
    ditiansui: '旺衰（滴天髓阐微·任铁樵）',
  },
  phases: ['旺', '相', '休', '囚', '死'],
  grades: ['身旺', '偏旺', '中和偏强', '中和', '中和偏弱', '偏弱', '身弱'],
  levels: ['极强', '偏强', '中和', '偏弱', '极弱'],
  /** The schools of the 格. */
  schools: { shiping: '子平真诠', japanese: '月支元命（日本）', ditiansui: '滴天髓阐微（任铁樵）' },
  /** The 格 by code (`pattern.*`). */
  patterns: {
    hua_mu: '化木格',
    hua_huo: '化火格',
    hua_tu: '化土格',
    hua_jin: '化金格',
    hua_shui: '化水格',
    zheng_guan: '正官格',
    qi_sha: '七杀格',
    cai: '财格',
    yin: '印绶格',
    shi_shen: '食神格',
    shang_guan: '伤官格',
    jian_lu: '建禄格',
    yang_ren: '阳刃格',
    yue_jie: '月劫格',
    undetermined: '格局不显（杂气）',
    qu_zhi: '曲直格',
    yan_shang: '炎上格',
    jia_se: '稼穑格',
    cong_ge: '从革格',
    run_xia: '润下格',
    cong_wang: '从旺格',
    cong_qiang: '从强格',
    cong_cai: '从财格',
    cong_sha: '从杀格',
    cong_er: '从儿格',
    cong_shi: '从势格',
    liang_qi: '两气成象格',
  },
  /** A 月支元命 格: the ten god of the month's 蔵干, as a 格. */
  monthTenGodPattern: (tenGod: string): string => `${tenGod}格`,
  /** A 假從 or 假化 (任鐵樵): the pattern's name marked as not genuine. */
  falsePattern: (label: string): string => `${label}（假）`,
  /** 任鐵樵's grades of the day master, strongest first (`dts.*`). */
  dtsGrades: ['旺极', '太旺', '旺', '中和', '衰', '太衰', '衰极'],
  /** What 任鐵樵's 用 rests on. */
  dtsBases: {
    hua: '化神有余·不足',
    one_element: '一行得气（化神）',
    two_elements: '两气成象',
    follow_strong: '从其旺神',
    follow_weak: '从格（从神）',
    extreme: '衰旺之极（十反）',
    fuyi: '扶抑（帮助·克泄）',
    tongguan: '通关',
    climate: '寒暖',
    pattern: '格局（中和）',
  },
  /** The 用神 methods. */
  formations: {
    formed: '成格',
    flawed: '成中带忌',
    rescued: '败中有救',
    broken: '破格',
    undetermined: '成败未定',
  },
  remedies: { tongguan: '通关', bingyao: '病药' },
  usefulMethods: { fuyi: '扶抑', geju: '格局', tiaohou: '调候（穷通宝鉴）' },
  /** Why 格局 names no 用: the 格 is undetermined. */
  gejuNone: '杂气月令藏干无一透出，格局未定，故无格局用神（子平真诠 第十六章）',
  /** The five gods. */
  gods: { yong: '用神', xi: '喜神', ji: '忌神', chou: '仇神', xian: '闲神' },
  /** The schools that choose the 用神. */
  godSchools: {
    fuyi_first: '扶抑优先',
    tiaohou_first: '调候优先',
    shiping: '子平真诠（格局）',
    japanese: '日本通行说（身强身弱定喜忌）',
    ditiansui: '滴天髓阐微（任铁樵）',
  },
  /** Who follows each school of the 用神: the practitioner tradition. */
  godSchoolsFollowedBy: {
    fuyi_first: '通行命理教学与多数排盘软件（先论身强身弱）',
    tiaohou_first: '穷通宝鉴（栏江网）一派（先论寒暖调候）',
    shiping: '子平真诠格局派（先看月令之格）',
    ditiansui: '滴天髓任铁樵一派（先看全局旺衰与从化）',
  },
  /** The 合化 verdicts. */
  transformations: {
    transforms: '合化',
    bound: '合绊（不化）',
    distant: '远隔之合（半合）',
    own: '日主之合（不为合去）',
    no_effect: '无作用',
  },
} satisfies Catalogue['classical'];
