/**
 * Draws 鑑定書 PDFs on a worker thread (report-worker.ts), one report after another, so that a
 * report's tens of milliseconds of CPU never block the event loop that answers every other request.
 * The thread starts with the first report (it reads the fonts then, once) and is kept, without
 * holding the process open; if it dies, the reports it held fail (their calls are answered with an
 * error and charge nothing) and the next report starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { ChartRequest } from '../domain/chart/request.ts';
import type { ReportPdfInput } from './report-pdf.ts';

/** What the thread needs to draw a report: plain data, cloned to it. */
export interface ReportJob {
  readonly request: ChartRequest;
  readonly luckYear: number;
  readonly version: ReportPdfInput['version'];
  readonly compatibility?: ReportPdfInput['compatibility'];
}

interface Pending {
  readonly resolve: (pdf: Buffer) => void;
  readonly reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
  worker = undefined;
}

function workerThread(): Worker {
  if (worker !== undefined) return worker;
  const started = new Worker(new URL('./report-worker.ts', import.meta.url));
  started.unref();
  started.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    if (job === undefined) return;
    pending.delete(message.id);
    if (message.pdf !== undefined) job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    else job.reject(new Error(`the report could not be drawn: ${message.error ?? 'unknown error'}`));
  });
  started.on('error', (error: Error) => {
    if (worker === started) failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`the report thread stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

/** The report's bytes, drawn on the report thread. */
export function renderReport(job: ReportJob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    // A worker thread's port: its second argument is a transfer list, not a window's target origin.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    workerThread().postMessage({ id, job });
  });
}
