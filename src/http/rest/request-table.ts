/**
 * The request table of docs/rest.md, generated from the request contract (the zod schema's field
 * table) and the chart options, so the docs cannot drift from what the paths accept (issue 26: the
 * hand-written table lacked `gender`, `include`, `uncertainty_minutes` and the `luck_*` options).
 * `npm run docs:tables` writes it between the markers; a test checks the file holds this output.
 */
import { CHART_EXTRA_OPTION_DOCS } from '../../application/operations/chart-extras.ts';
import { describeField } from '../../domain/chart/request-contract.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';

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
    ...CHART_EXTRA_OPTION_DOCS.map((option) => `| \`${option.name}\` | ${option.type} | ${cell(option.rule)} |`),
  ];
  return [REQUEST_TABLE_START, ...rows, REQUEST_TABLE_END].join('\n');
}

/** `markdown` with its generated block replaced by the current table. */
export function withRequestTable(markdown: string): string {
  const start = markdown.indexOf(REQUEST_TABLE_START);
  const end = markdown.indexOf(REQUEST_TABLE_END);
  if (start === -1 || end < start) throw new Error('docs/rest.md has no generated request table markers');
  return markdown.slice(0, start) + requestTableMarkdown() + markdown.slice(end + REQUEST_TABLE_END.length);
}
