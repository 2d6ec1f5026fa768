import { configDefaults, defineConfig } from 'vitest/config';
import { budgetMs } from './test/support/time-budget.ts';

/**
 * The files outside test/unit that need no listening socket, child process, database or browser:
 * in-memory stores, documents read from disk, the GraphQL schema driven through `yoga.fetch`.
 */
const PURE_OUTSIDE_UNIT = [
  'test/contract/memory-credit-store.test.ts',
  'test/contract/memory-dashboard-store.test.ts',
  'test/docs/citations.test.ts',
  'test/docs/request-table.test.ts',
  'test/graphql/calculate.test.ts',
  'test/graphql/errors.test.ts',
  'test/graphql/free-queries.test.ts',
  'test/graphql/schema-artifacts.test.ts',
  'test/graphql/variables-quick-check.test.ts',
];

export default defineConfig({
  // graphql 16 ships index.mjs and index.js; Node (Pothos, yoga) loads the .js copy, so vite must too,
  // or schemas built in one realm are rejected by the other (research/stack.md §7).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Stretched with every other wait of the suite by TEST_TIME_SCALE (3 under CI=true).
    testTimeout: budgetMs(30_000),
    hookTimeout: budgetMs(60_000),
    // And so is an `expect.poll` that names no timeout of its own (vitest's default second).
    expect: { poll: { timeout: budgetMs(1000) } },
    // Four tiers, each file under test/ in exactly one (test/unit/test-projects.test.ts holds that);
    // `npm test` runs them all, `npm run test:unit` (and :integration, :fault, :e2e) one of them.
    // No `include` up here: a project that extends this config would add it to its own.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts', ...PURE_OUTSIDE_UNIT] },
      },
      {
        // The real app on a loopback port, CLI processes, and the Redis, PostgreSQL and SMTP servers tests start.
        extends: true,
        test: {
          name: 'integration',
          include: ['test/{contract,docs,examples,fuzz,golden,graphql,integration,rest}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PURE_OUTSIDE_UNIT],
        },
      },
      {
        // Killed gateways, stalled replicas and shutdowns under load: one file at a time, so no other
        // file's load decides whether a fault is ridden out.
        extends: true,
        test: { name: 'fault', include: ['test/fault/**/*.test.ts'], fileParallelism: false },
      },
      {
        // Chromium and the service as a deployer starts it (npm start, workers, signals).
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] },
      },
    ],
  },
});
