/**
 * The background duties' health. A gateway runs jobs beside the requests — archiving the Redis
 * ledger into PostgreSQL, sweeping charges a stopped gateway left unsettled, renewing its own
 * heartbeat — and nothing on the paid path waits for them, so one can fail for hours unseen (a
 * wrong password in `LEDGER_DATABASE_URL`: every charge succeeds while the Redis ledger grows
 * untrimmed). Each duty tells every attempt here; `/ready` and `/metrics` read it (docs/admin.md,
 * "Health").
 *
 * A duty is *failed*, and `/ready` answers 503, when
 * - it has not succeeded once since start, an attempt has failed, and the start-up grace
 *   (min(30 s, the threshold)) is over; or
 * - at least two attempts in a row have failed, the first longer than the threshold
 *   (`READY_DUTY_FAILING_SECONDS`) ago.
 * A first attempt still under way is waited for (a first archive pass over a large backlog takes
 * a while); every attempt ends, since every call a duty makes has a timeout.
 */
import type { Metrics, DutyMetrics } from './ports/metrics.ts';

/** The duties a gateway may run: the archiver with `LEDGER_DATABASE_URL`, the sweep when it opened its own store, the heartbeat always. */
export type DutyName = 'ledger_archive' | 'unsettled_sweep' | 'gateway_heartbeat';

/** The start-up grace at most: a duty failing from its first attempt is reported once it passes. */
const START_GRACE_MS = 30_000;
/** A single failure is not enough: the next attempt may succeed (one dropped connection, a failover). */
const FAILURES_IN_A_ROW = 2;

export type DutyCondition = 'starting' | 'ok' | 'failing' | 'failed';

export interface DutyState {
  readonly name: DutyName;
  /** `starting`: no attempt ended yet; `failing`: the last one failed, within the threshold; `failed`: past it (`/ready` 503). */
  readonly condition: DutyCondition;
  /** Epoch ms of the last success; null: none since start. */
  readonly lastSuccessMs: number | null;
  /** Seconds since the start of the last attempt that succeeded (since the duty's start before the first). */
  readonly lagSeconds: number;
  /** Failed attempts since start, and in a row now. */
  readonly failures: number;
  readonly failuresInARow: number;
  /** Epoch ms of the first of the failures in a row; null when the last attempt succeeded. */
  readonly failingSinceMs: number | null;
  /** What the last failure was, in a word (`authentication_failed`, `timeout`, …): never its message. */
  readonly lastErrorKind: string | null;
}

export interface DutiesOptions {
  readonly metrics: Metrics;
  /** The threshold (`READY_DUTY_FAILING_SECONDS`) in ms; 0: duties never turn `/ready` 503 (they are still reported). */
  readonly failingAfterMs: number;
  /** What kind of failure an error is, in a word safe to show (no message, host, user or password). */
  readonly kindOf: (error: unknown) => string;
  /** Epoch ms. */
  readonly now: () => number;
}

export class Duties {
  private readonly options: DutiesOptions;
  private readonly duties = new Map<DutyName, Duty>();

  constructor(options: DutiesOptions) {
    this.options = options;
  }

  /** A duty starting now; each name once. */
  register(name: DutyName): Duty {
    if (this.duties.has(name)) throw new Error(`the duty ${name} is registered already`);
    const { metrics, kindOf, now } = this.options;
    const duty: Duty = new Duty(name, now, kindOf, (lag) => metrics.duty(name, lag));
    this.duties.set(name, duty);
    return duty;
  }

  /** Every duty's state now, and whether all are healthy (none `failed`). */
  report(): { readonly healthy: boolean; readonly duties: readonly DutyState[] } {
    const nowMs = this.options.now();
    const duties = [...this.duties.values()].map((duty) => duty.state(nowMs, this.options.failingAfterMs));
    return { healthy: duties.every((duty) => duty.condition !== 'failed'), duties };
  }
}

/** One duty's record: it says when an attempt starts, succeeds or fails. */
export class Duty {
  readonly name: DutyName;
  private readonly now: () => number;
  private readonly kindOf: (error: unknown) => string;
  private readonly metrics: DutyMetrics;
  private readonly startMs: number;
  private attemptStartMs: number;
  private coveredFromMs: number;
  private lastSuccessMs: number | null = null;
  private failures = 0;
  private failuresInARow = 0;
  private failingSinceMs: number | null = null;
  private lastErrorKind: string | null = null;

  constructor(name: DutyName, now: () => number, kindOf: (error: unknown) => string, metricsOf: (lagSeconds: () => number) => DutyMetrics) {
    this.name = name;
    this.now = now;
    this.kindOf = kindOf;
    this.startMs = now();
    this.attemptStartMs = this.startMs;
    this.coveredFromMs = this.startMs;
    this.metrics = metricsOf(() => this.lagSeconds(this.now()));
  }

  /** An attempt begins: what it does counts as done from here once it succeeds. */
  started(): void {
    this.attemptStartMs = this.now();
  }

  succeeded(): void {
    const nowMs = this.now();
    this.lastSuccessMs = nowMs;
    this.coveredFromMs = this.attemptStartMs;
    this.failuresInARow = 0;
    this.failingSinceMs = null;
    this.metrics.succeeded(nowMs);
  }

  failed(error: unknown): void {
    this.failures++;
    this.failuresInARow++;
    this.failingSinceMs ??= this.now();
    this.lastErrorKind = this.kindOf(error);
    this.metrics.failed();
  }

  /** Runs one attempt, telling its start and its end; resolves or rejects as the attempt does. */
  async run<T>(attempt: () => Promise<T>): Promise<T> {
    this.started();
    try {
      const value = await attempt();
      this.succeeded();
      return value;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  state(nowMs: number, failingAfterMs: number): DutyState {
    return {
      name: this.name,
      condition: this.condition(nowMs, failingAfterMs),
      lastSuccessMs: this.lastSuccessMs,
      lagSeconds: this.lagSeconds(nowMs),
      failures: this.failures,
      failuresInARow: this.failuresInARow,
      failingSinceMs: this.failingSinceMs,
      lastErrorKind: this.lastErrorKind,
    };
  }

  private lagSeconds(nowMs: number): number {
    return Math.max(0, nowMs - this.coveredFromMs) / 1000;
  }

  private condition(nowMs: number, failingAfterMs: number): DutyCondition {
    if (this.failuresInARow === 0) return this.lastSuccessMs === null ? 'starting' : 'ok';
    if (failingAfterMs === 0) return 'failing';
    const neverSucceeded = this.lastSuccessMs === null && nowMs - this.startMs > Math.min(START_GRACE_MS, failingAfterMs);
    const failingTooLong = this.failuresInARow >= FAILURES_IN_A_ROW && nowMs - this.failingSinceMs! > failingAfterMs;
    return neverSucceeded || failingTooLong ? 'failed' : 'failing';
  }
}
