/**
 * Every word of every answer in the reader's language. Answers are computed in-process, as the REST
 * chart presents them, for a few varied births with every `include` section of the chart (and its
 * options: gender, luck cycles, years, months, 小運, days and hours, the special-star schools, the
 * analysis's sensitivity, the full evidence), the 命式表 (data, SVG, terminal), 相性, the 鑑定書's
 * words and the dashboard's; every string in them is checked for characters of another script:
 *
 * - `en`: no Han, kana or Hangul, but for the stem and branch characters (甲 … 癸, 子 … 亥), which
 *   are the notation of the pillars in every language (the catalogues keep them in sentences), and
 *   the members of CHINESE_MEMBERS;
 * - `ko`: no kana, and no Han but the stem and branch characters and CHINESE_MEMBERS;
 * - `zh-Hans`, `zh-Hant`: no kana, no Hangul, no Japanese-only glyph (帯, 蔵, 駅 …) and no ・;
 * - `ja`: no Hangul.
 *
 * And in every language: no English phrase outside `en` (a caveat left in English), no label
 * repeated in parentheses after itself (`中和 (中和)`), no Japanese list marks (、 ・) in `en` or
 * `ko`, and one name per ten god (`ja` says 七殺 and 印綬, never 偏官 or 正印; `en` says Companion).
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/application/operations/index.ts';
import { compatibilityResultJson } from '../../src/application/operations/compatibility.ts';
import { keyScopes } from '../../src/application/key-scopes.ts';
import { meishikiTable } from '../../src/cli/meishiki-table.ts';
import { CATALOGUES } from '../../src/domain/catalogue/catalogues.ts';
import { LANGS, type Lang } from '../../src/domain/catalogue/lang.ts';
import { meishikiOf } from '../../src/domain/chart/meishiki.ts';
import { meishikiSvg } from '../../src/wire/present/meishiki-svg.ts';
import { analysisJson } from '../../src/wire/present/analysis-json.ts';
import { verdictText } from '../../src/wire/present/evidence-json.ts';
import { fiveGodsText, REPORT_WORDS } from '../../src/wire/present/report-words.ts';
import { SPECIAL_STAR_OPTIONS } from '../../src/domain/stars/special-stars.ts';
import { WORDS } from '../../src/http/account/words.ts';
import { chartRequestOnTheWire } from '../../src/wire/chart-json.ts';
import { includeValues } from '../../src/wire/chart-sections.ts';
import { starOptionName } from '../../src/wire/sections/special-stars/section.ts';
import { chartOf } from '../support/chart.ts';

const HAN = /\p{Script=Han}/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /\p{Script=Hangul}/u;
/** The ten stems and twelve branches: the pillars' own notation, kept as characters in every language. */
const STEMS_AND_BRANCHES = /[甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥]/gu;
/**
 * Members whose value is Chinese in every language by the contract: `quote`, the words of 子平真詮
 * in the book's own script (docs/fields.md, "formation_rules").
 */
const CHINESE_MEMBERS: ReadonlySet<string> = new Set(['quote']);
/**
 * Values left in another script on purpose, each with its reason. Korean: 元辰 reads 원진, as does
 * 怨嗔 (원진살), a different and far better-known Korean star; the Hanja is what tells them apart.
 */
const LEFT: Readonly<Partial<Record<Lang, ReadonlySet<string>>>> = { ko: new Set(['원진(元辰)']) };
/** Japanese shinjitai that neither Chinese standard writes (帯: 带 and 帶; 蔵: 藏; 駅: 驿 and 驛 …). */
const JAPANESE_ONLY =
  /[帯蔵駅気緑黒渓剣艶徳絶歳縁兎鶏処満関薬応変雑従児単戦隠険検剰伝労実釈観亜拡覚楽勧挙駆恵継県権厳広済斎歯渋獣焼浄譲図粋転闘読売辺舗豊訳揺様頼覧竜両塁涙霊齢録乗巻囲稲穏巣聴弾沢々・]/u;
