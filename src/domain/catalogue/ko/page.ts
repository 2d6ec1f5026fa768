/**
 * The Korean words of the `/chart` page: the form, the headings, what it says for each refusal (the
 * API's own English rule follows in small print) and the form fields a refusal names. The page runs
 * in the browser, so every text is data: `{name}` marks where a value goes. Korean 사주 terms: 명식표,
 * 진태양시, 야자시 and 정자시 for the two day boundaries, 월률분야 and 이십팔원 for the 지장간 tables,
 * 대운수 for the rounded start age of the 대운.
 */
import type { Catalogue } from '../index.ts';

export const PAGE = {
  /** The page's `<html lang>`. */
  htmlLang: 'ko',
  title: '명식표',
  subtitle: '사주명리',
  language: '언어',
  form: {
    date: '생년월일',
    time: '출생 시간',
    unknownTime: '시간 모름',
    calendar: '역법',
    gregorian: '양력',
    lunarCn: '음력(중국 농력)',
    lunarKr: '음력(한국)',
    lunarJp: '음력(일본 구력)',
    leapMonth: '윤달',
    location: '경도(동경 +)',
    timezone: '시간대',
    solarTime: '진태양시',
    solarMean: '평균태양시',
    solarApparent: '시태양시(균시차 반영)',
    dayBoundary: '날짜 경계',
    midnight: '0:00(야자시)',
    ziHour: '23:00(정자시)',
    zokanTable: '지장간표',
    getsuritsu: '월률분야',
    nijuhachigen: '이십팔원',
    zokanCount: '지장간 일수',
    countByDate: '날짜로 세기',
    countElapsed: '절입 시각부터의 경과 시간',
    hemisphere: '반구(월지)',
    northern: '북반구(표준)',
    southern: '남반구(월지 충, 소수설)',
    gender: '성별(대운)',
    luckCycles: '대운 개수',
    genderNone: '지정 안 함',
    male: '남성',
    female: '여성',
    key: 'API 키',
    submit: '명식 보기(1회 계산마다 크레딧이 차감됩니다)',
  },
  /** The request fields a refusal can name, as the form calls them. */
  fields: {
    year: '생년월일',
    month: '생년월일',
    day: '생년월일',
    time: '출생 시간',
    location: '경도',
    timezone: '시간대',
    solarTime: '진태양시',
    dayBoundary: '날짜 경계',
    zokanTable: '지장간표',
    zokanCount: '지장간 일수',
    hemisphere: '반구(월지)',
    gender: '성별',
    calendar: '역법',
    leapMonth: '윤달',
  },
  /** What the page says for each refusal code. */
  errors: {
    BAD_USER_INPUT: '입력 내용에 오류가 있습니다.',
    UNAUTHENTICATED: 'API 키가 올바르지 않습니다. 대시보드에서 발급한 키를 입력해 주세요.',
    INSUFFICIENT_CREDITS: '크레딧이 부족합니다.',
    NOT_FOUND: '찾을 수 없습니다.',
    METHOD_NOT_ALLOWED: '이 작업은 할 수 없습니다.',
    REQUEST_TIMEOUT: '제한 시간 안에 전송이 끝나지 않았습니다. 다시 시도해 주세요.',
    IDEMPOTENCY_CONFLICT: '같은 재전송 키로 다른 내용이 전송되었습니다.',
    PAYLOAD_TOO_LARGE: '전송 내용이 너무 큽니다.',
    UNSUPPORTED_MEDIA_TYPE: '전송 형식이 올바르지 않습니다.',
    REQUEST_HEADERS_TOO_LARGE: '요청 헤더가 너무 큽니다.',
    RATE_LIMITED: '요청이 몰리고 있습니다. 잠시 후 다시 시도해 주세요.',
    STORE_UNAVAILABLE: '지금은 크레딧을 확인할 수 없습니다. 잠시 후 다시 시도해 주세요(크레딧은 차감되지 않았습니다).',
    INTERNAL: '서버에 문제가 발생했습니다(크레딧은 차감되지 않았습니다).',
  },
  /** A refusal code the page does not know. */
  otherError: '오류가 발생했습니다.',
  /** The fields a refusal names, after its text: ` (생년월일, 출생 시간)`. */
  namedFields: { open: ' (', separator: ', ', close: ')' },
  networkError: '서버에 연결하지 못했습니다. 네트워크 연결을 확인하고 다시 시도해 주세요.',
  computing: '계산 중…',
  /** Under the table when the date was lunar: `{date}` the Gregorian date. */
  lunarNote: '음력 생년월일을 양력 {date}로 계산했습니다.',
  elements: '오행',
  elementsChart: '오행 분포',
  warnings: '주의 사항',
  /** The heading of the luck table: `{age}` the start age rounded (대운수), `{direction}`, `{date}` the first cycle's start. */
  luckHeading: '대운(대운수 {age}, {direction}, {date} 시작)',
  forward: '순행',
  backward: '역행',
  luckColumns: { index: '#', pillar: '대운', tenGod: '십성', lifeStage: '십이운성', ages: '나이', starts: '시작일' },
  /** A cycle's ages: `{from}–{to}세`. */
  ages: '{from}–{to}세',
  /** Under the answer: `{used}` credits consumed, `{left}` remaining. */
  credits: '사용 {used} 크레딧, 잔여 {left} 크레딧',
} satisfies Catalogue['page'];
