import { createTransport, type Transporter } from 'nodemailer';
import type { Mail, Mailer } from '../application/ports/mailer.ts';

/**
 * Mail through SMTP (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465` or
 * `smtp://mail:25`), with nodemailer: the most used Node mail client, maintained since 2010, no
 * dependencies. `smtp://` to any host but this machine requires STARTTLS; `smtps://` is TLS from the start.
 */
export class SmtpMailer implements Mailer {
  readonly description: string;
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(url: string, from: string) {
    const parsed = new URL(url);
    // smtp:// to another host must upgrade with STARTTLS (reset links are secrets); a relay on this
    // machine may speak plain SMTP.
    const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(parsed.hostname);
    const secure = parsed.protocol === 'smtps:';
    this.transport = createTransport({
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: parsed.port === '' ? (secure ? 465 : 587) : Number(parsed.port),
      secure,
      requireTLS: !secure && !loopback,
      ...(parsed.username === '' ? {} : { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }),
    });
    this.from = from;
    this.description = `SMTP ${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}

/**
 * Development without SMTP: each mail is printed once (like the demo key), links and all, on the
 * console of whoever started the service, never into the log.
 */
export class ConsoleMailer implements Mailer {
  readonly description = 'none (SMTP_URL not set): mails are printed on the console';
  private readonly print: (line: string) => void;

  constructor(print: (line: string) => void) {
    this.print = print;
  }

  send(mail: Mail): Promise<void> {
    this.print(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
