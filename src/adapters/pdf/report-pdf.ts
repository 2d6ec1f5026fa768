/**
 * A described 鑑定書 (application/ports/report-renderer.ts) drawn into its PDF with PDFKit: the blocks
 * laid out on A4 pages — wrapped where each script allows, a row or a line never split across pages,
 * a heading never left at a page's foot — in Noto Sans JP, KR or SC (SIL OFL 1.1), each character
 * from the first font of the document's order that has it, embedded as subsets. The same description
 * gives the same bytes: the creation date is fixed, and nothing else in the file depends on the clock.
 */
import { openSync, type Font } from 'fontkit';
// @types/pdfkit declares the default export only (the package has a named one too).
// oxlint-disable-next-line import/no-named-as-default
import PDFDocument from 'pdfkit';
import {
  REPORT_CONTENT_WIDTH as CONTENT_WIDTH,
  REPORT_PAGE as PAGE,
  type ReportBlock,
  type ReportDocument,
  type ReportScript,
  type ReportTextStyle as TextStyle,
} from '../../application/ports/report-renderer.ts';
import { reportFontFiles } from './report-fonts.ts';

interface LoadedFont {
  readonly font: Font;
  readonly bold: Font;
}
/**
 * Read and parsed once per process, on the first report (each a few MB), and handed to every
 * document as the parsed font: PDFKit takes a fontkit font as it is (each document still makes its
 * own subset), so no report reads the files again or decodes the same glyph metrics anew (reading
 * them per report was ~40 % of a report's CPU, the metrics another ~30 %).
 */
const LOADED = new Map<ReportScript, LoadedFont>();
function fontOf(script: ReportScript): LoadedFont {
  let loaded = LOADED.get(script);
  if (loaded === undefined) {
    const [regular, bold] = reportFontFiles(script).map((file) => withLayoutsKept(openSync(file) as Font));
    loaded = { font: regular!, bold: bold! };
    LOADED.set(script, loaded);
  }
  return loaded;
}

/** Texts whose shaping a font keeps (the labels, headings and pillar names every report repeats); cleared when full. */
const MAX_KEPT_LAYOUTS = 20_000;

/**
 * The font with its text shaping kept across reports: fontkit's `layout` of a text (GSUB/GPOS, about
 * a quarter of a report's CPU) is the same every time, and PDFKit keeps it only per document. Each call
 * gets its own positions (PDFKit scales them in place) over the shared glyphs; every other member is
 * the font's own.
 */
function withLayoutsKept(font: Font): Font {
  const kept = new Map<string, ReturnType<Font['layout']>>();
  const layout = (text: string, features?: unknown): ReturnType<Font['layout']> => {
    if (features !== undefined) return font.layout(text, features as never);
    let run = kept.get(text);
    if (run === undefined) {
      if (kept.size >= MAX_KEPT_LAYOUTS) kept.clear();
      run = font.layout(text);
      kept.set(text, run);
    }
    const { glyphs } = run;
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        let width = 0;
        for (const position of positions) width += position.xAdvance;
        return width;
      },
    } as unknown as ReturnType<Font['layout']>;
  };
  return new Proxy(font, { get: (target, name): unknown => (name === 'layout' ? layout : (Reflect.get(target, name, target) as unknown)) });
}

const INK = '#222222';
const GREY = '#666666';
const RULE = '#999999';
/** Fixed, so that equal inputs give equal bytes (the file ID is a hash of the document's info). */
const CREATION_DATE = new Date(Date.UTC(2000, 0, 1));

/** PDFKit opens a fontkit font given as the source (its PDFFontFactory); @types/pdfkit lists only files and bytes. */
const asFontSource = (font: Font): PDFKit.Mixins.PDFFontSource => font as unknown as PDFKit.Mixins.PDFFontSource;

