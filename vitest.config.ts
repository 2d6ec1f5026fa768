import { defineConfig } from 'vitest/config';
import { budgetMs } from './test/support/time-budget.ts';

export default defineConfig({
  // graphql 16 ships index.mjs and index.js; Node (Pothos, yoga) loads the .js copy, so vite must too,
  // or schemas built in one realm are rejected by the other (research/stack.md §7).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Stretched with every other wait of the suite by TEST_TIME_SCALE (3 under CI=true).
    testTimeout: budgetMs(30_000),
    hookTimeout: budgetMs(60_000),
  },
});
