/**
 * The 鑑定書's drawing thread (report-renderer.ts starts it): a PDF takes tens of milliseconds of
 * CPU, which here block no other request. It receives the report as plain data (the chart request,
 * not its computed core: recomputing it takes microseconds and needs no cloning of the core), draws
 * it exactly as the main thread would, and moves the bytes back.
 */
import { parentPort } from 'node:worker_threads';
import { drawReport } from './report-draw.ts';
import type { ReportJob } from './report-renderer.ts';

// One report at a time: the renderer gives a thread its next report once it answered the last.
parentPort!.on('message', ({ job }: { job: ReportJob }) => {
  try {
    const pdf = drawReport(job);
    // Copied once into an ArrayBuffer of its own (Node's Buffer memory cannot be transferred), then moved, not cloned.
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    // A worker thread's port: its second argument is a transfer list, not a window's target origin.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
