/**
 * every npm script that runs TypeScript checks the Node version first, so an older
 * Node on the PATH (an MCP host starting `npm run -s mcp`, a shell without `. scripts/use-node-24.sh`)
 * gets one line naming the fix instead of an ERR_UNKNOWN_FILE_EXTENSION stack.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';
import { budgetMs } from '../support/time-budget.ts';

const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const CHECK = 'node scripts/require-node-24.cjs';

/** A Node older than 24 on this machine, if there is one (Debian's is at /usr/bin/node). */
const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return /^v(\d+)\./.test(version) && Number(/^v(\d+)\./.exec(version)![1]) < 24;
});

describe('the Node version check', () => {
  it('runs before every npm script that runs a .ts file with node', () => {
    const running = Object.entries(scripts).filter(
      ([name, command]) => !name.startsWith('pre') && /(^|&&\s*)(exec )?node \S+\.ts\b/.test(command),
    );
    expect(running.map(([name]) => name)).toEqual(expect.arrayContaining(['start', 'bazi', 'admin', 'mcp', 'bench']));
    for (const [name] of running) expect(scripts[`pre${name}`] ?? '', `pre${name}`).toContain(CHECK);
    expect(scripts['pretest']).toContain(CHECK);
  });

  it.skipIf(olderNode === undefined)(
    'with an older Node first on the PATH, `npm run -s bazi|admin|mcp` print the one line and exit 1',
    () => {
      const dir = join(olderNode!, '..');
      for (const script of ['bazi', 'admin', 'mcp']) {
        const run = spawnSync('npm', ['run', '-s', script, '--', '--help'], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${dir}:/usr/bin:/bin` },
          input: '',
          timeout: budgetMs(30_000),
        });
        expect(run.status, script).toBe(1);
        expect(run.stderr, script).toContain('Node.js 24 is required');
        expect(run.stderr, script).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
        expect(run.stdout, script).toBe(''); // an MCP host reads stdout as JSON-RPC
      }
    },
  );
});
