/**
 * The account rules, written once for every door that applies them (the dashboard, the operator
 * API, the admin CLI, authentication, the pages): what an e-mail address is, when a key or an admin
 * token has expired, and how an expiry date is read (the end of that day in Tokyo).
 */
import { TOKYO_OFFSET_MS } from '../../domain/credits/month.ts';

const EMAIL =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** The longest address a user may have (RFC 5321's path limit). */
export const MAX_EMAIL_CHARS = 254;

/** Trimmed and lower-cased, as users' addresses are kept (ports/dashboard-store.ts). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The sign-up rule: an address a user may have (an invitation to one it refuses would be useless). */
export const isEmailAddress = (email: string): boolean => email.length <= MAX_EMAIL_CHARS && EMAIL.test(email);

/** A key or an admin token with an expiry is refused from that instant on. */
export const hasExpired = (expiresMs: number, nowMs: number): boolean => nowMs >= expiresMs;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Whether `text` is written as a date `YYYY-MM-DD` (whether it names a day, `endOfTokyoDay` says). */
export const isDateShaped = (text: string): boolean => DATE_ONLY.test(text);

/**
 * The instant a day `YYYY-MM-DD` ends in Tokyo: an expiry given as a date lets the key work through
 * that whole day. Null when the text names no day (`2027-02-30`, `2027-13-01`).
 */
export function endOfTokyoDay(text: string): number | null {
  const date = DATE_ONLY.exec(text);
  if (date === null) return null;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const startUtcMs = Date.UTC(year, month - 1, day);
  const check = new Date(startUtcMs);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return startUtcMs + MS_PER_DAY - TOKYO_OFFSET_MS;
}
