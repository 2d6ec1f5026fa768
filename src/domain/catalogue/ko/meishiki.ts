/**
 * The Korean words of the 명식표 around its vocabulary: the column heads (시주 일주 월주 연주), the
 * birth line, the notes under the table (page, SVG and terminal alike), and the mark that separates
 * several 신살 in one cell. The day stem's cell in the 십성 row is 일간, the Korean name of the day
 * master (일주 is the day pillar).
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

export const MEISHIKI = {
  title: '명식표',
  columns: { hour: '시주', day: '일주', month: '월주', year: '연주' },
  /** The birth line's time when the birth time is unknown. */
  timeUnknown: '시간 모름',
  /** The day stem's cell in the ten-god row: the day master itself, not a ten god of it. */
  dayMaster: '일간',
  longitude: (degrees: number): string => `${degrees < 0 ? '서경' : '동경'} ${Math.abs(degrees)}°`,
  /** Several values in one cell (special stars): joined with it, split on it to draw one per line; no star name holds a comma. */
  listSeparator: ', ',
  /** The line about the time: the true solar time, and how the hour pillar was read. */
  solarTimeNote: (p: { readonly trueSolarTime: string | null; readonly timeGiven: boolean }): string =>
    p.trueSolarTime === null
      ? '진태양시 — (시간 모름: 시주를 세우지 않은 삼주 명식)'
      : `진태양시 ${p.trueSolarTime}${p.timeGiven ? '' : ' (시간 미입력: 시주는 12:00 기준)'}`,
  termsNote: (opened: { name: string; local: string }, next: { name: string; local: string }): string =>
    `절입 ${opened.name} ${opened.local} → ${next.name} ${next.local}`,
  elementsLabel: '오행',
  /** The line of 태원・태식・명궁・신궁 under the table; — for a palace that needs the unknown hour. */
  palacesNote: (palaces: readonly { readonly name: string; readonly ganzhi: string | null }[]): string =>
    palaces.map((p) => `${p.name} ${p.ganzhi ?? '—'}`).join(', '),
  /** The ten gods as the table names them: the answers' own labels. */
  tenGods: LABELS.shishen,
} satisfies Catalogue['meishiki'];
