/**
 * Child process for load benchmarks: the real app (REST + GraphQL) on a free port over the store the
 * environment configures (REDIS_URL), with one standard account holding plenty of credits.
 * Prints `{"port":…,"apiKey":…}` once listening. Over an IPC channel it measures event-loop blocks on request
 * (bench/heavy.ts).
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createAccountAdmin } from '../src/application/accounts/account-admin.ts';
import { compose } from '../src/composition.ts';
import { createHttpServer } from '../src/http/server.ts';

// One key carries the whole load here, so the per-key rate limit is off unless the environment sets it.
const { app, store, close, config } = await compose({ env: { RATE_LIMIT_PER_SECOND: '0', ...process.env } });
const { apiKey } = await createAccountAdmin(store).createAccount({
  plan: 'standard',
  monthlyAllowance: 1_000_000_000,
  autoCredits: 1_000_000_000,
  autocharge: { threshold: 0, amount: 0 },
});
const server = createHttpServer(app, config.http);
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, apiKey }));
});
// bench/heavy.ts, over the IPC channel: `loop-start` turns on an event-loop delay monitor (1 ms
// resolution) and a GC observer; `loop` answers the longest block and the longest GC pause since, and stops them.
if (process.send !== undefined) {
  let delay: ReturnType<typeof monitorEventLoopDelay> | undefined;
  let longestGcMs = 0;
  let longestGcKind = '';
  // perf_hooks' GC kinds: 1 minor (scavenge), 2 major (mark-compact), 4 incremental marking, 8 weak callbacks.
  const GC_KINDS: Readonly<Record<number, string>> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= longestGcMs) continue;
      longestGcMs = entry.duration;
      longestGcKind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
    }
  });
  process.on('message', (message) => {
    if (message === 'loop-start') {
      delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      longestGcMs = 0;
      longestGcKind = '';
      gc.observe({ entryTypes: ['gc'] });
      process.send!({ started: true });
    } else if (message === 'loop') {
      delay?.disable();
      gc.disconnect();
      process.send!({ loopMaxMs: (delay?.max ?? 0) / 1e6, longestGcMs, longestGcKind });
      delay = undefined;
    }
  });
}
process.once('SIGTERM', () => server.close(() => void close().then(() => process.exit(0))));
