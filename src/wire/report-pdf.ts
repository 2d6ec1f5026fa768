/**
 * The 鑑定書 as a PDF (docs/report.md): A4, three pages — the 命式表 with its notes, the five elements
 * and the warnings; the 大運 and the year's 歳運 and 月運 with their relations; the classical analysis
 * with its agreement lines — and, for two births, the 相性. Drawn with PDFKit; text in Noto Sans JP, KR
 * or SC (SIL OFL 1.1, from the npm registry) by the answer's language, each character from the first of
 * the three that has it, embedded as subsets. The same input and version give the same bytes: the
 * creation date is fixed, and nothing else in the file depends on the clock.
 */
import { createRequire } from 'node:module';
import { openSync, type Font } from 'fontkit';
// @types/pdfkit declares the default export only (the package has a named one too).
// oxlint-disable-next-line import/no-named-as-default
import PDFDocument from 'pdfkit';
import type { Catalogue } from '../domain/catalogue/index.ts';
import type { Lang } from '../domain/catalogue/lang.ts';
import type { ChartCore } from '../domain/chart/chart-core.ts';
import { warningsJson } from '../domain/chart/certainty-json.ts';
import { meishikiNotes, meishikiOf } from '../domain/chart/meishiki.ts';
import { analysisJson } from '../domain/classical/analysis-json.ts';
import { luckJson } from '../domain/luck/luck-json.ts';
import { verdictText } from '../domain/evidence/evidence-json.ts';
import { fiveGodsText, fill, REPORT_WORDS, type ReportWords } from '../domain/report/report-words.ts';
import type { AnswerVersion } from './answer-version.ts';

const require = createRequire(import.meta.url);

