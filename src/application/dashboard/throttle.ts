/** Throttling: failures per address and per e-mail in a sliding window (docs/dashboard.md). */

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Sign-ups and reset requests from one client address per hour. */
export const MAX_FORMS_PER_ADDRESS_HOUR = 20;
export const HOUR_MS = 3_600_000;

/**
 * What a client address counts under: IPv4 as it is, IPv6 by its /64 (one customer's network
 * holds a whole /64, so counting each address apart would give an attacker 2^64 budgets).
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  const groups = bare.includes('::') ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
