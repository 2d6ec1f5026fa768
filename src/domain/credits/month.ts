/**
 * The monthly balance belongs to a calendar month in Asia/Tokyo. Japan has kept UTC+9 without
 * summer time since 1952, so a fixed offset is exact for any "now" this service will see.
 */
/** Tokyo's offset from UTC: the one place the service writes it (months, key expiry dates, times shown in Tokyo). */
export const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** `YYYY-MM` of the Tokyo calendar month containing the instant `epochMs`. Sorts as text. */
export function tokyoMonthOf(epochMs: number): string {
  const tokyo = new Date(epochMs + TOKYO_OFFSET_MS);
  const month = tokyo.getUTCMonth() + 1;
  return `${String(tokyo.getUTCFullYear()).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}