/** The report's bytes, made synchronously (PDFKit writes into its stream's buffer; nothing waits on I/O). */
export function reportPdf(document: ReportDocument): Buffer {
  const fonts = document.fonts.map((script) => {
    if (!(script in FONT_SCRIPTS)) throw new Error(`no font for the script "${script as string}"`);
    return fontOf(script);
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: document.title, Author: 'Four Pillars', Producer: 'Four Pillars', Creator: 'Four Pillars', CreationDate: CREATION_DATE },
    lang: document.lang,
  });
  fonts.forEach((f, i) => {
    doc.registerFont(`f${i}`, asFontSource(f.font));
    doc.registerFont(`f${i}b`, asFontSource(f.bold));
  });

  const pen = new Pen(doc, fonts, document.fonts[0] ?? '');
  for (const block of document.blocks) layOut(pen, block);
  // Footers: the version that made it, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin: without this, PDFKit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    pen.line(document.footer, PAGE.margin, PAGE.height - 30, {
      size: 7,
      color: GREY,
      width: CONTENT_WIDTH - 40,
    });
    pen.line(`${i + 1} / ${range.count}`, PAGE.width - PAGE.margin - 40, PAGE.height - 30, {
      size: 7,
      color: GREY,
      width: 40,
      align: 'right',
    });
  }
  doc.end();
  // Paused (no 'data' listener), the stream keeps every chunk PDFKit pushed: read them all now.
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  const pdf = Buffer.concat(chunks);
  if (pdf.subarray(-6).toString('latin1').trimEnd() !== '%%EOF') throw new Error('the report PDF was not written whole');
  return pdf;
}

const FONT_SCRIPTS: Readonly<Record<ReportScript, true>> = { jp: true, sc: true, kr: true };

/** One block laid out at the pen's position. */
function layOut(pen: Pen, block: ReportBlock): void {
  switch (block.kind) {
    case 'page':
      pen.doc.addPage();
      pen.y = PAGE.margin;
      return;
    case 'para':
      return pen.para(block.text, block.style, block.gap);
    case 'item':
      return pen.item(block.mark, block.text, block.style, block.gap);
    case 'heading':
      return pen.heading(block.text);
    case 'table':
      return pen.table(block.widths, block.header, block.rows, {
        ...(block.size === undefined ? {} : { size: block.size }),
        ...(block.big === undefined ? {} : { big: new Set(block.big) }),
      });
    case 'bar': {
      pen.room(17);
      pen.line(block.label, PAGE.margin, pen.y, { size: 10, width: 60 });
      if (block.length > 0)
        pen.doc
          .rect(PAGE.margin + 64, pen.y + 1, block.length, 11)
          .fillColor(block.color)
          .fill();
      pen.line(block.value, PAGE.margin + 70 + block.length, pen.y, { size: 10, width: 30 });
      pen.y += 17;
      return;
    }
    case 'space':
      pen.y += block.points;
      return;
    default:
      throw new Error(`unknown report block "${(block as { kind?: unknown }).kind as string}"`);
  }
}

/** Lines are this many times their size apart: a Noto Sans CJK line box (ascent + descent) is 1.45 em. */
const LEADING = 1.5;
/** The lowest a line may end before the footer: below it, the next line or row starts a new page. */
const BOTTOM = PAGE.height - 50;
/** The space between a table cell's items when one of them wraps, in ems. */
const ITEM_GAP = 0.4;

/**
 * Where a line may break: after a space, and between two characters of a script written without
 * spaces (Han, kana, CJK punctuation), but not before a closing mark or the CJK comma and full stop
 * (kinsoku). Hangul and Latin words break at spaces only.
 */
