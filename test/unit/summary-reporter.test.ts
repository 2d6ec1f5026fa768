/**
 * The closing line CI reads counts what vitest counts: a run of two passing tests (one of which
 * leaves a rejection nobody awaits) and one failing test ends "2 passed, 1 failed, 1 error", the
 * error named with its test above it — not "2 failed", which mixed the error into the failures and
 * named nothing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';

it('ends with vitest’s own counts and names each unhandled error', () => {
  const fixture = join(REPO_ROOT, 'test/fixtures/summary-reporter');
  const run = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', join(fixture, 'vitest.config.ts')],
    {
      cwd: fixture,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    },
  );
  expect(run.status).not.toBe(0);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toBe('2 passed, 1 failed, 1 error');
  expect(lines.at(-2)).toMatch(/^unhandled error in .*run\.fixture\.ts.* — (Unhandled Rejection|Error): nobody awaited the store$/);
});
