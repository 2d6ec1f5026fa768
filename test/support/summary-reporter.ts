/**
 * Ends every `npm test` run with one plain line, `N passed, N failed[, N skipped]`, which CI reads.
 * A module that failed to load counts as a failure, as does an unhandled error, and so does every
 * test of a suite whose hook failed (a `beforeAll` that threw leaves its tests unrun, not skipped).
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

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
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
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  }
}
