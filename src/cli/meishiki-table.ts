/**
 * `bazi chart --format table`: the 命式表 in a terminal. Widths are measured in terminal columns
 * (string-width: a kanji takes two), so full-width and half-width text line up. A cell with several
 * special stars takes one line per star.
 */
import stringWidth from 'string-width';
import type { Catalogue } from '../domain/catalogue/index.ts';
import { meishikiNotes, type Meishiki } from '../domain/chart/meishiki.ts';

const GAP = '  ';

/** `text` padded with spaces to `width` terminal columns. */
const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - stringWidth(text)));

export function meishikiTable(chart: Meishiki, catalogue: Catalogue): string {
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
  const [solarTime, terms, palaces] = meishikiNotes(chart, catalogue);
  // The Japanese notes line up their values under the table's first column; other languages' labels vary too much in width.
  const japanese = catalogue.lang === 'ja';
  // A word label needs a space before its count (Wood 3); a character label does not (木3).
  const count = (e: Meishiki['elements'][number]) => `${e.element}${/[A-Za-z]$/.test(e.element) ? ' ' : ''}${e.count}`;
  return [
    `${catalogue.meishiki.title}  ${chart.birth}`,
    '',
    ...table,
    '',
    japanese ? solarTime.replace(' ', '  ') : solarTime,
    japanese ? terms.replace(' ', '    ') : terms,
    palaces,
    `${catalogue.meishiki.elementsLabel}${japanese ? '      ' : '  '}${chart.elements.map(count).join(' ')}`,
  ].join('\n');
}
