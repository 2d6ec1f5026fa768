/** The password rule (docs/dashboard.md): its length in code points, no known-bad value, not the address. */
import { normalizeEmail } from '../accounts/rules.ts';
import type { DashboardReason } from './refusal.ts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** Passwords that pass the length rule but are the first ones tried (NIST SP 800-63B, 5.1.1.2: refuse known-bad values). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123123123123',
  '111111111111',
  '000000000000',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwerty123456',
  '1q2w3e4r5t6y',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'administrator',
  'abcdefghijkl',
  'abc123abc123',
  'changeme1234',
  'trustno1trustno1',
  'aaaaaaaaaaaa',
  'asdfghjkl123',
  'zxcvbnm12345',
]);

/** Why a password is refused, or null. */
export function passwordProblem(password: string, email: string): DashboardReason | null {
  let length = 0;
  for (const _ of password) length += 1; // code points: a character outside the BMP counts once
  if (length < PASSWORD_MIN) return { code: 'password_short', field: 'password', params: { min: PASSWORD_MIN } };
  if (length > PASSWORD_MAX) return { code: 'password_long', field: 'password', params: { max: PASSWORD_MAX } };
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size <= 2) return { code: 'password_common', field: 'password' };
  const local = normalizeEmail(email).split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local)) return { code: 'password_contains_email', field: 'password' };
  return null;
}
