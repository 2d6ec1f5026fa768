/**
 * `bazi chart --format table`: the 命式表 in a terminal. Widths are measured in terminal columns
 * (string-width: a kanji takes two), so full-width and half-width text line up. A cell with several
 * special stars takes one line per star.
 */
import stringWidth from 'string-width';
import { JA_CATALOGUE, type Catalogue } from '../domain/catalogue/index.ts';
import { solarTimeNote, type Meishiki } from '../domain/chart/meishiki.ts';

const GAP = '  ';

/** `text` padded with spaces to `width` terminal columns. */
const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - stringWidth(text)));

export function meishikiTable(chart: Meishiki, catalogue: Catalogue = JA_CATALOGUE): string {
  const grid: string[][] = [['', ...chart.columns]];
  for (const row of chart.rows) {
    const lines = row.cells.map((cell) => (cell === '' ? ['—'] : cell.split(catalogue.meishiki.listSeparator)));
    const height = Math.max(...lines.map((l) => l.length));
    for (let k = 0; k < height; k++) grid.push([k === 0 ? row.label : '', ...lines.map((l) => l[k] ?? '')]);
  }
  const widths = grid[0]!.map((_, c) => Math.max(...grid.map((line) => stringWidth(line[c]!))));
  const table = grid.map((line) =>
    line
      .map((cell, c) => pad(cell, widths[c]!))
      .join(GAP)
      .trimEnd(),
  );
  const [opened, next] = chart.terms;
  return [
    `${catalogue.meishiki.title}  ${chart.birth}`,
    '',
    ...table,
    '',
    solarTimeNote(chart, catalogue).replace(' ', '  '),
    catalogue.meishiki.termsNote(opened!, next!).replace(' ', '    '),
    `${catalogue.meishiki.elementsLabel}      ${chart.elements.map((e) => `${e.element}${e.count}`).join(' ')}`,
  ].join('\n');
}
