/** Outgoing mail (the dashboard's verification and reset links). Adapters: SMTP (`SMTP_URL`), or the console in development. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  /** Plain text: links as they are. */
  readonly text: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up log line (never a password). */
  readonly description: string;
  /** Resolves once the message is accepted for delivery; rejects when it was not. */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