/** The fonts, by the script they are first for; regular and bold. */
const FONT_FILES = {
  jp: [
    '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  ],
  sc: [
    '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  ],
  kr: [
    '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  ],
} as const;
type Script = keyof typeof FONT_FILES;

/** Which font a language reads first; the others fill in what it lacks. */
const FIRST_FONT: Readonly<Record<Lang, Script>> = { ja: 'jp', en: 'jp', 'zh-Hant': 'jp', 'zh-Hans': 'sc', ko: 'kr' };

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
const LOADED = new Map<Script, LoadedFont>();
function fontOf(script: Script): LoadedFont {
  let loaded = LOADED.get(script);
  if (loaded === undefined) {
    const [regular, bold] = FONT_FILES[script].map((file) => withLayoutsKept(openSync(require.resolve(file)) as Font));
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

/** A4 in points, and the margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 42 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#222222';
const GREY = '#666666';
const RULE = '#999999';
const ELEMENT_COLOURS: Readonly<Record<string, string>> = {
  'element.wood': '#3a8a4a',
  'element.fire': '#c8423b',
  'element.earth': '#b8862b',
  'element.metal': '#8a8f99',
  'element.water': '#2f5fa8',
};
/** Fixed, so that equal inputs give equal bytes (the file ID is a hash of the document's info). */
const CREATION_DATE = new Date(Date.UTC(2000, 0, 1));

export interface ReportPdfInput {
  readonly core: ChartCore;
  readonly catalogue: Catalogue;
  /** The pillar year of the 歳運 and 月運. */
  readonly luckYear: number;
  readonly version: AnswerVersion;
  /** For two births: the 相性, in the catalogue's words. */
  readonly compatibility?: {
    readonly partnerBirth: string;
    readonly score: number;
    readonly level: string;
    readonly items: readonly { readonly text: string; readonly points: number }[];
  };
}

/** PDFKit opens a fontkit font given as the source (its PDFFontFactory); @types/pdfkit lists only files and bytes. */
const asFontSource = (font: Font): PDFKit.Mixins.PDFFontSource => font as unknown as PDFKit.Mixins.PDFFontSource;

/** The report's bytes, made synchronously (PDFKit writes into its stream's buffer; nothing waits on I/O). */
export function reportPdf(input: ReportPdfInput): Buffer {
  const { core, catalogue: c, luckYear, version } = input;
  const w = REPORT_WORDS[c.lang];
  const order: Script[] = [FIRST_FONT[c.lang], ...(['jp', 'sc', 'kr'] as const).filter((s) => s !== FIRST_FONT[c.lang])];
  const fonts = order.map(fontOf);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: w.title, Author: 'Four Pillars', Producer: 'Four Pillars', Creator: 'Four Pillars', CreationDate: CREATION_DATE },
    lang: c.page.htmlLang,
  });
  fonts.forEach((f, i) => {
    doc.registerFont(`f${i}`, asFontSource(f.font));
    doc.registerFont(`f${i}b`, asFontSource(f.bold));
  });

  const pen = new Pen(doc, fonts, order[0]!);
  doc.addPage();
  chartPage(pen, input, w);
  doc.addPage();
  luckPage(pen, core, c, luckYear, w);
  doc.addPage();
  analysisPage(pen, input, w);
  // Footers: the version that made it, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin: without this, PDFKit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    pen.line(fill(w.footer, { engine: version.engine, rules: version.rules }), PAGE.margin, PAGE.height - 30, {
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

interface TextStyle {
  readonly size?: number;
  readonly bold?: boolean;
  readonly color?: string;
  readonly width?: number;
  readonly align?: 'left' | 'center' | 'right';
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

function chartPage(pen: Pen, input: ReportPdfInput, w: ReportWords): void {
  const { core, catalogue: c } = input;
  const m = meishikiOf(core, c);
  pen.y = PAGE.margin;
  pen.para(w.title, { size: 22, bold: true }, 0);
  pen.para(w.subtitle, { size: 10, color: GREY }, 10);
  const place = core.request.place;
  pen.para(`${w.birth}: ${m.birth}`, { size: 11 }, place === undefined ? 6 : 1);
  if (place !== undefined) pen.para(`${w.birthplace}: ${placeLine(place, c)}`, { size: 11 }, 6);

  pen.heading(w.meishiki);
  const labelWidth = 92;
  const columnWidth = (CONTENT_WIDTH - labelWidth) / m.columns.length;
  const big = new Set(m.rows.flatMap((row, i) => (row.code === 'row.stem' || row.code === 'row.branch' ? [i] : [])));
  pen.table(
    [labelWidth, ...m.columns.map(() => columnWidth)],
    ['', ...m.columns],
    m.rows.map((row) => [row.label, ...row.cells.map((cell) => cell.split(c.meishiki.listSeparator).join('\n'))]),
    { big },
  );
  for (const note of meishikiNotes(m, c)) pen.para(note, { size: 8.5, color: GREY }, 1);

  pen.heading(w.elements);
  const most = Math.max(1, ...m.elements.map((e) => e.count));
  for (const element of m.elements) {
    pen.room(17);
    pen.line(element.element, PAGE.margin, pen.y, { size: 10, width: 60 });
    const width = (element.count / most) * 260;
    if (width > 0)
      pen.doc
        .rect(PAGE.margin + 64, pen.y + 1, width, 11)
        .fillColor(ELEMENT_COLOURS[element.code] ?? INK)
        .fill();
    pen.line(String(element.count), PAGE.margin + 70 + width, pen.y, { size: 10, width: 30 });
    pen.y += 17;
  }

  pen.heading(w.warnings);
  const warnings = warningsJson(core, c);
  if (warnings.length === 0) pen.para(w.noWarnings, { size: 9.5 });
  for (const warning of warnings) {
    pen.para(`${c.warnings.titles[warning.code] ?? warning.code} — ${warning.message}`, { size: 9.5 }, 3);
  }
}

/** Country names in each language, from the runtime's CLDR data (a place carries only its ISO code). */
const COUNTRY_NAMES = new Map<Lang, Intl.DisplayNames>();
const countryName = (code: string, lang: Lang): string => {
  let names = COUNTRY_NAMES.get(lang);
  if (names === undefined) COUNTRY_NAMES.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })));
  return names.of(code) ?? code;
};

