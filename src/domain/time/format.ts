/** Fixed-layout date-time strings for the API (spec §2.3/§2.4); plain concatenation, no Intl. */
import { civilDateTimeOf } from './civil.ts';

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number): string => String(n).padStart(4, '0');

/** `YYYY-MM-DD HH:MM` (dateSeparator `-`) or `YYYY/MM/DD HH:MM` (`/`), optionally with `:SS`. */
export function formatWall(wallSec: number, dateSeparator: '-' | '/', withSeconds = false): string {
  const t = civilDateTimeOf(wallSec);
  const date = `${pad4(t.year)}${dateSeparator}${pad2(t.month)}${dateSeparator}${pad2(t.day)}`;
  const time = `${pad2(t.hour)}:${pad2(t.minute)}`;
  return withSeconds ? `${date} ${time}:${pad2(t.second)}` : `${date} ${time}`;
}

/** `YYYY-MM-DD HH:MM` of civil fields given directly. */
export const formatCivilMinute = (year: number, month: number, day: number, hour: number, minute: number): string =>
  `${pad4(year)}-${pad2(month)}-${pad2(day)} ${pad2(hour)}:${pad2(minute)}`;

/** ISO 8601 UTC with seconds, `2024-02-04T08:27:07Z`. */
export const formatUtcIso = (unixSec: number): string => `${formatWall(unixSec, '-', true).replace(' ', 'T')}Z`;

/** ISO 8601 with the zone's offset in force, `2024-02-04T17:27:00+09:00` (offset seconds, if any, dropped). */
export function formatIsoWithOffset(unixSec: number, offsetSec: number): string {
  const sign = offsetSec < 0 ? '-' : '+';
  const abs = Math.abs(offsetSec);
  return `${formatWall(unixSec + offsetSec, '-', true).replace(' ', 'T')}${sign}${pad2(Math.floor(abs / 3600))}:${pad2(Math.floor((abs % 3600) / 60))}`;
}

/** Remembered answers per zone: luck boundaries repeat (every chart's 歳運 start at the same 立春). */
const isoMemo = new WeakMap<object, Map<number, string>>();
const ISO_MEMO_LIMIT = 8192;

/** {@link formatIsoWithOffset} with the offset a zone has in force at the instant, remembered. */
export function formatIsoInZone(zone: { offsetAt(unixSec: number): number }, unixSec: number): string {
  let memo = isoMemo.get(zone);
  if (memo === undefined) isoMemo.set(zone, (memo = new Map<number, string>()));
  let text = memo.get(unixSec);
  if (text === undefined) {
    if (memo.size >= ISO_MEMO_LIMIT) memo.clear();
    text = formatIsoWithOffset(unixSec, zone.offsetAt(unixSec));
    memo.set(unixSec, text);
  }
  return text;
}
