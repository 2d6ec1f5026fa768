/**
 * The 命式表 as a standalone SVG: `GET /v1/chart.svg` and GraphQL `chartSvg`. Plain SVG 1.1
 * text, no script, no external resource (fonts are named, not loaded), so it can be embedded with
 * `<img>` or inlined; a font stack per language names the common fonts of each platform (the 干支
 * characters are in every language's table, so each stack ends in CJK fonts). The label column and
 * the pillar columns widen to the longest text, so a language with longer words still fits.
 */
import type { Catalogue } from '../../domain/catalogue/index.ts';
import type { Lang } from '../../domain/catalogue/lang.ts';
import type { ElementCode } from '../../domain/vocabulary/codes.ts';
import { meishikiNotes, type Meishiki } from '../../domain/chart/meishiki.ts';

/** Japanese fonts by platform (macOS/iOS, Windows, Android/Linux), then the generic family. */
export const JAPANESE_FONT_STACK =
  "'Hiragino Kaku Gothic ProN', 'Hiragino Sans', 'Yu Gothic', 'YuGothic', 'Meiryo', 'Noto Sans CJK JP', 'Noto Sans JP', 'IPAexGothic', sans-serif";

/** Fonts per language by platform (macOS/iOS, Windows, Android/Linux), then the generic family. */
export const FONT_STACKS: Readonly<Record<Lang, string>> = {
  ja: JAPANESE_FONT_STACK,
  'zh-Hans':
    "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', sans-serif",
  'zh-Hant':
    "'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK TC', 'Noto Sans TC', 'Source Han Sans TC', 'WenQuanYi Micro Hei', sans-serif",
  en: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', 'IPAexGothic', sans-serif",
  ko: "'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Noto Sans KR', 'NanumGothic', 'Source Han Sans K', 'WenQuanYi Micro Hei', sans-serif",
};

/** Roughly how wide `text` is at `size` px: a full-width character 1 em, anything narrower about 0.6 em. */
export const textWidth = (text: string, size: number): number => {
  let ems = 0;
  for (const c of text) ems += c.codePointAt(0)! >= 0x1100 ? 1 : 0.6;
  return ems * size;
};

/** Colours of the five elements (木 green, 火 red, 土 ochre, 金 grey-gold, 水 blue). */
const ELEMENT_COLOURS: Readonly<Record<ElementCode, string>> = {
  'element.wood': '#3a8a4a',
  'element.fire': '#c8423b',
  'element.earth': '#b8862b',
  'element.metal': '#8a8f99',
  'element.water': '#2f5fa8',
};

const MIN_LABEL_WIDTH = 112;
const MIN_COLUMN_WIDTH = 104;
const ROW_HEIGHT = 34;
const LINE_HEIGHT = 22;
const MARGIN = 16;

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The table as SVG, its words from the catalogue the table was made with. */
export function meishikiSvg(chart: Meishiki, catalogue: Catalogue, title = catalogue.meishiki.title): string {
  const separator = catalogue.meishiki.listSeparator;
  const LABEL_WIDTH = Math.ceil(Math.max(MIN_LABEL_WIDTH, ...chart.rows.map((row) => textWidth(row.label, 14) + 16)));
  const COLUMN_WIDTH = Math.ceil(
    Math.max(
      MIN_COLUMN_WIDTH,
      ...chart.columns.map((column) => textWidth(column, 15) + 12),
      ...chart.rows.flatMap((row) => row.cells.flatMap((cell) => cell.split(separator).map((line) => textWidth(line, 15) + 12))),
    ),
  );
  const ELEMENT_LABEL_WIDTH = Math.ceil(Math.max(28, ...chart.elements.map((e) => textWidth(e.element, 14) + 8)));
  const width = MARGIN * 2 + LABEL_WIDTH + COLUMN_WIDTH * chart.columns.length;
  const parts: string[] = [];
  const text = (x: number, y: number, value: string, attributes = ''): void =>
    void parts.push(`<text x="${x}" y="${y}"${attributes}>${escapeXml(value)}</text>`);

  let y = MARGIN;
  text(MARGIN, y + 22, title, ' class="title"');
  text(MARGIN + Math.max(90, Math.ceil(textWidth(title, 20)) + 14), y + 22, chart.birth, ' class="note"');
  y += 36;
  const tableTop = y;
  // Header: the four pillars.
  chart.columns.forEach((column, c) => text(MARGIN + LABEL_WIDTH + COLUMN_WIDTH * c + COLUMN_WIDTH / 2, y + 23, column, ' class="head"'));
  y += ROW_HEIGHT;
  for (const row of chart.rows) {
    const lines = row.cells.map((cell) => (cell === '' ? ['—'] : cell.split(separator)));
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

  // True solar time, the 節 that bound the chart, the palaces (胎元 胎息 命宮 身宮), and the five elements as bars.
  y += 26;
  const [solarTime, terms, palaces] = meishikiNotes(chart, catalogue);
  text(MARGIN, y, solarTime, ' class="note"');
  y += 22;
  text(MARGIN, y, terms, ' class="note"');
  y += 22;
  text(MARGIN, y, palaces, ' class="note"');
  y += 18;
  const most = Math.max(1, ...chart.elements.map((e) => e.count));
  const barWidth = (width - MARGIN * 2 - ELEMENT_LABEL_WIDTH - 32) / most;
  for (const { code, element, count } of chart.elements) {
    y += 6;
    text(MARGIN, y + 14, element, ' class="label"');
    parts.push(
      `<rect x="${MARGIN + ELEMENT_LABEL_WIDTH}" y="${y}" width="${Math.max(count * barWidth, 0)}" height="16" fill="${ELEMENT_COLOURS[code]}"><title>${escapeXml(`${element} ${count}`)}</title></rect>`,
    );
    text(MARGIN + ELEMENT_LABEL_WIDTH + 6 + count * barWidth, y + 14, String(count), ' class="count"');
    y += 16;
  }
  y += MARGIN;

  const style = [
    `text{font-family:${FONT_STACKS[catalogue.lang]};fill:#222}`,
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
    `<svg xmlns="http://www.w3.org/2000/svg"${catalogue.lang === 'ja' ? '' : ` xml:lang="${catalogue.lang}"`} width="${width}" height="${y}" viewBox="0 0 ${width} ${y}" role="img" aria-label="${escapeXml(title)}">` +
    `<style>${style}</style><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`
  );
}
