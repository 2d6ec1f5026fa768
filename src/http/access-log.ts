/**
 * The access log: one line per request, except refusals (4xx answers) that one caller repeats. A
 * client looping on its key's rate limit wrote 26,316 lines (8.7 MB) in 6 s, burying everything
 * else; so each caller — its account when its key was accepted, else its client address — has a
 * window of {@link REFUSAL_WINDOW_MS} from its first refusal, in which its first refusals
 * (`LOG_REFUSALS_PER_MINUTE`) are logged in full and the rest only counted: one summary line when
 * the window closes says how many, by status. `/metrics` still counts every request
 * (`fp_http_requests_total`), and every line left out (`fp_access_log_suppressed_total`). Answers
 * that are not refusals (2xx, 3xx, 5xx, a cut connection) are always logged.
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../application/ports/logger.ts';
import type { Metrics } from '../application/ports/metrics.ts';

export const REFUSAL_WINDOW_MS = 60_000;
/** Callers with a window open at most: past it the oldest window closes early (its summary written), so a flood from many addresses holds bounded memory. */
const MAX_OPEN_WINDOWS = 10_000;

type AccessLevel = 'info' | 'warn' | 'error';

/** Whose refusals a window counts: the access line's own names for them. */
type Caller = { readonly accountId: string } | { readonly address: string };

interface Window {
  readonly caller: Caller;
  readonly openedMs: number;
  logged: number;
  suppressed: number;
  readonly byStatus: Map<number, number>;
}

export interface AccessLogOptions {
  readonly logger: Logger;
  readonly metrics: Pick<Metrics, 'accessLineSuppressed'>;
  /** The client address of a request (behind trusted proxies, from `X-Forwarded-For`). */
  readonly addressOf: (req: IncomingMessage) => string;
  /** Refusals logged in full per caller and window; 0: every one. */
  readonly refusalsPerWindow: number;
  /** Epoch ms (the summary says when its window opened). */
  readonly now?: () => number;
}

export class AccessLog {
  private readonly logger: Logger;
  private readonly metrics: Pick<Metrics, 'accessLineSuppressed'>;
  private readonly addressOf: (req: IncomingMessage) => string;
  private readonly refusalsPerWindow: number;
  private readonly now: () => number;
  /** In the order they opened (a window opened again goes to the end), so the first one closes first. */
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | undefined;

  constructor(options: AccessLogOptions) {
    this.logger = options.logger;
    this.metrics = options.metrics;
    this.addressOf = options.addressOf;
    this.refusalsPerWindow = options.refusalsPerWindow;
    this.now = options.now ?? Date.now;
  }

  /** One request's line; a refusal goes through its caller's window. */
  request(level: AccessLevel, line: Record<string, unknown>, status: number, accountId: string | undefined, req: IncomingMessage): void {
    if (status < 400 || status >= 500 || level === 'error' || this.refusalsPerWindow === 0) return this.logger[level]('request', line);
    const caller: Caller = accountId !== undefined ? { accountId } : { address: this.addressOf(req) };
    const key = 'accountId' in caller ? `account ${caller.accountId}` : `address ${caller.address}`;
    const nowMs = this.now();
    let window = this.windows.get(key);
    if (window !== undefined && nowMs - window.openedMs >= REFUSAL_WINDOW_MS) {
      this.close(key, window);
      window = undefined;
    }
    if (window === undefined) window = this.open(key, caller, nowMs);
    if (window.logged < this.refusalsPerWindow) {
      window.logged++;
      return this.logger[level]('request', line);
    }
    window.suppressed++;
    window.byStatus.set(status, (window.byStatus.get(status) ?? 0) + 1);
    this.metrics.accessLineSuppressed();
  }

  /** Closes every window now, writing the summaries due (shutdown: nothing counted is left unsaid). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const [key, window] of this.windows) this.close(key, window);
  }

  private open(key: string, caller: Caller, nowMs: number): Window {
    const window: Window = { caller, openedMs: nowMs, logged: 0, suppressed: 0, byStatus: new Map() };
    this.windows.set(key, window);
    if (this.windows.size > MAX_OPEN_WINDOWS) {
      const [oldestKey, oldest] = this.windows.entries().next().value!;
      this.close(oldestKey, oldest);
    }
    this.arm(nowMs);
    return window;
  }

  private close(key: string, window: Window): void {
    this.windows.delete(key);
    if (window.suppressed === 0) return;
    this.logger.warn('refusals not logged', {
      ...window.caller,
      suppressed: window.suppressed,
      statuses: Object.fromEntries(window.byStatus),
      since: new Date(window.openedMs).toISOString(),
      loggedInFull: window.logged,
    });
  }

  /** One timer for every window: it fires when the oldest closes, so a flood that stops still gets its summary. */
  private arm(nowMs: number): void {
    if (this.timer !== undefined) return;
    const oldest = this.windows.values().next().value;
    if (oldest === undefined) return;
    this.timer = setTimeout(() => this.closeDue(), Math.max(0, oldest.openedMs + REFUSAL_WINDOW_MS - nowMs)).unref();
  }

  private closeDue(): void {
    this.timer = undefined;
    const nowMs = this.now();
    for (const [key, window] of this.windows) {
      if (nowMs - window.openedMs < REFUSAL_WINDOW_MS) break;
      this.close(key, window);
    }
    this.arm(nowMs);
  }
}
