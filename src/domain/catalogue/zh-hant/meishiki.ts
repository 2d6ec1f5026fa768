/**
 * The Traditional Chinese words of the chart table (命盤; the Japanese 命式表, docs/fields.md section
 * 12) around its vocabulary: the column heads, the birth line, the notes under the table (page, SVG
 * and terminal alike), and the mark that separates several stars in one cell (、, which no star
 * name holds).
 */
import type { Catalogue } from '../index.ts';

export const MEISHIKI = {
  title: '命盤',
  columns: { hour: '時柱', day: '日柱', month: '月柱', year: '年柱' },
  /** The birth line's time when the birth time is unknown. */
  timeUnknown: '時間不詳',
  /** The day stem's cell in the ten-god row: the 日主 itself, not a ten god of it. */
  dayMaster: '日主',
  longitude: (degrees: number): string => `${degrees < 0 ? '西經' : '東經'}${Math.abs(degrees)}°`,
  /** Several values in one cell (special stars): joined with it, split on it to draw one per line. */
  listSeparator: '、',
  /** The line about the time: the true solar time, and how the hour pillar was read. */
  solarTimeNote: (p: { readonly trueSolarTime: string | null; readonly timeGiven: boolean }): string =>
    p.trueSolarTime === null
      ? '真太陽時 —（時間不詳：不立時柱的三柱命盤）'
      : `真太陽時 ${p.trueSolarTime}${p.timeGiven ? '' : '（未指定時間：時柱以 12:00 計）'}`,
  termsNote: (opened: { name: string; local: string }, next: { name: string; local: string }): string =>
    `交節 ${opened.name} ${opened.local} → ${next.name} ${next.local}`,
  elementsLabel: '五行',
} satisfies Catalogue['meishiki'];
