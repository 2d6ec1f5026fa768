/**
 * The 鑑定書's own words (headings, column names, notes, the marks between items) in each language of
 * the catalogues; the chart's labels come from the catalogues themselves. `{name}` marks where a value
 * goes. Each language has its own marks: Japanese lists with 、 and bullets with ・, Chinese lists with
 * 、 (・ is not Chinese), English and Korean with a comma.
 */
import type { Catalogue } from '../../domain/catalogue/index.ts';
import type { Lang } from '../../domain/catalogue/lang.ts';
import type { FiveGodsJson } from './analysis-json.ts';

export interface ReportWords {
  readonly title: string;
  readonly subtitle: string;
  readonly birth: string;
  /** Before the birthplace, when the request named one. */
  readonly birthplace: string;
  readonly meishiki: string;
  readonly elements: string;
  readonly warnings: string;
  readonly noWarnings: string;
  readonly luck: string;
  /** `{age}`, `{direction}`, `{date}`. */
  readonly luckStart: string;
  /** A three-pillar chart's start, over the birth day: `{age}` (`3–4`), `{direction}`, `{from}` and `{to}` (dates). */
  readonly luckStartRange: string;
  readonly forward: string;
  readonly backward: string;
  readonly noGender: string;
  readonly luckColumns: {
    readonly ages: string;
    readonly pillar: string;
    readonly tenGod: string;
    readonly stage: string;
    readonly from: string;
  };
  /** `{year}`. */
  readonly year: string;
  readonly annual: string;
  readonly monthColumns: {
    readonly term: string;
    readonly pillar: string;
    readonly tenGod: string;
    readonly stage: string;
    readonly from: string;
  };
  readonly relations: string;
  readonly analysis: string;
  readonly strength: string;
  readonly pattern: string;
  readonly usefulGods: string;
  readonly fiveGods: string;
  /** One of the five gods in a line: `{god}` the role (用神 …, the catalogue's), `{element}` its element. */
  readonly fiveGod: string;
  readonly tiaohou: string;
  readonly agreement: string;
  readonly agree: string;
  readonly split: string;
  readonly compatibility: string;
  /** `{score}`, `{level}`. */
  readonly score: string;
  /** `{engine}`, `{rules}`. */
  readonly footer: string;
  /** Between the items of a list in a line (the relations of a year, the five gods). */
  readonly listSeparator: string;
  /** Before each line of a list of lines (the strength methods, the 格 of each school, 相性's items). */
  readonly bullet: string;
}