/** The birthplace as the request named it, in the reader's language where the gazetteer has its name: place, region, country. */
function placeLine(place: NonNullable<ChartCore['request']['place']>, c: Catalogue): string {
  const parts = [
    place.name,
    ...(place.region === place.name || place.region === '' ? [] : [place.region]),
    countryName(place.country, c.lang),
  ];
  return parts.join(REPORT_WORDS[c.lang].listSeparator);
}

/** What the report reads of the luck section's JSON (luck-json.ts). */
interface LuckPillarJson {
  readonly ganzhi: string;
  readonly stem_ten_god: string;
  readonly branch_ten_god: string;
  readonly life_stage: string;
  readonly nayin: string;
  readonly starts_at: string;
  readonly relations: readonly { readonly name: string }[];
}
interface LuckSectionJson {
  readonly direction: 'FORWARD' | 'BACKWARD' | null;
  readonly start_age_rounded: number | null;
  readonly starts_at: string | null;
  /** A three-pillar chart's: the start (and below, each cycle's start and ages) over the birth day, the single values null. */
  readonly start_range?: { readonly earliest: { readonly starts_at: string }; readonly latest: { readonly starts_at: string } };
  readonly cycles: readonly (Omit<LuckPillarJson, 'starts_at'> & {
    readonly starts_at: string | null;
    readonly age_from: number | null;
    readonly age_to: number | null;
    readonly start_range?: { readonly earliest: string; readonly latest: string };
    readonly age_range?: { readonly from: readonly number[]; readonly to: readonly number[]; readonly label: readonly number[] };
  })[];
  readonly years: readonly (LuckPillarJson & { readonly year: number })[];
  readonly months: readonly (LuckPillarJson & { readonly term: string })[] | null;
}

/** `2026-02-04T05:02:00+09:00` → `2026-02-04 05:02`. */
const localMinute = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

function luckPage(pen: Pen, core: ChartCore, c: Catalogue, luckYear: number, w: ReportWords): void {
  const luck = luckJson(
    core,
    core.request.luck,
    { cycles: 10, years: [luckYear, luckYear], months: luckYear },
    c,
  ) as unknown as LuckSectionJson;
  pen.y = PAGE.margin;
  pen.heading(w.luck);
  if (luck.direction === null) pen.para(w.noGender, { size: 10 });
  else {
    const direction = luck.direction === 'FORWARD' ? w.forward : w.backward;
    // A three-pillar chart's start moves with the hour: its range over the birth day (the X歳運 as the first cycle's labels).
    const range = luck.start_range;
    const label = luck.cycles[0]?.age_range?.label ?? [];
    pen.para(
      range === undefined
        ? fill(w.luckStart, { age: luck.start_age_rounded ?? '', direction, date: (luck.starts_at ?? '').slice(0, 10) })
        : fill(w.luckStartRange, {
            age: [...new Set(label)].join('–'),
            direction,
            from: range.earliest.starts_at.slice(0, 10),
            to: range.latest.starts_at.slice(0, 10),
          }),
      { size: 10 },
      6,
    );
    const k = w.luckColumns;
    pen.table(
      [70, 70, 130, 90, CONTENT_WIDTH - 360],
      [k.ages, k.pillar, k.tenGod, k.stage, k.from],
      luck.cycles.map((cycle) => [
        // Over the birth day a cycle's ages are one of two spans: both, when they differ.
        cycle.age_range === undefined
          ? `${cycle.age_from}–${cycle.age_to}`
          : [...new Set(cycle.age_range.from.map((from, i) => `${from}–${cycle.age_range!.to[i]}`))].join(' / '),
        cycle.ganzhi,
        `${cycle.stem_ten_god} / ${cycle.branch_ten_god}`,
        cycle.life_stage,
        cycle.start_range === undefined
          ? (cycle.starts_at ?? '').slice(0, 10)
          : `${cycle.start_range.earliest.slice(0, 10)} – ${cycle.start_range.latest.slice(0, 10)}`,
      ]),
    );
  }

  pen.heading(fill(w.year, { year: luckYear }));
  const year = luck.years[0]!;
  pen.para(
    `${w.annual}: ${year.ganzhi}  ${year.stem_ten_god} / ${year.branch_ten_god}  ${year.life_stage}  ${year.nayin}`,
    { size: 11, bold: true },
    2,
  );
  if (year.relations.length > 0)
    pen.para(`${w.relations}: ${unique(year.relations.map((r) => r.name)).join(w.listSeparator)}`, { size: 9 }, 6);
  const k = w.monthColumns;
  pen.table(
    [52, 52, 110, 62, 100, CONTENT_WIDTH - 376],
    [k.term, k.pillar, k.tenGod, k.stage, k.from, w.relations],
    (luck.months ?? []).map((month) => [
      month.term,
      month.ganzhi,
      `${month.stem_ten_god} / ${month.branch_ten_god}`,
      month.life_stage,
      localMinute(month.starts_at),
      pairs(unique(month.relations.map((r) => r.name)), w.listSeparator),
    ]),
    { size: 8 },
  );
}

