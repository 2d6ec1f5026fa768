/** What the service counts and times (served at `/metrics`); the adapter is Prometheus (prom-client). */
export interface Metrics {
  /** One HTTP request answered (or cut), by route and status. */
  requestFinished(route: string, status: number, seconds: number): void;
  /** One credit-store call, by operation; `ok` false when it failed (outage or timeout). */
  storeCall(operation: string, seconds: number, ok: boolean): void;
  /** A charge's fate: `charged`, `replayed`, `refused`, `voided`, `settled`. */
  charge(outcome: string): void;
  /**
   * A background duty (application/duties.ts), by name: its lag is read at each scrape; its
   * successes and failures are told as they happen.
   */
  duty(name: string, lagSeconds: () => number): DutyMetrics;
  /** A refusal answered (and counted by `requestFinished`) whose access-log line was left out: its caller's summary line counts it. */
  accessLineSuppressed(): void;
  /** The exposition text and its content type. */
  render(): Promise<{ readonly contentType: string; readonly body: string }>;
}

export interface DutyMetrics {
  /** An attempt succeeded, at `atMs` (epoch milliseconds). */
  succeeded(atMs: number): void;
  failed(): void;
}