const BREAK_UNIT =
  /[\u2E80-\u2FFF\u3000-\u30FF\u3400-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF][、。，．・）」』】〕”’!?！？:：;；]*|[^\s\u2E80-\u2FFF\u3000-\u30FF\u3400-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+\s*|\s+/gu;

/**
 * Texts' widths at 1 pt, by the first font and the weight: a width is linear in the size, and the
 * units wrapping measures (words, characters, labels) repeat from report to report. Cleared when full.
 */
const WIDTHS_PER_POINT = new Map<string, number>();
const MAX_KEPT_WIDTHS = 50_000;

/** Marks a line may not start with (closing brackets, commas, stops) or end with (opening brackets). */
const NOT_FIRST = /^[、。，．・）」』】〕”’!?！？:：;；%％]/u;
const NOT_LAST = /[（「『【〔“‘]$/u;

/** The break units with kinsoku applied: a closing mark joins the unit before it, an opening one the unit after it. */
function kinsoku(units: readonly string[]): string[] {
  const joined: string[] = [];
  for (const unit of units) {
    const last = joined.length - 1;
    if (last >= 0 && (NOT_FIRST.test(unit) || NOT_LAST.test(joined[last]!))) joined[last] += unit;
    else joined.push(unit);
  }
  return joined;
}

/**
 * Writes text in runs of one font each (every character from the first font that has it), and wraps
 * it itself: a text's lines are known before anything is drawn, so a table row is as tall as its
 * tallest cell and a page breaks between lines and rows, never across them.
 */
class Pen {
  y: number = PAGE.margin;
  readonly doc: PDFKit.PDFDocument;
  private readonly fonts: readonly LoadedFont[];
  /** Which font comes first (the widths of a text depend on it), for the width cache's keys. */
  private readonly fontOrder: string;
  constructor(doc: PDFKit.PDFDocument, fonts: readonly LoadedFont[], fontOrder: string) {
    this.doc = doc;
    this.fonts = fonts;
    this.fontOrder = fontOrder;
  }

  private runs(text: string): { font: number; text: string }[] {
    const runs: { font: number; text: string }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let font = this.fonts.findIndex((f) => f.font.hasGlyphForCodePoint(cp));
      if (font === -1 || cp < 0x80) font = runs.at(-1)?.font ?? 0;
      const last = runs.at(-1);
      if (last !== undefined && last.font === font) last.text += ch;
      else runs.push({ font, text: ch });
    }
    return runs;
  }

  /** The width of a text on one line, in points: its width at 1 pt (kept across reports) times the size. */
  widthOf(text: string, size: number, bold: boolean): number {
    const key = `${this.fontOrder}${bold ? 'b' : 'r'}${text}`;
    let perPoint = WIDTHS_PER_POINT.get(key);
    if (perPoint === undefined) {
      this.doc.fontSize(1);
      perPoint = 0;
      for (const run of this.runs(text)) perPoint += this.doc.font(`f${run.font}${bold ? 'b' : ''}`).widthOfString(run.text);
      if (WIDTHS_PER_POINT.size >= MAX_KEPT_WIDTHS) WIDTHS_PER_POINT.clear();
      WIDTHS_PER_POINT.set(key, perPoint);
    }
    return perPoint * size;
  }

  /** A text's lines within `width`: its own line breaks kept, each line broken where the script allows. */
  wrap(text: string, width: number, size: number, bold: boolean): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      // The line's width so far, each unit measured once (a line's width is the sum of its units').
      let lineWidth = 0;
      for (const unit of kinsoku(paragraph.match(BREAK_UNIT) ?? [])) {
        const trimmed = unit.trimEnd();
        if (line === '' || lineWidth + this.widthOf(trimmed, size, bold) <= width) {
          line += unit;
          lineWidth += this.widthOf(unit, size, bold);
          continue;
        }
        lines.push(line.trimEnd());
        line = unit.trimStart();
        lineWidth = this.widthOf(line, size, bold);
      }
      // A unit wider than the line by itself (a long word) is cut where it must be.
      lines.push(...this.cut(line.trimEnd(), width, size, bold));
    }
    return lines;
  }

  private cut(line: string, width: number, size: number, bold: boolean): string[] {
    if (this.widthOf(line, size, bold) <= width) return [line];
    const pieces: string[] = [];
    let piece = '';
    for (const ch of line) {
      if (piece !== '' && this.widthOf(piece + ch, size, bold) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += ch;
    }
    return [...pieces, piece];
  }

  /** One line, not wrapped, at x, y (the top of its line box), aligned within `width`. */
  private drawLine(text: string, x: number, y: number, style: Required<TextStyle>): void {
    const { size, bold, color, width, align } = style;
    const shift = align === 'left' ? 0 : width - this.widthOf(text, size, bold);
    let left = x + (align === 'center' ? shift / 2 : align === 'right' ? shift : 0);
    this.doc.fillColor(color).fontSize(size);
    for (const run of this.runs(text)) {
      this.doc.font(`f${run.font}${bold ? 'b' : ''}`).text(run.text, left, y, { lineBreak: false });
      left += this.doc.widthOfString(run.text);
    }
  }

  /** A text wrapped within its width at x, y; answers the height it took. */
  line(text: string, x: number, y: number, style: TextStyle = {}): number {
    const full = { size: 10, bold: false, color: INK, width: CONTENT_WIDTH, align: 'left' as const, ...style };
    const lines = this.wrap(text, full.width, full.size, full.bold);
    lines.forEach((line, i) => this.drawLine(line, x, y + i * full.size * LEADING, full));
    return lines.length * full.size * LEADING;
  }

  /** Starts a new page when `height` more points would not fit above the footer. */
  room(height: number): void {
    if (this.y + height <= BOTTOM || this.y === PAGE.margin) return;
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  /** A paragraph at the pen's position, moving it down; its lines go to the next page when they do not fit. */
  para(text: string, style: TextStyle = {}, gap = 4): void {
    const size = style.size ?? 10;
    const lines = this.wrap(text, style.width ?? CONTENT_WIDTH, size, style.bold ?? false);
    for (const line of lines) {
      this.room(size * LEADING);
      this.line(line, PAGE.margin, this.y, style);
      this.y += size * LEADING;
    }
    this.y += gap;
  }

  /** A list item: its mark, then its text, whose wrapped lines hang under the text, not under the mark. */
  item(mark: string, text: string, style: TextStyle = {}, gap = 1): void {
    const size = style.size ?? 10;
    const indent = this.widthOf(mark, size, style.bold ?? false);
    const lines = this.wrap(text, CONTENT_WIDTH - indent, size, style.bold ?? false);
    lines.forEach((line, i) => {
      this.room(size * LEADING);
      if (i === 0) this.line(mark, PAGE.margin, this.y, style);
      this.line(line, PAGE.margin + indent, this.y, { ...style, width: CONTENT_WIDTH - indent });
      this.y += size * LEADING;
    });
    this.y += gap;
  }

  heading(text: string): void {
    this.y += 6;
    // A heading never ends a page: it moves with the first lines under it.
    this.room(13 * LEADING + 40);
    this.para(text, { size: 13, bold: true }, 2);
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.width - PAGE.margin, this.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y += 6;
  }

  /**
   * A table: column widths, a header row, rows of cells (a cell may hold several lines, and wraps
   * within its column). Each row is as tall as its tallest cell; a row that does not fit starts a new
   * page, where the header is repeated.
   */
  table(
    widths: readonly number[],
    header: readonly string[],
    rows: readonly (readonly string[])[],
    style: { size?: number; big?: ReadonlySet<number> } = {},
  ): void {
    const size = style.size ?? 9;
    const draw = (cells: readonly string[], bold: boolean, rowIndex: number) => {
      const big = style.big?.has(rowIndex) === true;
      // The row's label stays small; a big row's cells are the pillars' characters.
      const sizeOf = (column: number): number => (big && column > 0 ? size * 2 : size);
      // An empty cell of the body prints a dash, as the page's table does; the header's corner stays blank.
      // A cell's own lines are its items (a list of stars); when one wraps, a little space sets the items apart.
      const lines = cells.map((cell, column) => {
        const items = (cell === '' && !bold ? '—' : cell)
          .split('\n')
          .map((item) => this.wrap(item, widths[column]! - 6, sizeOf(column), bold || (big && column > 0)));
        const apart = items.length > 1 && items.some((item) => item.length > 1) ? ITEM_GAP : 0;
        return items.flatMap((item, i) => item.map((text) => ({ text, offset: i * apart })));
      });
      const heightOf = (column: number): number =>
        lines[column]!.length * sizeOf(column) * LEADING + (lines[column]!.at(-1)?.offset ?? 0) * sizeOf(column);
      const height = Math.max(...cells.map((_, column) => heightOf(column))) + 6;
      if (this.y + height > BOTTOM && this.y > PAGE.margin) {
        this.doc.addPage();
        this.y = PAGE.margin;
        if (rowIndex >= 0) draw(header, true, -1);
      }
      let x = PAGE.margin;
      lines.forEach((cellLines, column) => {
        const width = widths[column]!;
        this.doc.rect(x, this.y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
        const cellSize = sizeOf(column);
        // A cell shorter than its row sits in the middle of it.
        const top = this.y + 3 + (height - 6 - heightOf(column)) / 2;
        cellLines.forEach(({ text, offset }, j) =>
          this.drawLine(text, x + 3, top + (j * LEADING + offset) * cellSize, {
            size: cellSize,
            bold: bold || (big && column > 0),
            color: INK,
            width: width - 6,
            align: column === 0 ? 'left' : 'center',
          }),
        );
        x += width;
      });
      this.y += height;
    };
    draw(header, true, -1);
    rows.forEach((row, i) => draw(row, false, i));
    this.y += 8;
  }
}
