/** 고전 분석의 용어: 방법 이름, 왕상휴수사, 신강·신약 등급. */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: {
    deling: '득령·득지·득세',
    taizan_points: '오행 역량(태산류 점수)',
    cn_percent: '오행 역량(동당 비율)',
    ditiansui: '왕쇠(적천수천미·임철초)',
  },
  phases: ['왕', '상', '휴', '수', '사'],
  grades: ['신왕', '편왕', '중화편강', '중화', '중화편약', '편약', '신약'],
  levels: ['극강', '편강', '중화', '편약', '극약'],
  /** The schools of the 格. */
  schools: { shiping: '자평진전', japanese: '월지원명(일본)', ditiansui: '적천수천미(임철초)' },
  /** The 格 by code (`pattern.*`). */
  patterns: {
    hua_mu: '화목격',
    hua_huo: '화화격',
    hua_tu: '화토격',
    hua_jin: '화금격',
    hua_shui: '화수격',
    zheng_guan: '정관격',
    qi_sha: '칠살격',
    cai: '재격',
    yin: '인수격',
    shi_shen: '식신격',
    shang_guan: '상관격',
    jian_lu: '건록격',
    yang_ren: '양인격',
    yue_jie: '월겁격',
    undetermined: '격 불분명(잡기)',
    qu_zhi: '곡직격',
    yan_shang: '염상격',
    jia_se: '가색격',
    cong_ge: '종혁격',
    run_xia: '윤하격',
    cong_wang: '종왕격',
    cong_qiang: '종강격',
    cong_cai: '종재격',
    cong_sha: '종살격',
    cong_er: '종아격',
    cong_shi: '종세격',
    liang_qi: '양기성상격',
  },
  /** A 月支元命 格: the ten god of the month's 蔵干, as a 格. */
  monthTenGodPattern: (tenGod: string): string => `${tenGod}격`,
  /** A 假從 or 假化 (任鐵樵): the pattern's name marked as not genuine. */
  falsePattern: (label: string): string => `${label}(가)`,
  /** 任鐵樵's grades of the day master, strongest first (`dts.*`). */
  dtsGrades: ['왕극', '태왕', '왕', '중화', '쇠', '태쇠', '쇠극'],
  /** What 任鐵樵's 用 rests on. */
  dtsBases: {
    hua: '화신의 유여·부족',
    one_element: '일행득기(화신)',
    two_elements: '양기성상',
    follow_strong: '왕신을 따름',
    follow_weak: '종격(종신)',
    extreme: '쇠왕의 극(십반)',
    fuyi: '억부(방조·극설)',
    tongguan: '통관',
    climate: '한난',
    pattern: '격국(중화)',
  },
  /** 成敗 of the 子平真詮 格. */
  formations: {
    formed: '성격(격을 이룸)',
    flawed: '성격이나 기신을 띰',
    rescued: '파격이나 구응이 있음',
    broken: '파격',
    undetermined: '성패 미정',
  },
  remedies: { tongguan: '통관', bingyao: '병약' },
  usefulMethods: { fuyi: '억부', geju: '격국', tiaohou: '조후(궁통보감)' },
  /** Why 格局 names no 用: the 格 is undetermined. */
  gejuNone: '잡기 월령의 지장간이 하나도 투출하지 않아 격이 정해지지 않으므로 격국의 용신은 없다(자평진전 제16장)',
  /** The five gods. */
  gods: { yong: '용신', xi: '희신', ji: '기신', chou: '구신', xian: '한신' },
  /** The schools that choose the 用神. */
  godSchools: {
    fuyi_first: '억부 우선',
    tiaohou_first: '조후 우선',
    shiping: '자평진전(격국)',
    japanese: '일본 통설(신강·신약으로 희기)',
    ditiansui: '적천수천미(임철초)',
  },
  /** Who follows each school of the 用神: the practitioner tradition. */
  godSchoolsFollowedBy: {
    fuyi_first: '대부분의 명리 교실과 만세력 앱(신강·신약부터)',
    tiaohou_first: '궁통보감(난강망) 계열(조후 우선)',
    shiping: '자평진전 격국파(월령의 격 우선)',
    ditiansui: '적천수 임철초 계열(전체 왕쇠와 종화 우선)',
  },
  /** The 合化 verdicts. */
  transformations: {
    transforms: '합화',
    bound: '합반(화하지 않음)',
    distant: '원격의 합(반합)',
    own: '일간의 합(합거되지 않음)',
    no_effect: '작용 없음',
  },
} satisfies Catalogue['classical'];