export const REPORT_WORDS: Readonly<Record<Lang, ReportWords>> = {
  ja: {
    title: '四柱推命 鑑定書',
    subtitle: '命式・五行・大運・歳運・分析',
    birth: '生年月日時',
    birthplace: '出生地',
    meishiki: '命式表',
    elements: '五行の数',
    warnings: '注意',
    noWarnings: '出生時刻の前後に柱の変わり目はありません。',
    luck: '大運',
    luckStart: '{age}歳運（{direction}、{date} 交運）',
    luckStartRange: '{age}歳運（{direction}、{from}〜{to} の間に交運）',
    forward: '順行',
    backward: '逆行',
    noGender: '性別の指定がないため、大運は載せていません。',
    luckColumns: { ages: '年齢', pillar: '干支', tenGod: '通変星', stage: '十二運', from: '開始' },
    year: '{year}年の運勢',
    annual: '歳運',
    monthColumns: { term: '節', pillar: '月運', tenGod: '通変星', stage: '十二運', from: '節入り' },
    relations: '命式との関係',
    analysis: '命式の分析',
    strength: '身強・身弱',
    pattern: '格局',
    usefulGods: '用神',
    fiveGods: '五神（用・喜・忌・仇・閑）',
    fiveGod: '{god} {element}',
    tiaohou: '調候',
    agreement: '判定の一致',
    agree: '一致',
    split: '分かれる',
    compatibility: '相性',
    score: '{score}点（{level}）',
    footer: 'engine {engine} · rules {rules}',
    listSeparator: '、',
    bullet: '・',
  },
  en: {
    title: 'Four Pillars Reading',
    subtitle: 'Chart, five elements, luck cycles, the year, analysis',
    birth: 'Birth',
    birthplace: 'Birthplace',
    meishiki: 'The chart',
    elements: 'Five elements',
    warnings: 'Notes',
    noWarnings: 'No pillar changes near the birth time.',
    luck: 'Luck cycles',
    luckStart: 'From age {age} ({direction}; starts {date})',
    luckStartRange: 'From age {age} ({direction}; starts between {from} and {to})',
    forward: 'forward',
    backward: 'backward',
    noGender: 'No gender given: the luck cycles are left out.',
    luckColumns: { ages: 'Ages', pillar: 'Pillar', tenGod: 'Ten god', stage: 'Life stage', from: 'Starts' },
    year: 'The year {year}',
    annual: 'Year pillar',
    monthColumns: { term: 'Term', pillar: 'Month', tenGod: 'Ten god', stage: 'Life stage', from: 'Starts' },
    relations: 'Relations to the chart',
    analysis: 'Analysis',
    strength: 'Strength',
    pattern: 'Structure',
    usefulGods: 'Useful god',
    fiveGods: 'Five gods',
    fiveGod: '{god}: {element}',
    tiaohou: 'Climate adjustment',
    agreement: 'Agreement',
    agree: 'agree',
    split: 'split',
    compatibility: 'Compatibility',
    score: '{score} points ({level})',
    footer: 'engine {engine} · rules {rules}',
    listSeparator: ', ',
    bullet: '• ',
  },
  'zh-Hans': {
    title: '四柱八字 命书',
    subtitle: '命盘·五行·大运·流年·分析',
    birth: '出生时间',
    birthplace: '出生地',
    meishiki: '命盘',
    elements: '五行个数',
    warnings: '注意',
    noWarnings: '出生时刻前后没有换柱。',
    luck: '大运',
    luckStart: '{age}岁起运（{direction}，{date} 交运）',
    luckStartRange: '{age}岁起运（{direction}，{from}至{to}之间交运）',
    forward: '顺行',
    backward: '逆行',
    noGender: '未指定性别，故不列大运。',
    luckColumns: { ages: '年龄', pillar: '干支', tenGod: '十神', stage: '十二长生', from: '起始' },
    year: '{year}年运势',
    annual: '流年',
    monthColumns: { term: '节', pillar: '流月', tenGod: '十神', stage: '十二长生', from: '交节' },
    relations: '与命盘的关系',
    analysis: '命盘分析',
    strength: '身强身弱',
    pattern: '格局',
    usefulGods: '用神',
    fiveGods: '五神',
    fiveGod: '{god} {element}',
    tiaohou: '调候',
    agreement: '判断一致',
    agree: '一致',
    split: '不一',
    compatibility: '合婚',
    score: '{score}分（{level}）',
    footer: 'engine {engine} · rules {rules}',
    listSeparator: '、',
    bullet: '• ',
  },
  'zh-Hant': {
    title: '四柱八字 命書',
    subtitle: '命盤·五行·大運·流年·分析',
    birth: '出生時間',
    birthplace: '出生地',
    meishiki: '命盤',
    elements: '五行個數',
    warnings: '注意',
    noWarnings: '出生時刻前後沒有換柱。',
    luck: '大運',
    luckStart: '{age}歲起運（{direction}，{date} 交運）',
    luckStartRange: '{age}歲起運（{direction}，{from}至{to}之間交運）',
    forward: '順行',
    backward: '逆行',
    noGender: '未指定性別，故不列大運。',
    luckColumns: { ages: '年齡', pillar: '干支', tenGod: '十神', stage: '十二長生', from: '起始' },
    year: '{year}年運勢',
    annual: '流年',
    monthColumns: { term: '節', pillar: '流月', tenGod: '十神', stage: '十二長生', from: '交節' },
    relations: '與命盤的關係',
    analysis: '命盤分析',
    strength: '身強身弱',
    pattern: '格局',
    usefulGods: '用神',
    fiveGods: '五神',
    fiveGod: '{god} {element}',
    tiaohou: '調候',
    agreement: '判斷一致',
    agree: '一致',
    split: '不一',
    compatibility: '合婚',
    score: '{score}分（{level}）',
    footer: 'engine {engine} · rules {rules}',
    listSeparator: '、',
    bullet: '• ',
  },
  ko: {
    title: '사주명리 감정서',
    subtitle: '명식·오행·대운·세운·분석',
    birth: '생년월일시',
    birthplace: '출생지',
    meishiki: '명식표',
    elements: '오행 개수',
    warnings: '주의',
    noWarnings: '출생 시각 전후에 기둥이 바뀌지 않습니다.',
    luck: '대운',
    luckStart: '{age}세 대운 ({direction}, {date} 교운)',
    luckStartRange: '{age}세 대운 ({direction}, {from}~{to} 사이 교운)',
    forward: '순행',
    backward: '역행',
    noGender: '성별이 지정되지 않아 대운을 싣지 않았습니다.',
    luckColumns: { ages: '나이', pillar: '간지', tenGod: '십성', stage: '십이운성', from: '시작' },
    year: '{year}년 운세',
    annual: '세운',
    monthColumns: { term: '절기', pillar: '월운', tenGod: '십성', stage: '십이운성', from: '절입' },
    relations: '명식과의 관계',
    analysis: '명식 분석',
    strength: '신강·신약',
    pattern: '격국',
    usefulGods: '용신',
    fiveGods: '오신',
    fiveGod: '{god} {element}',
    tiaohou: '조후',
    agreement: '판정 일치',
    agree: '일치',
    split: '갈림',
    compatibility: '궁합',
    score: '{score}점 ({level})',
    footer: 'engine {engine} · rules {rules}',
    listSeparator: ', ',
    bullet: '• ',
  },
};

/** `{name}` placeholders filled in. */
export const fill = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The five gods in the order a line names them. */
const FIVE_GOD_ROLES = ['yong', 'xi', 'ji', 'chou', 'xian'] as const;

/**
 * One school's five gods as a line, each element after the name of its role, so that the line says
 * which is which in every language: `用神 火、喜神 土、忌神 水、仇神 金、閑神 木`,
 * `Useful God: Fire, Favorable God: Earth, …`.
 */
export function fiveGodsText(c: Catalogue, gods: Pick<FiveGodsJson, (typeof FIVE_GOD_ROLES)[number]>): string {
  const w = REPORT_WORDS[c.lang];
  return FIVE_GOD_ROLES.map((role) => fill(w.fiveGod, { god: c.classical.gods[role], element: gods[role].label })).join(w.listSeparator);
}
