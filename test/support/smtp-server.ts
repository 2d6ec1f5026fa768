/**
 * A real SMTP server in the test process (`smtp-server`, nodemailer's sibling), on a free loopback
 * port: it accepts every message and keeps it, parsed by `mailparser`, for a test to read and follow
 * the links in. No TLS (loopback only), no authentication.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { budgetMs } from './time-budget.ts';

export interface ReceivedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface TestSmtpServer {
  readonly url: string;
  readonly mails: readonly ReceivedMail[];
  /** The first mail to `to` after the `skip` earlier ones, waiting up to `timeoutMs`. */
  waitForMail(to: string, options?: { skip?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      // Read before the callback: the server resets the session's envelope for the next message.
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        callback();
        void simpleParser(Buffer.concat(chunks)).then((parsed) => {
          for (const to of recipients) mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          for (const wake of waiters) wake();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, { skip = 0, timeoutMs = budgetMs(10_000) } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((mail) => mail.to === to.toLowerCase())[skip];
        if (found !== undefined) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail #${skip + 1} to ${to} within ${timeoutMs} ms (got ${mails.length} in all)`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((link) => link.startsWith(prefix));
  if (match === undefined) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match;
}
