/**
 * The Traditional Chinese words of the `/chart` page: the form, the headings, what it says for each
 * refusal (the API's own English rule follows in small print) and the form fields a refusal names.
 * The page runs in the browser, so every text is data: `{name}` marks where a value goes. 排盤, 起運
 * and 交運 as Chinese 八字 software says them; 分早晚子時 (day changes at 0:00) and 子初換日 (at 23:00)
 * for the two day boundaries; 人元司令分野 for the Japanese 月律分野 table. Taiwan usage: 點數 for
 * credits, 金鑰 for the key, 伺服器, 標頭, 連線, 傳送.
 */
import type { Catalogue } from '../index.ts';

export const PAGE = {
  /** The page's `<html lang>`. */
  htmlLang: 'zh-Hant',
  title: '八字命盤',
  subtitle: '四柱八字',
  language: '語言',
  form: {
    date: '出生日期',
    time: '出生時間',
    unknownTime: '時辰不詳',
    calendar: '曆法',
    gregorian: '公曆',
    lunarCn: '農曆（中國）',
    lunarKr: '陰曆（韓國）',
    lunarJp: '舊曆（日本）',
    leapMonth: '閏月',
    location: '經度（東經為 +）',
    timezone: '時區',
    solarTime: '真太陽時',
    solarMean: '平太陽時',
    solarApparent: '視太陽時（含均時差）',
    dayBoundary: '換日時刻',
    midnight: '0:00（分早晚子時）',
    ziHour: '23:00（子初換日）',
    zokanTable: '藏干表',
    getsuritsu: '人元司令分野',
    nijuhachigen: '二十八元',
    zokanCount: '藏干日數的計法',
    countByDate: '按日期計算',
    countElapsed: '按交節時刻起經過的時間計算',
    hemisphere: '半球（月支）',
    northern: '北半球（標準）',
    southern: '南半球（月支對沖，少數說法）',
    gender: '性別（排大運用）',
    luckCycles: '大運步數',
    genderNone: '不指定',
    male: '男',
    female: '女',
    key: 'API 金鑰',
    submit: '排盤（每次計算消耗點數）',
  },
  /** The request fields a refusal can name, as the form calls them. */
  fields: {
    year: '出生日期',
    month: '出生日期',
    day: '出生日期',
    time: '出生時間',
    location: '經度',
    timezone: '時區',
    solarTime: '真太陽時',
    dayBoundary: '換日時刻',
    zokanTable: '藏干表',
    zokanCount: '藏干日數的計法',
    hemisphere: '半球（月支）',
    gender: '性別',
    calendar: '曆法',
    leapMonth: '閏月',
  },
  /** What the page says for each refusal code. */
  errors: {
    BAD_USER_INPUT: '輸入有誤。',
    UNAUTHENTICATED: 'API 金鑰不正確。請輸入在控制台產生的金鑰。',
    INSUFFICIENT_CREDITS: '點數不足。',
    NOT_FOUND: '找不到請求的內容。',
    METHOD_NOT_ALLOWED: '無法執行此操作。',
    REQUEST_TIMEOUT: '未能在時限內完成傳送，請重試。',
    IDEMPOTENCY_CONFLICT: '以同一個冪等鍵提交了不同的內容。',
    PAYLOAD_TOO_LARGE: '提交的內容過大。',
    UNSUPPORTED_MEDIA_TYPE: '提交的格式不正確。',
    REQUEST_HEADERS_TOO_LARGE: '請求標頭過大。',
    RATE_LIMITED: '目前請求過多，請稍後再試。',
    STORE_UNAVAILABLE: '暫時無法確認點數，請稍後再試（未消耗點數）。',
    INTERNAL: '伺服器發生問題（未消耗點數）。',
  },
  /** A refusal code the page does not know. */
  otherError: '發生錯誤。',
  /** The fields a refusal names, after its text: `（出生日期、出生時間）`. */
  namedFields: { open: '（', separator: '、', close: '）' },
  networkError: '無法連線，請檢查網路後重試。',
  computing: '計算中…',
  /** Under the table when the date was lunar: `{date}` the Gregorian date. */
  lunarNote: '農曆生日按公曆 {date} 排盤。',
  elements: '五行',
  elementsChart: '五行分布',
  warnings: '注意事項',
  /** The heading of the luck table: `{age}` the start age rounded, `{direction}`, `{date}` the first cycle's start. */
  luckHeading: '大運（{age}歲起運，{direction}，{date} 交運）',
  forward: '順行',
  backward: '逆行',
  luckColumns: { index: '#', pillar: '大運', tenGod: '十神', lifeStage: '十二長生', ages: '年齡', starts: '起始' },
  /** A cycle's ages: `{from}–{to}歲`. */
  ages: '{from}–{to}歲',
  /** Under the answer: `{used}` credits consumed, `{left}` remaining. */
  credits: '消耗 {used} 點，剩餘 {left} 點',
} satisfies Catalogue['page'];
