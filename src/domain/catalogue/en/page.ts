/**
 * The English words of the `/chart` page: the form, the headings, what it says for each refusal (the
 * API's own English rule follows in small print) and the form fields a refusal names. The page runs in
 * the browser, so every text is data: `{name}` marks where a value goes.
 */
import type { Catalogue } from '../index.ts';

export const PAGE = {
  /** The page's `<html lang>`. */
  htmlLang: 'en',
  title: 'BaZi Chart',
  subtitle: 'Four Pillars of Destiny',
  language: 'Language',
  form: {
    date: 'Date of birth',
    time: 'Time',
    unknownTime: 'Time unknown',
    calendar: 'Calendar',
    gregorian: 'Gregorian',
    lunarCn: 'Lunar (Chinese)',
    lunarKr: 'Lunar (Korean)',
    lunarJp: 'Lunar (Japanese kyūreki)',
    leapMonth: 'Leap month',
    location: 'Longitude (east +)',
    timezone: 'Time zone',
    solarTime: 'True solar time',
    solarMean: 'Mean solar time',
    solarApparent: 'Apparent solar time (equation of time)',
    dayBoundary: 'Day boundary',
    midnight: '0:00 (late Zi hour stays on the same day)',
    ziHour: '23:00 (new day begins at the Zi hour)',
    zokanTable: 'Hidden stem table',
    getsuritsu: 'Yue Lü Fen Ye',
    nijuhachigen: 'Er Shi Ba Yuan',
    zokanCount: 'Hidden stem day count',
    countByDate: 'By calendar date',
    countElapsed: 'By time elapsed since the solar term entry',
    hemisphere: 'Hemisphere (month branch)',
    northern: 'Northern (standard)',
    southern: 'Southern (opposite season; a minority convention)',
    gender: 'Gender (for Luck Pillars)',
    luckCycles: 'Luck pillars shown',
    genderNone: 'Not specified',
    male: 'Male',
    female: 'Female',
    key: 'API key',
    submit: 'Cast the chart (each calculation uses credits)',
  },
  /** The request fields a refusal can name, as the form calls them. */
  fields: {
    year: 'Date of birth',
    month: 'Date of birth',
    day: 'Date of birth',
    time: 'Time',
    location: 'Longitude',
    timezone: 'Time zone',
    solarTime: 'True solar time',
    dayBoundary: 'Day boundary',
    zokanTable: 'Hidden stem table',
    zokanCount: 'Hidden stem day count',
    hemisphere: 'Hemisphere (month branch)',
    gender: 'Gender',
    calendar: 'Calendar',
    leapMonth: 'Leap month',
  },
  /** What the page says for each refusal code. */
  errors: {
    BAD_USER_INPUT: 'Some of the input is not valid.',
    UNAUTHENTICATED: 'The API key is not valid. Enter a key issued in the dashboard.',
    INSUFFICIENT_CREDITS: 'Not enough credits.',
    NOT_FOUND: 'Not found.',
    METHOD_NOT_ALLOWED: 'This operation is not allowed.',
    REQUEST_TIMEOUT: 'The request was not sent in time. Please try again.',
    IDEMPOTENCY_CONFLICT: 'A different request was sent with the same idempotency key.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'The request format is not supported.',
    REQUEST_HEADERS_TOO_LARGE: 'The request headers are too large.',
    RATE_LIMITED: 'Too many requests right now. Please wait a moment and try again.',
    STORE_UNAVAILABLE: 'Credits cannot be checked right now. Please wait a moment and try again (no credits were used).',
    INTERNAL: 'Something went wrong on the server (no credits were used).',
  },
  /** A refusal code the page does not know. */
  otherError: 'An error occurred.',
  /** The fields a refusal names, after its text: ` (Date of birth, Time)`. */
  namedFields: { open: ' (', separator: ', ', close: ')' },
  networkError: 'Could not connect. Check your connection and try again.',
  computing: 'Calculating…',
  /** Under the table when the date was lunar: `{date}` the Gregorian date. */
  lunarNote: 'The lunar birth date was cast as {date} (Gregorian).',
  elements: 'Five Elements',
  elementsChart: 'Five Elements balance',
  warnings: 'Warnings',
  /** The heading of the luck table: `{age}` the start age rounded, `{direction}`, `{date}` the first cycle's start. */
  luckHeading: 'Luck Pillars (starting age {age}, {direction}, first pillar from {date})',
  forward: 'forward',
  backward: 'backward',
  luckColumns: { index: '#', pillar: 'Luck Pillar', tenGod: 'Ten God', lifeStage: 'Life Stage', ages: 'Ages', starts: 'Starts' },
  /** A cycle's ages: `{from}–{to}`. */
  ages: '{from}–{to}',
  /** Under the answer: `{used}` credits consumed, `{left}` remaining (worded so that 1 needs no singular). */
  credits: 'Credits used: {used}, remaining: {left}',
} satisfies Catalogue['page'];
