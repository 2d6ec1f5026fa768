/**
 * The 命式表 as a standalone SVG: `GET /v1/chart.svg` and GraphQL `chartSvg`. Plain SVG 1.1
 * text, no script, no external resource (fonts are named, not loaded), so it can be embedded with
 * `<img>` or inlined; a font stack names the common Japanese fonts of each platform.
 */
import { JA_CATALOGUE, type Catalogue } from '../catalogue/index.ts';
import type { ElementCode } from '../vocabulary/codes.ts';
import { solarTimeNote, type Meishiki } from './meishiki.ts';

/** Japanese fonts by platform (macOS/iOS, Windows, Android/Linux), then the generic family. */
export const JAPANESE_FONT_STACK =
  "'Hiragino Kaku Gothic ProN', 'Hiragino Sans', 'Yu Gothic', 'YuGothic', 'Meiryo', 'Noto Sans CJK JP', 'Noto Sans JP', 'IPAexGothic', sans-serif";

/** Colours of the five elements (木 green, 火 red, 土 ochre, 金 grey-gold, 水 blue). */
const ELEMENT_COLOURS: Readonly<Record<ElementCode, string>> = {
  'element.wood': '#3a8a4a',
  'element.fire': '#c8423b',
  'element.earth': '#b8862b',
  'element.metal': '#8a8f99',
  'element.water': '#2f5fa8',
};

const LABEL_WIDTH = 112;
const COLUMN_WIDTH = 104;
const ROW_HEIGHT = 34;
const LINE_HEIGHT = 22;
const MARGIN = 16;

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The table as SVG, its words from the catalogue the table was made with. */
export function meishikiSvg(chart: Meishiki, catalogue: Catalogue = JA_CATALOGUE, title = catalogue.meishiki.title): string {
  const width = MARGIN * 2 + LABEL_WIDTH + COLUMN_WIDTH * chart.columns.length;
  const parts: string[] = [];
  const text = (x: number, y: number, value: string, attributes = ''): void =>
    void parts.push(`<text x="${x}" y="${y}"${attributes}>${escapeXml(value)}</text>`);

  let y = MARGIN;
  text(MARGIN, y + 22, title, ' class="title"');
  text(MARGIN + 90, y + 22, chart.birth, ' class="note"');
  y += 36;
  const tableTop = y;
  // Header: the four pillars.
  chart.columns.forEach((column, c) => text(MARGIN + LABEL_WIDTH + COLUMN_WIDTH * c + COLUMN_WIDTH / 2, y + 23, column, ' class="head"'));
  y += ROW_HEIGHT;
  for (const row of chart.rows) {
    const lines = row.cells.map((cell) => (cell === '' ? ['—'] : cell.split(catalogue.meishiki.listSeparator)));
    const height = Math.max(ROW_HEIGHT, 12 + LINE_HEIGHT * Math.max(...lines.map((l) => l.length)));
    parts.push(`<line x1="${MARGIN}" y1="${y}" x2="${width - MARGIN}" y2="${y}" class="rule"/>`);
    text(MARGIN + 8, y + 23, row.label, ' class="label"');
    const big = row.code === 'row.stem' || row.code === 'row.branch';
    lines.forEach((cellLines, c) =>
      cellLines.forEach((line, k) =>
        text(
          MARGIN + LABEL_WIDTH + COLUMN_WIDTH * c + COLUMN_WIDTH / 2,
          y + 23 + LINE_HEIGHT * k,
          line,
          big ? ' class="pillar"' : ' class="cell"',
        ),
      ),
    );
    y += height;
  }
  parts.push(`<rect x="${MARGIN}" y="${tableTop}" width="${width - MARGIN * 2}" height="${y - tableTop}" class="frame"/>`);
  for (let c = 0; c <= chart.columns.length - 1; c++) {
    const x = MARGIN + LABEL_WIDTH + COLUMN_WIDTH * c;
    parts.push(`<line x1="${x}" y1="${tableTop}" x2="${x}" y2="${y}" class="rule"/>`);
  }

  // True solar time, the 節 that bound the chart, and the five elements as bars.
  y += 26;
  text(MARGIN, y, solarTimeNote(chart, catalogue), ' class="note"');
  y += 22;
  const [opened, next] = chart.terms;
  text(MARGIN, y, catalogue.meishiki.termsNote(opened!, next!), ' class="note"');
  y += 18;
  const most = Math.max(1, ...chart.elements.map((e) => e.count));
  const barWidth = (width - MARGIN * 2 - 60) / most;
  for (const { code, element, count } of chart.elements) {
    y += 6;
    text(MARGIN, y + 14, element, ' class="label"');
    parts.push(
      `<rect x="${MARGIN + 28}" y="${y}" width="${Math.max(count * barWidth, 0)}" height="16" fill="${ELEMENT_COLOURS[code]}"><title>${escapeXml(`${element} ${count}`)}</title></rect>`,
    );
    text(MARGIN + 34 + count * barWidth, y + 14, String(count), ' class="count"');
    y += 16;
  }
  y += MARGIN;

  const style = [
    `text{font-family:${JAPANESE_FONT_STACK};fill:#222}`,
    '.title{font-size:20px;font-weight:bold}',
    '.head,.pillar,.cell{text-anchor:middle}',
    '.head{font-size:15px;font-weight:bold}',
    '.pillar{font-size:22px}',
    '.cell{font-size:15px}',
    '.label{font-size:14px;fill:#555}',
    '.note,.count{font-size:13px;fill:#444}',
    '.rule{stroke:#bbb;stroke-width:1}',
    '.frame{fill:none;stroke:#666;stroke-width:1.2}',
  ].join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}" role="img" aria-label="${escapeXml(title)}">` +
    `<style>${style}</style><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`
  );
}
