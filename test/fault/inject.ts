/**
 * Preloaded into the server process by the fault suite only (`node --import`): SIGWINCH starts the
 * measurement (after start-up, whose module loading is not a request's doing), SIGUSR2 blocks the
 * event loop for 800 ms (the "frozen process" fault), and on exit the worst event-loop delay seen
 * outside those injected blocks is printed to stderr.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const BLOCK_MS = 800;
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let worstOutsideBlocksNs = 0;

process.on('SIGWINCH', () => histogram.reset());

process.on('SIGUSR2', () => {
  worstOutsideBlocksNs = Math.max(worstOutsideBlocksNs, histogram.max);
  const end = Date.now() + BLOCK_MS;
  while (Date.now() < end) {
    // the injected freeze
  }
  // The block itself is what the fault suite injected: measure from after it.
  setTimeout(() => histogram.reset(), 30);
});

process.on('exit', () => {
  const worstMs = Math.max(worstOutsideBlocksNs, histogram.max) / 1e6;
  process.stderr.write(`fault-suite: worst event-loop delay outside injected blocks: ${worstMs.toFixed(1)} ms\n`);
});
