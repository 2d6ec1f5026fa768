/**
 * The English words of the chart table (命式表, docs/fields.md section 12) around its vocabulary: the
 * column heads, the birth line, the notes under the table (page, SVG and terminal alike), and the mark
 * that separates several stars in one cell (no English star name holds a comma).
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

export const MEISHIKI = {
  title: 'BaZi Chart',
  columns: { hour: 'Hour Pillar', day: 'Day Pillar', month: 'Month Pillar', year: 'Year Pillar' },
  /** The birth line's time when the birth time is unknown. */
  timeUnknown: 'time unknown',
  /** The day stem's cell in the ten-god row: the Day Master itself, not a ten god of it. */
  dayMaster: 'Day Master',
  longitude: (degrees: number): string => `${Math.abs(degrees)}°${degrees < 0 ? 'W' : 'E'}`,
  /** Several values in one cell (special stars): joined with it, split on it to draw one per line. */
  listSeparator: ', ',
  /** The line about the time: the true solar time, and how the hour pillar was read. */
  solarTimeNote: (p: { readonly trueSolarTime: string | null; readonly timeGiven: boolean }): string =>
    p.trueSolarTime === null
      ? 'True solar time: none (birth time unknown: a three-pillar chart without an Hour Pillar)'
      : `True solar time: ${p.trueSolarTime}${p.timeGiven ? '' : ' (no birth time given: Hour Pillar cast for 12:00)'}`,
  termsNote: (opened: { name: string; local: string }, next: { name: string; local: string }): string =>
    `Solar terms: ${opened.name} ${opened.local} → ${next.name} ${next.local}`,
  elementsLabel: 'Five Elements',
  /** The line of 胎元・胎息・命宮・身宮 under the table; — for a palace that needs the unknown hour. */
  palacesNote: (palaces: readonly { readonly name: string; readonly ganzhi: string | null }[]): string =>
    palaces.map((p) => `${p.name} ${p.ganzhi ?? '—'}`).join(', '),
  /** The ten gods as the table names them: the answers' own labels. */
  tenGods: LABELS.shishen,
} satisfies Catalogue['meishiki'];
