/**
 * The Japanese words of the `/chart` page: the form, the headings, what it says for each refusal
 * (the API's own English rule follows in small print) and the form fields a refusal names. The page
 * runs in the browser, so every text is data: `{name}` marks where a value goes.
 */
export const JA_PAGE = {
  /** The page's `<html lang>`. */
  htmlLang: 'ja',
  title: '命式表',
  subtitle: '四柱推命',
  language: '言語',
  form: {
    date: '生年月日',
    time: '時刻',
    unknownTime: '時刻不明',
    calendar: '暦',
    gregorian: '新暦（グレゴリオ暦）',
    lunarCn: '旧暦（中国の農暦）',
    lunarKr: '旧暦（韓国の陰暦）',
    lunarJp: '旧暦（日本）',
    leapMonth: '閏月',
    location: '経度（東経 +）',
    timezone: 'タイムゾーン',
    solarTime: '真太陽時',
    solarMean: '平均太陽時',
    solarApparent: '視太陽時（均時差）',
    dayBoundary: '日の境',
    midnight: '0:00（夜子時）',
    ziHour: '23:00（子初換日）',
    zokanTable: '蔵干表',
    getsuritsu: '月律分野',
    nijuhachigen: '二十八元',
    zokanCount: '蔵干の日数',
    countByDate: '日付で数える',
    countElapsed: '節入り時刻からの経過',
    gender: '性別（大運）',
    luckCycles: '大運の数',
    genderNone: '指定しない',
    male: '男性',
    female: '女性',
    key: 'API キー',
    submit: '命式を出す（1 回の計算でクレジットを消費します）',
  },
  /** The request fields a refusal can name, as the form calls them. */
  fields: {
    year: '生年月日',
    month: '生年月日',
    day: '生年月日',
    time: '時刻',
    location: '経度',
    timezone: 'タイムゾーン',
    solarTime: '真太陽時',
    dayBoundary: '日の境',
    zokanTable: '蔵干表',
    zokanCount: '蔵干の日数',
    gender: '性別',
    calendar: '暦',
    leapMonth: '閏月',
  },
  /** What the page says for each refusal code. */
  errors: {
    BAD_USER_INPUT: '入力に誤りがあります。',
    UNAUTHENTICATED: 'API キーが正しくありません。ダッシュボードで発行したキーを入れてください。',
    INSUFFICIENT_CREDITS: 'クレジットが足りません。',
    NOT_FOUND: '見つかりません。',
    METHOD_NOT_ALLOWED: 'この操作はできません。',
    REQUEST_TIMEOUT: '時間内に送信が終わりませんでした。もう一度お試しください。',
    IDEMPOTENCY_CONFLICT: '同じ再送キーで別の内容が送られました。',
    PAYLOAD_TOO_LARGE: '送信内容が大きすぎます。',
    UNSUPPORTED_MEDIA_TYPE: '送信形式が正しくありません。',
    REQUEST_HEADERS_TOO_LARGE: '送信ヘッダーが大きすぎます。',
    RATE_LIMITED: 'アクセスが集中しています。少し待ってからお試しください。',
    STORE_UNAVAILABLE: 'ただいまクレジットを確認できません。少し待ってからお試しください（クレジットは消費されていません）。',
    INTERNAL: 'サーバーで問題が起きました（クレジットは消費されていません）。',
  },
  /** A refusal code the page does not know. */
  otherError: 'エラーが起きました。',
  /** The fields a refusal names, after its text: `（生年月日・時刻）`. */
  namedFields: { open: '（', separator: '・', close: '）' },
  networkError: '通信できませんでした。接続を確かめてもう一度お試しください。',
  computing: '計算中…',
  /** Under the table when the date was lunar: `{date}` the Gregorian date. */
  lunarNote: '旧暦の生年月日を新暦 {date} として計算しました。',
  elements: '五行',
  elementsChart: '五行のバランス',
  warnings: '注意',
  /** The heading of the luck table: `{age}` the start age rounded, `{direction}`, `{date}` the first cycle's start. */
  luckHeading: '大運（{age}歳運、{direction}、{date} 交運）',
  forward: '順行',
  backward: '逆行',
  luckColumns: { index: '#', pillar: '大運', tenGod: '通変星', lifeStage: '十二運', ages: '年齢', starts: '開始' },
  /** A cycle's ages: `{from}–{to}歳`. */
  ages: '{from}–{to}歳',
  /** Under the answer: `{used}` credits consumed, `{left}` remaining. */
  credits: '消費 {used} クレジット、残り {left}',
};
