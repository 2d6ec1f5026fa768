/**
 * `LOG_DESTINATION` (config.ts): `fast` (adapters/log-destination.ts, the default) and `pino` (pino's
 * own stdout destination) write the same lines — the same fields in the same order, every line whole,
 * those logged just before exit included — from a child process whose stdout is a pipe, as in production.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';

const logger = new URL('../../../src/adapters/logger.ts', import.meta.url).href;

/** What a child logs through `destination`: a spread of levels and fields, a burst, and a line just before exit. */
async function linesOf(destination: string): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createLogger } from ${JSON.stringify(logger)};
       const log = createLogger('info', undefined, ${JSON.stringify(destination)});
       log.debug('not written');
       log.info('started', { store: 'embedded', n: 1 });
       log.warn('命式 "quoted" \\n newline', { nested: { a: [1, 2, null] }, text: '甲子' });
       for (let i = 0; i < 2000; i++) log.info('burst', { i });
       setTimeout(() => { log.error('last', { error: 'stack' }); process.exit(0); }, 20);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  await new Promise((resolve) => child.once('close', resolve));
  // The clock and the process differ between the two runs.
  return text
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/"time":"[^"]+"/, '"time":"<t>"').replace(/"pid":\d+/, '"pid":<pid>'));
}

describe('LOG_DESTINATION', () => {
  it('is fast by default; pino is accepted, anything else refused naming the rule', () => {
    expect(loadConfig({}).fastPaths.logDestination).toBe('fast');
    expect(loadConfig({ LOG_DESTINATION: 'pino' }).fastPaths.logDestination).toBe('pino');
    expect(() => loadConfig({ LOG_DESTINATION: 'sonic' })).toThrow(/LOG_DESTINATION: must be fast or pino/);
  });

  it('fast and pino write the same lines', async () => {
    // One child at a time: two writers racing for a loaded machine's reader is not what is compared.
    const fast = await linesOf('fast');
    const pino = await linesOf('pino');
    expect(fast).toHaveLength(2003);
    expect(fast[0]).toBe('{"level":"info","time":"<t>","pid":<pid>,"store":"embedded","n":1,"message":"started"}');
    expect(fast.at(-1)).toContain('"message":"last"');
    expect(pino).toEqual(fast);
  });
});
