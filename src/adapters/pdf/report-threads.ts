/**
 * The ReportRenderer port on worker threads (report-worker.ts), so that a report's tens of
 * milliseconds of CPU never block the event loop that answers every other request, with the threads
 * shared fairly between accounts: each account's reports wait in a queue of their own, and a thread
 * that frees up takes the next report of the next account in turn (round robin). One key drawing
 * reports as fast as it can therefore delays another account's report by at most the reports being
 * drawn when it arrives plus one report of each other account waiting, never by the length of its own queue.
 *
 * Threads: REPORT_THREADS, by default one less than the cores (one core stays the event loop's), at
 * least one, at most the cores. A thread starts with the first report it draws (it reads the fonts
 * then, once) and is kept, without holding the process open; if it dies, the report it held fails
 * (its call is answered with an error and charges nothing) and the next report starts a new thread.
 * An account may have REPORT_QUEUE_PER_ACCOUNT reports waiting at most: one more is refused at once
 * (429, nothing charged: the report is drawn before the charge). `close` ends the threads.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { refusals } from '../../application/refusals.ts';
import type { ReportDocument, ReportRenderer } from '../../application/ports/report-renderer.ts';

/** Reports one account may have waiting (not yet on a thread); one more is refused. */
export const REPORT_QUEUE_PER_ACCOUNT = 16;
/** What one report takes on a thread, roughly (docs/rest.md, heavy requests): the Retry-After of a refusal. */
const REPORT_SECONDS = 0.05;

interface Queued {
  readonly document: ReportDocument;
  readonly resolve: (pdf: Buffer) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  worker: Worker | undefined;
  /** The report it draws now, or undefined when idle. */
  drawing: Queued | undefined;
}

/** The threads' count by default: the cores but the event loop's, at least one. */
export const defaultReportThreads = (): number => Math.max(1, availableParallelism() - 1);

export interface ThreadedReportRenderer extends ReportRenderer {
  /** Reports waiting for a thread, in all: for tests and metrics. */
  readonly waiting: () => number;
}

/** A renderer on `threads` threads (REPORT_THREADS: clamped to 1 … the cores). */
export function createThreadedReportRenderer(threads: number = defaultReportThreads()): ThreadedReportRenderer {
  const threadCount = Math.min(Math.max(1, Math.floor(threads)), Math.max(1, availableParallelism()));
  const pool: Thread[] = [];
  /** Each account's waiting reports, oldest first; the Map's order is the round robin's (an account served goes to the back). */
  const waiting = new Map<string, Queued[]>();
  let closed = false;

  const startWorker = (thread: Thread): Worker => {
    const started = new Worker(new URL('./report-worker.ts', import.meta.url));
    const fail = (error: Error): void => {
      if (thread.worker !== started) return;
      thread.worker = undefined;
      const job = thread.drawing;
      thread.drawing = undefined;
      job?.reject(error);
      dispatch();
    };
    started.on('message', (message: { pdf?: Uint8Array; error?: string }) => {
      const job = thread.drawing;
      thread.drawing = undefined;
      if (job !== undefined) {
        if (message.pdf !== undefined) job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
        else job.reject(new Error(`the report could not be drawn: ${message.error ?? 'unknown error'}`));
      }
      dispatch();
    });
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the report thread stopped (exit code ${code})`)));
    // After the listeners: a 'message' listener added later refs the thread's port again, and a thread that
    // drew one report would then hold the process open (a stdio MCP server would never exit).
    started.unref();
    thread.worker = started;
    return started;
  };

  /** The next waiting report in turn: the first account's oldest, that account then going to the back. */
  const nextInTurn = (): Queued | undefined => {
    for (const [account, queue] of waiting) {
      const next = queue.shift();
      waiting.delete(account);
      if (queue.length > 0) waiting.set(account, queue);
      if (next !== undefined) return next;
    }
    return undefined;
  };

  /** Gives every idle thread (up to the count) the next report in turn. */
  function dispatch(): void {
    if (closed) return;
    for (let index = 0; index < threadCount && waiting.size > 0; index++) {
      const thread = (pool[index] ??= { worker: undefined, drawing: undefined });
      if (thread.drawing !== undefined) continue;
      const next = nextInTurn();
      if (next === undefined) return;
      thread.drawing = next;
      // A worker thread's port: its second argument is a transfer list, not a window's target origin.
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      (thread.worker ?? startWorker(thread)).postMessage({ document: next.document });
    }
  }

  return {
    render(accountId, document) {
      if (closed) return Promise.reject(new Error('the report renderer is closed'));
      const queue = waiting.get(accountId) ?? [];
      if (queue.length >= REPORT_QUEUE_PER_ACCOUNT)
        return Promise.reject(refusals.reportsQueued(REPORT_QUEUE_PER_ACCOUNT, Math.ceil(queue.length * REPORT_SECONDS * 1000)));
      return new Promise((resolve, reject) => {
        queue.push({ document, resolve, reject });
        if (!waiting.has(accountId)) waiting.set(accountId, queue);
        dispatch();
      });
    },
    waiting: () => {
      let count = 0;
      for (const queue of waiting.values()) count += queue.length;
      return count;
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = new Error('the report renderer is closed');
      for (const queue of waiting.values()) for (const queued of queue) queued.reject(stopped);
      waiting.clear();
      const workers = pool.flatMap((thread) => {
        const { worker, drawing } = thread;
        thread.worker = undefined;
        thread.drawing = undefined;
        drawing?.reject(stopped);
        return worker === undefined ? [] : [worker];
      });
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
