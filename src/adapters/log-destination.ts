/**
 * Where the service's log lines go (stdout): the lines written during one event-loop turn leave
 * together after the turn, in one write of at most ~WRITE_CHARS characters at a time, so logging
 * costs a line's serialization plus a share of one system call. The descriptor is non-blocking (a
 * pipe, as Node opens it; a file or a terminal takes its writes at once), so a write never waits on
 * the reader: what a full pipe does not take (EAGAIN) is held back and tried again shortly, while
 * later lines queue. No write is ever left in flight, so on process exit the held-back rest and the
 * queue are written synchronously, every line whole.
 *
 * pino's own destination (sonic-boom) measured its pending text again on every line, which under
 * load cost more than the line itself; its other guarantees are kept: a reader gone for good (EPIPE)
 * ends logging quietly, and queued text is bounded (lines past the bound are counted, then reported
 * in one line).
 */
import { writeSync } from 'node:fs';

/** Queued text past this many characters is dropped (the reader has stopped reading). */
const MAX_QUEUED_CHARS = 64 * 1024 * 1024;
/** One write carries whole lines up to about this many characters. */
const WRITE_CHARS = 64 * 1024;
/** A full pipe (EAGAIN) is tried again after this long. */
const RETRY_MS = 10;
/** On exit, a full pipe whose reader took nothing for this long is given up (its lines are lost). */
const EXIT_STALL_MS = 30_000;

export class LineBatchDestination {
  private lines: string[] = [];
  private queuedChars = 0;
  private dropped = 0;
  /** A flush is scheduled for the end of this turn. */
  private scheduled = false;
  /** A batch a full pipe held back and how much of it is written; null when none is. */
  private batch: Buffer | null = null;
  private written = 0;
  /** The retry of a batch a full pipe held back. */
  private retry: NodeJS.Timeout | undefined = undefined;
  /** The reader is gone (EPIPE) or the descriptor failed: nothing more is written. */
  private broken = false;
  private readonly fd: number;
  private readonly maxQueuedChars: number;

  constructor(fd: number, maxQueuedChars = MAX_QUEUED_CHARS) {
    this.fd = fd;
    this.maxQueuedChars = maxQueuedChars;
  }

  /** Queues one line (pino hands over each line with its newline). */
  write(line: string): void {
    if (this.broken) return;
    if (this.queuedChars + line.length > this.maxQueuedChars) {
      this.dropped++;
      return;
    }
    this.lines.push(line);
    this.queuedChars += line.length;
    if (!this.scheduled && this.batch === null) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /**
   * Writes what is left: for process exit. The rest of a batch a full pipe held back goes first,
   * then the queue. A full pipe is waited on as long as its reader keeps taking text, and given up
   * only after EXIT_STALL_MS in which it took nothing (a reader that stopped for good), as pino's
   * own destination waits on a slow reader rather than losing the last lines of a process.
   */
  flushSync(): void {
    if (this.broken) return;
    const parts: Buffer[] = [];
    if (this.batch !== null) {
      clearTimeout(this.retry);
      this.retry = undefined;
      parts.push(this.batch.subarray(this.written));
      this.batch = null;
    }
    while (this.lines.length > 0 || this.dropped > 0) parts.push(Buffer.from(this.take(), 'utf8'));
    const buffer = Buffer.concat(parts);
    let offset = 0;
    let stalledMs = 0;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (offset < buffer.length) {
      try {
        offset += writeSync(this.fd, buffer, offset, buffer.length - offset);
        stalledMs = 0;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || stalledMs >= EXIT_STALL_MS) return;
        Atomics.wait(pause, 0, 0, RETRY_MS);
        stalledMs += RETRY_MS;
      }
    }
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    while (!this.broken && this.batch === null && (this.lines.length > 0 || this.dropped > 0)) {
      this.batch = Buffer.from(this.take(), 'utf8');
      this.written = 0;
      this.writeBatch();
    }
  };

  /** Whole queued lines up to about WRITE_CHARS (at least one), with a note of the lines dropped before them. */
  private take(): string {
    const dropped = this.dropped;
    let text =
      dropped === 0
        ? ''
        : `${JSON.stringify({ level: 'warn', time: new Date().toISOString(), pid: process.pid, message: 'log lines dropped: the log reader fell behind', dropped })}\n`;
    this.dropped = 0;
    let count = 0;
    let chars = 0;
    while (count < this.lines.length && (count === 0 || chars + this.lines[count]!.length <= WRITE_CHARS))
      chars += this.lines[count++]!.length;
    const taken = count === this.lines.length ? this.lines : this.lines.slice(0, count);
    this.lines = count === this.lines.length ? [] : this.lines.slice(count);
    this.queuedChars -= chars;
    text += taken.join('');
    return text;
  }

  /** Writes what the pipe takes of the batch: all of it (the batch is done), or the rest is held back for a retry. */
  private writeBatch(): void {
    const batch = this.batch!;
    while (this.written < batch.length) {
      try {
        this.written += writeSync(this.fd, batch, this.written, batch.length - this.written);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          this.retry = setTimeout(this.retryBatch, RETRY_MS);
          return;
        }
        // EPIPE (the reader is gone) or a failed descriptor: there is nowhere left to log to.
        this.broken = true;
        this.batch = null;
        this.lines = [];
        this.queuedChars = 0;
        return;
      }
    }
    this.batch = null;
  }

  private readonly retryBatch = (): void => {
    this.retry = undefined;
    this.writeBatch();
    if (this.batch === null) this.flush();
  };
}
