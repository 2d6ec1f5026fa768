import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LineBatchDestination } from '../../../src/adapters/log-destination.ts';

/** One turn of the event loop: the destination flushes on the next `setImmediate`, so by the end of this one. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('LineBatchDestination', () => {
  const dirs: string[] = [];
  const fileFd = (): { fd: number; read: () => string } => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-log-'));
    dirs.push(dir);
    const path = join(dir, 'out.log');
    return { fd: openSync(path, 'w'), read: () => readFileSync(path, 'utf8') };
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes every line, in order, after the turn that wrote them', async () => {
    const { fd, read } = fileFd();
    const destination = new LineBatchDestination(fd);
    for (let i = 0; i < 1000; i++) destination.write(`{"n":${i},"text":"命式"}\n`);
    expect(read()).toBe('');
    await turn();
    destination.write('{"n":"later"}\n');
    await turn();
    const lines = read().trimEnd().split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines.slice(0, 1000)).toEqual(Array.from({ length: 1000 }, (_, i) => `{"n":${i},"text":"命式"}`));
    expect(lines[1000]).toBe('{"n":"later"}');
    closeSync(fd);
  });

  it('flushSync writes what is queued at once (process exit)', () => {
    const { fd, read } = fileFd();
    const destination = new LineBatchDestination(fd);
    destination.write('a\n');
    destination.write('b\n');
    destination.flushSync();
    expect(read()).toBe('a\nb\n');
    closeSync(fd);
  });

  it('drops lines past its bound and says how many ahead of the lines it kept', async () => {
    const { fd, read } = fileFd();
    const destination = new LineBatchDestination(fd, 10);
    destination.write('12345\n');
    destination.write('67890\n');
    destination.write('abc\n');
    await turn();
    const lines = read().trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', dropped: 1 });
    expect(lines.slice(1)).toEqual(['12345', 'abc']);
    destination.write('next\n');
    await turn();
    expect(read().trimEnd().split('\n').slice(3)).toEqual(['next']);
    closeSync(fd);
  });

  it('on exit, a pipe that was full keeps every line whole: the held-back batch first, then the queue', async () => {
    // A child writes 20,000 lines to its stdout (a pipe, made non-blocking as console.log makes it)
    // and exits at once; this side starts reading 1.5 s later (a reader slower than a second once
    // lost the last ~450 lines: the exit gave a full pipe up after one second).
    const module = new URL('../../../src/adapters/log-destination.ts', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { LineBatchDestination } from ${JSON.stringify(module)};
         console.log('{"n":"start"}');
         const destination = new LineBatchDestination(1);
         process.once('exit', () => destination.flushSync());
         for (let i = 0; i < 20000; i++) destination.write(JSON.stringify({ n: i, text: '命式'.repeat(20) }) + '\\n');
         setTimeout(() => { destination.write('{"n":"last"}\\n'); process.exit(0); }, 50);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.pause();
    // The pipe stays unread while the child fills it and exits: time passing is the point.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.stdout.resume();
    await new Promise((resolve) => child.once('close', resolve));
    const lines = text.trimEnd().split('\n');
    const values = lines.map((line) => (JSON.parse(line) as { n: number | string }).n);
    expect(values[0]).toBe('start');
    expect(values.at(-1)).toBe('last');
    expect(values.slice(1, -1)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
  });

  it('stops quietly when its descriptor fails', async () => {
    const { fd } = fileFd();
    closeSync(fd);
    const destination = new LineBatchDestination(fd);
    destination.write('lost\n');
    await turn();
    // Nothing thrown, nothing queued any more: later lines are ignored, and flushSync has nothing to do.
    destination.write('ignored\n');
    expect(() => destination.flushSync()).not.toThrow();
  });
});
