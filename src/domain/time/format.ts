/** Fixed-layout date-time strings for the API (layouts in docs/fields.md); plain concatenation, no Intl. */
import { TERM_COUNT, termIndexStartingAt, termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import { civilDateTimeOf } from './civil.ts';

/** `00` … `99`: two-digit fields are looked up, not built (a chart with luck formats a few hundred). */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)));
const pad2 = (n: number): string => TWO_DIGITS[n] ?? String(n).padStart(2, '0');
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

const offsetSuffixes = new Map<number, string>();
/** `+09:00` for 32,400 s (seconds of an offset, if any, dropped), built once per offset. */
function offsetSuffix(offsetSec: number): string {
  let suffix = offsetSuffixes.get(offsetSec);
  if (suffix === undefined) {
    const abs = Math.abs(offsetSec);
    suffix = `${offsetSec < 0 ? '-' : '+'}${pad2(Math.floor(abs / 3600))}:${pad2(Math.floor((abs % 3600) / 60))}`;
    offsetSuffixes.set(offsetSec, suffix);
  }
  return suffix;
}

/** ISO 8601 with the zone's offset in force, `2024-02-04T17:27:00+09:00` (offset seconds, if any, dropped). */
export function formatIsoWithOffset(unixSec: number, offsetSec: number): string {
  const t = civilDateTimeOf(unixSec + offsetSec);
  return `${pad4(t.year)}-${pad2(t.month)}-${pad2(t.day)}T${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}${offsetSuffix(offsetSec)}`;
}

/** ISO 8601 in one zone: of any instant, and of a solar term's start minute by its table index. */
export interface ZoneIsoFormatter {
  /** Any instant; a term's start minute is recognised and served from the remembered texts. */
  readonly instant: (unixSec: number) => string;
  /** The start minute of the term with this table index (`termStartMinuteUnixSec`), remembered. */
  readonly termStart: (tableIndex: number) => string;
}

const isoFormatters = new WeakMap<object, ZoneIsoFormatter>();

/**
 * {@link formatIsoWithOffset} with the offset a zone has in force at the instant. Solar-term
 * boundaries (every chart's 歳運 start at the same 立春 instants, its 月運 at the same 節入り) are
 * formatted once per zone and term and remembered, a table bounded by the term table; other
 * instants (a 大運 starts at its own birth-dependent minute) are formatted each time. Take it once
 * per chart: the zone's lookup is the costly part of a remembered answer.
 */
export function isoFormatterFor(zone: { offsetAt(unixSec: number): number }): ZoneIsoFormatter {
  let formatter = isoFormatters.get(zone);
  if (formatter === undefined) {
    // Sized up front: a sparse array first written at index 3,000 would fall back to a dictionary.
    const byTerm = Array.from<string | undefined>({ length: TERM_COUNT });
    const termStart = (tableIndex: number): string => {
      const text = byTerm[tableIndex];
      if (text !== undefined) return text;
      const unixSec = termStartMinuteUnixSec(tableIndex);
      return (byTerm[tableIndex] = formatIsoWithOffset(unixSec, zone.offsetAt(unixSec)));
    };
    const instant = (unixSec: number): string => {
      const term = termIndexStartingAt(unixSec);
      return term < 0 ? formatIsoWithOffset(unixSec, zone.offsetAt(unixSec)) : termStart(term);
    };
    formatter = { instant, termStart };
    isoFormatters.set(zone, formatter);
  }
  return formatter;
}
