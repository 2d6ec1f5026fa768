/**
 * The Japanese words of the classical analysis (`analysis`, docs/analysis.md): the methods' names,
 * 旺相休囚死, and the strength scales (the coarse verdict is the analysis's 身強・中和・身弱).
 */
export const JA_CLASSICAL = {
  methods: {
    deling: '得令・得地・得勢',
    taizan_points: '五行の力量（泰山流の点数）',
    cn_percent: '五行の力量（同党の比率）',
    ditiansui: '旺衰（滴天髓闡微・任鐵樵）',
  },
  /** 旺 相 休 囚 死. */
  phases: ['旺', '相', '休', '囚', '死'],
  /** 得令・得地・得勢's seven grades, strongest first. */
  grades: ['身旺', '偏旺', '中和（強寄り）', '中和', '中和（弱寄り）', '偏弱', '身弱'],
  /** The points methods' five levels, strongest first. */
  levels: ['極強', '偏強', '中和', '偏弱', '極弱'],
  /** The schools of the 格. */
  schools: { shiping: '子平真詮', japanese: '月支元命', ditiansui: '滴天髓闡微（任鐵樵）' },
  /** The 格 by code (`pattern.*`). */
  patterns: {
    hua_mu: '化木格',
    hua_huo: '化火格',
    hua_tu: '化土格',
    hua_jin: '化金格',
    hua_shui: '化水格',
    zheng_guan: '正官格',
    // 七殺 as the answers name the ten god, one name per answer (Japanese books also write 偏官格).
    qi_sha: '七殺格',
    cai: '財格',
    yin: '印綬格',
    shi_shen: '食神格',
    shang_guan: '傷官格',
    jian_lu: '建禄格',
    yang_ren: '陽刃格',
    yue_jie: '月劫格',
    undetermined: '格不明（雑気）',
    qu_zhi: '曲直格',
    yan_shang: '炎上格',
    jia_se: '稼穡格',
    cong_ge: '従革格',
    run_xia: '潤下格',
    cong_wang: '従旺格',
    cong_qiang: '従強格',
    cong_cai: '従財格',
    cong_sha: '従殺格',
    cong_er: '従児格',
    cong_shi: '従勢格',
    liang_qi: '両気成象格',
  },
  /** A 月支元命 格: the ten god of the month's 蔵干, as a 格. */
  monthTenGodPattern: (tenGod: string): string => `${tenGod}格`,
  /** A 假從 or 假化 (任鐵樵): the pattern's name marked as not genuine. */
  falsePattern: (label: string): string => `${label}（仮）`,
  /** 任鐵樵's grades of the day master, strongest first (`dts.*`). */
  dtsGrades: ['旺極', '太旺', '旺', '中和', '衰', '太衰', '衰極'],
  /** What 任鐵樵's 用 rests on. */
  dtsBases: {
    hua: '化神の有余・不足',
    one_element: '一行得気（化神）',
    two_elements: '両気成象',
    follow_strong: '旺神に従う',
    follow_weak: '従格（従神）',
    extreme: '衰旺の極（十反）',
    fuyi: '扶抑（幇助・剋洩）',
    tongguan: '通関',
    climate: '寒暖',
    pattern: '格局（中和）',
  },
  /** 成敗 of the 子平真詮 格 (ch. 9 論用神成敗救應). */
  formations: {
    formed: '成格',
    flawed: '成格（帯忌）',
    rescued: '破格有救（救応）',
    broken: '破格',
    undetermined: '成敗未定',
  },
  /** The other 用神 candidates. */
  remedies: { tongguan: '通関', bingyao: '病薬' },
  /** The 用神 methods. */
  usefulMethods: { fuyi: '扶抑', geju: '格局', tiaohou: '調候（窮通宝鑑）' },
  /** Why 格局 names no 用: the 格 is undetermined. */
  gejuNone: '雑気の月で月支の蔵干がどれも透らず、格が定まらないため、格局の用神はない（子平真詮 第16章）',
  /** The five gods. */
  gods: { yong: '用神', xi: '喜神', ji: '忌神', chou: '仇神', xian: '閑神' },
  /** The schools that choose the 用神. */
  godSchools: {
    fuyi_first: '扶抑を先に',
    tiaohou_first: '調候を先に',
    shiping: '子平真詮（格局）',
    japanese: '日本の通説（身強・身弱の喜忌）',
    ditiansui: '滴天髓闡微（任鐵樵）',
  },
  /** Who follows each school of the 用神: the practitioner tradition. */
  godSchoolsFollowedBy: {
    fuyi_first: '日本の多くの教室・鑑定サイト（身強・身弱から）',
    tiaohou_first: '窮通宝鑑（欄江網）の読者（季節の寒暖を先に）',
    shiping: '子平真詮に拠る格局派（月令の格を先に）',
    ditiansui: '滴天髓・任鐵樵の流れ（全体の旺衰と従化を先に）',
  },
  /** The 合化 verdicts. */
  transformations: {
    transforms: '合化',
    bound: '合絆（化さない）',
    distant: '遠隔の合（半合）',
    own: '日主の合（合去しない）',
    no_effect: '作用なし',
  },
} as const;
