/** what the store refused a moment ago is refused again before the compute, for no longer than the store said. */
import { describe, expect, it } from 'vitest';
import { RefusalHints, SHORT_BALANCE_HINT_MS } from '../../../src/application/paid/refusal-hints.ts';

const clockAt = (start: number) => {
  let nowMs = start;
  return { now: () => nowMs, advance: (ms: number) => void (nowMs += ms) };
};

describe('RefusalHints', () => {
  it('a rate-limited key is refused until the retry time the store gave, then asked again', () => {
    const clock = clockAt(1_000);
    const hints = new RefusalHints(clock);
    expect(hints.rateLimitedFor('key-a')).toBeNull();
    hints.keyRateLimited('key-a', 250);
    expect(hints.rateLimitedFor('key-a')).toBe(250);
    expect(hints.rateLimitedFor('key-b')).toBeNull();
    clock.advance(200);
    expect(hints.rateLimitedFor('key-a')).toBe(50);
    clock.advance(50);
    expect(hints.rateLimitedFor('key-a')).toBeNull();
  });

  it('a short account is refused for prices at least the one it could not pay, for a second, until it is charged', () => {
    const clock = clockAt(0);
    const hints = new RefusalHints(clock);
    hints.accountShort('acct', { cost: 10, monthlyCredits: 3, autoCredits: 2 });
    expect(hints.shortOf('acct', 10)).toEqual({ cost: 10, monthlyCredits: 3, autoCredits: 2 });
    expect(hints.shortOf('acct', 20)).not.toBeNull();
    expect(hints.shortOf('acct', 5)).toBeNull(); // a cheaper call may still be paid: ask the store
    expect(hints.shortOf('other', 10)).toBeNull();
    hints.accountCharged('acct');
    expect(hints.shortOf('acct', 10)).toBeNull();
    hints.accountShort('acct', { cost: 10, monthlyCredits: 0, autoCredits: 0 });
    clock.advance(SHORT_BALANCE_HINT_MS);
    expect(hints.shortOf('acct', 10)).toBeNull();
  });
});
