/** The 24 solar terms of a Gregorian year as listed by `bazi terms` and `Query.solarTerms`. */
import { formatUtcIso, formatWall } from '../time/format.ts';
import type { ZoneRules } from '../time/zone.ts';
import { TERMS_PER_YEAR } from './solar-term-names.ts';
import { LAST_TABLE_YEAR, FIRST_TABLE_YEAR, tableIndexOf, termInstantUnixSec, termLongitudeDeg } from './solar-terms.ts';

export interface SolarTermListing {
  readonly name: string;
  readonly longitude: number;
  /** UT instant to the second, ISO 8601 (`2024-02-04T08:27:08Z`). */
  readonly utc: string;
  /** Civil time in the requested zone to the second (`2024-02-04 17:27:08`). */
  readonly local: string;
}

/** Years whose 24 terms are all in the table. */
export const LISTABLE_YEARS = { first: FIRST_TABLE_YEAR, last: LAST_TABLE_YEAR - 1 } as const;

/** The terms of `year` in `zone`, named from `names` (a catalogue's solar-term labels, 小寒 first). */
export function solarTermsOfYear(year: number, zone: ZoneRules, names: readonly string[]): SolarTermListing[] {
  if (!Number.isInteger(year) || year < LISTABLE_YEARS.first || year > LISTABLE_YEARS.last) {
    throw new RangeError(`year must be an integer from ${LISTABLE_YEARS.first} to ${LISTABLE_YEARS.last}`);
  }
  return Array.from({ length: TERMS_PER_YEAR }, (_, calendarIndex) => {
    const i = tableIndexOf(year, calendarIndex);
    const unixSec = termInstantUnixSec(i);
    return {
      name: names[calendarIndex]!,
      longitude: termLongitudeDeg(i),
      utc: formatUtcIso(unixSec),
      local: formatWall(unixSec + zone.offsetAt(unixSec), '-', true),
    };
  });
}
