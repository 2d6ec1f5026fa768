/** How the dashboard mails: one mail of a kind to an address per cooldown, never awaited by the answer. */
import type { User } from '../ports/dashboard-store.ts';
import type { DashboardDeps } from './deps.ts';
import { dashboardMail } from './mail.ts';
import { digestOf, secret } from './secrets.ts';

const VERIFY_TOKEN_MS = 24 * 3_600_000;
/** One mail of a kind to an address per this long (a form sent again mails nothing new). */
const MAIL_COOLDOWN_MS = 5 * 60_000;

export interface Mailing {
  /** Sends unless a mail of this kind went to the address within MAIL_COOLDOWN_MS (a form sent ten times mails once). */
  send(kind: string, to: string, mail: { subject: string; text: string }): Promise<void>;
  /** A new verification token, mailed to the user. */
  sendVerification(user: User): Promise<void>;
  /** A mailed link: the page at `path` with the token. */
  link(path: string, token: string): string;
}

export function createMailing(deps: DashboardDeps): Mailing {
  const { users, mailer, clock, settings } = deps;
  const link = (path: string, token: string) => `${settings.publicUrl}${path}?token=${token}`;

  const send = async (kind: string, to: string, mail: { subject: string; text: string }): Promise<void> => {
    if ((await users.recordFailure(`mail:${kind}:${to}`, clock.now(), MAIL_COOLDOWN_MS)) > 1) return;
    // Not awaited: an SMTP round trip must not make an existing address answer slower than an unknown one.
    mailer.send({ to, ...mail }).catch((error: unknown) => deps.onBackgroundError?.(error));
  };

  async function sendVerification(user: User): Promise<void> {
    const token = secret();
    await users.putToken({
      digest: digestOf(token),
      purpose: 'verify',
      userId: user.userId,
      email: user.email,
      expiresMs: clock.now() + VERIFY_TOKEN_MS,
    });
    await send('verify', user.email, dashboardMail(user.lang).verify(link('/account/verify', token)));
  }

  return { send, sendVerification, link };
}
