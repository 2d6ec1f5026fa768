/**
 * The access log's sampling of repeated refusals (src/http/access-log.ts), on a fake clock: a
 * caller's first refusals of a window in full, the rest counted into one summary when the window
 * closes (by its timer: a flood that stops still gets its summary), callers apart, answers that are
 * not refusals never sampled, and 0 turning it off.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../src/application/ports/logger.ts';
import { AccessLog, REFUSAL_WINDOW_MS } from '../../../src/http/access-log.ts';

interface Written {
  readonly level: string;
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

function rig(refusalsPerWindow = 3) {
  const written: Written[] = [];
  const logger: Logger = {
    debug: (message, fields = {}) => void written.push({ level: 'debug', message, fields }),
    info: (message, fields = {}) => void written.push({ level: 'info', message, fields }),
    warn: (message, fields = {}) => void written.push({ level: 'warn', message, fields }),
    error: (message, fields = {}) => void written.push({ level: 'error', message, fields }),
  };
  let suppressed = 0;
  const log = new AccessLog({
    logger,
    metrics: { accessLineSuppressed: () => void suppressed++ },
    addressOf: (req) => req.headers['x-test-address'] as string,
    refusalsPerWindow,
  });
  const from = (address: string) => ({ headers: { 'x-test-address': address } }) as unknown as IncomingMessage;
  return {
    written,
    suppressed: () => suppressed,
    refuse: (status: number, who: { accountId: string } | { address: string }, n = 1) => {
      for (let i = 0; i < n; i++)
        log.request(
          'info',
          { status, n: i },
          status,
          'accountId' in who ? who.accountId : undefined,
          from('address' in who ? who.address : '10.0.0.9'),
        );
    },
    log,
    requests: () => written.filter((line) => line.message === 'request'),
    summaries: () => written.filter((line) => line.message === 'refusals not logged'),
  };
}

describe('the access log samples repeated refusals', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-01-05T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a caller's first refusals in full, the rest counted into one summary when its window closes", () => {
    const log = rig(3);
    log.refuse(429, { accountId: 'acct_a' }, 1000);
    expect(log.requests()).toHaveLength(3);
    expect(log.suppressed()).toBe(997);
    expect(log.summaries()).toEqual([]);
    vi.advanceTimersByTime(REFUSAL_WINDOW_MS);
    expect(log.summaries()).toEqual([
      {
        level: 'warn',
        message: 'refusals not logged',
        fields: { accountId: 'acct_a', suppressed: 997, statuses: { 429: 997 }, since: '2026-01-05T00:00:00.000Z', loggedInFull: 3 },
      },
    ]);
    // A new window: its first refusals in full again.
    log.refuse(401, { accountId: 'acct_a' }, 4);
    expect(log.requests()).toHaveLength(6);
    vi.advanceTimersByTime(REFUSAL_WINDOW_MS);
    expect(log.summaries().at(-1)!.fields).toMatchObject({ suppressed: 1, statuses: { 401: 1 }, since: '2026-01-05T00:01:00.000Z' });
  });

  it('callers apart: by account when the key was accepted, else by address; statuses counted apart', () => {
    const log = rig(2);
    log.refuse(429, { accountId: 'acct_a' }, 5);
    log.refuse(401, { address: '192.0.2.1' }, 3);
    log.refuse(429, { address: '192.0.2.1' }, 2);
    log.refuse(404, { address: '192.0.2.2' }, 1);
    expect(log.requests()).toHaveLength(2 + 2 + 1);
    log.log.flush();
    expect(log.summaries().map((line) => line.fields)).toEqual([
      expect.objectContaining({ accountId: 'acct_a', suppressed: 3, statuses: { 429: 3 } }),
      expect.objectContaining({ address: '192.0.2.1', suppressed: 3, statuses: { 401: 1, 429: 2 } }),
    ]);
  });

  it('answers that are not refusals are never sampled, nor a bug; a window with nothing left out writes no summary', () => {
    const log = rig(1);
    for (const status of [200, 200, 304, 500, 503, 0]) log.log.request('info', { status }, status, 'acct_a', {} as IncomingMessage);
    log.log.request('error', { status: 400 }, 400, 'acct_a', {} as IncomingMessage);
    log.log.request('error', { status: 400 }, 400, 'acct_a', {} as IncomingMessage);
    expect(log.requests()).toHaveLength(8);
    log.refuse(400, { accountId: 'acct_b' }, 1);
    vi.advanceTimersByTime(REFUSAL_WINDOW_MS);
    expect(log.summaries()).toEqual([]);
    expect(log.suppressed()).toBe(0);
  });

  it('0: every refusal in full', () => {
    const log = rig(0);
    log.refuse(429, { accountId: 'acct_a' }, 500);
    expect(log.requests()).toHaveLength(500);
    log.log.flush();
    expect(log.summaries()).toEqual([]);
  });

  it('a window is counted from its first refusal: one opened later closes later', () => {
    const log = rig(1);
    log.refuse(429, { accountId: 'acct_a' }, 2);
    vi.advanceTimersByTime(30_000);
    log.refuse(429, { accountId: 'acct_b' }, 2);
    vi.advanceTimersByTime(30_000);
    expect(log.summaries().map((line) => line.fields['accountId'])).toEqual(['acct_a']);
    vi.advanceTimersByTime(30_000);
    expect(log.summaries().map((line) => line.fields['accountId'])).toEqual(['acct_a', 'acct_b']);
  });
});
