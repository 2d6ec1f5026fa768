/**
 * The Simplified Chinese words of the 命盘 table (docs/fields.md, "12. The 命式表"): the column heads,
 * the birth line, the notes under the table and the mark between several stars in one cell (、, which
 * no star name holds). 交节 for the Japanese 節入り, 时辰不详 for an unknown birth time.
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

export const MEISHIKI = {
  title: '八字命盘',
  columns: { hour: '时柱', day: '日柱', month: '月柱', year: '年柱' },
  /** The birth line's time when the birth time is unknown. */
  timeUnknown: '时辰不详',
  /** The day stem's cell in the ten-god row: the 日主 itself, not a ten god of it. */
  dayMaster: '日主',
  longitude: (degrees: number): string => `${degrees < 0 ? '西经' : '东经'}${Math.abs(degrees)}°`,
  /** Several values in one cell (special stars): joined with it, split on it to draw one per line. */
  listSeparator: '、',
  /** The line about the time: the true solar time, and how the hour pillar was read. */
  solarTimeNote: (p: { readonly trueSolarTime: string | null; readonly timeGiven: boolean }): string =>
    p.trueSolarTime === null
      ? '真太阳时 —（时辰不详：不立时柱的三柱命盘）'
      : `真太阳时 ${p.trueSolarTime}${p.timeGiven ? '' : '（未指定出生时间：时柱按 12:00 排）'}`,
  termsNote: (opened: { name: string; local: string }, next: { name: string; local: string }): string =>
    `交节 ${opened.name} ${opened.local} → ${next.name} ${next.local}`,
  elementsLabel: '五行',
  /** The line of 胎元・胎息・命宮・身宮 under the table; — for a palace that needs the unknown hour. */
  palacesNote: (palaces: readonly { readonly name: string; readonly ganzhi: string | null }[]): string =>
    palaces.map((p) => `${p.name} ${p.ganzhi ?? '—'}`).join('　'),
  /** The ten gods as the table names them: the answers' own labels. */
  tenGods: LABELS.shishen,
} satisfies Catalogue['meishiki'];
