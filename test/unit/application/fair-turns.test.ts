/** Heavy presentations take turns: one per event-loop turn, accounts in turn; a light account never waits. */
import { describe, expect, it } from 'vitest';
import { FairTurns, HEAVY_MS } from '../../../src/application/paid/fair-turns.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairTurns', () => {
  it('an account is heavy once a presentation took HEAVY_MS, and only then', () => {
    const turns = new FairTurns();
    turns.presented('light', HEAVY_MS - 1);
    expect(turns.isHeavy('light')).toBe(false);
    turns.presented('busy', HEAVY_MS);
    expect(turns.isHeavy('busy')).toBe(true);
  });

  it('waiting presentations are served one per turn of the loop, the accounts in turn, whatever each has queued', async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    // The first takes the free turn at once; the rest wait.
    expect(turns.take('busy')).toBeUndefined();
    const waiting = [
      ...Array.from({ length: 5 }, (_, i) => turns.take('busy')!.then(() => order.push(`busy${i}`))),
      turns.take('other')!.then(() => order.push('other')),
    ];
    // Each one that runs releases its turn when done (as the pipeline does after presenting).
    const release = () => turns.release();
    release();
    for (let i = 0; i < 6; i++) {
      await tick();
      await Promise.resolve();
      release();
    }
    await Promise.all(waiting);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    expect(order.filter((name) => name.startsWith('busy'))).toEqual(['busy0', 'busy1', 'busy2', 'busy3', 'busy4']);
    await tick();
    // All served: the next take is free again.
    expect(turns.take('busy')).toBeUndefined();
  });
});