/** Two English words in a row: a phrase left in English (codes and ids hold no space; pinyin has tone marks). */
const ENGLISH_PHRASE = /(?<!\p{L})[A-Za-z]{2,} [a-z]{2,}(?!\p{L})/u;
/** A word followed by itself in parentheses: `Balanced (Balanced)`, `中和（中和）`. */
const REPEATED = /(?:^|[\s:：(（])([^\s:：(（)）]+) ?[(（]\1[)）]/u;
/** Another name of a ten god than the one the language's answers use. */
const OTHER_NAMES: Readonly<Partial<Record<Lang, RegExp>>> = { ja: /偏官|正印/, en: /\bFriend\b/ };

/** Every string leaf of a value, with the member it is (an array item is its array's member). */
function* strings(value: unknown, path = '', member = ''): Generator<{ path: string; member: string; text: string }> {
  if (typeof value === 'string') yield { path, member, text: value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, `${path}[${i}]`, member);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`, key);
}

/** What is wrong with one string of a `lang` answer; empty when nothing is. */
function problemsOf(lang: Lang, member: string, text: string): string[] {
  if (LEFT[lang]?.has(text)) return [];
  const problems: string[] = [];
  const chinese = CHINESE_MEMBERS.has(member);
  const outsideNotation = text.replace(STEMS_AND_BRANCHES, '');
  if (lang !== 'ja' && KANA.test(text) && !chinese) problems.push('kana');
  if (lang !== 'ko' && HANGUL.test(text)) problems.push('Hangul');
  if ((lang === 'en' || lang === 'ko') && HAN.test(outsideNotation) && !chinese) problems.push('Han');
  if ((lang === 'zh-Hans' || lang === 'zh-Hant') && JAPANESE_ONLY.test(text)) problems.push('a Japanese-only glyph or mark');
  if ((lang === 'en' || lang === 'ko') && /[、・]/u.test(text)) problems.push('a Japanese list mark');
  if (lang !== 'en' && ENGLISH_PHRASE.test(text)) problems.push('English');
  if (REPEATED.test(text)) problems.push('a label repeated in parentheses');
  if (OTHER_NAMES[lang]?.test(text)) problems.push('another name of a ten god');
  return problems;
}

const problemsIn = (lang: Lang, value: unknown): string[] =>
  [...strings(value)].flatMap(({ path, member, text }) =>
    problemsOf(lang, member, text).map((problem) => `${path}: ${problem} in ${lang}: ${text.slice(0, 120)}`),
  );

/** Births that reach the warnings, the split verdicts, three pillars, a clock change and both hemispheres' defaults. */
const BIRTHS: readonly Record<string, unknown>[] = [
  { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'male' },
  { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, gender: 'female' },
  { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true, gender: 'male' },
  { year: 1973, month: 12, day: 19, time: '03:10', location: 135, gender: 'female', zokan_count: 'elapsed' },
  { year: 2010, month: 3, day: 14, time: '02:30', location: -74, timezone: 'America/New_York', gender: 'male', day_boundary: '23:00' },
  // No gender: the luck section answers the 歳運 and 月運 only.
  { year: 1985, month: 8, day: 20, time: '14:00', location: 135 },
];

/** Every option of the sections: luck in every grain, each special-star school on its last (non-default) value. */
function optionsFor(birth: Record<string, unknown>, index: number): URLSearchParams {
  const params = new URLSearchParams({
    include: includeValues().join(','),
    luck_years: '2024-2026',
    luck_months: '2025',
    analysis_sensitivity: 'true',
    detail: 'full',
  });
  if (birth['gender'] !== undefined) {
    params.set('luck_cycles', '12');
    params.set('luck_days', '2025-03-01..2025-03-03');
    params.set('luck_hours', '2025-03-01');
    // 小運 count from the hour pillar: a three-pillar chart has none.
    if (birth['time_unknown'] !== true) params.set('luck_minor', index % 2 === 0 ? 'hour_pillar' : 'sanming');
  }
  if (index % 2 === 1) for (const option of SPECIAL_STAR_OPTIONS) params.set(starOptionName(option.name), String(option.values.at(-1)));
  return params;
}

/** What an SVG says to its reader: its text and its accessible name, not its markup and style. */
const svgWords = (svg: string): string[] => [
  ...[...svg.replace(/<style>[^<]*<\/style>/g, '').matchAll(/>([^<]+)</g)].map((m) => m[1]!),
  ...[...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!),
];

/** Everything one language answers for a birth: both variants with every section, and the 命式表 as data, SVG and text. */
function answersOf(lang: Lang, birth: Record<string, unknown>, index: number): unknown[] {
  const fields = { ...birth, lang, ...(birth['time_unknown'] === true ? {} : { uncertainty_minutes: 120 }) };
  const answers: unknown[] = [];
  for (const variant of ['A', 'B'] as const) {
    const wire = chartRequestOnTheWire(variant, fields, optionsFor(birth, index), null);
    const order = OPERATIONS.chart.validate(wire.input);
    if (!order.ok) throw new Error(JSON.stringify(order.error));
    const cast = OPERATIONS.chart.compute(order.value);
    answers.push(wire.present(cast));
    if (variant === 'B') {
      const table = meishikiOf(cast.core, CATALOGUES[lang]);
      answers.push(table, svgWords(meishikiSvg(table, CATALOGUES[lang])), meishikiTable(table, CATALOGUES[lang]));
    }
  }
  return answers;
}

function compatibilityOf(lang: Lang, a: Record<string, unknown>, b: Record<string, unknown>): unknown {
  const order = OPERATIONS.compatibility.validate({ a, b, lang });
  if (!order.ok) throw new Error(JSON.stringify(order.error));
  return compatibilityResultJson(OPERATIONS.compatibility.compute(order.value));
}

/** The 鑑定書's words, and its lines made of the catalogue's: the strength verdicts and each school's five gods. */
function reportOf(lang: Lang, birth: Record<string, unknown>): unknown {
  const c = CATALOGUES[lang];
  const analysis = analysisJson(chartOf(birth), c);
  return {
    words: REPORT_WORDS[lang],
    strength: analysis.strength.map((method) => verdictText(c, method.verdict_label, method.grade_label)),
    fiveGods: analysis.useful_gods.five_gods.map((gods) => fiveGodsText(c, gods)),
  };
}

describe('every word of every answer in the reader’s language', () => {
  it.each([...LANGS])('%s: the chart with every section and option, the 命式表, 相性 and the 鑑定書', (lang) => {
    const problems = BIRTHS.flatMap((birth, index) => problemsIn(lang, answersOf(lang, birth, index)));
    for (let i = 0; i + 1 < BIRTHS.length; i += 1) problems.push(...problemsIn(lang, compatibilityOf(lang, BIRTHS[i]!, BIRTHS[i + 1]!)));
    for (const birth of BIRTHS) problems.push(...problemsIn(lang, reportOf(lang, birth)));
    expect(problems.slice(0, 12)).toEqual([]);
  });

  it('the dashboard: English without Japanese, and every key scope in words in both languages', () => {
    // The link to the other language names it in that language (日本語), as a language switch does.
    const { other, ...nav } = WORDS.en.nav;
    expect(other).toBe('日本語');
    expect(problemsIn('en', { ...WORDS.en, nav })).toEqual([]);
    for (const words of Object.values(WORDS)) {
      expect(keyScopes().filter((scope) => words.keys.scopeHelp[scope] === undefined)).toEqual([]);
    }
  });

  it('the evidence says the term that opened the month in the reader’s words', () => {
    const month = (lang: Lang) => {
      const answer = answersOf(lang, BIRTHS[0]!, 0)[1] as { evidence: { conclusions: { inputs: { month_term?: string } }[] } };
      return answer.evidence.conclusions[0]!.inputs.month_term;
    };
    expect(LANGS.map(month)).toEqual([
      '立夏(45°) 1990/05/06 03:35',
      '立夏(45°) 1990/05/06 03:35',
      '立夏(45°) 1990/05/06 03:35',
      'Start of Summer (45°) 1990/05/06 03:35',
      '입하(45°) 1990/05/06 03:35',
    ]);
  });

  it('the 鑑定書 says which of the five gods each element is, in each language', () => {
    const gods = Object.fromEntries(
      (['yong', 'xi', 'ji', 'chou', 'xian'] as const).map((role, element) => [role, { code: `element.${role}`, label: `${element}` }]),
    ) as Parameters<typeof fiveGodsText>[1];
    expect(LANGS.map((lang) => fiveGodsText(CATALOGUES[lang], gods))).toEqual([
      '用神 0、喜神 1、忌神 2、仇神 3、閑神 4',
      '用神 0、喜神 1、忌神 2、仇神 3、闲神 4',
      '用神 0、喜神 1、忌神 2、仇神 3、閒神 4',
      'Useful God: 0, Favorable God: 1, Unfavorable God: 2, Enemy God: 3, Idle God: 4',
      '용신 0, 희신 1, 기신 2, 구신 3, 한신 4',
    ]);
  });

  it('a grade that begins with its verdict is said once', () => {
    expect(verdictText(CATALOGUES.en, 'Balanced', 'Balanced')).toBe('Balanced');
    expect(verdictText(CATALOGUES.ja, '中和', '中和（強寄り）')).toBe('中和（強寄り）');
    expect(verdictText(CATALOGUES.ko, '신강', '편강')).toBe('신강(편강)');
    expect(verdictText(CATALOGUES['zh-Hans'], '身强', '')).toBe('身强');
  });

  it('the checks can fail: each finds what it is for', () => {
    expect(problemsOf('en', 'claim', '庚 (Metal, Yang+)')).toEqual([]);
    expect(problemsOf('en', 'quote', '煞重身輕')).toEqual([]);
    expect(problemsOf('en', 'name', 'Disaster Star (災煞)')).toEqual(['Han']);
    expect(problemsOf('en', 'month_term', '立夏(45°) 1990/05/06 03:35')).toEqual(['Han']);
    expect(problemsOf('en', 'label', 'Balanced (Balanced)')).toEqual(['a label repeated in parentheses']);
    expect(problemsOf('en', 'ten_god', 'Friend')).toEqual(['another name of a ten god']);
    expect(problemsOf('ko', 'name', '해(害)')).toEqual(['Han']);
    expect(problemsOf('ko', 'claim', '억부: 화, 중화 (중화)')).toEqual(['a label repeated in parentheses']);
    expect(problemsOf('ko', 'subtitle', '명식・오행')).toEqual(['kana', 'a Japanese list mark']);
    expect(problemsOf('ko', 'rule', '일간 庚 → 지지 巳')).toEqual([]);
    expect(problemsOf('zh-Hans', 'stage', '冠帯')).toEqual(['a Japanese-only glyph or mark']);
    expect(problemsOf('zh-Hant', 'caveats', '扶抑, 調候 and 格局 name different elements')).toEqual(['English']);
    expect(problemsOf('ja', 'caveats', 'the strength methods split')).toEqual(['English']);
    expect(problemsOf('ja', 'cells', '偏官')).toEqual(['another name of a ten god']);
    expect(problemsOf('ja', 'name', '比肩 비견')).toEqual(['Hangul']);
  });
});
