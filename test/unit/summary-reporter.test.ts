/**
 * The closing line CI reads counts what vitest counts: a run of two passing tests (one of which
 * leaves a rejection nobody awaits) and one failing test ends "2 passed, 1 failed, 1 error", the
 * error named with its test above it — not "2 failed", which mixed the error into the failures and
 * named nothing. Above them, the slowest files with what each took.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';

/** The fixture's run, once for both tests: its exit status and what it printed. */
let fixtureRun: SpawnSyncReturns<string> | undefined;
function runFixture(): SpawnSyncReturns<string> {
  const fixture = join(REPO_ROOT, 'test/fixtures/summary-reporter');
  fixtureRun ??= spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', join(fixture, 'vitest.config.ts')],
    {
      cwd: fixture,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    },
  );
  return fixtureRun;
}

it('ends with vitest’s own counts and names each unhandled error', () => {
  const run = runFixture();
  expect(run.status).not.toBe(0);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines.at(-1)).toBe('2 passed, 1 failed, 1 error');
  expect(lines.at(-2)).toMatch(/^unhandled error in .*run\.fixture\.ts.* — (Unhandled Rejection|Error): nobody awaited the store$/);
});

it('names the slowest files with their durations above the counts, which stay the last line', () => {
  const run = runFixture();
  const lines = run.stdout.trimEnd().split('\n');
  const heading = lines.indexOf('slowest files:');
  expect(heading, run.stdout).toBeGreaterThan(-1);
  // The fixture's one file, in seconds to a tenth; the fixture config names no tier, so none is shown.
  expect(lines[heading + 1]).toMatch(/^ {2}\d+\.\d s {2}run\.fixture\.ts$/);
  expect(lines[heading + 2]).toBe('');
  expect(lines.at(-1)).toBe('2 passed, 1 failed, 1 error');
});
