/**
 * Where the service's log lines go (stdout): the lines written during one event-loop turn leave
 * together, in one write after the turn (at most WRITE_CHARS at a time), through libuv's file I/O,
 * so logging never waits on the reader (a log collector, a terminal) and costs a line's
 * serialization plus a share of one write. On process exit whatever is still queued is written
 * synchronously, the rest of a batch a full pipe held back first.
 *
 * pino's own destination (sonic-boom) measured its pending text again on every line, which under
 * load cost more than the line itself; its other guarantees are kept: a slow reader never blocks
 * the event loop (a full pipe is retried shortly), a reader gone for good (EPIPE) ends logging
 * quietly, and queued text is bounded (lines past the bound are counted, then reported in one line).
 * A batch the operating system is writing when the process exits is its to finish; batches are
 * kept small so that little can be left so.
 */
import { write as writeFile, writeSync } from 'node:fs';

/** Queued text past this many characters is dropped (the reader has stopped reading). */
const MAX_QUEUED_CHARS = 64 * 1024 * 1024;
/** One write carries whole lines up to about this many characters. */
const WRITE_CHARS = 64 * 1024;
/** A full pipe (EAGAIN) is tried again after this long. */
const RETRY_MS = 10;

export class LineBatchDestination {
  private lines: string[] = [];
  private queuedChars = 0;
  private dropped = 0;
  /** A flush is scheduled for the end of this turn. */
  private scheduled = false;
  /** The batch being written and how much of it is written; null when none is. */
  private batch: Buffer | null = null;
  private written = 0;
  /** Set while a full pipe holds the batch back (no write in flight then). */
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
   * Writes what is left synchronously: for process exit. The rest of a batch a full pipe held back
   * goes first; a batch whose write is in flight is left to it. A full pipe is waited on briefly.
   */
  flushSync(): void {
    if (this.broken) return;
    const parts: Buffer[] = [];
    if (this.batch !== null && this.retry !== undefined) {
      clearTimeout(this.retry);
      this.retry = undefined;
      parts.push(this.batch.subarray(this.written));
      this.batch = null;
    }
    while (this.lines.length > 0 || this.dropped > 0) parts.push(Buffer.from(this.take(), 'utf8'));
    const buffer = Buffer.concat(parts);
    let offset = 0;
    let retries = 0;
    while (offset < buffer.length) {
      try {
        offset += writeSync(this.fd, buffer, offset, buffer.length - offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++retries > 100) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
      }
    }
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    if (this.batch !== null || this.broken || (this.lines.length === 0 && this.dropped === 0)) return;
    this.batch = Buffer.from(this.take(), 'utf8');
    this.written = 0;
    this.writeBatch();
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

  private readonly writeBatch = (): void => {
    this.retry = undefined;
    const batch = this.batch!;
    writeFile(this.fd, batch, this.written, batch.length - this.written, null, (error, written) => {
      if (this.batch !== batch) return; // flushSync took it over at exit
      if (error !== null) {
        if (error.code === 'EAGAIN') {
          this.retry = setTimeout(this.writeBatch, RETRY_MS);
          return;
        }
        // EPIPE (the reader is gone) or a failed descriptor: there is nowhere left to log to.
        this.broken = true;
        this.batch = null;
        this.lines = [];
        this.queuedChars = 0;
        return;
      }
      this.written += written;
      if (this.written < batch.length) {
        this.writeBatch();
        return;
      }
      this.batch = null;
      this.flush();
    });
  };
}
