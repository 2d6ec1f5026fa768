/**
 * Where the service's log lines go (stdout): the lines written during one event-loop turn leave
 * together, in one write after the turn, through libuv's file I/O, so logging never waits on the
 * reader (a log collector, a terminal) and costs a line's serialization plus a share of one write.
 * On process exit whatever is still queued is written synchronously.
 *
 * pino's own destination (sonic-boom) measured its pending text again on every line, which under
 * load cost more than the line itself; its other guarantees are kept: a slow reader never blocks
 * the event loop (a full pipe is retried shortly), a reader gone for good (EPIPE) ends logging
 * quietly, and queued text is bounded (lines past the bound are counted, then reported in one line).
 */
import { write as writeFile, writeSync } from 'node:fs';

/** Queued text past this many characters is dropped (the reader has stopped reading). */
const MAX_QUEUED_CHARS = 64 * 1024 * 1024;
/** A full pipe (EAGAIN) is tried again after this long. */
const RETRY_MS = 10;

export class LineBatchDestination {
  private lines: string[] = [];
  private queuedChars = 0;
  private dropped = 0;
  /** A flush is scheduled for the end of this turn. */
  private scheduled = false;
  /** A write is in flight; its completion flushes whatever came meanwhile. */
  private writing = false;
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
    if (!this.scheduled && !this.writing) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Writes everything queued, synchronously: for process exit. A full pipe is waited on briefly. */
  flushSync(): void {
    if (this.broken || (this.lines.length === 0 && this.dropped === 0)) return;
    const buffer = Buffer.from(this.take(), 'utf8');
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
    if (this.writing || this.broken || (this.lines.length === 0 && this.dropped === 0)) return;
    this.writing = true;
    this.writeOut(Buffer.from(this.take(), 'utf8'), 0);
  };

  /** The queued text, with a note of the lines dropped before it; the queue emptied. */
  private take(): string {
    const dropped = this.dropped;
    const note =
      dropped === 0
        ? ''
        : `${JSON.stringify({ level: 'warn', time: new Date().toISOString(), pid: process.pid, message: 'log lines dropped: the log reader fell behind', dropped })}\n`;
    const text = note + this.lines.join('');
    this.lines = [];
    this.queuedChars = 0;
    this.dropped = 0;
    return text;
  }

  private writeOut(buffer: Buffer, offset: number): void {
    writeFile(this.fd, buffer, offset, buffer.length - offset, null, (error, written) => {
      if (error !== null) {
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.writeOut(buffer, offset), RETRY_MS);
          return;
        }
        // EPIPE (the reader is gone) or a failed descriptor: there is nowhere left to log to.
        this.broken = true;
        this.writing = false;
        this.lines = [];
        this.queuedChars = 0;
        return;
      }
      if (offset + written < buffer.length) {
        this.writeOut(buffer, offset + written);
        return;
      }
      this.writing = false;
      this.flush();
    });
  }
}
