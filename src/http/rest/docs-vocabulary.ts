/**
 * docs/fields.md's vocabulary tables, generated from the catalogues: every code of every closed
 * vocabulary with its label (and reading) in each language, then the relations, the special stars,
 * the warning titles, the compatibility levels and the score levels. `npm run docs:tables` writes
 * them between their markers; a test checks the file holds this output.
 */
import { CATALOGUES } from '../../domain/catalogue/catalogues.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { LANGS } from '../../domain/catalogue/lang.ts';
import { COMPATIBILITY_LEVEL_BANDS } from '../../domain/compatibility/compatibility.ts';
import { WARNING_CODES } from '../../domain/chart/certainty.ts';
import { RELATION_CODES } from '../../domain/chart/relations.ts';
import type { StarCode } from '../../domain/catalogue/ja/stars.ts';
import { SPECIAL_STAR_CATALOGUE } from '../../domain/stars/special-stars.ts';
import { VOCABULARIES } from '../../domain/vocabulary/codes.ts';
import { labelOf, readingOf } from '../../domain/vocabulary/labels.ts';

/** A label with its reading in brackets, unless the reading is the label itself (Korean: 비견, not 비견 (비견)). */
const withReading = (label: string, reading: string): string => (reading === '' || reading === label ? label : `${label} (${reading})`);
export const VOCABULARY_TABLES_START = '<!-- generated: vocabularies in five languages (npm run docs:tables) -->';
export const VOCABULARY_TABLES_END = '<!-- end of generated vocabularies -->';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const head = `| Code | ${LANGS.map((lang) => `\`${lang}\``).join(' | ')} |\n|---|${LANGS.map(() => '---|').join('')}`;
const row = (code: string, words: (c: Catalogue) => string): string =>
  `| \`${code}\` | ${LANGS.map((lang) => cell(words(CATALOGUES[lang]))).join(' | ')} |`;

/** What each vocabulary holds, by namespace. */
const NAMESPACE_TITLES: Readonly<Record<keyof typeof VOCABULARIES, string>> = {
  stem: 'Heavenly stems (the character 甲 … 癸 stays in every answer; the label names it)',
  branch: 'Earthly branches (the character 子 … 亥 stays in every answer)',
  element: 'Five elements',
  polarity: 'Yin and yang (`yin_yang`)',
  shishen: 'Ten gods',
  shishen_group: 'Ten-god groups',
  stage: 'Twelve life stages',
  nayin: '納音 (nayin)',
  jieqi: 'Solar terms, from 小寒',
  zodiac: 'Zodiac animals (`animal`)',
  nine_star: 'Nine stars (`star`)',
  sanhe: '三合 groups (`earthly_branch_group`)',
  row: 'Rows of the 命式表',
  void_basis: '空亡 (天中殺) schools (`void_periods.schools[].basis`)',
  palace: '胎元・胎息・命宮・身宮 (`palaces.*.code` and `name`)',
};

/** Every table, as markdown. */
export function vocabularyTablesMarkdown(): string {
  const sections: string[] = [];
  for (const namespace of Object.keys(VOCABULARIES) as (keyof typeof VOCABULARIES)[]) {
    sections.push(
      `**${NAMESPACE_TITLES[namespace]}** — label (reading)`,
      '',
      head,
      ...VOCABULARIES[namespace].map((code) => row(code, (c) => withReading(labelOf(c.labels, code), readingOf(c, code)))),
      '',
    );
  }
  sections.push(
    '**Relations** (`relations[].name`; a 合 kind shown with the element it forms, 木 here)',
    '',
    head,
    ...RELATION_CODES.map((code) => row(code, (c) => c.relations.name(code, NEEDS_ELEMENT.has(code) ? 0 : null))),
    '',
    '**Special stars** (`special_stars[].name` and `reading`)',
    '',
    head,
    ...SPECIAL_STAR_CATALOGUE.map(({ code }) =>
      row(code, (c) => withReading(c.stars[code as StarCode].name, c.stars[code as StarCode].reading)),
    ),
    '',
    '**Warnings** (the title the page and the docs give each code; `warnings[].message` is a sentence in the same language)',
    '',
    head,
    ...WARNING_CODES.map((code) => row(code, (c) => c.warnings.titles[code])),
    '',
    '**Compatibility levels** (`level`)',
    '',
    head,
    ...COMPATIBILITY_LEVEL_BANDS.map(({ code }) => row(code, (c) => c.compatibility.levels[code])),
    '',
    '**Score levels** (`level` of the fortune indicators, best first), **harmony levels** (`nayin.compatibility.harmony_level`) and **strength** (`summary.strength`)',
    '',
    head,
    ...[0, 1, 2, 3, 4].map((band) => row(`score.${band + 1}`, (c) => c.analysis.SCORE_LEVELS[band]!)),
    ...[0, 1, 2, 3, 4].map((band) => row(`harmony.${band + 1}`, (c) => c.analysis.HARMONY_LEVELS[band]!)),
    ...['strong', 'balanced', 'weak'].map((name, level) => row(`strength.${name}`, (c) => c.analysis.STRENGTH_LABELS[level]!)),
  );
  return [VOCABULARY_TABLES_START, ...sections, VOCABULARY_TABLES_END].join('\n');
}

/** The relations named after the element they form. */
const NEEDS_ELEMENT: ReadonlySet<string> = new Set(['kango', 'hankai', 'sango', 'hogo']);

/** docs/fields.md with its generated vocabulary block replaced. */
export function withVocabularyTables(markdown: string): string {
  const from = markdown.indexOf(VOCABULARY_TABLES_START);
  const to = markdown.indexOf(VOCABULARY_TABLES_END);
  if (from === -1 || to < from) throw new Error(`no generated block ${VOCABULARY_TABLES_START}`);
  return markdown.slice(0, from) + vocabularyTablesMarkdown() + markdown.slice(to + VOCABULARY_TABLES_END.length);
}