const unique = (names: readonly string[]): string[] => [...new Set(names)];
/** Names two to a line (the language's list separator between them), so that a month's row stays short. */
const pairs = (names: readonly string[], separator: string): string =>
  names.map((name, i) => (i === 0 ? name : i % 2 === 0 ? `\n${name}` : `${separator}${name}`)).join('');

/** Between the clauses of one line (the agreement, the five gods): each language's own. */
const CLAUSE_SEPARATOR: Readonly<Record<Lang, string>> = { ja: '　', 'zh-Hans': '；', 'zh-Hant': '；', en: '; ', ko: '; ' };
function analysisPage(pen: Pen, input: ReportPdfInput, w: ReportWords): void {
  const c = input.catalogue;
  const a = analysisJson(input.core, c);
  const mark = w.bullet;
  pen.y = PAGE.margin;
  pen.heading(w.analysis);
  pen.para(w.strength, { size: 11, bold: true }, 2);
  for (const method of a.strength) {
    pen.item(mark, `${method.name}: ${verdictText(c, method.verdict_label, 'grade_label' in method ? (method.grade_label ?? '') : '')}`, {
      size: 9.5,
    });
  }
  pen.y += 4;
  pen.para(w.pattern, { size: 11, bold: true }, 2);
  for (const school of a.pattern) {
    const formation = 'inner' in school && school.inner !== null && school.inner !== undefined ? ` — ${school.inner.formation_label}` : '';
    pen.item(mark, `${school.name}: ${school.label}${formation}`, { size: 9.5 });
  }
  pen.y += 4;
  pen.para(w.usefulGods, { size: 11, bold: true }, 2);
  const u = a.useful_gods;
  pen.item(mark, `${u.fuyi.name}: ${u.fuyi.element?.label ?? '—'}`, { size: 9.5 });
  pen.item(
    mark,
    `${w.tiaohou}: ${u.tiaohou.stems.join(' ')} (${u.tiaohou.elements.map((e) => e.label).join(w.listSeparator)})`,
    { size: 9.5 },
    4,
  );
  pen.para(w.fiveGods, { size: 10, bold: true }, 2);
  // Each element named with its role (用神 火、喜神 土 …): a bare list of five elements says nothing to a reader.
  for (const gods of u.five_gods) pen.item(mark, `${gods.name}: ${fiveGodsText(c, gods)}`, { size: 9.5 });
  pen.y += 4;
  pen.para(w.agreement, { size: 11, bold: true }, 2);
  const says = (value: string) => (value === 'agree' ? w.agree : w.split);
  const agreement = [
    `${w.strength}: ${says(a.agreement.strength)}`,
    `${w.pattern}: ${says(a.agreement.pattern)}`,
    `${w.usefulGods}: ${says(a.agreement.useful_element)}`,
  ];
  pen.item(mark, agreement.join(CLAUSE_SEPARATOR[c.lang]), { size: 9.5 }, 6);
  const pair = input.compatibility;
  if (pair !== undefined) {
    pen.heading(w.compatibility);
    pen.para(`${w.birth}: ${pair.partnerBirth}`, { size: 10 }, 2);
    pen.para(fill(w.score, { score: pair.score, level: pair.level }), { size: 12, bold: true }, 4);
    // Each explanation ends with its points.
    for (const item of pair.items) pen.item(mark, item.text, { size: 9 });
  }
}
