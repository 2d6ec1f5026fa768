/**
 * Ends every `npm test` run with one plain line, `N passed, N failed[, N skipped][, N errors]`, which
 * CI reads, counted as vitest counts them: a test that failed is a failure, and so is every test of a
 * suite whose hook failed (a `beforeAll` that threw leaves its tests unrun, not skipped) and a module
 * that failed to load; an unhandled error (a rejection nobody awaited, an exception in a timer) is an
 * error, named above the line with the file and test it came from, since it fails the run as well.
 * Above those, the slowest test files with what each cost (import, set-up and tests) and its tier, so
 * a slow run says where its time went; the counts stay the run's last line.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** The test was meant to run but did not, because a suite around it (or its module) failed. */
function unrunUnderFailedSuite(test: TestCase): boolean {
  if (test.options.mode !== 'run' && test.options.mode !== 'only') return false;
  for (let parent: TestCase['parent'] | undefined = test.parent; parent !== undefined;) {
    if (parent.state() === 'failed') return true;
    parent = parent.type === 'suite' ? parent.parent : undefined;
  }
  return false;
}

/** An unhandled error in one line: what it is, and where vitest saw it. */
function describeError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as {
    name?: string;
    message?: string;
    type?: string;
    VITEST_TEST_PATH?: string;
    VITEST_TEST_NAME?: string;
  };
  const where = [e.VITEST_TEST_PATH, e.VITEST_TEST_NAME].filter((part) => part !== undefined && part !== '').join(' › ');
  const what = `${e.type ?? e.name ?? 'Error'}: ${(e.message ?? '').split('\n')[0]}`;
  return `unhandled error ${where === '' ? '(no test named)' : `in ${where}`} — ${what}`;
}

/** How many of the slowest files the run names. */
const SLOWEST_SHOWN = 10;

/** What a file cost: its environment, harness, set-up and import, then its tests and hooks, in ms. */
function moduleDuration(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
}

/** `slowest files:` and one line per file, slowest first: `  12.3 s  test/rest/x.test.ts (integration)`. */
function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const slowest = testModules
    .map((module) => ({ module, ms: moduleDuration(module) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN);
  if (slowest.length === 0) return '';
  const width = Math.max(...slowest.map(({ ms }) => (ms / 1000).toFixed(1).length));
  const lines = slowest.map(({ module, ms }) => {
    const project = module.project.name === '' ? '' : ` (${module.project.name})`;
    return `  ${(ms / 1000).toFixed(1).padStart(width)} s  ${module.relativeModuleId}${project}\n`;
  });
  return `\nslowest files:\n${lines.join('')}`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed' || unrunUnderFailedSuite(test)) failed++;
        else skipped++;
      }
    }
    const errors = unhandledErrors.length;
    const named = unhandledErrors.map((error) => `${describeError(error)}\n`).join('');
    process.stdout.write(
      `${slowestFiles(testModules)}\n${named}${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}${errors > 0 ? `, ${errors} error${errors === 1 ? '' : 's'}` : ''}\n`,
    );
  }
}
