/** What the service counts and times (served at `/metrics`); the adapter is Prometheus (prom-client). */
export interface Metrics {
  /** One HTTP request answered (or cut), by route and status. */
  requestFinished(route: string, status: number, seconds: number): void;
  /** One credit-store call, by operation; `ok` false when it failed (outage or timeout). */
  storeCall(operation: string, seconds: number, ok: boolean): void;
  /** A charge's fate: `charged`, `replayed`, `refused`, `voided`, `settled`. */
  charge(outcome: string): void;
  /** The exposition text and its content type. */
  render(): Promise<{ readonly contentType: string; readonly body: string }>;
}
