/**
 * The Simplified Chinese words of the `/chart` page: the form, the headings, what it says for each
 * refusal (the API's own English rule follows in small print) and the form fields a refusal names.
 * The page runs in the browser, so every text is data: `{name}` marks where a value goes. 排盘, 起运
 * and 交运 as Chinese 八字 software says them; 分早晚子时 (day changes at 0:00) and 子初换日 (at 23:00)
 * for the two day boundaries; 人元司令分野 for the Japanese 月律分野 table. Mainland usage: 点数 for
 * credits, 密钥 for the key, 服务器, 请求头.
 */
import type { Catalogue } from '../index.ts';

export const PAGE = {
  /** The page's `<html lang>`. */
  htmlLang: 'zh-Hans',
  title: '八字命盘',
  subtitle: '四柱八字',
  language: '语言',
  form: {
    date: '出生日期',
    time: '出生时间',
    unknownTime: '时辰不详',
    calendar: '历法',
    gregorian: '公历',
    lunarCn: '农历（中国）',
    lunarKr: '阴历（韩国）',
    lunarJp: '旧历（日本）',
    leapMonth: '闰月',
    location: '经度（东经为 +）',
    timezone: '时区',
    solarTime: '真太阳时',
    solarMean: '平太阳时',
    solarApparent: '视太阳时（含均时差）',
    dayBoundary: '换日时刻',
    midnight: '0:00（分早晚子时）',
    ziHour: '23:00（子初换日）',
    zokanTable: '藏干表',
    getsuritsu: '人元司令分野',
    nijuhachigen: '二十八元',
    zokanCount: '藏干日数的计法',
    countByDate: '按日期计算',
    countElapsed: '按交节时刻起经过的时间计算',
    hemisphere: '半球（月支）',
    northern: '北半球（标准）',
    southern: '南半球（月支对冲，少数说法）',
    gender: '性别（排大运用）',
    luckCycles: '大运步数',
    genderNone: '不指定',
    male: '男',
    female: '女',
    key: 'API 密钥',
    submit: '排盘（每次计算消耗点数）',
  },
  /** The request fields a refusal can name, as the form calls them. */
  fields: {
    year: '出生日期',
    month: '出生日期',
    day: '出生日期',
    time: '出生时间',
    location: '经度',
    timezone: '时区',
    solarTime: '真太阳时',
    dayBoundary: '换日时刻',
    zokanTable: '藏干表',
    zokanCount: '藏干日数的计法',
    hemisphere: '半球（月支）',
    gender: '性别',
    calendar: '历法',
    leapMonth: '闰月',
  },
  /** What the page says for each refusal code. */
  errors: {
    BAD_USER_INPUT: '输入有误。',
    UNAUTHENTICATED: 'API 密钥不正确。请输入在控制台生成的密钥。',
    INSUFFICIENT_CREDITS: '点数不足。',
    NOT_FOUND: '找不到请求的内容。',
    METHOD_NOT_ALLOWED: '无法执行此操作。',
    REQUEST_TIMEOUT: '未能在时限内完成发送，请重试。',
    IDEMPOTENCY_CONFLICT: '以同一个幂等键提交了不同的内容。',
    PAYLOAD_TOO_LARGE: '提交的内容过大。',
    UNSUPPORTED_MEDIA_TYPE: '提交的格式不正确。',
    REQUEST_HEADERS_TOO_LARGE: '请求头过大。',
    RATE_LIMITED: '目前请求过多，请稍后再试。',
    STORE_UNAVAILABLE: '暂时无法确认点数，请稍后再试（未消耗点数）。',
    INTERNAL: '服务器发生问题（未消耗点数）。',
  },
  /** A refusal code the page does not know. */
  otherError: '发生错误。',
  /** The fields a refusal names, after its text: `（出生日期、出生时间）`. */
  namedFields: { open: '（', separator: '、', close: '）' },
  networkError: '无法连接，请检查网络后重试。',
  computing: '计算中…',
  /** Under the table when the date was lunar: `{date}` the Gregorian date. */
  lunarNote: '农历生日按公历 {date} 排盘。',
  elements: '五行',
  elementsChart: '五行分布',
  warnings: '注意事项',
  /** The heading of the luck table: `{age}` the start age rounded, `{direction}`, `{date}` the first cycle's start. */
  luckHeading: '大运（{age}岁起运，{direction}，{date} 交运）',
  forward: '顺行',
  backward: '逆行',
  luckColumns: { index: '#', pillar: '大运', tenGod: '十神', lifeStage: '十二长生', ages: '年龄', starts: '起始' },
  /** A cycle's ages: `{from}–{to}岁`. */
  ages: '{from}–{to}岁',
  /** Under the answer: `{used}` credits consumed, `{left}` remaining. */
  credits: '消耗 {used} 点，剩余 {left} 点',
} satisfies Catalogue['page'];
