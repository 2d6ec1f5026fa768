import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { digestApiKey } from '../../../src/application/accounts/api-keys.ts';
import { createLogger } from '../../../src/adapters/logger.ts';
import { compose } from '../../../src/composition.ts';

describe('compose, embedded store', () => {
  it('provisions the demo account, prints its key once and says balances are not persisted', async () => {
    const lines: string[] = [];
    const logLines: string[] = [];
    const { store } = await compose({
      env: {},
      print: (line) => lines.push(line),
      logger: createLogger('info', (line) => void logLines.push(line)),
    });
    expect(store).toBeInstanceOf(MemoryCreditStore);
    expect(logLines.some((l) => l.includes('not persisted'))).toBe(true);
    expect(logLines.join('')).not.toMatch(/fp_[A-Za-z0-9_-]{43}/);
    const keyLines = lines.filter((l) => /fp_[A-Za-z0-9_-]{43}/.test(l));
    expect(keyLines).toHaveLength(1);
    const apiKey = /fp_[A-Za-z0-9_-]{43}/.exec(keyLines[0]!)![0];
    expect(await store.authenticate(digestApiKey(apiKey))).toEqual({ accountId: 'demo' });
    expect(await store.balance('demo')).toMatchObject({ plan: 'standard', monthlyAllowance: 1000, monthlyCredits: 1000, autoCredits: 0 });
  });

  it('uses DEMO_API_KEY and DEMO_PLAN when set', async () => {
    const { store } = await compose({ env: { DEMO_API_KEY: 'fp_demo_key_for_tests', DEMO_PLAN: 'enterprise' } });
    expect(await store.authenticate(digestApiKey('fp_demo_key_for_tests'))).toEqual({ accountId: 'demo' });
    expect(await store.balance('demo')).toMatchObject({ plan: 'enterprise' });
  });

  it('a store passed in is used as it is: no demo account, not closed by the composition', async () => {
    const given = new MemoryCreditStore();
    const composition = await compose({ env: {}, store: given });
    expect(composition.store).toBe(given);
    expect(await given.balance('demo')).toBeNull();
    await composition.close();
    await expect(given.ping()).resolves.toBeUndefined();
  });
});
