/**
 * The five catalogues: each has every key of the Japanese one (no missing or empty entry, every list
 * as long, every sentence a function), and what each answers is in its own script — no kana in an
 * `en`, `ko` or `zh-*` answer, no hangul in a `ja` (or `en`, `zh-*`) answer, no Japanese-only or
 * traditional glyph in `zh-Hans`, no Japanese shinjitai in `zh-Hant`. The answers are the real
 * presenters' over a spread of births that reach every warning, section and table.
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/application/operations/index.ts';
import { meishikiTable } from '../../../src/cli/meishiki-table.ts';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { LANGS, type Lang } from '../../../src/domain/catalogue/lang.ts';
import { meishikiOf } from '../../../src/domain/chart/meishiki.ts';
import { meishikiSvg } from '../../../src/wire/present/meishiki-svg.ts';
import { chartRequestOnTheWire } from '../../../src/wire/chart-json.ts';
import { compatibilityResultJson } from '../../../src/application/operations/compatibility.ts';
import { mulberry32 } from '../../support/prng.ts';

const KANA = /[\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
/** Japanese shinjitai and simplified forms a Traditional (Taiwan) text must not hold. */
const NOT_TRADITIONAL = /[蔵駅気帯緑黒渓剣艶徳絶禄炉厨歳縁兎鶏冲财运伤带驿气绿艳]/u;
/** Japanese-only and traditional forms a Simplified text must not hold (剋 is 克, 財 财, 運 运 …). */
const NOT_SIMPLIFIED = /[剋財運傷蔵駅気徳帯緑黒艶絶祿爐劍驛廚歲歳緣兎鶏]/u;

