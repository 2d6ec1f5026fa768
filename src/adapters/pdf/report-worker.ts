/**
 * The 鑑定書's drawing thread (report-threads.ts starts it): a PDF takes tens of milliseconds of CPU,
 * which here block no other request. It receives the report's description (plain data, cloned),
 * draws it exactly as the main thread would, and moves the bytes back.
 */
import { parentPort } from 'node:worker_threads';
import type { ReportDocument } from '../../application/ports/report-renderer.ts';
import { reportPdf } from './report-pdf.ts';

// One report at a time: the renderer gives a thread its next report once it answered the last.
parentPort!.on('message', ({ document }: { document: ReportDocument }) => {
  try {
    const pdf = reportPdf(document);
    // Copied once into an ArrayBuffer of its own (Node's Buffer memory cannot be transferred), then moved, not cloned.
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    // A worker thread's port: its second argument is a transfer list, not a window's target origin.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
