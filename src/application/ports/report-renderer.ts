/**
 * The 鑑定書's drawing (docs/report.md): the wire format describes a report as pages of blocks —
 * the words, their sizes, weights and colours, the tables' columns — and a renderer lays the blocks
 * out on A4 pages (wrapping, page breaks, fonts) and writes the PDF. The description is plain data
 * (it may be cloned to another thread); equal descriptions give equal bytes.
 */

/** A4 in points, and the margin on every side: both sides of the port lay out against it. */
export const REPORT_PAGE = { width: 595.28, height: 841.89, margin: 42 } as const;
/** The width between the margins. */
export const REPORT_CONTENT_WIDTH = REPORT_PAGE.width - 2 * REPORT_PAGE.margin;

/** The fonts a renderer has, by the script each is first for (Noto Sans JP, SC, KR). */
export const REPORT_SCRIPTS = ['jp', 'sc', 'kr'] as const;
export type ReportScript = (typeof REPORT_SCRIPTS)[number];

export interface ReportTextStyle {
  /** Points (default 10). */
  readonly size?: number;
  readonly bold?: boolean;
  /** `#rrggbb` (default the ink). */
  readonly color?: string;
  /** Points the text wraps within (default the content width). */
  readonly width?: number;
  readonly align?: 'left' | 'center' | 'right';
}

/** One block of a report, laid out below the one before it. */
export type ReportBlock =
  /** A new page; the next block starts at its top. */
  | { readonly kind: 'page' }
  /** A paragraph, wrapped; `gap` points below it (default 4). */
  | { readonly kind: 'para'; readonly text: string; readonly style?: ReportTextStyle; readonly gap?: number }
  /** A list item: its mark, then its text, whose wrapped lines hang under the text; `gap` points below (default 1). */
  | { readonly kind: 'item'; readonly mark: string; readonly text: string; readonly style?: ReportTextStyle; readonly gap?: number }
  /** A section heading with a rule under it; never the last thing on a page. */
  | { readonly kind: 'heading'; readonly text: string }
  /**
   * A table: column widths, a header row, rows of cells (a cell's lines are its items). `big`: the
   * rows (0-based) whose cells, the label aside, are twice the size and bold.
   */
  | {
      readonly kind: 'table';
      readonly widths: readonly number[];
      readonly header: readonly string[];
      readonly rows: readonly (readonly string[])[];
      readonly size?: number;
      readonly big?: readonly number[];
    }
  /** A labelled bar `length` points long in `color`, its value after it. */
  | { readonly kind: 'bar'; readonly label: string; readonly value: string; readonly length: number; readonly color: string }
  /** Blank space, in points. */
  | { readonly kind: 'space'; readonly points: number };

export interface ReportDocument {
  /** The PDF's title (its document information). */
  readonly title: string;
  /** The BCP 47 language the PDF declares. */
  readonly lang: string;
  /** The fonts in the order a character is looked for (the first that has it draws it). */
  readonly fonts: readonly ReportScript[];
  /** Every page's footer, beside its number (`n / count`). */
  readonly footer: string;
  readonly blocks: readonly ReportBlock[];
}

/** Draws reports; made and closed by the composition root. */
export interface ReportRenderer {
  /**
   * The PDF of `document`, drawn in `accountId`'s turn: each account's reports wait in a queue of
   * their own, served in turn. Rejects with RATE_LIMITED when the account already has too many
   * waiting (nothing is drawn), and with an Error when the report could not be drawn.
   */
  render(accountId: string, document: ReportDocument): Promise<Buffer>;
  /** Stops drawing: what waits or is being drawn fails, and so does every later call. */
  close(): Promise<void>;
}