/** Every string leaf of a value (object values and list items), with its path. */
function* strings(value: unknown, path = ''): Generator<readonly [string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, `${path}[${i}]`);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`);
}

/** The places where `other` lacks what `reference` has: a key, a list's length, a function, a non-empty string. */
function missing(reference: unknown, other: unknown, path = ''): string[] {
  if (typeof reference === 'function') return typeof other === 'function' ? [] : [`${path}: not a function`];
  if (typeof reference === 'string') return typeof other === 'string' && other.trim() !== '' ? [] : [`${path}: missing or empty`];
  if (Array.isArray(reference)) {
    if (!Array.isArray(other) || other.length !== reference.length) return [`${path}: not a list of ${reference.length}`];
    return reference.flatMap((item, i) => missing(item, other[i], `${path}[${i}]`));
  }
  if (reference !== null && typeof reference === 'object') {
    if (other === null || typeof other !== 'object') return [`${path}: missing`];
    return Object.keys(reference).flatMap((key) => missing((reference as any)[key], (other as any)[key], `${path}.${key}`));
  }
  return [];
}

/** Births that reach every warning and section: term days, 子 hours, DST, far longitudes, unknown times, both ends of the table. */
function births(count: number): Record<string, unknown>[] {
  const random = mulberry32(28);
  const fixed = [
    { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'male' },
    { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, gender: 'female' },
    { year: 1985, month: 3, day: 6, time: '23:40', location: 135, gender: 'male', day_boundary: '23:00' },
    { year: 1949, month: 7, day: 1, time: '12:00', location: 139.69, gender: 'female' },
    { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true, gender: 'male' },
    { year: 2000, month: 6, day: 6, location: -150, timezone: 'Asia/Tokyo', gender: 'female' },
    { year: 2010, month: 3, day: 14, time: '02:30', location: -74, timezone: 'America/New_York', gender: 'male' },
    { year: 2010, month: 11, day: 7, time: '01:30', location: -74, timezone: 'America/New_York', gender: 'female' },
    { year: 1993, month: 8, day: 20, time: '10:00', location: 139.69, zokan_count: 'elapsed', gender: 'male' },
  ];
  const spread = Array.from({ length: count }, () => ({
    year: 1901 + Math.floor(random() * 198),
    month: 1 + Math.floor(random() * 12),
    day: 1 + Math.floor(random() * 28),
    time: `${String(Math.floor(random() * 24)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`,
    location: Math.round((random() * 60 + 100) * 100) / 100,
    gender: random() < 0.5 ? 'male' : 'female',
  }));
  return [...fixed, ...spread];
}
const INCLUDE = 'luck,relations,special_stars,warnings,alternatives,convention_differences,palaces';

/** Everything a language answers for `birth`: both variants with every section, the 命式表 (data, SVG, terminal). */
function answersOf(lang: Lang, birth: Record<string, unknown>): unknown[] {
  const fields = { ...birth, lang, uncertainty_minutes: birth['time_unknown'] === true ? undefined : 120 };
  const answers: unknown[] = [];
  for (const variant of ['A', 'B'] as const) {
    const params = new URLSearchParams({ include: INCLUDE, luck_years: '2024-2026', luck_months: '2025' });
    const wire = chartRequestOnTheWire(variant, fields, params, null);
    const order = OPERATIONS.chart.validate(wire.input);
    if (!order.ok) throw new Error(JSON.stringify(order.error));
    const cast = OPERATIONS.chart.compute(order.value);
    answers.push(wire.present(cast));
    if (variant === 'B') {
      const c = CATALOGUES[lang];
      const table = meishikiOf(cast.core, c);
      answers.push(table, meishikiSvg(table, c), meishikiTable(table, c));
    }
  }
  return answers;
}

function compatibilityOf(lang: Lang, a: Record<string, unknown>, b: Record<string, unknown>): unknown {
  const order = OPERATIONS.compatibility.validate({ a, b, lang });
  if (!order.ok) throw new Error(JSON.stringify(order.error));
  return compatibilityResultJson(OPERATIONS.compatibility.compute(order.value));
}

const scriptProblems = (lang: Lang, value: unknown): string[] => {
  const problems: string[] = [];
  for (const [path, text] of strings(value)) {
    if (lang !== 'ja' && KANA.test(text)) problems.push(`${path}: kana in ${lang}: ${text}`);
    if (lang !== 'ko' && HANGUL.test(text)) problems.push(`${path}: hangul in ${lang}: ${text}`);
    if (lang === 'zh-Hans' && NOT_SIMPLIFIED.test(text)) problems.push(`${path}: not simplified: ${text}`);
    if (lang === 'zh-Hant' && NOT_TRADITIONAL.test(text)) problems.push(`${path}: not traditional: ${text}`);
  }
  return problems;
};

describe('five catalogues', () => {
  it.each(LANGS.filter((lang) => lang !== 'ja'))('%s has every key of the Japanese catalogue, none empty', (lang) => {
    const { lang: _ja, ...reference } = JA_CATALOGUE;
    expect(missing(reference, CATALOGUES[lang])).toEqual([]);
    expect(CATALOGUES[lang].lang).toBe(lang);
  });

  it('a missing or empty entry is found (the check above can fail)', () => {
    const { lang: _ja, ...reference } = JA_CATALOGUE;
    const broken = { ...CATALOGUES.en, labels: { ...CATALOGUES.en.labels, shishen: [...CATALOGUES.en.labels.shishen.slice(0, 9), ''] } };
    expect(missing(reference, broken)).toEqual(['.labels.shishen[9]: missing or empty']);
  });

  it.each([...LANGS])('%s: every text of the catalogue is in its script', (lang) => {
    expect(scriptProblems(lang, CATALOGUES[lang])).toEqual([]);
  });

  it('the script check finds kana in English and hangul in Japanese', () => {
    expect(scriptProblems('en', { x: 'Friend と' })).toHaveLength(1);
    expect(scriptProblems('ja', { x: '比肩 비견' })).toHaveLength(1);
    expect(scriptProblems('zh-Hans', { x: '劫財' })).toHaveLength(1);
    expect(scriptProblems('zh-Hant', { x: '蔵干' })).toHaveLength(1);
  });

  it.each([...LANGS])('%s: every answer (both variants, every section, the 命式表, 相性) is in its script', (lang) => {
    const all = births(60);
    const problems = all.flatMap((birth) => scriptProblems(lang, answersOf(lang, birth)));
    for (let i = 0; i + 1 < all.length; i += 2) {
      problems.push(...scriptProblems(lang, compatibilityOf(lang, all[i]!, all[i + 1]!)));
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('the words differ by language where the literature differs; the stem and branch characters do not', () => {
    const birth = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
    const results = Object.fromEntries(
      LANGS.map((lang) => [lang, answersOf(lang, { ...birth, gender: 'male' })[0] as Record<string, any>]),
    );
    expect(LANGS.map((lang) => results[lang]!['zokan_ten_gods'].year)).toEqual(['七殺', '七杀', '七殺', 'Seven Killings', '편관']);
    expect(LANGS.map((lang) => results[lang]!['day_ganzhi']).every((ganzhi) => ganzhi === '庚辰')).toBe(true);
    expect(LANGS.map((lang) => Object.keys(results[lang]!['gogyo_balance']).join(''))).toEqual(Array(5).fill('木火土金水'));
  });
});
