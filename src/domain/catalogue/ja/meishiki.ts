/**
 * The Japanese words of the 命式表 (docs/fields.md section 12) around its vocabulary: the column
 * heads, the birth line, the notes under the table (page, SVG and terminal alike), and the mark
 * that separates several stars in one cell.
 */
import { JA } from '../../vocabulary/ja.ts';

export const JA_MEISHIKI = {
  title: '命式表',
  columns: { hour: '時柱', day: '日柱', month: '月柱', year: '年柱' },
  /** The birth line's time when the birth time is unknown. */
  timeUnknown: '時刻不明',
  /** The day stem's cell in the ten-god row: the 日主 itself, not a ten god of it. */
  dayMaster: '日主',
  /**
   * The ten gods as the table names them: the answers' own labels (七殺, not 偏官), so that the table
   * and the 大運 under it on one page name a ten god alike.
   */
  tenGods: JA.shishen,
  longitude: (degrees: number): string => `${degrees < 0 ? '西経' : '東経'}${Math.abs(degrees)}°`,
  /** Several values in one cell (special stars): joined with it, split on it to draw one per line. */
  listSeparator: '・',
  /** The line about the time: the true solar time, and how the hour pillar was read. */
  solarTimeNote: (p: { readonly trueSolarTime: string | null; readonly timeGiven: boolean }): string =>
    p.trueSolarTime === null
      ? '真太陽時 —（時刻不明：時柱を立てない三柱の命式）'
      : `真太陽時 ${p.trueSolarTime}${p.timeGiven ? '' : '（時刻の指定なし：時柱は 12:00 として）'}`,
  termsNote: (opened: { name: string; local: string }, next: { name: string; local: string }): string =>
    `節入り ${opened.name} ${opened.local} → ${next.name} ${next.local}`,
  elementsLabel: '五行',
  /** The line of 胎元・胎息・命宮・身宮 under the table; — for a palace that needs the unknown hour. */
  palacesNote: (palaces: readonly { readonly name: string; readonly ganzhi: string | null }[]): string =>
    palaces.map((p) => `${p.name} ${p.ganzhi ?? '—'}`).join('　'),
};

export type MeishikiTexts = typeof JA_MEISHIKI;
