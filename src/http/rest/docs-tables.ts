/**
 * The generated tables of the docs, so the docs cannot drift from the code: docs/rest.md's
 * request table from the request contract (the zod schema's field table) and the chart options (the
 * hand-written table lacked `gender`, `include`, `uncertainty_minutes` and the `luck_*` options), and
 * docs/fields.md's score levels from the per-score cut points the answers use (a single hand-written
 * set of bands said 64 was 高い where the answer said 標準). `npm run docs:tables` writes them between
 * their markers; a test checks the files hold this output.
 */
import { chartExtraOptionDocs } from '../../wire/chart-sections.ts';
import { HARMONY_LEVELS, SCORE_LEVELS, SHENSHA_ASSESSMENTS } from '../../domain/catalogue/ja/analysis.ts';
import { LEVEL_CUTS, type ScoreKind } from '../../domain/chart/analysis/scores.ts';
import { describeField } from '../../domain/chart/request-contract.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { DTS_RULES } from '../../domain/classical/ditiansui.ts';

export const REQUEST_TABLE_START = '<!-- generated: request table (npm run docs:tables) -->';
export const REQUEST_TABLE_END = '<!-- end of generated request table -->';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function requestTableMarkdown(): string {
  const rows = [
    '| Field | Type | Required | Rule |',
    '|---|---|---|---|',
    ...CHART_REQUEST_FIELDS.map(
      (field) => `| \`${field.name}\` | ${field.kind} | ${field.required ? 'yes' : 'no'} | ${cell(describeField(field))} |`,
    ),
    '',
    'Options of the two calculate paths (query parameters, or body members on POST), and of the CLI lines:',
    '',
    '| Option | Type | Rule |',
    '|---|---|---|',
    ...chartExtraOptionDocs().map((option) => `| \`${option.name}\` | ${option.type} | ${cell(option.rule)} |`),
  ];
  return [REQUEST_TABLE_START, ...rows, REQUEST_TABLE_END].join('\n');
}

export const SCORE_LEVELS_START = '<!-- generated: score levels (npm run docs:tables) -->';
export const SCORE_LEVELS_END = '<!-- end of generated score levels -->';

/** Each scored field, where its cut points live, and the words of its five levels. */
const SCORED_FIELDS: readonly { readonly field: string; readonly kind: ScoreKind; readonly labels: readonly string[] }[] = [
  { field: '`fortune_indicators.overall_fortune`', kind: 'overallFortune', labels: SCORE_LEVELS },
  { field: '`fortune_indicators.career_potential`', kind: 'career', labels: SCORE_LEVELS },
  { field: '`fortune_indicators.relationship_luck`', kind: 'relationship', labels: SCORE_LEVELS },
  { field: '`fortune_indicators.wealth_potential`', kind: 'wealth', labels: SCORE_LEVELS },
  { field: '`fortune_indicators.academic_talent`', kind: 'academic', labels: SCORE_LEVELS },
  { field: '`nayin.compatibility.harmony_level`', kind: 'nayinHarmony', labels: HARMONY_LEVELS },
  { field: '`shensha.summary` (`overall_assessment`)', kind: 'shensha', labels: SHENSHA_ASSESSMENTS },
];

/** Every scored field with the score range of each of its five levels, best first. */
export function scoreLevelsMarkdown(): string {
  const rows = SCORED_FIELDS.map(({ field, kind, labels }) => {
    const cuts = LEVEL_CUTS[kind];
    const ranges = labels.map((label, band) => {
      const from = cuts[band];
      const upTo = band === 0 ? 100 : cuts[band - 1]! - 1;
      const range = from === undefined ? `< ${cuts[band - 1]}` : from === upTo ? `${from}` : `${from}–${upTo}`;
      return `${label} (${range})`;
    });
    return `| ${field} | ${ranges.join(' | ')} |`;
  });
  return [SCORE_LEVELS_START, '| Score | 1st level | 2nd | 3rd | 4th | 5th |', '|---|---|---|---|---|---|', ...rows, SCORE_LEVELS_END].join(
    '\n',
  );
}

/** `markdown` with the generated block between `start` and `end` replaced by `table`. */
function replaceBlock(markdown: string, start: string, end: string, table: string): string {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from === -1 || to < from) throw new Error(`no generated block ${start}`);
  return markdown.slice(0, from) + table + markdown.slice(to + end.length);
}

export const DTS_RULES_START = '<!-- generated: ditiansui rules (npm run docs:tables) -->';
export const DTS_RULES_END = '<!-- end of generated ditiansui rules -->';

/** 任鐵樵's rules by id, each with its chapter of 滴天髓闡微 and its words: what `rule_ids` name. */
export function ditiansuiRulesMarkdown(): string {
  const rows = [
    '| Rule id | Chapter | The book’s words |',
    '|---|---|---|',
    ...Object.entries(DTS_RULES).map(([id, rule]) => `| \`${id}\` | ${rule.chapter} | 「${cell(rule.quote)}」 |`),
  ];
  return [DTS_RULES_START, ...rows, DTS_RULES_END].join('\n');
}

/** docs/analysis.md with its generated block replaced by the current ditiansui rules. */
export const withDitiansuiRules = (markdown: string): string =>
  replaceBlock(markdown, DTS_RULES_START, DTS_RULES_END, ditiansuiRulesMarkdown());

/** docs/rest.md with its generated block replaced by the current table. */
export const withRequestTable = (markdown: string): string =>
  replaceBlock(markdown, REQUEST_TABLE_START, REQUEST_TABLE_END, requestTableMarkdown());

/** docs/fields.md with its generated block replaced by the current score levels. */
export const withScoreLevels = (markdown: string): string =>
  replaceBlock(markdown, SCORE_LEVELS_START, SCORE_LEVELS_END, scoreLevelsMarkdown());
